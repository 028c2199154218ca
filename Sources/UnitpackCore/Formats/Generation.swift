#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `read` alone would name `Generation.read(directory:)` inside the type.
#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// The current generation of a build directory: its manifest, read once.
/// Every reader of a `dist/` directory goes through this (docs/manifest.md,
/// "Reading"): it opens exactly the files the manifest names, so it sees one
/// build's artifacts, whatever a concurrent build does.
public struct Generation: Sendable, Hashable {
    public let directory: String
    public let manifest: GenerationManifest
    public var manifestPath: String { directory + "/" + GenerationManifest.fileName }

    public init(directory: String, manifest: GenerationManifest) {
        self.directory = directory
        self.manifest = manifest
    }

    /// Reads and parses `DIRECTORY/manifest.tsv`, and refuses a generation
    /// of a database or pack format this reader does not read.
    public static func read(directory: String) throws(GenerationError) -> Generation {
        let path = directory + "/" + GenerationManifest.fileName
        let manifest = try manifest(in: directory)
        guard manifest.databaseFormat == Int(DatabaseFormat.version) else {
            throw .unsupportedFormat(
                path: path, key: "database-format", found: manifest.databaseFormat, supported: Int(DatabaseFormat.version))
        }
        guard manifest.packFormat == Int(SearchPackFormat.version) else {
            throw .unsupportedFormat(
                path: path, key: "pack-format", found: manifest.packFormat, supported: Int(SearchPackFormat.version))
        }
        return Generation(directory: directory, manifest: manifest)
    }

    /// The path of artifact `name`, after the cheap checks: the manifest
    /// names it, the file is there, is a regular file (not a link: the build
    /// writes only regular files) and has the size the manifest gives.
    public func path(of name: String) throws(GenerationError) -> String {
        guard let artifact = manifest.artifact(name) else { throw .artifactNotListed(path: manifestPath, artifact: name) }
        let path = directory + "/" + artifact.file
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT {
                throw .artifactMissing(manifest: manifestPath, line: artifact.line, artifact: name, file: path)
            }
            throw .artifactUnreadable(
                manifest: manifestPath, line: artifact.line, artifact: name, file: path, reason: Self.message(errno))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .artifactNotAFile(
                manifest: manifestPath, line: artifact.line, artifact: name, file: path, kind: Self.kind(info.st_mode))
        }
        guard Int(info.st_size) == artifact.size else {
            throw .sizeMismatch(
                manifest: manifestPath, line: artifact.line, artifact: name, file: path, expected: artifact.size,
                found: Int(info.st_size))
        }
        return path
    }

    /// `DIRECTORY/manifest.tsv`, parsed, whatever formats it names (the
    /// build reads the previous generation's with this, to keep its files).
    public static func manifest(in directory: String) throws(GenerationError) -> GenerationManifest {
        let path = directory + "/" + GenerationManifest.fileName
        return try GenerationManifest.parse(try readManifest(path, directory: directory), path: path)
    }

    // MARK: Files

    /// The manifest's bytes. `O_NONBLOCK`: a FIFO would otherwise wait for a
    /// writer forever; `O_NOFOLLOW`: a link is refused, not followed.
    static func readManifest(_ path: String, directory: String) throws(GenerationError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .noManifest(directory: directory) }
            if code == ELOOP { throw .manifestNotAFile(path: path, kind: "a symbolic link") }
            throw .manifestUnreadable(path: path, reason: message(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .manifestUnreadable(path: path, reason: message(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .manifestNotAFile(path: path, kind: kind(info.st_mode)) }
        guard Int(info.st_size) <= GenerationManifest.maxBytes else {
            throw .manifestTooLarge(path: path, limit: GenerationManifest.maxBytes)
        }
        // One byte more than allowed, to see a file that grew after fstat;
        // read in pieces of the size fstat gave and a byte (a few hundred
        // bytes: a 64 KiB buffer zeroed at each open cost more than the rest of it).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        do throws(Errno) {
            try readAll(descriptor, limit: GenerationManifest.maxBytes + 1, chunk: Int(info.st_size) + 1) { bytes += $0 }
        } catch {
            throw .manifestUnreadable(path: path, reason: message(error.code))
        }
        return bytes
    }

    package struct Errno: Error { package let code: Int32 }

    /// Reads `descriptor` to its end or `limit` bytes, handing each piece
    /// read (at most `chunk` bytes) to `consume`.
    package static func readAll(_ descriptor: Int32, limit: Int, chunk size: Int = 64 << 10, _ consume: (UnsafeRawBufferPointer) -> Void)
        throws(Errno)
    {
        // Not zeroed: only what `read` wrote is handed on.
        var chunk = [UInt8](unsafeUninitializedCapacity: max(1, size)) { _, count in count = max(1, size) }
        var total = 0
        while total < limit {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, min($0.count, limit - total)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Errno(code: errno)
            }
            if count == 0 { return }
            chunk.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            total += count
        }
    }

    package static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFLNK: "a symbolic link"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
