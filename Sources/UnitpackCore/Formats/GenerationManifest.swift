/// `dist/manifest.tsv` (docs/manifest.md): the one file that makes a
/// generation of artifacts current. `unitpack build` writes every artifact
/// under a name derived from its SHA-256, then renames the manifest naming
/// them into place; a reader reads the manifest once and opens exactly the
/// files it names. So a reader sees the whole old generation or the whole
/// new one, never a mix.
///
/// Line-based text rather than JSON: the runtime has no Foundation, and a
/// parser this small can be checked completely (fuzz target `manifest`).
public struct GenerationManifest: Sendable, Hashable {
    public static let fileName = "manifest.tsv"
    public static let magic = "unitpack-manifest"
    /// The second field of the first line. A reader refuses any other.
    public static let version = 1
    /// A manifest names a handful of files: anything larger is not one.
    public static let maxBytes = 64 << 10

    /// One file of the generation.
    public struct Artifact: Sendable, Hashable {
        /// What the file is, independent of its content: `units.sqlite`, `search.pack`.
        public var name: String
        /// The file's name in the directory: `units-0123456789abcdef.sqlite`.
        public var file: String
        public var size: Int
        /// 64 lower-case hexadecimal digits of the whole file's SHA-256.
        public var sha256: String
        /// The manifest line that names it (1-based), for located errors;
        /// 0 in a manifest not read from a file. Not part of equality.
        public var line: Int

        public init(name: String, file: String, size: Int, sha256: String, line: Int = 0) {
            self.name = name
            self.file = file
            self.size = size
            self.sha256 = sha256
            self.line = line
        }

        public static func == (a: Artifact, b: Artifact) -> Bool {
            a.name == b.name && a.file == b.file && a.size == b.size && a.sha256 == b.sha256
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(file)
            hasher.combine(size)
            hasher.combine(sha256)
        }
    }

    public var databaseFormat: Int
    public var packFormat: Int
    /// The source tree's fingerprint (`meta.source_hash` of the database).
    public var sourceSHA256: String
    /// Language codes, as the database lists them.
    public var languages: [String]
    /// The category keys of a slice built with `--categories` (docs/database.md,
    /// "Slices"), in display order; nil for a build of every category, whose
    /// manifest has no `categories` line.
    public var categories: [String]?
    /// In the order written; each `name` at most once.
    public var artifacts: [Artifact]
    /// The line (1-based) of each keyed line read from a file
    /// (`source-sha256`, `languages`, `categories`, ...), for located errors
    /// about it; empty for a manifest not read from a file. Like
    /// `Artifact.line`, not part of equality: two manifests that say the same
    /// are equal whatever order their lines came in.
    public var keyLines: [String: Int] {
        get { Dictionary(zip(lineKeys, lineNumbers), uniquingKeysWith: { first, _ in first }) }
        set {
            lineKeys = Array(newValue.keys)
            lineNumbers = lineKeys.map { newValue[$0]! }
        }
    }
    /// `keyLines` as two arrays: an open reads the manifest first, and a
    /// Dictionary of String to Int made there instantiated its generic
    /// metadata, a tenth of the first open of a process.
    private var lineKeys: [String] = []
    private var lineNumbers: [Int] = []

    public static func == (a: GenerationManifest, b: GenerationManifest) -> Bool {
        a.databaseFormat == b.databaseFormat && a.packFormat == b.packFormat && a.sourceSHA256 == b.sourceSHA256
            && a.languages == b.languages && a.categories == b.categories && a.artifacts == b.artifacts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(databaseFormat)
        hasher.combine(packFormat)
        hasher.combine(sourceSHA256)
        hasher.combine(languages)
        hasher.combine(categories)
        hasher.combine(artifacts)
    }

    /// The line of `key`'s line in the file read, 0 when unknown.
    public func line(of key: String) -> Int { lineKeys.firstIndex(of: key).map { lineNumbers[$0] } ?? 0 }

