import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// SI and binary prefixes on the units that take them (docs/expressions.md,
/// "Prefixes"): read as symbols and as each language's words where no row
/// names the prefixed unit, refused with the reason and place on a unit that
/// takes none. Expected values are the prefix times the unit as the SI
/// Brochure and IEC 80000-13 define them, not the program's output.
@Suite struct PrefixedUnitTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func converted(_ value: Double, _ from: String, _ to: String) throws -> Double {
        try database.convert(value, from: from, to: to).value
    }

    @Test func aPrefixSymbolOnAUnitNoRowNames() throws {
        // No row names the hectonewton or the teraparsec.
        #expect(try database.candidates(for: "hN").isEmpty)
        #expect(try database.candidates(for: "Tpc").isEmpty)
        #expect(abs(try converted(3, "hN", "N") - 300) <= 1e-12 * 300)
        #expect(abs(try converted(1, "Tpc", "pc") - 1e12) <= 1e-12 * 1e12)
        let compound = try database.compoundUnit("hN")
        let part = try #require(compound.parts.first)
        #expect(part.prefix?.name == "hecto")
        #expect(part.unit.key == "force/newton")
        #expect(part.written == "hN")
        #expect(compound.symbol == "hN")
        #expect(compound.categories == ["force"], "a prefixed unit keeps its unit's category")
        #expect(!compound.isSingleUnit)
    }

    @Test func prefixesInsideExpressions() throws {
        // 5 kN·m = 5000 N·m = 5000 / 1.3558179483314004 lbf·ft (GNU units: 3687.81074638633).
        #expect(abs(try converted(5, "kN*m", "lbf*ft") - 3687.81074638633) <= 1e-9 * 3687.8)
        // The power applies to the prefixed unit: hm² is 10⁴ m², not 100 m².
        #expect(abs(try converted(1, "hN*hm^2", "N*m^2") - 1e6) <= 1e-9 * 1e6)
    }

    @Test func binaryPrefixesOnlyOnInformation() throws {
        #expect(try converted(2, "Kibit", "bit") == 2048)
        #expect(try converted(1, "Eibit", "bit") == 0x1p60)
        // Ki on the meter is refused, with the reason and the place.
        let database = try database
        do {
            _ = try database.compoundUnit("2*Kim/s")
            Issue.record("Kim read as a unit")
        } catch .badExpression(let text, let error) {
            #expect(text == "2*Kim/s")
            #expect(error.reason == .prefixNotTaken(prefix: "kibi", unit: "meter"))
            #expect(error.range == 2..<5)
        }
    }

    @Test func aUnitThatTakesNoPrefixIsRefused() throws {
        let database = try database
        do {
            _ = try database.compoundUnit("lbf*kft")
            Issue.record("kft read as a unit")
        } catch .badExpression(_, let error) {
            #expect(error.reason == .prefixNotTaken(prefix: "kilo", unit: "foot"))
            #expect(error.range == 4..<7)
        }
        #expect(throws: UnitDatabaseError.self) { try database.compoundUnit("kilofoot") }
    }

    @Test func aRowAlwaysWins() throws {
        // ft is the foot, never a femtotonne; kt the knot or the kilotonne rows, as names say.
        #expect(try database.compoundUnit("ft").isSingleUnit)
        #expect(try database.compoundUnit("ft").parts[0].unit.key == "length/foot")
        #expect(try database.compoundUnit("km").parts[0].prefix == nil)
    }

    @Test func prefixWordsOfEachLanguage() throws {
        // English `tera{0}`, Russian `тера{0}` (compounds.tsv, from CLDR).
        #expect(abs(try converted(2, "teranewton", "N") - 2e12) <= 1e-12 * 2e12)
        let russian = try database.compoundUnit("тераньютон", languages: ["ru"])
        #expect(russian.parts.first?.prefix?.name == "tera")
        #expect(russian.parts.first?.unit.key == "force/newton")
        // A symbol after a prefix word is not read (`kilos` is no kilosecond).
        #expect(throws: UnitDatabaseError.self) { try database.compoundUnit("teras") }
    }

    @Test func phrasesReadPrefixedUnits() throws {
        guard case .understood(let readings) = try database.parse("3 hN in newtons", languages: ["en"]) else {
            Issue.record("3 hN in newtons not understood")
            return
        }
        let reading = try #require(readings.first)
        #expect(reading.value == 3)
        #expect(reading.from.name == "hN")
        #expect(reading.targets.map(\.key) == ["force/newton"])
        // Ki on the newton reads nothing: no silent reading of another unit.
        guard case .notUnderstood = try database.parse("3 KiN in newtons", languages: ["en"]) else {
            Issue.record("3 KiN in newtons understood")
            return
        }
    }

    @Test func namesOfPrefixedUnitsComeFromTheLanguagesPatterns() throws {
        let unit = try #require(try database.units(of: try database.compoundUnit("hN")).first)
        #expect(try database.format(3, unit, language: "en").long == "3 hectonewtons")
        #expect(try database.format(3, unit, language: "ru").long == "3 гектоньютона")
    }
}
