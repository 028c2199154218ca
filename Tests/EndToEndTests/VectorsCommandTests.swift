import Foundation
import Testing

/// `unitpack vectors` on the CLI's build of the repository's data: the six
/// files of docs/vectors.md, byte-identical from run to run, holding what the
/// runtime answers (values other tests pin: 1 mile is 1609.344 m, Russian 2
/// is `few`), with the fields docs/vectors.md gives them. `Scripts/test`
/// then checks them with Readers/python.
@Suite struct VectorsCommandTests {
    let database: BuiltRepositoryDatabase
    static let kinds = ["conversions", "plurals", "formatting", "targets", "phrases", "search"]

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    func cases(_ directory: String, _ kind: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + kind + ".json"))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(file["format"] as? String == "unitpack-vectors")
        #expect(file["version"] as? Int == 1)
        #expect(file["kind"] as? String == kind)
        #expect((file["source_sha256"] as? String)?.count == 64)
        return try #require(file["cases"] as? [[String: Any]])
    }

    @Test func writesEveryKindTwiceAlike() throws {
        let first = database.temporary.path("vectors-a")
        let second = database.temporary.path("vectors-b")
        // The default corpora are the repository's, read from the working directory.
        // The two runs at once (Concurrently): each writes its own directory.
        let runs = try Concurrently.map([0, 1]) { run in
            run == 0
                ? try CLI.run(["vectors", "--data", database.dist, "--output", first], in: RepositoryData.root)
                : try CLI.run([
                    "vectors", "--data", database.dist, "--output", second,
                    "--phrases", RepositoryData.root + "/Tests/UnitpackRuntimeTests/Phrases/Corpora",
                ])
        }
        let (result, again) = (runs[0], runs[1])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "ok: 6 vector files in \(first)\n")
        #expect(result.stderr == "")
        #expect(again.status == 0, "\(again)")
        #expect(try Files.list(first).sorted() == Self.kinds.map { $0 + ".json" }.sorted())
        for kind in Self.kinds {
            let a = try Files.bytes(first + "/" + kind + ".json")
            #expect(a == (try Files.bytes(second + "/" + kind + ".json")), "\(kind).json differs between two runs")
            #expect(try !cases(first, kind).isEmpty, "\(kind).json has no cases")
        }

        let mile = try cases(first, "conversions").first {
            $0["unit"] as? String == "length/mile" && $0["value"] as? Double == 1
        }
        #expect(mile?["to_base"] as? Double == 1609.344)
        #expect(mile?["base"] as? String == "length/meter")

        let plurals = try cases(first, "plurals")
        let russianTwo = plurals.first { $0["language"] as? String == "ru" && $0["number"] as? String == "2" }
        #expect(russianTwo?["category"] as? String == "few")
        // Every category of every language is reached.
        for language in Set(plurals.compactMap { $0["language"] as? String }) {
            let rows = plurals.filter { $0["language"] as? String == language }
            let reached = Set(rows.compactMap { $0["category"] as? String })
            #expect(reached == Set(rows[0]["categories"] as? [String] ?? []), "\(language): \(reached)")
        }

        let formatted = try cases(first, "formatting").first {
            $0["language"] as? String == "ru" && $0["value"] as? Double == 1.5 && $0["minimum_fraction_digits"] as? Int == 1
        }
        #expect(formatted?["number"] as? String == "1,5")
        #expect(formatted?["category"] as? String == "other")

        let phrase = try cases(first, "phrases").first { $0["phrase"] as? String == "5 Meter in Fuß" }
        #expect(phrase?["unit"] as? String == "length/meter")
        #expect(phrase?["targets"] as? [String] == ["length/foot"])
        #expect(phrase?["value"] as? Double == 5)

        try Self.expectFieldsAsDocumented(in: first)
    }

    /// The fields of each table of docs/vectors.md whose header is `| field |`,
    /// in the section from `heading` to the next heading: one list per table.
    /// A row naming alternatives (`` `region` or `system` ``) gives each.
    static func documentedFields(under heading: String) throws -> [Set<String>] {
        let docs = try Files.text(RepositoryData.root + "/docs/vectors.md")
        let start = try #require(docs.range(of: "\n\(heading)\n"), "docs/vectors.md has no \(heading)")
        let section = docs[start.upperBound...].components(separatedBy: "\n#").first ?? ""
        var tables: [Set<String>] = []
        var inTable = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| field |") {
                tables.append([])
                inTable = true
            } else if inTable, line.hasPrefix("| `") {
                let cell = line.dropFirst(2).prefix { $0 != "|" }
                let names = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                tables[tables.count - 1].formUnion(names)
            } else if !line.hasPrefix("|") {
                inTable = false
            }
        }
        return tables
    }

    /// Every file has the fields "Files" lists; its cases (and a search's
    /// results) use the fields of its section's tables, each of them somewhere.
    static func expectFieldsAsDocumented(in directory: String) throws {
        let fileFields = try #require(try documentedFields(under: "## Files").first)
        for kind in kinds {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + kind + ".json"))
            let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(file.keys) == fileFields, "\(kind).json's fields against docs/vectors.md, Files")
            let cases = try #require(file["cases"] as? [[String: Any]])
            let tables = try documentedFields(under: "### `\(kind).json`")
            let used = cases.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
            #expect(used == tables.first, "\(kind).json's case fields against docs/vectors.md")
            if kind == "search" {
                let results = cases.flatMap { $0["results"] as? [[String: Any]] ?? [] }
                let resultFields = results.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
                #expect(tables.count == 2 && resultFields == tables[1], "search.json's result fields against docs/vectors.md")
            }
        }
    }

    @Test func refusesWhatItCannotRead() throws {
        let output = database.temporary.path("vectors-none")
        let noData = try CLI.run(["vectors", "--data", database.temporary.path("missing"), "--output", output])
        #expect(noData.status == 1)
        #expect(noData.stderr.hasPrefix("error: no manifest at "), "\(noData)")
        #expect(!FileManager.default.fileExists(atPath: output))

        let corpora = database.temporary.path("corpora")
        try FileManager.default.createDirectory(atPath: corpora, withIntermediateDirectories: true)
        try Files.write(Array("# a comment\n5 m in ft\n".utf8), to: corpora + "/bad.tsv")
        let badCorpus = try CLI.run(["vectors", "--data", database.dist, "--output", output, "--phrases", corpora])
        #expect(badCorpus.status == 1)
        #expect(badCorpus.stderr == "\(corpora)/bad.tsv:2:1: error: expected phrase<TAB>languages<TAB>...\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
