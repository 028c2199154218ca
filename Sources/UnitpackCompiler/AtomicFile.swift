import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum AtomicFile {
    struct RenameError: Error, CustomStringConvertible {
        let from: String
        let to: String
        let errno: Int32
        var description: String { "cannot move \(from) to \(to): \(String(cString: strerror(errno)))" }
    }

    /// Moves `temporary` over `path` with rename(2): readers see the old file or
    /// the new one, never a mix. Both must be on one file system (they share a
    /// directory).
    static func replace(_ path: String, with temporary: String) throws {
        if rename(temporary, path) != 0 {
            throw RenameError(from: temporary, to: path, errno: errno)
        }
    }
}
