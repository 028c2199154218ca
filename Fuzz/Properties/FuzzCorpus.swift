import Foundation

/// The inputs kept in `Fuzz/corpus/TARGET/`: seeds to start from, and every
/// input that once broke a property (named `regression-…`), replayed by the
/// tests for good.
public enum FuzzCorpus {
    /// The files named, a directory's files sorted by name.
    public static func files(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return [path]
            }
            return try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
                .map { path + "/" + $0 }
        }
    }

    public static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(path: path) }
        return [UInt8](data)
    }

    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot read \(path)" }
    }
}
