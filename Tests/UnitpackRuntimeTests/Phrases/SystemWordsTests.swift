import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: a word after a unit's name that says its system (kind
/// `system` of words.tsv) decides the unit, and is never left out as
/// context (docs/phrases.md, "System words").
@Suite struct SystemWordsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func first(_ text: String, _ languages: [String]) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            return "\(reading.value) \(reading.from.key)" + (reading.to.map { " -> \($0.key)" } ?? "")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func theWordOfASystemPicksItsUnit() throws {
        // `mpg (uk)` reads as `mpg (imp)`, a symbol of the imperial mpg: not the US mpg with `(uk)` left out.
        #expect(try first("45 mpg (uk) in l/100km", ["en"]) == "45.0 fuel-consumption/mile per imperial gallon -> fuel-consumption/liter per 100 kilometers")
        #expect(try first("45 mpg (us) in l/100km", ["en"]) == "45.0 fuel-consumption/mile per US gallon -> fuel-consumption/liter per 100 kilometers")
        // Before the other words too: `gallon (uk)` is the imperial gallon.
        #expect(try first("1 gallon (uk) in liters", ["en"]) == "1.0 volume/imperial gallon -> volume/liter")
        #expect(try first("una pinta inglese in ml", ["it"]) == "1.0 volume/imperial pint -> volume/milliliter")
        // No name with another word: the units of that system the other words name.
        #expect(try first("1 galão americano em litros", ["pt"]) == "1.0 volume/US gallon -> volume/liter")
    }

    /// Precious metals are weighed in troy units: their words are of system 3, with `troy`.
    @Test func anOunceOfGoldIsATroyOunce() throws {
        #expect(try first("an ounce of gold in grams", ["en"]) == "1.0 mass/troy ounce -> mass/gram")
        #expect(try first("una onza de oro en gramos", ["es"]) == "1.0 mass/troy ounce -> mass/gram")
        #expect(try first("一盎司黄金等于多少克", ["zh"]) == "1.0 mass/troy ounce -> mass/gram")
        #expect(try first("1 унция золота в граммах", ["ru"]) == "1.0 mass/troy ounce -> mass/gram")
        // No troy name from the words: refused, never the avoirdupois ounce with `gold` left out.
        #expect(try first("1 oz gold in g", ["en"]).hasPrefix("not understood"))
        #expect(try first("2 ounces in grams", ["en"]) == "2.0 mass/ounce -> mass/gram")
    }

    /// A unit's name in an asked language is never context (`ora`, the
    /// Italian hour), nor is a phrase word ever corrected into one.
    @Test func aNameIsNoContext() throws {
        #expect(try first("1 ounce ora in grams", ["en", "it"]).hasPrefix("not understood"))
        // A symbol or a synonym may be context (`ha`: the hectare's symbol), and a phrase word (`drop`).
        #expect(try first("una pizza ha 800 kcal, quanti kJ sono?", ["it"]).hasPrefix("800.0 energy/"))
        #expect(try first("temps will drop by 15 °F tonight, how much is that in °C", ["en"])
            == "15.0 temperature-difference/degree Fahrenheit (difference) -> temperature-difference/degree Celsius (difference)")
    }

    @Test func aSystemWordIsNoContext() throws {
        // `flurb` names nothing: with `(uk)` after it, the phrase is refused, never read without it.
        #expect(try first("45 mpg flurb (uk) in l/100km", ["en"]).hasPrefix("not understood"))
        let words = try database.phraseWords(["en"])
        #expect(words.systems.contains { $0.word == "uk" && $0.value == 1 })
        #expect(PhraseReader.withoutBrackets("(uk)") == "uk" && PhraseReader.withoutBrackets("uk") == "uk")
    }
}
