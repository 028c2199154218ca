import Foundation
import UnitpackCore

/// A file operation's failure as a sentence: the path, what went wrong,
/// what to do. Foundation's errors (an NSError printed whole, `The file
/// doesn’t exist.`) name neither what was being done nor the remedy.
enum FileProblem {
    /// `cannot write the dump at /x/dump.txt: no such file or directory (is /x
    /// missing?); create the directory or give another --output`.
    /// `doing` is the action and its object (`write the dump`), `path` the
    /// file meant when the error names none; `option` the option that points
    /// elsewhere; `pathIsDirectory` when `path` is a directory to write in
    /// (`build --output`). A typed error of the project keeps its own sentence.
    static func sentence(_ error: Error, doing: String, path: String, option: String, pathIsDirectory: Bool = false) -> String {
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain else {
            return "\(error)"
        }
        let file = (nsError.userInfo[NSFilePathErrorKey] as? String) ?? path
        let shown = TextEscaping.visible(file)
        let parent = TextEscaping.visible((file as NSString).deletingLastPathComponent)
        let code = probe(file, mayBeDirectory: pathIsDirectory && file == path) ?? posixCode(nsError)
        let reason: String
        switch code {
        case ENOENT:
            reason = "no such file or directory (is \(parent.isEmpty ? "." : parent) missing?); create the directory or give another \(option)"
        case EACCES, EPERM:
            reason = "permission denied; give another \(option) you may write to, or change the permissions"
        case EROFS:
            reason = "the file system is read-only; give another \(option) on a writable one"
        case ENOSPC, EDQUOT:
            reason = "the disk is full; free some space and run it again"
        case EISDIR:
            reason = "it is a directory; remove it or give another \(option)"
        case ENOTDIR:
            reason = "a part of the path is a file, not a directory; give another \(option)"
        case EEXIST:
            reason = "something else is in the way at that path; remove it or give another \(option)"
        case EFBIG:
            reason = "the file is larger than this process may write (ulimit -f); raise the limit and run it again"
        case let code?:
            reason = "\(String(cString: strerror(code))) (errno \(code)); check the path or give another \(option)"
        case nil:
            reason = "the system refused it (error \(nsError.code)); check the path or give another \(option)"
        }
        return "cannot \(doing) at \(shown): \(reason)"
    }

    /// Why `path` cannot be made, found by looking, when Foundation gives no
    /// errno (it reports a directory that cannot be created under a file as
    /// a bare "unknown write error"): the path is a directory where a file is
    /// meant (EISDIR) or a file where a directory is meant (EEXIST), the
    /// nearest existing ancestor is a file (ENOTDIR) or not writable
    /// (EACCES), or nothing exists (ENOENT).
    static func probe(_ path: String, mayBeDirectory: Bool) -> Int32? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            // A file meant, a directory there; or a directory meant, a file there.
            if !mayBeDirectory && isDirectory.boolValue { return EISDIR }
            if mayBeDirectory && !isDirectory.boolValue { return EEXIST }
        }
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty, !FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
            let parent = (ancestor as NSString).deletingLastPathComponent
            if parent == ancestor { return ENOENT }
            ancestor = parent
        }
        if ancestor.isEmpty { return nil }
        if !isDirectory.boolValue { return ENOTDIR }
        if !FileManager.default.isWritableFile(atPath: ancestor) { return EACCES }
        return nil
    }

    /// The errno behind a Foundation error, when it gives one.
    static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(underlying) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteFileExists: return EEXIST
        default: return nil
        }
    }
}
