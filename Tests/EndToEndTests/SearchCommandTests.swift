import Foundation
import Testing

/// `unitpack search` and `unitpack verify` on the CLI's build of the repository's data.
@Suite struct SearchCommandTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test func russianPrefixGoldens() throws {
        let result = try database.search(["мет", "--lang", "ru"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        Golden.expect(result.stdout, matches: Paths.fixture("search/met-ru.txt"))
        #expect(result.stdout.hasPrefix("метры\tlength/meter\t"))
    }

    @Test func aSymbolIsAnExactMatchFirst() throws {
        let result = try database.search(["km/h"])
        #expect(result.status == 0, "\(result)")
        Golden.expect(result.stdout, matches: Paths.fixture("search/km-h.txt"))
        #expect(result.stdout.hasPrefix("kilometers per hour\tspeed/kilometer per hour\t\"km/h\"\texact"))
    }

    @Test func limitAndNoMatch() throws {
        let limited = try database.search(["m", "--limit", "3"])
        #expect(limited.stdout.split(separator: "\n").count == 3)
        let none = try database.search(["qqqq"])
        #expect(none.status == 0)
        #expect(none.stdout == "")
        #expect(none.stderr == "no unit matches 'qqqq'\n")
    }

    @Test func verifyChecksEveryShard() throws {
        let database = try BuiltRepositoryDatabase.ownCopy()  // damaged below
        let good = try CLI.run(["verify", "--data", database.dist])
        #expect(good.status == 0, "\(good)")
        let path = try Dist.pack(database.dist)
        #expect(good.stdout.hasPrefix("ok: \(database.dist)/manifest.tsv: 2 files as the manifest gives them\n"))
        #expect(good.stdout.contains("\nok: \(path): "), "\(good)")

        // The whole file's SHA-256 is checked against the manifest's first
        // (the shards' CRC-32 and structure: SearchPackVerifyTests).
        var bytes = try Files.bytes(path)
        bytes[bytes.count - 4] ^= 0xFF
        try Files.write(bytes, to: path)
        let damaged = try CLI.run(["verify", "--data", database.dist])
        #expect(damaged.status == 1)
        #expect(damaged.stdout == "")
        // Located at the line's SHA-256 field, as `check` locates a source mistake.
        let column = 1 + ["artifact", "search.pack", (path as NSString).lastPathComponent, "\(bytes.count)"]
            .reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(
            damaged.stderr.hasPrefix("\(database.dist)/manifest.tsv:7:\(column): error: search.pack: \(path) has SHA-256 "),
            "\(damaged)")
        #expect(damaged.stderr.hasSuffix("it changed after the build; run `unitpack build` to write a whole generation\n"))
    }

    @Test func aMissingPackSaysToRunBuild() throws {
        let database = try BuiltRepositoryDatabase.ownCopy()
        let pack = try Dist.pack(database.dist)
        try FileManager.default.removeItem(atPath: pack)
        let result = try database.search(["m"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "error: \(database.dist)/manifest.tsv:7: search.pack is missing: no file \(pack); "
                + "run `unitpack build` to write a whole generation\n")
    }
}
