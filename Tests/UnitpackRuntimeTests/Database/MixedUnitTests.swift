import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Mixed units (`foot+inch`) and a system's own lists, from `clusters.tsv`
/// through the `clusters` table (format 4, `parts`) to `PreferredTarget`.
@Suite struct MixedUnitTests {
    static let files: [String: String] = {
        var files = SourceFixture.validFiles
        files["units-src/length.tsv"]! += "inch\tin\t0.0254\t4\timp\nyard\tyd\t0.9144\t3\timp\n"
        files["units-src/ids.tsv"]! += "8\tlength\tinch\n9\tlength\tyard\n"
        files["units-src/clusters.tsv"] = """
            # category\tusage\tregions\tunit\tat-least
            length\tdefault\t001\tkilometer\t
            length\tdefault\t001\tmeter\t
            length\tdefault\tGB\tyard+foot+inch\t
            length\tperson-height\tGB\tfoot+inch\t3
            length\tperson-height\tGB\tinch\t
            length\tdefault\timperial\tyard\t10
            length\tdefault\timperial\tfoot\t
            speed\tdefault\t001 GB\tkilometer per hour\t

            """
        return files
    }()

    func build() throws -> (SourceFixture, String) {
        let fixture = try SourceFixture(Self.files)
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        return (fixture, try GenerationFiles.database(in: fixture.path("dist")))
    }

    func rows(_ sql: String, columns: Int32, at path: String) throws -> [[String]] {
        let connection = try Connection(path: path, mode: .readOnlyImmutable)
        let query = try connection.prepare(sql)
        var rows: [[String]] = []
        while try query.step() {
            rows.append((0..<columns).map { query.text(at: $0) ?? "NULL" })
        }
        return rows
    }

