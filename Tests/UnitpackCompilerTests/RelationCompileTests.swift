import Foundation
import Testing
import UnitpackCheck
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCompiler

/// `relations.tsv` into the `relations` table: ids resolved (units for
/// `difference` and `also`, categories for `same`), primary-key order, the
/// file in the source hash, and docs/database.md holding the table's schema.
@Suite struct RelationCompileTests {
    /// `SourceFixture.validFiles` (length, speed) with two temperatures, their
    /// differences, and a rotation speed and a frequency.
    static let files = SourceFixture.valid(replacing: [
        "units-src/categories.tsv": """
            length\t10\tmeter\tm
            speed\t20\tmeter per second\tm/s
            temperature\t30\tkelvin\tK
            temperature-difference\t31\tkelvin (difference)\tK
            rotation-speed\t40\tradian per second\trad/s
            frequency\t50\thertz\t1/s

            """,
        "units-src/temperature.tsv": "kelvin\tK\t1\t5\tsi\ndegree Celsius\t°C\tFORMULAE(X+273.15,X-273.15)\t5\tsi\n",
        "units-src/temperature-difference.tsv": "kelvin (difference)\tΔK\t1\t5\tsi\ndegree Celsius (difference)\tΔ°C\t1\t5\tsi\n",
        "units-src/rotation-speed.tsv": "radian per second\trad/s\t1\t5\tsi\nrevolution per minute\trpm\t2*pi/60\t5\tother\n",
        "units-src/frequency.tsv": "hertz\tHz\t1\t5\tsi\n",
        "units-src/ids.tsv": SourceFixture.validIDs + """
            8\ttemperature\tkelvin
            9\ttemperature\tdegree Celsius
            10\ttemperature-difference\tkelvin (difference)
            11\ttemperature-difference\tdegree Celsius (difference)
            12\trotation-speed\tradian per second
            13\trotation-speed\trevolution per minute
            14\tfrequency\thertz

            """,
        // Out of order on purpose: the table is written in key order.
        "units-src/relations.tsv": """
            same\trotation-speed\tfrequency\t1/(2*pi)
            difference\ttemperature/degree Celsius\ttemperature-difference/degree Celsius (difference)
            difference\ttemperature/kelvin\ttemperature-difference/kelvin (difference)
            also\tspeed/knot\tlength/foot

            """,
    ])

    func compile(_ files: [String: String]) throws -> CompiledModel {
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let (tree, diagnostics) = BuildPipeline.check(source: fixture.root)
        try #require(!diagnostics.hasErrors, "\(diagnostics.map(\.rendered))")
        return try ModelCompiler.compile(tree, diagnostics: diagnostics)
    }

    @Test func idsAreResolvedAndSortedByKey() throws {
        let model = try compile(Self.files)
        let rows = model.relations.map { "\($0.kind.rawValue) \($0.first) \($0.second) \($0.factor.map { "\($0)" } ?? "-")" }
        // Categories by display order: rotation-speed is 5, frequency 6.
        #expect(rows == ["also 5 3 -", "difference 8 10 -", "difference 9 11 -", "same 5 6 \(1 / (2 * Double.pi))"])
    }

    @Test func theFileIsPartOfTheSourceHash() throws {
        var changed = Self.files
        changed["units-src/relations.tsv"] = Self.files["units-src/relations.tsv"]!.replacingOccurrences(of: "also\tspeed/knot\tlength/foot\n", with: "")
        #expect(try compile(Self.files).sourceHash != compile(changed).sourceHash)
        // And a tree without the file compiles to no relations.
        var without = Self.files
        without["units-src/relations.tsv"] = nil
        #expect(try compile(without).relations.isEmpty)
    }

    @Test func twoBuildsWithRelationsAreByteIdentical() throws {
        let fixture = try SourceFixture(Self.files)
        defer { fixture.remove() }
        for output in ["a", "b"] { _ = try BuildPipeline.build(source: fixture.root, output: fixture.path(output)) }
        let a = try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("a"))))
        #expect(!a.isEmpty)
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("b"))))))
    }

    /// docs/database.md gives the table's statement; the writer runs it.
    @Test func theDocumentedSchemaIsTheWritersSchema() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/database.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        func squeezed(_ sql: String) -> String {
            sql.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
                .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
        }
        let statement = try #require(DatabaseSchema.statements.first { $0.hasPrefix("CREATE TABLE relations") })
        #expect(text.contains("\n" + squeezed(statement) + "\n"), "\(squeezed(statement))")
    }
}
