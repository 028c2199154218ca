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

    static let rebuild = "run `unitpack build` to write a whole generation"

    /// Paths and manifest text come from outside: control characters in
    /// them are shown escaped (`TextEscaping`), as in every message.
    public var description: String { TextEscaping.visible(sentence) }

    private var sentence: String {
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
        case .malformedManifest(let path, let line, let detail):
            return "\(path):\(line): the manifest is malformed: \(detail); \(Self.rebuild)"
        case .unsupportedManifestVersion(let path, let found, let supported):
            return "\(path):1: manifest version \(found), but this unitpack reads version \(supported); "
                + "rebuild with this unitpack"
        case .unsupportedFormat(let path, let key, let found, let supported):
            return "\(path): \(key) \(found), but this unitpack reads \(supported); rebuild with this unitpack"
        case .artifactNotListed(let path, let artifact):
            return "\(path) names no \(artifact); \(Self.rebuild)"
        case .artifactMissing(let manifest, let line, let artifact, let file):
            return "\(manifest):\(line): \(artifact) is missing: no file \(file); \(Self.rebuild)"
        case .artifactNotAFile(let manifest, let line, let artifact, let file, let kind):
            return "\(manifest):\(line): \(artifact): \(file) is \(kind), not a regular file; remove it and \(Self.rebuild)"
        case .artifactUnreadable(let manifest, let line, let artifact, let file, let reason):
            return "\(manifest):\(line): \(artifact): cannot read \(file): \(reason)"
        case .sizeMismatch(let manifest, let line, let artifact, let file, let expected, let found):
            return "\(manifest):\(line): \(artifact): \(file) is \(found) bytes, but the manifest says \(expected): "
                + "it changed after the build; \(Self.rebuild)"
        case .digestMismatch(let manifest, let line, let artifact, let file, let expected, let found):
            return "\(manifest):\(line): \(artifact): \(file) has SHA-256 \(found), but the manifest says \(expected): "
                + "it changed after the build; \(Self.rebuild)"
        }
    }
}