    /// docs/database.md's `clusters` table lists the columns the writer makes,
    /// in order, with their types.
    @Test func theClustersTableIsAsDocumented() throws {
        let (fixture, path) = try build()
        defer { fixture.remove() }
        let schema = try rows("SELECT name, type, \"notnull\" FROM pragma_table_info('clusters') ORDER BY cid", columns: 3, at: path)
        let docs = TestPaths.repository.appendingPathComponent("docs/database.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.range(of: "### `clusters("))
        let lines = text[section.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("| column") }.dropFirst(2)
        let documented = lines.prefix { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(documented.map { $0[0] } == schema.map { "`\($0[0])`" })
        for (row, column) in zip(documented, schema) {
            // `TEXT NOT NULL` in the docs is the type and the constraint; every column is NOT NULL.
            #expect(row[1].hasPrefix(column[1]), "\(column[0]): documented \(row[1]), written \(column[1])")
            #expect(column[2] == "1", "\(column[0]) is NOT NULL")
        }
        #expect(try rows("PRAGMA user_version", columns: 1, at: path) == [[String(DatabaseFormat.version)]])
    }

    /// `parts`: the ids after the first, ASCII decimal, one space between,
    /// '' for a single unit; one row per region of a source row.
    @Test func partsAreTheOtherPartsIDsInASCIIDecimal() throws {
        let (fixture, path) = try build()
        defer { fixture.remove() }
        let found = try rows(
            "SELECT k.usage, k.region, k.rank, k.unit, typeof(k.parts), hex(k.parts) FROM clusters k ORDER BY k.category, k.usage, k.region, k.rank",
            columns: 6, at: path)
        #expect(
            found == [
                ["default", "001", "0", "2", "text", ""],
                ["default", "001", "1", "1", "text", ""],
                // yard+foot+inch: yard's id, then "3 8" (foot, inch).
                ["default", "GB", "0", "9", "text", "332038"],
                ["default", "imperial", "0", "9", "text", ""],
                ["default", "imperial", "1", "3", "text", ""],
                ["person-height", "GB", "0", "3", "text", "38"],
                ["person-height", "GB", "1", "8", "text", ""],
                ["default", "001", "0", "6", "text", ""],
                ["default", "GB", "0", "6", "text", ""],
            ])
        // Deterministic: a second build gives the same bytes.
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("again"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("again")))))
    }

    @Test func aMixedUnitComesBackAsItsPartsWithTheValueInTheFirst() throws {
        let (fixture, path) = try build()
        defer { fixture.remove() }
        let database = try UnitDatabase(path: path)
        let meter = try database.unit(key: "length/meter")
        let height = try #require(try database.bestTarget(for: 1.8, in: meter, region: "GB", usage: "person-height"))
        #expect(height.units.map(\.name) == ["foot", "inch"])
        #expect(height.unit.name == "foot")
        #expect(abs(height.value - 1.8 / 0.3048) <= 1e-12)
        // Under the first part's threshold (3 ft), the next row: plain inches.
        let child = try #require(try database.bestTarget(for: 0.8, in: meter, region: "GB", usage: "person-height"))
        #expect(child.units.map(\.name) == ["inch"] && abs(child.value - 0.8 / 0.0254) <= 1e-9)
        let three = try #require(try database.bestTarget(for: 5, in: meter, region: "GB"))
        #expect(three.units.map(\.name) == ["yard", "foot", "inch"])
        #expect(three.unit == three.units[0] && abs(three.value - 5 / 0.9144) <= 1e-12)
    }

    /// The system's own list first, at each step of the usage fallback; then
    /// its CLDR region's; then the world's.
    @Test func aSystemReadsItsOwnListThenItsRegions() throws {
        let (fixture, path) = try build()
        defer { fixture.remove() }
        let database = try UnitDatabase(path: path)
        let meter = try database.unit(key: "length/meter")
        func best(_ value: Double, _ system: MeasurementSystem, _ usage: String = "default") throws -> [String]? {
            try database.bestTarget(for: value, in: meter, system: system, usage: usage)?.units.map(\.name)
        }
        #expect(try best(1, .imperial) == ["foot"])
        #expect(try best(10, .imperial) == ["yard"])
        // UK units read the imperial lists.
        #expect(try best(10, .uk) == ["yard"])
        // No imperial person-height list: GB's, not the imperial default.
        #expect(try best(1.8, .imperial, "person-height") == ["foot", "inch"])
        // A narrower usage falls back to the one it extends (CLDR's rule), where the system's list comes first.
        #expect(try best(1.8, .imperial, "person-height-x") == ["foot", "inch"])
        // A usage no list of the database has is an error naming those it has, not another answer (issue 22 §1).
        #expect(throws: UnitDatabaseError.unknownUsage("road", available: ["default", "person-height"])) {
            try best(10, .imperial, "road")
        }
        // No us list and no US list: the world's.
        #expect(try best(5000, .us) == ["kilometer"])
        #expect(try best(5000, .metric) == ["kilometer"])
        // A region is never a system: GB keeps its CLDR list.
        #expect(try database.bestTarget(for: 10, in: meter, region: "GB")?.units.map(\.name) == ["yard", "foot", "inch"])
    }

    @Test func damagedPartsAreCorrupt() throws {
        let length = "1"
        for (sql, damage): (String, DatabaseDamage) in [
            ("UPDATE clusters SET parts = '3  8' WHERE parts = '3 8'", .invalidValue(table: "clusters", column: "parts", key: length, value: "3  8")),
            ("UPDATE clusters SET parts = '-8' WHERE parts = '8'", .invalidValue(table: "clusters", column: "parts", key: length, value: "-8")),
            ("UPDATE clusters SET parts = '3 8 ' WHERE parts = '3 8'", .invalidValue(table: "clusters", column: "parts", key: length, value: "3 8 ")),
            ("UPDATE clusters SET parts = '6' WHERE parts = '8'", .partOfAnotherCategory(unit: "length/foot", part: "speed/kilometer per hour")),
        ] {
            let (fixture, path) = try build()
            defer { fixture.remove() }
            do {
                // With the checksums recomputed: the parts themselves must be refused.
                let connection = try Connection(path: path, mode: .readWriteCreate)
                try connection.execute(sql)
                try DatabaseProofTests.reseal(connection, "clusters")
            }
            let database = try UnitDatabase(path: path)
            let meter = try database.unit(key: "length/meter")
            #expect("\(sql)") {
                _ = try database.bestTarget(for: 1.8, in: meter, region: "GB", usage: "person-height")
                _ = try database.bestTarget(for: 5, in: meter, region: "GB")
            } throws: { error in
                guard case .damaged(_, let found)? = error as? UnitDatabaseError else { return false }
                return found == damage
            }
        }
    }

    @Test func partsParseOnlyAsDocumented() {
        #expect(UnitDatabase.parts("") == [])
        #expect(UnitDatabase.parts("11") == [UnitID(rawValue: 11)])
        #expect(UnitDatabase.parts("551 552") == [UnitID(rawValue: 551), UnitID(rawValue: 552)])
        for bad in [" ", "1 ", " 1", "1  2", "+1", "-1", "0", "1,2", "1\t2", "x"] {
            #expect(UnitDatabase.parts(bad) == nil, "\(bad.debugDescription)")
        }
    }
}
