import Foundation
import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// `units-src/clusters.tsv`: rows that do not parse, name no category or
/// unit, or order magnitudes so that a unit can never be chosen.
@Suite struct ClusterRuleTests {
    static let files: [String: String] = [
        "units-src/categories.tsv": "length\t10\tmeter\tm\nspeed\t20\tmeter per second\tm/s\nangle\t30\tradian\t1\n",
        // Factors of pi, as units-src/angle.tsv writes them: degree+arcminute+arcsecond.
        "units-src/angle.tsv": "radian\trad\t1\t5\tsi\ndegree\t°\tpi/180\t5\tsi\narcminute\t′\tpi/180/60\t3\tsi\narcsecond\t″\tpi/180/3600\t3\tsi\n",
        "units-src/length.tsv": """
            meter\tm\t1\t5\tsi
            kilometer\tkm\t1000\t4\tsi
            centimeter\tcm\t0.01\t4\tsi
            inch\tin\t0.0254\t4\timp
            foot\tft\t0.3048\t4\timp
            yard\tyd\t0.9144\t4\timp
            mile\tmi\t1609.344\t4\timp
            double meter\t\tFORMULAE(X*2,X/2)\t1\tother

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
        let found = try check("length\tDefault\t001\tmeter\t\nlength\tdefault\tUSA\tmeter\t\nlength\tdefault\t001 uk\tmeter\t\nlength\tdefault\t001\tmeter\t-1\nlength\tdefault\t001\n")
        #expect(found.map(\.code) == [.invalidClusterRow, .invalidClusterRow, .invalidClusterRow, .invalidClusterRow, .columnCount])
        #expect(found[0].message == "invalid usage 'Default'")
        #expect(found[1].message == "invalid region 'USA'")
        // uk is a system tag, not a list: the UK reads the imperial lists.
        #expect(found[2].message == "invalid region 'uk'" && found[2].location.column == 20)
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

    @Test func systemListsAreRegionsOfTheirOwn() throws {
        // A system's list is ordered like any other, and is not mixed with the
        // CLDR region of the system (US, GB), which keeps its own list.
        let found = try check(
            """
            length\tdefault\tmetric\tkilometer\t
            length\tdefault\tmetric 001\tmeter\t
            length\tdefault\tus imperial\tmile\t0.5
            length\tdefault\timperial\tyard\t10
            length\tdefault\tus imperial\tfoot\t
            length\tdefault\tUS\tyard\t
            length\tdefault\tUS\tfoot\t

            """)
        #expect(found.isEmpty, "\(found.map(\.rendered))")
        let wrong = try check("length\tdefault\timperial\tyard\t\nlength\tdefault\timperial\tmile\t\nlength\tdefault\timperial\tfoot\t\n")
        #expect(wrong.map(\.code) == [.clusterOrder])
        #expect(wrong.first?.message.hasPrefix("in the length/default/imperial list, 1 mile") == true)
        let upper = try check("length\tdefault\tMetric\tmeter\t\n")
        #expect(upper.map(\.message) == ["invalid region 'Metric'"])
    }

    @Test func mixedUnitsAreWellMade() throws {
        let found = try check(
            """
            length\tperson-height\tUS\tmile+yard+foot+inch\t
            length\tperson-height\tUS\tfoot+inch\t3
            length\tperson-height\tUS\tinch\t
            length\tvehicle\tGB\tmeter+centimeter\t
            angle\tdefault\t001\tdegree+arcminute+arcsecond\t

            """)
        #expect(found.isEmpty, "\(found.map(\.rendered))")
    }

    @Test func aMixedUnitThatIsNotWholeMultiplesIsE906AtThePart() throws {
        let found = try check(
            """
            length\tdefault\t001\tinch+foot\t
            length\tdefault\t001\tmeter+foot\t
            length\tdefault\t001\tyard+meter\t
            length\tdefault\t001\tfoot+inch+foot\t
            length\tdefault\t001\tmeter+double meter\t
            speed\tdefault\t001\tkilometer per hour+^seconds per 100 meters\t
            speed\tdefault\t001\tmeter per second+seconds per 100 meters\t
            length\tdefault\t001\tfoot++inch\t
            length\tdefault\t001\tfoot+\t
            length\tdefault\t001\tfoot + inch\t

            """)
        // The unit column starts at column 20 (19 for speed); a part is
        // reported at its own column.
        func at(_ line: Int) -> [Diagnostic] { found.filter { $0.location.line == line } }
        #expect(found.count == 10)
        #expect(at(1).map(\.message) == ["malformed mixed unit 'inch+foot': foot is not smaller than inch before it: the parts go from the largest down"])
        #expect(at(1).first?.location.column == 25)
        #expect(at(2).map(\.message) == ["malformed mixed unit 'meter+foot': 1 meter = 3.280839895 foot, not a whole number: each part must be a whole multiple of the next"])
        #expect(at(3).map(\.message) == ["malformed mixed unit 'yard+meter': meter is not smaller than yard before it: the parts go from the largest down"])
        #expect(at(4).map(\.message) == ["malformed mixed unit 'foot+inch+foot': foot comes twice"])
        #expect(at(4).first?.location.column == 30 && at(4).first?.notes.first?.location.column == 20)
        #expect(at(5).map(\.message) == ["malformed mixed unit 'meter+double meter': double meter is converted by formulas (FORMULAE), not by a factor"])
        // A unit is named without its ^: the part is unknown (E903, at the part's column).
        #expect(at(6).map(\.code) == [.unknownClusterUnit])
        #expect(at(6).first?.location.column == 38)
        #expect(at(7).map(\.message) == ["malformed mixed unit 'meter per second+seconds per 100 meters': seconds per 100 meters is an inverse unit (^), whose value grows as the quantity falls"])
        #expect(at(8).map(\.message) == ["malformed mixed unit 'foot++inch': an empty part"])
        #expect(at(8).first?.location.column == 25)
        #expect(at(9).map(\.message) == ["malformed mixed unit 'foot+': an empty part"])
        #expect(at(10).map(\.message) == ["malformed mixed unit 'foot + inch': a space around '+'"])
        #expect(at(10).first?.location.column == 20)
        #expect(found.allSatisfy { $0.hint != nil })
    }

    @Test func anUnknownPartIsE903AtItsColumn() throws {
        let found = try check("length\tperson-height\tUS\tfoot+inches\t3\nlength\tperson-height\tUS\tinch\t\n")
        #expect(found.map(\.code) == [.unknownClusterUnit])
        #expect(found.first?.message == "no unit 'inches' in category 'length'")
        #expect(found.first?.location.column == 30)
        #expect(found.first?.hint == "did you mean 'inch'?")
    }

    /// The example of docs/source-format.md (`clusters.tsv`) checks clean: it
    /// shows mixed units and a system's list as they are written.
    @Test func theDocumentedExampleIsClean() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/source-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.range(of: "## `units-src/clusters.tsv`"))
        let rest = text[section.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        let example = String(rest[open.upperBound..<close.lowerBound])
        #expect(example.contains("foot+inch") && example.contains("\timperial\t"))
        let found = try check(example)
        #expect(found.isEmpty, "\(found.map(\.rendered))")
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