    public init(
        databaseFormat: Int, packFormat: Int, sourceSHA256: String, languages: [String], categories: [String]? = nil,
        artifacts: [Artifact]
    ) {
        self.databaseFormat = databaseFormat
        self.packFormat = packFormat
        self.sourceSHA256 = sourceSHA256
        self.languages = languages
        self.categories = categories
        self.artifacts = artifacts
    }

    public func artifact(_ name: String) -> Artifact? {
        artifacts.first { $0.name == name }
    }

    /// `units.sqlite` with digest `0123456789abcdef…` -> `units-0123456789abcdef.sqlite`:
    /// identical content, identical name, so two identical builds give
    /// identical directories, and a new generation never overwrites a file
    /// of the current one with other bytes.
    public static func contentAddressedName(_ name: String, sha256: String) -> String {
        let tag = String(sha256.prefix(16))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + "-" + tag }
        return String(name[..<dot]) + "-" + tag + String(name[dot...])
    }

    // MARK: Writing

    /// The file's bytes: one `key TAB value…` line each, in this order.
    public func render() -> [UInt8] {
        var lines = [
            "\(Self.magic)\t\(Self.version)",
            "database-format\t\(databaseFormat)",
            "pack-format\t\(packFormat)",
            "source-sha256\t\(sourceSHA256)",
            (["languages"] + languages).joined(separator: "\t"),
        ]
        if let categories { lines.append((["categories"] + categories).joined(separator: "\t")) }
        for artifact in artifacts {
            lines.append("artifact\t\(artifact.name)\t\(artifact.file)\t\(artifact.size)\t\(artifact.sha256)")
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    // MARK: Reading

    /// Parses a manifest's bytes. Strict: every rule of docs/manifest.md is
    /// checked, so a manifest either means exactly one generation or is
    /// refused with the line at fault.
    /// - Parameter path: for the errors only.
    public static func parse(_ bytes: [UInt8], path: String) throws(GenerationError) -> GenerationManifest {
        func fail(_ line: Int, _ detail: String) -> GenerationError {
            .malformedManifest(path: path, line: line, detail: detail)
        }
        guard bytes.count <= maxBytes else { throw .manifestTooLarge(path: path, limit: maxBytes) }
        guard !bytes.isEmpty else { throw fail(1, "the file is empty") }
        guard bytes.last == UInt8(ascii: "\n") else {
            throw fail(bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count,
                       "the last line does not end with a line feed (the file is cut short)")
        }
        let rawLines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var databaseFormat: Int?
        var packFormat: Int?
        var sourceSHA256: String?
        var languages: [String]?
        var categories: [String]?
        var artifacts: [Artifact] = []
        var lineKeys: [String] = []
        var lineNumbers: [Int] = []

        for (index, raw) in rawLines.enumerated() {
            let number = index + 1
            guard String(validating: raw, as: UTF8.self) != nil else { throw fail(number, "the line is not UTF-8") }
            guard !raw.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else {
                throw fail(number, "the line holds a control character")
            }
            // Split as bytes: a TAB is never inside a UTF-8 sequence, and
            // splitting the String would walk it Character by Character (a
            // tenth of an open's instructions).
            let fields = raw.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            if number == 1 {
                guard fields.count == 2, fields[0] == magic else {
                    throw fail(number, "the first line must be '\(magic)<TAB>\(version)': this is not a unitpack manifest")
                }
                guard fields[1] == String(version) else {
                    throw .unsupportedManifestVersion(path: path, found: String(fields[1].prefix(20)), supported: version)
                }
                continue
            }
            let key = fields[0]
            func once<T>(_ value: T?) throws(GenerationError) {
                guard value == nil else { throw fail(number, "a second '\(key)' line") }
            }
            func single() throws(GenerationError) -> String {
                guard fields.count == 2 else { throw fail(number, "'\(key)' takes one value, got \(fields.count - 1)") }
                return fields[1]
            }
            if key != "artifact" {
                lineKeys.append(key)
                lineNumbers.append(number)
            }
            switch key {
            case "database-format":
                try once(databaseFormat)
                databaseFormat = try Self.number(try single(), line: number, path: path)
            case "pack-format":
                try once(packFormat)
                packFormat = try Self.number(try single(), line: number, path: path)
            case "source-sha256":
                try once(sourceSHA256)
                let value = try single()
                guard isDigest(value) else { throw fail(number, "source-sha256 must be 64 lower-case hexadecimal digits") }
                sourceSHA256 = value
            case "languages":
                try once(languages)
                let codes = Array(fields.dropFirst())
                for code in codes where !isLanguageCode(code) {
                    throw fail(number, "'\(code.prefix(40))' is not a language code")
                }
                guard !Self.hasRepeats(codes) else { throw fail(number, "a language is listed twice") }
                languages = codes
            case "categories":
                try once(categories)
                let keys = Array(fields.dropFirst())
                guard !keys.isEmpty else { throw fail(number, "a categories line names at least one category") }
                for key in keys where !isCategoryKey(key) {
                    throw fail(number, "'\(key.prefix(40))' is not a category key")
                }
                guard !Self.hasRepeats(keys) else { throw fail(number, "a category is listed twice") }
                categories = keys
            case "artifact":
                guard fields.count == 5 else {
                    throw fail(number, "an artifact line has 4 values (name, file, size, sha256), got \(fields.count - 1)")
                }
                guard isFileName(fields[1]) else { throw fail(number, "'\(fields[1].prefix(60))' is not an artifact name") }
                guard isFileName(fields[2]) else {
                    throw fail(number, "'\(fields[2].prefix(60))' is not a file name in this directory")
                }
                guard !artifacts.contains(where: { $0.name == fields[1] }) else {
                    throw fail(number, "a second line for \(fields[1])")
                }
                guard !artifacts.contains(where: { $0.file == fields[2] }) else {
                    throw fail(number, "\(fields[2]) is named by two artifacts")
                }
                let size = try Self.number(fields[3], line: number, path: path)
                guard isDigest(fields[4]) else { throw fail(number, "the sha256 must be 64 lower-case hexadecimal digits") }
                artifacts.append(Artifact(name: fields[1], file: fields[2], size: size, sha256: fields[4], line: number))
            default:
                throw fail(number, "unknown key '\(key.prefix(40))'")
            }
        }
        let last = rawLines.count
        guard let databaseFormat else { throw fail(last, "no database-format line") }
        guard let packFormat else { throw fail(last, "no pack-format line") }
        guard let sourceSHA256 else { throw fail(last, "no source-sha256 line") }
        guard let languages else { throw fail(last, "no languages line") }
        var manifest = GenerationManifest(
            databaseFormat: databaseFormat, packFormat: packFormat, sourceSHA256: sourceSHA256, languages: languages,
            categories: categories, artifacts: artifacts)
        manifest.lineKeys = lineKeys
        manifest.lineNumbers = lineNumbers
        return manifest
    }

    /// Whether a value comes twice: sorted, neighbours compared (a `Set`
    /// of Strings made at each open instantiated its generic metadata at the
    /// first of a process).
    static func hasRepeats(_ values: [String]) -> Bool {
        let sorted = values.sorted()
        return zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }

    /// A whole number without sign or leading zeros, below 10^15.
    static func number(_ text: String, line: Int, path: String) throws(GenerationError) -> Int {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count <= 15, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            utf8.count == 1 || utf8[0] != 0x30, let value = Int(text)
        else {
            throw .malformedManifest(path: path, line: line, detail: "'\(text.prefix(20))' is not a whole number")
        }
        return value
    }

    static func isDigest(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return utf8.count == 64 && utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// A plain name in the manifest's own directory: no path separator, no
    /// leading dot (so neither `..` nor a hidden file), a portable alphabet.
    static func isFileName(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return !utf8.isEmpty && utf8.count <= 255 && utf8[0] != UInt8(ascii: ".")
            && utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    static func isLanguageCode(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return !utf8.isEmpty && utf8.count <= 35
            && utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// A category key of `units-src/categories.tsv`: lower-case letters,
    /// digits and `-`, at most 255 bytes (a key names a file, `units-src/<key>.tsv`).
    static func isCategoryKey(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return !utf8.isEmpty && utf8.count <= 255
            && utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == UInt8(ascii: "-") }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
