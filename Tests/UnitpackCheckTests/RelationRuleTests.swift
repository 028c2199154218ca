import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// `units-src/relations.tsv`: names that resolve, two categories, a
/// difference unit as large as its scale's step, one of everything, and a
/// difference unit for every unit once a category has one.
@Suite struct RelationRuleTests {
    static let files: [String: String] = [
        "units-src/categories.tsv": """
            temperature\t10\tkelvin\tK
            temperature-difference\t11\tkelvin (difference)\tK
            mass\t20\tkilogram\tkg
            volume\t30\tliter\tm^3
            rotation-speed\t40\tradian per second\trad/s
            frequency\t50\thertz\t1/s

            """,
        "units-src/temperature.tsv": """
            kelvin\tK\t1\t5\tsi
            degree Celsius\t°C\tFORMULAE(X+273.15,X-273.15)\t5\tsi
            degree Fahrenheit\t°F\tFORMULAE((X+459.67)*5/9,X*9/5-459.67)\t4\timp
            ^degree Delisle\t°De\tFORMULAE(373.15-X*2/3,(373.15-X)*3/2)\t0.1\thistoric

            """,
        "units-src/temperature-difference.tsv": """
            kelvin (difference)\tΔK\t1\t5\tsi
            degree Celsius (difference)\tΔ°C\t1\t5\tsi
            degree Fahrenheit (difference)\tΔ°F\t5/9\t4\timp
            degree Delisle (difference)\tΔ°De\t2/3\t0.1\thistoric
            millikelvin\tmK\t0.001\t1\tsiAdd

            """,
        "units-src/mass.tsv": "kilogram\tkg\t1\t5\tsi\nounce\toz\t0.45359237/16\t4\timp\n",
        "units-src/volume.tsv": """
            liter\tL\t1\t5\tsi
            US fluid ounce\tfl oz\t0.0254^3*231/128*1000\t4\tus
            imperial fluid ounce\timp fl oz\t4.54609/160\t3\tuk

            """,
        "units-src/rotation-speed.tsv": "radian per second\trad/s\t1\t5\tsi\nrevolution per minute\trpm\t2*pi/60\t5\tother\n",
        "units-src/frequency.tsv": "hertz\tHz\t1\t5\tsi\n",
    ]

    static let differences = """
        difference\ttemperature/kelvin\ttemperature-difference/kelvin (difference)
        difference\ttemperature/degree Celsius\ttemperature-difference/degree Celsius (difference)
        difference\ttemperature/degree Fahrenheit\ttemperature-difference/degree Fahrenheit (difference)
        difference\ttemperature/degree Delisle\ttemperature-difference/degree Delisle (difference)

        """

    func check(_ relations: String, replacing changes: [String: String] = [:]) throws -> [Diagnostic] {
        var files = Self.files.merging(changes) { _, new in new }
        files["units-src/relations.tsv"] = relations
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        return (tree.diagnostics + RelationRule().check(tree) + DifferenceCoverageRule().check(tree)).sortedByLocation()
    }

