import Foundation
import UnitpackRuntime

/// What the properties share between inputs: a scratch directory (packs and
/// source trees are files) and the database the phrase property reads.
public final class FuzzContext {
    public let scratch: String
    private let databaseDirectory: String?
    private var opened: UnitDatabase?
    private var openedPack: SearchPack?
    /// The source tree of `SourceProperties` is in the scratch directory.
    var treeWritten = false

    /// `databaseDirectory`: a `unitpack build` output, for `phrase` and `search-query`.
    public init(databaseDirectory: String? = nil) throws {
        scratch = NSTemporaryDirectory() + "unitpack-fuzz-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        self.databaseDirectory = databaseDirectory
    }

    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    /// The database, opened on first use.
    func database() throws -> UnitDatabase {
        if let opened { return opened }
        guard let databaseDirectory else { throw MissingDatabase() }
        let database = try UnitDatabase(directory: databaseDirectory)
        opened = database
        return database
    }

    /// Lets go of the database and the pack (their caches with them).
    public func close() {
        opened = nil
        openedPack = nil
    }

    /// The search pack of the same build, opened on first use with `budget`.
    func searchPack(budget: Int) throws -> SearchPack {
        if let openedPack { return openedPack }
        guard let databaseDirectory else { throw MissingDatabase() }
        let pack = try SearchPack(directory: databaseDirectory, budget: budget)
        openedPack = pack
        return pack
    }

    struct MissingDatabase: Error, CustomStringConvertible {
        var description: String { "no database: give the directory of a `unitpack build` output" }
    }

    func remove(_ relative: String) {
        try? FileManager.default.removeItem(atPath: scratch + "/" + relative)
    }

    /// Writes `bytes` to `relative` in the scratch directory; its path.
    func write(_ bytes: [UInt8], to relative: String) -> String {
        let path = scratch + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write \(path)")
        }
        return path
    }
}
