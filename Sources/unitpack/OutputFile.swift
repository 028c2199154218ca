import ArgumentParser
import Foundation
import UnitpackSource

/// A file a command writes whole (`dump --output`, the files of `vectors
/// --output DIR`): written beside its place, flushed to the disk and renamed
/// over it, so the old content stays until the new is whole, and a failed
/// write (a full disk) leaves it as it was.
///
/// Only a regular file (or nothing) is replaced. `Data.write(options:
/// .atomic)`, used before, renamed a new file over whatever was at the path:
/// `--output` at a FIFO or a device replaced it with a regular file, and as
/// root `--output /dev/null` destroyed `/dev/null` (issue 37, finding 8).
/// A symbolic link to a regular file is followed: its target is replaced,
/// the link stays.
enum OutputFile {
    /// The path names something that is not a regular file.
    struct NotARegularFile: Error, CustomStringConvertible {
        /// How the path was given: `--output /dev/null`, or
        /// `out/plurals.json (in --output out)`.
        var shown: String
        /// What is there: `a FIFO (named pipe)`, `a character device`.
        var kind: String
        var option: String
        var description: String {
            "\(shown) is not a regular file but \(kind); unitpack replaces only regular files and leaves anything "
                + "else as it is: give another \(option)"
        }
    }

    /// Writes `bytes` at `path`, replacing a regular file whole.
    /// - Parameter shown: how a refusal names the path (`--output PATH`).
    /// - Throws: `NotARegularFile`, or an `NSError` of `NSPOSIXErrorDomain`
    ///   for `FileProblem.sentence` (the path, and the errno).
    static func write(_ bytes: [UInt8], to path: String, shown: String, option: String) throws {
        let (destination, existingMode) = try place(of: path, shown: shown, option: option)
        let mode = existingMode ?? 0o666
        let temporary = destination + ".tmp-\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw posixError(errno, path) }
        do {
            // A file replaced keeps its permissions (the mode given to open
            // is narrowed by the umask).
            if mode != 0o666 { fchmod(descriptor, mode) }
            if let code = writeAll(bytes, to: descriptor) { throw posixError(code, path) }
            // Flushed before the rename: after a crash the path holds the
            // old file or the new one whole, never an empty one.
            guard fsync(descriptor) == 0 else { throw posixError(errno, path) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw posixError(code, path)
        }
        guard rename(temporary, destination) == 0 else {
            let code = errno
            unlink(temporary)
            throw posixError(code, path)
        }
    }

    /// Where `path` is written (a symbolic link's target) and the mode of
    /// the regular file there, nil when there is none; refuses anything but
    /// a regular file. Checked before writing, not at the rename: something
    /// put there meanwhile is replaced (rename(2) cannot be told not to).
    /// - Throws: `NotARegularFile`, or an `NSError` when the path cannot be examined.
    static func place(of path: String, shown: String, option: String) throws -> (path: String, mode: mode_t?) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return (path, nil) }
            throw posixError(errno, path)
        }
        var destination = path
        if (info.st_mode & S_IFMT) == S_IFLNK {
            // Followed: stat's answer is the target's, a dangling link's an error.
            guard stat(path, &info) == 0, let resolved = realpath(path, nil) else {
                throw NotARegularFile(shown: shown, kind: "a symbolic link to nothing", option: option)
            }
            destination = String(cString: resolved)
            free(resolved)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw NotARegularFile(shown: shown, kind: SourceFile.kind(info.st_mode), option: option)
        }
        return (destination, info.st_mode & 0o7777)
    }

    static func posixError(_ code: Int32, _ path: String) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(code), userInfo: [NSFilePathErrorKey: path])
    }

    /// Runs `body`, a write of `path` for `--output`: a refusal of what is no
    /// regular file, or any other failure (said as `doing`), is printed as
    /// `error: ...` and the command exits 1.
    static func failing(doing: String, path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let refusal as NotARegularFile {
            printError("error: \(refusal)")
            throw ExitCode.failure
        } catch {
            printError("error: " + FileProblem.sentence(error, doing: doing, path: path, option: "--output"))
            throw ExitCode.failure
        }
    }
}
