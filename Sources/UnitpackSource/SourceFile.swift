#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a source file's bytes with POSIX calls: opened without blocking
/// (`O_NONBLOCK`: a FIFO would otherwise wait for a writer forever), checked
/// to be a regular file with `fstat`, then read to its end. A FIFO, a device,
/// a socket or a directory is refused at once.
public enum SourceFile {
    public enum Failure: Error, Equatable, Sendable {
        /// Not a regular file: what it is (`a FIFO`, `a directory`, ...).
        case notAFile(kind: String)
        /// open(2) or read(2) failed: the system's message.
        case unreadable(String)

        /// What is wrong, in a few words: "it is a directory, not a regular file".
        public var detail: String {
            switch self {
            case .notAFile(let kind): "it is \(kind), not a regular file"
            case .unreadable(let reason): reason
            }
        }

        public var message: String { "cannot read file: " + detail }

        public var hint: String {
            switch self {
            case .notAFile: "a source file must be a regular file; replace it with one"
            case .unreadable: "check that it exists and its permissions"
            }
        }
    }

    public static func bytes(of path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(systemMessage(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(systemMessage(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notAFile(kind: kind(info.st_mode))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(systemMessage(errno)))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[0..<count]
        }
    }

    /// What a file that is not a regular one is, for messages: `a FIFO (named pipe)`.
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// `strerror`, lower-cased to sit inside a sentence: "permission denied".
    public static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
