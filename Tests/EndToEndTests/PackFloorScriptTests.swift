import Foundation
import Testing

/// `Scripts/pack-floor` (docs/benchmarks.md, "Cold queries"), on the shared
/// build of the repository's data: it finds each query's shards from the
/// separators and inflates them with zlib and with its own decoder of fixed
/// blocks, both to the declared lengths (it stops with an error otherwise),
/// and prints its figures. Times are not checked here (Scripts/bench is
/// where speed is judged); what is checked is that it runs, reads every
/// shard a query needs, and counts one-shard queries as the separators say.
@Suite struct PackFloorScriptTests {
    @Test func inflatesEveryShardOfItsQueriesAndPrintsItsFigures() throws {
        let database = try BuiltRepositoryDatabase()
        // A query of one letter reads every shard whose separator starts with it (several);
        // a whole long key, one shard.
        let queries = database.temporary.path("queries.txt")
        try "m\nkilometre per hour\nа\n".write(toFile: queries, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RepositoryData.root + "/Scripts/pack-floor")
        process.arguments = [database.dist, queries, "1"]
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(err)")
        var figures: [String: Double] = [:]
        for line in out.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Double(fields[1]) { figures[String(fields[0])] = value }
        }
        #expect(figures["queries"] == 3)
        // Printed to two decimals.
        #expect(abs((figures["one_shard_share"] ?? 0) - 33.33) < 0.001, "only the long key reads one shard: \(out)")
        for key in ["floor_fixed_median_us", "floor_fixed_p90_us", "floor_zlib_median_us", "floor_zlib_p90_us"] {
            #expect((figures[key] ?? 0) > 0, "\(key) in \(out)")
        }
    }
}
