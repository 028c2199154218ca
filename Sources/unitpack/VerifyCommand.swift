import ArgumentParser
import UnitpackCore
import UnitpackRuntime

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check dist/search.pack: every shard (CRC-32, length, structure, key range), the header's counts.",
        discussion: "Exits with status 1 and one error line at the first damage found.")

    @OptionGroup var data: DataOptions

    func run() throws {
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
