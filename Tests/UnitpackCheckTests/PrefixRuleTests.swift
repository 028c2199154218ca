import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// Column 6 of a unit row (docs/source-format.md) and `PrefixRule`: which
/// units take prefixes, and rows that name a prefixed unit agree with it.
@Suite struct PrefixRuleTests {
    static let categories = "length\t10\tmeter\tm\ntemperature\t20\tkelvin\tK\ndata-size\t30\tbit\tbit\n"

    func check(_ files: [String: String]) throws -> (rule: [Diagnostic], reading: [Diagnostic]) {
        var all = ["units-src/categories.tsv": Self.categories]
        all.merge(files) { $1 }
        for key in ["length", "temperature", "data-size"] where all["units-src/\(key).tsv"] == nil {
            all["units-src/\(key).tsv"] = ["length": "meter\tm\t1\t5\tsi\n", "temperature": "kelvin\tK\t1\t5\tsi\n",
                                           "data-size": "bit\tbit\t1\t5\tsi\n"][key]!
        }
        let fixture = try SourceFixture(all)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        return (PrefixRule().check(tree), tree.diagnostics)
    }

    @Test func aRowNamedForAPrefixedUnitMustBeWorthIt() throws {
        let found = try check([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\tsi\nkilometer\tkm\t1000\t5\tsi\nhectometer\thm\t10\t0\tsiAdd2\n"
        ])
        #expect(found.reading.isEmpty)
        #expect(found.rule.map(\.code) == [.prefixedUnitMismatch])
        #expect(found.rule.first?.message == "'hectometer' is hecto (100) + 'meter', which makes 100, but its coefficient is 10")
        #expect(found.rule.first?.location.line == 3 && found.rule.first?.location.column == 15)
    }

    @Test func aBaseThatTakesNoPrefixChecksNothing() throws {
        // The foot takes no prefix: a `kilofoot` row is a unit of its own.
        let found = try check(["units-src/length.tsv": "meter\tm\t1\t5\tsi\tsi\nfoot\tft\t0.3048\t4\timp\nkilofoot\tkft\t300\t0\timp\n"])
        #expect(found.rule.isEmpty)
    }

    @Test func binaryPrefixesOnlyOnInformation() throws {
        let found = try check([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\tsi,binary\n",
            "units-src/data-size.tsv": "bit\tbit\t1\t5\tsi\tsi,binary\nkibibit\tKibit\t1024\t3\tsi\n",
        ])
        #expect(found.rule.map(\.code) == [.prefixNotApplicable])
        #expect(found.rule.first?.location.column == 19, "at `binary` in column 6")
    }

    @Test func aFormulaUnitTakesNone() throws {
        let found = try check(["units-src/temperature.tsv": "kelvin\tK\t1\t5\tsi\ndegree Celsius\t°C\tFORMULAE(X+273.15,X-273.15)\t5\tsi\tsi\n"])
        #expect(found.rule.map(\.code) == [.prefixNotApplicable])
        #expect(found.rule.first?.message.contains("converts by a formula") == true)
    }

    @Test func column6IsReadAndChecked() throws {
        let found = try check(["units-src/length.tsv": "meter\tm\t1\t5\tsi\tsi,decimal\nfoot\tft\t0.3048\t4\timp\t\t\n"])
        #expect(found.reading.map(\.code) == [.unknownPrefixKind, .columnCount])
        #expect(found.reading.first?.message == "unknown prefix kind 'decimal'")
        #expect(found.reading.first?.location.line == 1 && found.reading.first?.location.column == 19)
    }
}