    func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code.rawValue) }

    @Test func theRepositorysKindsAreClean() throws {
        let found = try check(
            Self.differences + """
                also\tmass/ounce\tvolume/US fluid ounce
                same\trotation-speed\tfrequency\t1/(2*pi)

                """)
        #expect(found.isEmpty, "\(found.map(\.rendered))")
    }

    @Test func namesMustResolve() throws {
        let found = try check(
            Self.differences + """
                also\tmass/ounze\tvolume/fl oz
                also\tmas/ounce\tvolume/US fluid ounce
                same\trotation-speed\tfrequncy\t1

                """)
        #expect(codes(found) == ["E931", "E931", "E931", "E931"], "\(found.map(\.rendered))")
        #expect(found[0].message == "no unit 'ounze' in category 'mass'")
        #expect(found[0].location.column == 11)
        #expect(found[0].hint == "did you mean 'mass/ounce'?")
        #expect(found[1].hint == "'fl oz' is a symbol of US fluid ounce: write volume/US fluid ounce")
        #expect(found[2].message == "no category 'mas'")
        #expect(found[2].hint == "did you mean 'mass'?")
        #expect(found[3].message == "no category 'frequncy'")
    }

    @Test func bothSidesInOneCategoryAreRefused() throws {
        let found = try check(
            Self.differences + """
                also\tvolume/US fluid ounce\tvolume/imperial fluid ounce
                same\tfrequency\tfrequency\t1

                """)
        #expect(codes(found) == ["E932", "E932"], "\(found.map(\.rendered))")
        #expect(found.allSatisfy { $0.location.path.hasSuffix("relations.tsv") })
    }

    @Test func anEverydayReadingIsOfTheSameCategoryAndOne() throws {
        let found = try check(
            Self.differences + """
                everyday\tmass/ounce\tvolume/US fluid ounce
                everyday\tvolume/US fluid ounce\tvolume/liter
                everyday\tvolume/US fluid ounce\tvolume/liter
                everyday\tvolume/liter\tvolume/US fluid ounce
                everyday\tvolume/liter\tvolume/liter

                """)
        // Across categories, twice for one unit, a unit read as itself.
        #expect(codes(found) == ["E932", "E935", "E932"], "\(found.map(\.rendered))")
        #expect(found[0].hint?.contains("'everyday'") == true)
    }

    @Test func anEverydayRowsLanguagesAreCodes() throws {
        // A language the tree has no locale for reads nothing (a tree of units-src alone builds).
        let absent = try check(Self.differences + "everyday\tvolume/US fluid ounce\tvolume/liter\txx\n")
        #expect(absent.isEmpty, "\(absent.map(\.rendered))")
        let invalid = try check(Self.differences + "everyday\tvolume/US fluid ounce\tvolume/liter\tDE\n")
        #expect(codes(invalid) == ["E930"], "\(invalid.map(\.rendered))")
        #expect(invalid.first?.message == "invalid language 'DE'")
    }

    @Test func aDifferenceUnitIsAsLargeAsOneStep() throws {
        // Fahrenheit's difference unit written as a kelvin, Delisle's as 3/2.
        let found = try check(
            Self.differences,
            replacing: [
                "units-src/temperature-difference.tsv": """
                    kelvin (difference)\tΔK\t1\t5\tsi
                    degree Celsius (difference)\tΔ°C\t1\t5\tsi
                    degree Fahrenheit (difference)\tΔ°F\t1\t4\timp
                    degree Delisle (difference)\tΔ°De\t3/2\t0.1\thistoric

                    """
            ])
        #expect(codes(found) == ["E933", "E933"], "\(found.map(\.rendered))")
        #expect(found[0].location.line == 3)
        #expect(
            found[0].message
                == "one step of 'degree Fahrenheit' (from -100 to -99) is 0.5555555556 kelvin, but 'degree Fahrenheit (difference)' is 1 kelvin (difference)")
        #expect(found[0].notes.first?.location.path.hasSuffix("temperature-difference.tsv") == true)
        #expect(found[1].message.contains("is 0.6666666667 kelvin, but 'degree Delisle (difference)' is 1.5"))
    }

    @Test func aDifferenceUnitHasACoefficient() throws {
        let found = try check(
            Self.differences,
            replacing: [
                "units-src/temperature-difference.tsv": """
                    kelvin (difference)\tΔK\t1\t5\tsi
                    degree Celsius (difference)\tΔ°C\tFORMULAE(X+0,X-0)\t5\tsi
                    degree Fahrenheit (difference)\tΔ°F\t5/9\t4\timp
                    degree Delisle (difference)\tΔ°De\t2/3\t0.1\thistoric

                    """
            ])
        #expect(codes(found) == ["E933"], "\(found.map(\.rendered))")
        #expect(found[0].message == "the difference unit 'temperature-difference/degree Celsius (difference)' is converted by formulas")
    }

    @Test func everyUnitOfACategoryWithDifferencesHasOne() throws {
        let found = try check(String(Self.differences.split(separator: "\n").dropLast().joined(separator: "\n")) + "\n")
        #expect(codes(found) == ["E934"], "\(found.map(\.rendered))")
        #expect(found[0].location.path.hasSuffix("units-src/temperature.tsv"))
        // At the name, after the ^ of the inverse unit.
        #expect(found[0].location.line == 4 && found[0].location.column == 2)
        #expect(found[0].hint?.contains("units-src/relations.tsv") == true)
        #expect(found[0].hint?.contains("temperature-difference/NAME") == true)
        // Difference units need no absolute unit (millikelvin has none), and a
        // tree without difference rows asks nothing.
        #expect(try check("also\tmass/ounce\tvolume/US fluid ounce\n").isEmpty)
    }

    @Test func nothingIsDeclaredTwiceOrBothWays() throws {
        let found = try check(
            Self.differences + """
                difference\ttemperature/kelvin\ttemperature-difference/kelvin (difference)
                difference\ttemperature/kelvin\ttemperature-difference/millikelvin
                difference\ttemperature/degree Celsius\ttemperature-difference/kelvin (difference)
                also\tmass/ounce\tvolume/US fluid ounce
                also\tmass/ounce\tvolume/imperial fluid ounce
                same\trotation-speed\tfrequency\t1/(2*pi)
                same\tfrequency\trotation-speed\t2*pi
                same\trotation-speed\tfrequency\t1/(2*pi)

                """)
        #expect(codes(found) == ["E935", "E935", "E935", "E935", "E935", "E935"], "\(found.map(\.rendered))")
        #expect(found.map(\.location.line) == [5, 6, 7, 9, 11, 12])
        #expect(found.map { $0.notes.first?.location.line } == [1, 1, 2, 8, 10, 10])
        #expect(found[0].message == "this row is declared twice")
        #expect(found[1].message == "'temperature/kelvin' already has a difference unit")
        #expect(found[2].message == "'temperature/degree Celsius' already has a difference unit")
        #expect(found[3].message == "'mass/ounce' is already also read as a unit of 'volume'")
        #expect(found[4].message == "'frequency' and 'rotation-speed' are related both ways")
        #expect(found[5].message == "'rotation-speed' and 'frequency' are related twice")
    }

    @Test func aDifferenceUnitBelongsToOneAbsoluteUnit() throws {
        let withoutDelisle = Self.differences.split(separator: "\n").dropLast().joined(separator: "\n")
        let found = try check(
            withoutDelisle + "\ndifference\ttemperature/degree Delisle\ttemperature-difference/kelvin (difference)\n")
        #expect(codes(found) == ["E935"], "\(found.map(\.rendered))")
        #expect(found[0].message == "'temperature-difference/kelvin (difference)' is already the difference unit of another unit")
        #expect(found[0].notes.first?.location.line == 1)
    }

    @Test func aDifferenceWrittenTheWrongWayRoundIsOneFinding() throws {
        let found = try check(
            Self.differences + "difference\ttemperature-difference/millikelvin\ttemperature/kelvin\n")
        #expect(codes(found) == ["E935"], "\(found.map(\.rendered))")
        #expect(found[0].message == "units of 'temperature-difference' are difference units, so they have none of their own")
    }
}
