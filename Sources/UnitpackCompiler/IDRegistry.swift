import Foundation
import UnitpackSource

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Assigns stable ids to units that have none, by appending lines to
/// `units-src/ids.tsv`. Existing lines are never rewritten; a new id is one
/// more than the largest id in the file, retired ones included, so a removed
/// unit's id is never handed out again.
public enum IDRegistry {
    public struct Assignment: Sendable, Hashable {
        public var id: Int
        public var category: String
        public var name: String
    }

    /// The assignments `tree` needs, in source order.
    public static func missingAssignments(in tree: SourceTree) -> [Assignment] {
        let registered = Set(tree.ids.map { $0.key.lowercased() })
        var next = (tree.ids.map(\.id.value).max() ?? 0) + 1
        var seen = Set<String>()
        var result: [Assignment] = []
        for unit in tree.units where !unit.name.value.isEmpty {
            let key = unit.key.lowercased()
            guard !registered.contains(key), seen.insert(key).inserted else { continue }
            result.append(Assignment(id: next, category: unit.category, name: unit.name.value))
            next += 1
        }
        return result
    }

    /// Why the registry could not be written, as a sentence for the user.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        public let path: String
        /// The system's reason, lower case: "permission denied".
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Appends `assignments` to the registry at `path`, creating it with a
    /// header comment when it does not exist. The new registry is written
    /// beside it (`ids.tsv.tmp-PID`) and renamed over it; on any failure the
    /// temporary file is removed and the registry left as it was.
    /// - Throws: `WriteError`.
    public static func append(_ assignments: [Assignment], to path: String) throws(WriteError) {
        guard !assignments.isEmpty else { return }
        var text = ""
        switch SourceFile.bytes(of: path) {
        case .success(let existing):
            text = String(decoding: existing, as: UTF8.self)
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        case .failure(.unreadable) where !FileManager.default.fileExists(atPath: path):
            text = """
                # Stable unit ids: never change or reuse one (docs/source-format.md).
                # Written by `unitpack assign-ids`; rename a unit here too, retire instead of deleting.
                # id\tcategory\tname\t[retired]

                """
        case .failure(let failure):
            throw WriteError(path: path, reason: "cannot read it first: " + failure.detail)
        }
        for a in assignments {
            text += "\(a.id)\t\(a.category)\t\(a.name)\n"
        }
        let temporary = AtomicFile.temporary(for: path)
        do {
            try create(temporary, with: Array(text.utf8))
            try AtomicFile.replace(path, with: temporary)
        } catch let error as AtomicFile.RenameError {
            unlink(temporary)
            throw WriteError(path: path, reason: SourceFile.systemMessage(error.errno))
        } catch let error as AtomicFile.NotARegularFile {
            unlink(temporary)
            throw WriteError(path: path, reason: "it is \(error.kind), not a regular file, and is left as it is")
        } catch {
            unlink(temporary)
            throw WriteError(path: path, reason: SourceFile.systemMessage((error as? SystemError)?.errno ?? EIO))
        }
    }

    struct SystemError: Error {
        let errno: Int32
    }

    /// Creates `path` (it must not exist) and writes `bytes` to it, flushed to disk.
    static func create(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError(errno: errno) }
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw SystemError(errno: code)
            }
            done += result
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw SystemError(errno: code)
        }
        guard close(descriptor) == 0 else { throw SystemError(errno: errno) }
    }
}
