/// Why a build directory's current generation cannot be used. Each case
/// names the file (and the manifest line) at fault and says what to do.
public enum GenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `manifest.tsv`: not a build output, or one written before
    /// generations had manifests.
    case noManifest(directory: String)
    /// `manifest.tsv` is a directory, a FIFO, a link...: refused without reading.
    case manifestNotAFile(path: String, kind: String)
    /// The manifest exists but cannot be read (permissions, an I/O error), with the system's reason.
    case manifestUnreadable(path: String, reason: String)
    /// The manifest is larger than any a build writes (`limit` bytes): not read.
    case manifestTooLarge(path: String, limit: Int)
    /// A line of the manifest is not as docs/manifest.md describes it.
    case malformedManifest(path: String, line: Int, detail: String)
    /// The manifest is of another format version than this reader's.
    case unsupportedManifestVersion(path: String, found: String, supported: Int)
    /// The manifest's `database-format` or `pack-format` is not what this reader reads.
    case unsupportedFormat(path: String, key: String, found: Int, supported: Int)
    /// The manifest has no line for an artifact the reader needs.
    case artifactNotListed(path: String, artifact: String)
    /// A file the manifest names (at `line`) is not there.
    case artifactMissing(manifest: String, line: Int, artifact: String, file: String)
    /// A file the manifest names is something other than a regular file (`kind`: a directory, a FIFO).
    case artifactNotAFile(manifest: String, line: Int, artifact: String, file: String, kind: String)
    /// A file the manifest names cannot be read, with the system's reason.
    case artifactUnreadable(manifest: String, line: Int, artifact: String, file: String, reason: String)
    /// A file the manifest names has another size than the manifest states: another build's, or cut short.
    case sizeMismatch(manifest: String, line: Int, artifact: String, file: String, expected: Int, found: Int)
    /// A file's SHA-256 is not the one the manifest states (found by `verify`): damaged or replaced.
    case digestMismatch(manifest: String, line: Int, artifact: String, file: String, expected: String, found: String)
    /// A file's content-addressed name does not start its SHA-256 (`found`,
    /// found by `verify`): the file and its manifest line were changed
    /// together after the build, or the name was made by hand.
    case nameMismatch(manifest: String, line: Int, artifact: String, file: String, found: String)
    /// The database says other than the manifest's line `key`
    /// (`source-sha256`, `languages`, `categories`): the two are of different
    /// builds (a database copied under the current name, a manifest edited).
    /// `stated` is the manifest's value, `found` the database's.
    case databaseMismatch(manifest: String, line: Int, key: String, file: String, stated: String, found: String)

    static let rebuild = "run `unitpack build` to write a whole generation"

    /// Paths and manifest text come from outside: control characters in
    /// them are shown escaped (`TextEscaping`), as in every message.
    public var description: String { TextEscaping.visible(sentence) }

    private var sentence: String {
        guard let (path, line) = manifestLine else { return plainMessage }
        return "\(path):\(line): \(plainMessage)"
    }

    /// The manifest and the line of it the error is about; nil for an
    /// error of no one line (no manifest, a format, an artifact not listed).
    public var manifestLine: (path: String, line: Int)? {
        switch self {
        case .malformedManifest(let path, let line, _): (path, line)
        case .unsupportedManifestVersion(let path, _, _): (path, 1)
        case .artifactMissing(let manifest, let line, _, _), .artifactNotAFile(let manifest, let line, _, _, _),
            .artifactUnreadable(let manifest, let line, _, _, _), .sizeMismatch(let manifest, let line, _, _, _, _),
            .digestMismatch(let manifest, let line, _, _, _, _), .nameMismatch(let manifest, let line, _, _, _),
            .databaseMismatch(let manifest, let line, _, _, _, _):
            (manifest, line)
        default: nil
        }
    }

    /// What is wrong and what to do, without `manifestLine` (which
    /// `description` puts before it as `path:line: `, and `unitpack verify`
    /// as `path:line:column: error: `).
    public var message: String { TextEscaping.visible(plainMessage) }

    private var plainMessage: String {
        switch self {
        case .noManifest(let directory):
            return "no manifest at \(directory)/\(GenerationManifest.fileName): \(directory) is not a build output "
                + "(or was built before manifests); run `unitpack build` to build it"
        case .manifestNotAFile(let path, let kind):
            return "\(path) is \(kind), not a regular file; remove it and \(Self.rebuild)"
        case .manifestUnreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .manifestTooLarge(let path, let limit):
            return "\(path) is over \(limit) bytes, so it is not a manifest; remove it and \(Self.rebuild)"
        case .malformedManifest(_, _, let detail):
            return "the manifest is malformed: \(detail); \(Self.rebuild)"
        case .unsupportedManifestVersion(_, let found, let supported):
            return "manifest version \(found), but this unitpack reads version \(supported); rebuild with this unitpack"
        case .unsupportedFormat(let path, let key, let found, let supported):
            return "\(path): \(key) \(found), but this unitpack reads \(supported); rebuild with this unitpack"
        case .artifactNotListed(let path, let artifact):
            return "\(path) names no \(artifact); \(Self.rebuild)"
        case .artifactMissing(_, _, let artifact, let file):
            return "\(artifact) is missing: no file \(file); \(Self.rebuild)"
        case .artifactNotAFile(_, _, let artifact, let file, let kind):
            return "\(artifact): \(file) is \(kind), not a regular file; remove it and \(Self.rebuild)"
        case .artifactUnreadable(_, _, let artifact, let file, let reason):
            return "\(artifact): cannot read \(file): \(reason)"
        case .sizeMismatch(_, _, let artifact, let file, let expected, let found):
            return "\(artifact): \(file) is \(found) bytes, but the manifest says \(expected): "
                + "it changed after the build; \(Self.rebuild)"
        case .digestMismatch(_, _, let artifact, let file, let expected, let found):
            return "\(artifact): \(file) has SHA-256 \(found), but the manifest says \(expected): "
                + "it changed after the build; \(Self.rebuild)"
        case .nameMismatch(_, _, let artifact, let file, let found):
            return "\(artifact): \(file) has SHA-256 \(found), which its name does not start: "
                + "it changed after the build; \(Self.rebuild)"
        case .databaseMismatch(_, _, let key, let file, let stated, let found):
            return "\(key): the manifest says \(stated), but \(file) holds \(found): "
                + "the manifest and the database are from different builds; \(Self.rebuild)"
        }
    }
}
