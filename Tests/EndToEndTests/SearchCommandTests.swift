import Foundation
import Testing

/// `unitpack search` and `unitpack verify` on a fresh build of the repository's data.
@Suite struct SearchCommandTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    func search(_ arguments: [String]) throws -> CLIResult {
        try CLI.run(["search", "--data", database.dist] + arguments)
    }

    @Test func russianPrefixGoldens() throws {
        let result = try search(["мет", "--lang", "ru"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        Golden.expect(result.stdout, matches: Paths.fixture("search/met-ru.txt"))
        #expect(result.stdout.hasPrefix("метры\tlength/meter\t"))
    }

    @Test func aSymbolIsAnExactMatchFirst() throws {
        let result = try search(["km/h"])
        #expect(result.status == 0, "\(result)")
        Golden.expect(result.stdout, matches: Paths.fixture("search/km-h.txt"))
        #expect(result.stdout.hasPrefix("kilometers per hour\tspeed/kilometer per hour\t\"km/h\"\texact"))
    }

    @Test func limitAndNoMatch() throws {
        let limited = try search(["m", "--limit", "3"])
        #expect(limited.stdout.split(separator: "\n").count == 3)
        let none = try search(["qqqq"])
        #expect(none.status == 0)
        #expect(none.stdout == "")
        #expect(none.stderr == "no unit matches 'qqqq'\n")
    }

    @Test func verifyChecksEveryShard() throws {
        let good = try CLI.run(["verify", "--data", database.dist])
        #expect(good.status == 0, "\(good)")
        #expect(good.stdout.hasPrefix("ok: \(database.dist)/units.sqlite: "))
        #expect(good.stdout.contains("\nok: \(database.dist)/search.pack: "))

        let path = database.dist + "/search.pack"
        var bytes = try Files.bytes(path)
        bytes[bytes.count - 4] ^= 0xFF
        try Files.write(bytes, to: path)
        let damaged = try CLI.run(["verify", "--data", database.dist])
        #expect(damaged.status == 1)
        // The database, checked first, is whole; the pack is not.
        #expect(damaged.stdout.hasPrefix("ok: \(database.dist)/units.sqlite: ") && !damaged.stdout.contains("search.pack"))
        #expect(damaged.stderr.hasPrefix("error: \(path) has a damaged shard "))
        #expect(damaged.stderr.contains("CRC-32 mismatch"))
    }

    @Test func aMissingPackSaysToRunBuild() throws {
        try FileManager.default.removeItem(atPath: database.dist + "/search.pack")
        let result = try search(["m"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: no search pack at \(database.dist)/search.pack; run `unitpack build` to create it\n")
    }
}
