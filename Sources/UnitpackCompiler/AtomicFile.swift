import Foundation
import UnitpackSource

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
        var description: String { "cannot move \(from) to \(to): \(AtomicFile.message(errno))" }
    }

    /// Something other than a regular file is where a file is to be
    /// written: rename(2) would put the new file in its place.
    struct NotARegularFile: Error, CustomStringConvertible {
        let path: String
        let kind: String
        var description: String {
            "cannot replace \(path): it is \(kind), not a regular file, and is left as it is; remove it or write elsewhere"
        }
    }

    /// Moves `temporary` over `path` with rename(2): readers see the old file or
    /// the new one, never a mix. Both must be on one file system (they share a
    /// directory). Only a regular file is replaced (issue 37, finding 8): a
    /// FIFO, a device, a link or a directory at `path` is refused, `temporary`
    /// left for the caller to remove.
    static func replace(_ path: String, with temporary: String) throws {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw NotARegularFile(path: path, kind: SourceFile.kind(info.st_mode))
        }
        if rename(temporary, path) != 0 {
            throw RenameError(from: temporary, to: path, errno: errno)
        }
    }

    /// Why a file of a build could not be written: names the file and the
    /// system's reason.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)" }

        init(path: String, errno code: Int32) {
            self.path = path
            reason = AtomicFile.message(code)
        }

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `bytes` to a new file `path` (which must not exist) and flushes
    /// it to the disk before returning: a rename of it, later, never makes an
    /// empty or partial file current after a crash.
    static func create(_ path: String, with bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, errno: errno) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: path, errno: errno)
            }
            offset += count
        }
        guard fsync(descriptor) == 0 else { throw WriteError(path: path, errno: errno) }
    }

    /// Flushes a file already written (by SQLite, say) to the disk.
    static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw WriteError(path: path, errno: errno) }
    }

    /// Flushes a directory's entries (the renames into it) to the disk.
    /// Some file systems cannot sync a directory (EINVAL): nothing to flush there.
    static func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw WriteError(path: path, errno: errno) }
    }

    /// A Foundation error as the system's reason, never a raw NSError.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return message(Int32(underlying.code))
        }
        if error.domain == NSPOSIXErrorDomain { return message(Int32(error.code)) }
        return error.localizedDescription
    }

    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    /// The temporary file this process writes beside `path`.
    static func temporary(for path: String) -> String {
        path + temporaryMarker + "\(getpid())"
    }

    static let temporaryMarker = ".tmp-"

    /// Removes, from `directory`, the temporary files earlier builds left
    /// (killed midway, by SIGKILL or SIGXFSZ): regular files named
    /// `NAME.tmp-PID` for one of `names`, and SQLite's side files of them
    /// (`NAME.tmp-PID-journal`, `-wal`, `-shm`). Called with the directory
    /// locked (`DirectoryLock`), under which no other build writes there, and
    /// before this build writes any: so every such file is a leftover,
    /// whatever process number it carries. Asking whether that process is
    /// alive left a leftover for good once its number went to another
    /// process (numbers are reused). Nothing else is touched.
    /// - Returns: the names removed.
    @discardableResult
    static func removeStaleTemporaries(in directory: String, of names: [String]) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries.sorted() {
            guard let name = names.first(where: { entry.hasPrefix($0 + temporaryMarker) }) else { continue }
            var digits = entry.dropFirst(name.count + temporaryMarker.count)
            for suffix in sqliteSideFiles where digits.hasSuffix(suffix) {
                digits = digits.dropLast(suffix.count)
                break
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(entry) }
        }
        return removed
    }

    /// The files SQLite keeps beside a database it writes.
    static let sqliteSideFiles = ["-journal", "-wal", "-shm"]
}

/// An exclusive `flock` on a build directory itself (no lock file to leave
/// behind), held while a build writes and cleans up: a second build in the
/// same directory waits. Released by `release()` or when the process ends.
final class DirectoryLock {
    private var descriptor: Int32

    init(_ directory: String) throws {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.WriteError(path: directory, errno: errno) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw AtomicFile.WriteError(path: directory, reason: "cannot lock it: \(AtomicFile.message(code))")
            }
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
