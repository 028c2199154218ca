import Foundation

/// Places in the source tree (found from this file's path, so that recorded
/// golden files land in the repository, not in a build directory).
enum Paths {
    /// `Tests/EndToEndTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // EndToEndTests

    /// The package root (holds `Package.swift` and the repository's `units-src/`).
    static let packageRoot = testsDirectory
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")

    static func fixture(_ relative: String) -> String {
        fixtures.appendingPathComponent(relative).path
    }
}

/// A fresh directory under the system's temporary directory.
struct TemporaryDirectory: Sendable {
    let path: String

    init(prefix: String = "unitpack-e2e") throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    func path(_ relative: String) -> String { path + "/" + relative }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Small file helpers for the tests.
enum Files {
    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The names in a directory, sorted.
    static func list(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Copies a directory tree to `destination` (which must not exist).
    static func copyTree(_ source: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }
}

/// A temporary directory removed when its owner goes away: a suite stores one,
/// so each test gets its own. (A local `TemporaryDirectory` is removed with an
/// explicit `defer`, since ARC may end a local object's life at its last use.)
final class OwnedTemporaryDirectory: Sendable {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init(prefix: String = "unitpack-e2e") throws {
        directory = try TemporaryDirectory(prefix: prefix)
    }

    func path(_ relative: String) -> String { directory.path(relative) }

    deinit { directory.remove() }
}
