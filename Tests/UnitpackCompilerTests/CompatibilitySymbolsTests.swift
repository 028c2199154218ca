import Testing
import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

@testable import UnitpackCompiler

/// Issue 36: a unit's symbol as one of Unicode's compatibility characters
/// writes it (`㎡`, `㎏`, `℃`, `ℓ`) is one more symbol of the unit
/// (docs/database.md, `names.lang`), found by NFKC at build time.
@Suite struct CompatibilitySymbolsTests {
    @Test func aCharacterWhoseDecompositionIsASymbolIsThatSymbol() {
        #expect(CompatibilitySymbols.characters(writing: ["m²", "m^2"]) == ["㎡"])
        #expect(CompatibilitySymbols.characters(writing: ["kg"]) == ["㎏"])
        #expect(CompatibilitySymbols.characters(writing: ["°C"]) == ["℃"])
        #expect(CompatibilitySymbols.characters(writing: ["L", "l"]) == ["ℓ"])
        // The micro sign and the Greek mu decompose alike: `µg` is `㎍`.
        #expect(CompatibilitySymbols.characters(writing: ["µg"]) == ["㎍"])
        // The ohm sign (U+2126) is the Greek capital omega by NFC, as every lookup folds: no row.
        #expect(CompatibilitySymbols.characters(writing: ["Ω"]).isEmpty)
    }

    @Test func lettersOfMathematicsAreNoUnits() {
        // `ℂ` (the complex numbers) decomposes to `C`, the coulomb's symbol: no symbol of it.
        #expect(CompatibilitySymbols.characters(writing: ["C"]).isEmpty)
        #expect(CompatibilitySymbols.characters(writing: ["N"]).isEmpty)
        // A symbol that is its own character adds nothing.
        #expect(CompatibilitySymbols.characters(writing: ["℃", "°C"]).isEmpty)
    }

    @Test func theDatabaseReadsThem() throws {
        let database = try RepositoryBuild.database()
        #expect(try database.candidates(for: "㎡").map(\.key) == ["area/square meter"])
        #expect(try database.candidates(for: "㎞").map(\.key) == ["length/kilometer"])
        #expect(try database.candidates(for: "\u{2126}").map(\.key) == ["resistance/ohm"])
        guard case .understood(let readings) = try database.parse("100㎡は何坪", languages: ["ja"]), let reading = readings.first else {
            Issue.record("not understood")
            return
        }
        #expect(reading.value == 100 && reading.from.key == "area/square meter" && reading.to?.key == "area/tsubo")
    }
}
