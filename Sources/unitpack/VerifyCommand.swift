import ArgumentParser
import UnitpackCore
import UnitpackDigest
import UnitpackRuntime

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check dist/'s current generation: every file manifest.tsv names, then every row of the database and every shard of the search pack.",
        discussion: """
            Checks each artifact line of the manifest (the file exists, is a regular file, has the size and \
            the whole-file SHA-256 the manifest gives), then the database (SQLite's integrity check; every \
            row's checksum, values and counts) and every shard of the search pack (CRC-32, length, \
            structure, key range) and the header's counts. Prints one located error line per problem and \
            exits with status 1 if there is any.
            """)

    @OptionGroup var data: DataOptions

    func run() throws {
        let generation: Generation
        do {
            generation = try Generation.read(directory: data.data)
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        let problems = generation.verify()
        for problem in problems { printError("error: \(problem.description)") }
        guard problems.isEmpty else { throw ExitCode.failure }
        try failingOnDataErrors {
            let database = try UnitDatabase(
                path: try generation.path(of: DatabaseFormat.fileName), pageCacheBytes: 0, objectCacheBytes: 0)
            let rows = try database.verify()
            let packPath = try generation.path(of: SearchPackFormat.fileName)
            let pack = try SearchPack(path: packPath, budget: 0)
            let keys = try pack.verify()
            let statistics = pack.statistics
            try StandardOutput.line("ok: \(generation.manifestPath): \(generation.manifest.artifacts.count) files as the manifest gives them")
            try StandardOutput.line("ok: \(database.path): \(rows) rows, each with its checksum, values and counts")
            try StandardOutput.line("ok: \(packPath): \(pack.shardCount) shards, \(keys) keys, \(statistics.indexBytes) bytes of index")
        }
    }
}
