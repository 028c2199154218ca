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

    /// The temporary file this process writes beside `path`.
    static func temporary(for path: String) -> String {
        path + temporaryMarker + "\(getpid())"
    }

    static let temporaryMarker = ".tmp-"

    /// Removes, from `directory`, the temporary files earlier builds left
    /// (killed midway, by SIGKILL or SIGXFSZ): regular files named
    /// `NAME.tmp-PID` for one of `names`, whose process is gone. Nothing
    /// else is touched, nor the file of a build still running.
    /// - Returns: the names removed.
    @discardableResult
    static func removeStaleTemporaries(in directory: String, of names: [String]) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries.sorted() {
            guard let name = names.first(where: { entry.hasPrefix($0 + temporaryMarker) }) else { continue }
            let digits = entry.dropFirst(name.count + temporaryMarker.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits),
                !isRunning(pid)
            else { continue }
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(entry) }
        }
        return removed
    }

    /// Whether process `pid` exists (it may be another user's: EPERM).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
