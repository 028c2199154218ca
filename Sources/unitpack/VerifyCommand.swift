import ArgumentParser
import UnitpackCore
import UnitpackRuntime

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check dist/units.sqlite (SQLite's integrity check; every row's checksum, values and counts) and dist/search.pack (every shard: CRC-32, length, structure, key range; the header's counts).",
        discussion: "Exits with status 1 and one error line at the first damage found.")

    @OptionGroup var data: DataOptions

    func run() throws {
        let databasePath = data.data + "/" + DatabaseFormat.fileName
        do {
            let rows = try UnitDatabase(path: databasePath, pageCacheBytes: 0, objectCacheBytes: 0).verify()
            print("ok: \(databasePath): \(rows) rows, each with its checksum, values and counts")
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        let path = data.data + "/" + SearchPackFormat.fileName
        do {
            let pack = try SearchPack(path: path, budget: 0)
            let keys = try pack.verify()
            let statistics = pack.statistics
            print("ok: \(path): \(pack.shardCount) shards, \(keys) keys, \(statistics.indexBytes) bytes of index")
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
    }
}
