import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// `units-src/clusters.tsv`: rows that do not parse, name no category or
/// unit, or order magnitudes so that a unit can never be chosen.
@Suite struct ClusterRuleTests {
    static let files: [String: String] = [
        "units-src/categories.tsv": "length\t10\tmeter\tm\nspeed\t20\tmeter per second\tm/s\n",
        "units-src/length.tsv": """
            meter\tm\t1\t5\tsi
            kilometer\tkm\t1000\t4\tsi
            centimeter\tcm\t0.01\t4\tsi
            foot\tft\t0.3048\t4\timp
            yard\tyd\t0.9144\t4\timp
            mile\tmi\t1609.344\t4\timp

            """,
        "units-src/speed.tsv": """
            meter per second\tm/s\t1\t5\tsi
            kilometer per hour\tkm/h\t1000/3600\t5\tsi
            ^minutes per kilometer\tmin/km\tFORMULAE(1000/60/X,1000/60/X)\t0\tother
            ^seconds per 100 meters\ts/100 m\t100\t0\tother

            """,
    ]

    func check(_ clusters: String) throws -> [Diagnostic] {
        var files = Self.files
        files["units-src/clusters.tsv"] = clusters
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        return tree.diagnostics + ClusterRule().check(tree)
    }

    @Test func aWellOrderedFileIsClean() throws {
        let found = try check(
            """
            # category\tusage\tregions\tunit\tat-least
            length\tdefault\t001\tkilometer\t
            length\tdefault\t001\tmeter\t
            length\tdefault\t001\tcentimeter\t
            length\tdefault\tUS GB\tmile\t
            length\tdefault\tUS\tyard\t10
            length\tdefault\tUS GB\tfoot\t
            length\troad\t001\tkilometer\t0.9
            length\troad\t001\tmeter\t300
            length\troad\t001\tmeter\t10
            length\troad\t001\tmeter\t
            speed\tpace\t001\tseconds per 100 meters\t
            speed\tpace\t001\tminutes per kilometer\t

            """)
        #expect(found.isEmpty, "\(found.map(\.rendered))")
    }

    @Test func malformedRowsAreLocated() throws {
        let found = try check("length\tDefault\t001\tmeter\t\nlength\tdefault\tUSA\tmeter\t\nlength\tdefault\t001 us\tmeter\t\nlength\tdefault\t001\tmeter\t-1\nlength\tdefault\t001\n")
        #expect(found.map(\.code) == [.invalidClusterRow, .invalidClusterRow, .invalidClusterRow, .invalidClusterRow, .columnCount])
        #expect(found[0].message == "invalid usage 'Default'")
        #expect(found[1].message == "invalid region 'USA'")
        #expect(found[2].message == "invalid region 'us'" && found[2].location.column == 20)
        #expect(found[3].message == "invalid threshold '-1'")
    }

    @Test func unknownCategoriesAndUnitsAreNamedWithASuggestion() throws {
        let found = try check("lenght\tdefault\t001\tmeter\t\nlength\tdefault\t001\tkilometre\t\nlength\tdefault\t001\tkm\t\n")
        #expect(found.map(\.code) == [.unknownClusterCategory, .unknownClusterUnit, .unknownClusterUnit])
        #expect(found[0].hint == "did you mean 'length'?")
        #expect(found[1].message == "no unit 'kilometre' in category 'length'")
        #expect(found[1].hint == "did you mean 'kilometer'?")
    }

    @Test func aUnitThatCanNeverBeChosenIsAnError() throws {
        // 1 foot (0.3048 m) after 1 meter: every value that reaches the foot's
        // threshold has already reached the meter's.
        let found = try check("length\tdefault\t001\tmeter\t\nlength\tdefault\t001\tfoot\t\nlength\tdefault\t001\tcentimeter\t\n")
        #expect(found.map(\.code) == [])
        let wrong = try check("length\tdefault\t001\tfoot\t\nlength\tdefault\t001\tmeter\t\nlength\tdefault\t001\tcentimeter\t\n")
        #expect(wrong.map(\.code) == [.clusterOrder])
        #expect(wrong.first?.message == "in the length/default/001 list, 1 meter is not smaller than the threshold before it, so it can never be chosen")
        #expect(wrong.first?.location.line == 2)
        #expect(wrong.first?.notes.first?.location.line == 1)
    }

    @Test func inverseUnitsOrderTheOtherWay() throws {
        // The value of an inverse unit grows as the speed falls: at least 1
        // min/km is at most 16.7 m/s, at least 1 s/100 m at most 100 m/s. After
        // s/100 m has taken every speed up to 100 m/s, min/km can never win.
        let right = try check("speed\tpace\t001\tminutes per kilometer\t\nspeed\tpace\t001\tseconds per 100 meters\t\nspeed\tpace\t001\tminutes per kilometer\t\n")
        #expect(right.map(\.code) == [])
        let wrong = try check("speed\tpace\t001\tseconds per 100 meters\t\nspeed\tpace\t001\tminutes per kilometer\t\nspeed\tpace\t001\tseconds per 100 meters\t\n")
        #expect(wrong.map(\.code) == [.clusterOrder])
        #expect(wrong.first?.location.line == 2)
        let mixed = try check("speed\tpace\t001\tkilometer per hour\t\nspeed\tpace\t001\tminutes per kilometer\t\n")
        #expect(mixed.map(\.code) == [.clusterOrder])
        #expect(mixed.first?.message == "the speed/pace/001 list mixes inverse and direct units")
    }

    @Test func coverageNamesTheRegionsACategoryLacks() throws {
        var files = Self.files
        files["units-src/clusters.tsv"] = "length\tdefault\t001\tkilometer\t\nlength\tdefault\t001\tmeter\t\n"
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let coverage = ClusterCoverage.report(SourceReader.read(directory: fixture.root))
        // length has metric and imperial units; speed has metric ones only (and "other").
        #expect(coverage.categories == 1)
        #expect(coverage.missing.map(\.category) == ["length"])
        #expect(coverage.missing.first?.regions == ["GB"])
    }
}
