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
            the whole-file SHA-256 the manifest gives, and its name starts with that SHA-256), then that the \
            database is the manifest's (source-sha256, languages, categories), then the database (SQLite's \
            integrity check; every row's checksum, values and counts) and every shard of the search pack \
            (CRC-32, length, structure, key range) and the header's counts. Prints one located error line \
            per problem (path:line:column: error: ... for a manifest line) and exits with status 1 if there \
            is any.
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
        Self.report(problems, in: generation.manifest)
        guard problems.isEmpty else { throw ExitCode.failure }
        try failingOnDataErrors {
            let database = try UnitDatabase(
                path: try generation.path(of: DatabaseFormat.fileName), pageCacheBytes: 0, objectCacheBytes: 0)
            // Every line the database contradicts, not only the first that
            // opening a generation stops at.
            let mismatches = try database.mismatches(with: generation)
            Self.report(mismatches, in: generation.manifest)
            guard mismatches.isEmpty else { throw ExitCode.failure }
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

    /// One line per problem on standard error: `path:line:column: error:
    /// ...` at the manifest field it is about, as `check` locates a source
    /// mistake (editors and CI annotations jump there); `error: ...` for one
    /// of no manifest line.
    static func report(_ problems: [GenerationError], in manifest: GenerationManifest) {
        for problem in problems {
            if let (path, line) = problem.manifestLine {
                printError("\(TextEscaping.visible(path)):\(line):\(manifest.column(of: problem)): error: \(problem.message)")
            } else {
                printError("error: \(problem.description)")
            }
        }
    }
}
