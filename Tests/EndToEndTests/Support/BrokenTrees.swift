import Foundation

/// The source trees of the broken fixtures. A fixture directory
/// (`Fixtures/broken/NAME`) holds only what differs from `Fixtures/valid`:
/// the files it changes or adds, its golden `expected.txt`, and in
/// `removed.txt` the paths of `valid/` it does without, one per line (a
/// directory goes whole). The tree a test runs in is `valid/` with those
/// removed and the fixture's files laid over it, made once per test process
/// under the temporary directory (as `broken/NAME`, so that a path relative
/// to `broken/` reads as in the repository) and removed at exit.
enum BrokenTrees {
    /// Files of a fixture directory that are not part of its tree.
    static let ownFiles: Set<String> = ["expected.txt", "expected-json.txt", "expected-github.txt", "removed.txt"]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: Set<String> = []

    /// `broken/` of the trees made (exists once a tree is made).
    static let root: String = {
        let root = NSTemporaryDirectory() + "unitpack-broken-trees-" + UUID().uuidString + "/broken"
        atexit { try? FileManager.default.removeItem(atPath: (BrokenTrees.root as NSString).deletingLastPathComponent) }
        return root
    }()

    /// The tree of fixture `name`, made on first use.
    static func tree(_ name: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let tree = root + "/" + name
        if made.contains(name) { return tree }
        let files = FileManager.default
        let fixture = Paths.fixture("broken/" + name)
        try? files.removeItem(atPath: tree)
        try files.createDirectory(atPath: root, withIntermediateDirectories: true)
        try files.copyItem(atPath: Paths.fixture("valid"), toPath: tree)
        if let removed = try? String(contentsOfFile: fixture + "/removed.txt", encoding: .utf8) {
            for path in removed.split(separator: "\n") where !path.isEmpty {
                try files.removeItem(atPath: tree + "/" + path)
            }
        }
        for path in try files.subpathsOfDirectory(atPath: fixture).sorted() where !ownFiles.contains(path) {
            var isDirectory: ObjCBool = false
            _ = files.fileExists(atPath: fixture + "/" + path, isDirectory: &isDirectory)
            let target = tree + "/" + path
            if isDirectory.boolValue {
                // A directory where valid/ has a file (a fixture's unreadable "file").
                var existingIsDirectory: ObjCBool = false
                if files.fileExists(atPath: target, isDirectory: &existingIsDirectory), !existingIsDirectory.boolValue {
                    try files.removeItem(atPath: target)
                }
                try files.createDirectory(atPath: target, withIntermediateDirectories: true)
            } else {
                try? files.removeItem(atPath: target)
                try files.copyItem(atPath: fixture + "/" + path, toPath: target)
            }
        }
        made.insert(name)
        return tree
    }
}
