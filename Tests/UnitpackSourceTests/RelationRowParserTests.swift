import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

/// `units-src/relations.tsv` as read: the shape of each kind's row, located
/// findings (E930, E104), and that the file is read and hashed only when it
/// exists.
@Suite struct RelationRowParserTests {
    func read(_ relations: String) throws -> SourceTree {
        let fixture = try SourceFixture(SourceFixture.valid(replacing: ["units-src/relations.tsv": relations]))
        defer { fixture.remove() }
        return SourceReader.read(directory: fixture.root)
    }

    @Test func readsEachKindWithOrWithoutTheFactorColumn() throws {
        let tree = try read(
            """
            # kind\tfirst\tsecond\tfactor
            difference\ttemperature/degree Celsius\ttemperature-difference/degree Celsius (difference)
            also\tmass/ounce\tvolume/US fluid ounce\t
            same\trotation-speed\tfrequency\t1/(2*pi)

            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics.map(\.rendered))")
        #expect(tree.relations.map(\.kind.value) == [.difference, .also, .same])
        #expect(tree.relations.map(\.first.value) == ["temperature/degree Celsius", "mass/ounce", "rotation-speed"])
        #expect(tree.relations[0].factor == nil && tree.relations[1].factor == nil)
        let same = tree.relations[2]
        #expect(abs((same.factor?.value ?? 0) - 1 / (2 * Double.pi)) < 1e-17)
        #expect(same.factor?.location.column == "same\trotation-speed\tfrequency\t".count + 1)
        #expect(same.second.location == SourceLocation(path: same.location.path, line: 4, column: 21))
        // Not a category file: no E301 for relations.tsv, and hashed like every source.
        #expect(!tree.categoryFiles.contains { $0.key == "relations" })
        #expect(tree.files.contains { $0.path == "units-src/relations.tsv" })
    }

    @Test func withoutTheFileThereAreNoRelations() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        #expect(tree.relations.isEmpty)
        #expect(!tree.files.contains { $0.path.hasSuffix("relations.tsv") })
    }

    @Test(arguments: [
        // A wrong kind, its case, a unit without its category, a category with a unit.
        ("Difference\ta/b\tc/d", DiagnosticCode.invalidRelationRow, 1),
        ("differences\ta/b\tc/d", .invalidRelationRow, 1),
        ("also\tounce\tvolume/US fluid ounce", .invalidRelationRow, 6),
        ("also\tmass/\tvolume/US fluid ounce", .invalidRelationRow, 6),
        ("difference\ttemperature/kelvin\t/kelvin", .invalidRelationRow, 31),
        ("same\trotation-speed/rpm\tfrequency\t1", .invalidRelationRow, 6),
        ("same\t\tfrequency\t1", .invalidRelationRow, 6),
        // Factors: where none belongs, missing (just past the row), invalid.
        ("also\tmass/pound\tforce/pound-force\t1", .invalidRelationRow, 35),
        ("difference\ta/b\tc/d\t2", .invalidRelationRow, 20),
        ("same\trotation-speed\tfrequency", .invalidRelationRow, 30),
        ("same\trotation-speed\tfrequency\t", .invalidRelationRow, 31),
        ("same\trotation-speed\tfrequency\t1/(2*pie)", .invalidRelationRow, 36),
        ("same\trotation-speed\tfrequency\t2*X", .invalidRelationRow, 31),
        ("same\trotation-speed\tfrequency\t1-1", .invalidRelationRow, 31),
        ("same\trotation-speed\tfrequency\t1/0", .invalidRelationRow, 31),
        // Column counts.
        ("also\tmass/ounce", .columnCount, 1),
        ("same\ta\tb\t1\textra", .columnCount, 11),
    ])
    func malformedRowsAreLocated(_ row: String, _ code: DiagnosticCode, _ column: Int) throws {
        let tree = try read(row + "\n")
        #expect(tree.diagnostics.map(\.code) == [code], "\(tree.diagnostics.map(\.rendered))")
        #expect(tree.diagnostics.first?.location.line == 1)
        #expect(tree.diagnostics.first?.location.column == column, "\(tree.diagnostics.map(\.rendered))")
        #expect(tree.diagnostics.allSatisfy { $0.hint != nil })
        // A factor where none belongs is dropped, the row kept.
        let kept = ["also\tmass/pound\tforce/pound-force\t1", "difference\ta/b\tc/d\t2"].contains(row)
        #expect(tree.relations.count == (kept ? 1 : 0))
        #expect(tree.relations.allSatisfy { $0.factor == nil })
    }

    @Test func aUnitKeySplitsAtItsFirstSlash() {
        #expect(RelationRow.unitKey("speed/meter/second")! == ("speed", "meter/second"))
        #expect(RelationRow.unitKey("temperature/degree Celsius")! == ("temperature", "degree Celsius"))
        #expect(RelationRow.unitKey("kelvin") == nil)
        #expect(RelationRow.unitKey("/kelvin") == nil)
        #expect(RelationRow.unitKey("temperature/") == nil)
    }
}
