import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: a word after a unit's name that says its system (kind
/// `system` of words.tsv) decides the unit; far from the name, among
/// context, it still does, as a guess shown (docs/phrases.md, "System words").
@Suite struct SystemWordsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func guesses(_ text: String, _ languages: [String]) throws -> [PhraseGuess.Kind] {
        guard case .understood(let readings) = try database.parse(text, languages: languages) else { return [] }
        return readings[0].guesses.map(\.kind)
    }

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
        // `gold` apart from the name: the troy ounce still, a guess shown; never the avoirdupois ounce.
        #expect(try first("1 oz gold in g", ["en"]) == "1.0 mass/troy ounce -> mass/gram")
        #expect(try guesses("1 oz gold in g", ["en"]) == [.context, .system])
        #expect(try first("٣ أونصات ذهب كم غرام", ["ar"]) == "3.0 mass/troy ounce -> mass/gram")
        #expect(try first("3 Unzen Gold in Gramm", ["de"]) == "3.0 mass/troy ounce -> mass/gram")
        // A gram has no troy unit by its side: only the target is read so.
        #expect(try first("10 g gold in ounces", ["en"]) == "10.0 mass/gram -> mass/troy ounce")
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

    @Test func aSystemWordAmongContextSaysTheSystem() throws {
        // `flurb` names nothing: `(uk)` after it still says the imperial mpg, never read without it.
        #expect(try first("45 mpg flurb (uk) in l/100km", ["en"])
            == "45.0 fuel-consumption/mile per imperial gallon -> fuel-consumption/liter per 100 kilometers")
        #expect(try guesses("45 mpg flurb (uk) in l/100km", ["en"]) == [.context, .system])
        // A recipe's country before the quantity: its cup (the Japanese cup is 200 ml, the US one 236.6 ml).
        #expect(try first("アメリカのレシピの1カップは何ml", ["ja"]) == "1.0 volume/US cup -> volume/milliliter")
        #expect(try first("1カップは何ml", ["ja"]) == "1.0 volume/Japanese cup -> volume/milliliter")
        #expect(try first("uk recipe 2 cups in ml", ["en"]) == "2.0 volume/imperial cup -> volume/milliliter")
        #expect(try first("receta americana: 3/4 taza de leche en mililitros", ["es"]) == "0.75 volume/US cup -> volume/milliliter")
        // A unit with no unit of that system by its side stays as it is.
        #expect(try first("recette américaine : 200 g de farine en onces", ["fr"]) == "200.0 mass/gram -> mass/ounce")
        #expect(try guesses("recette américaine : 200 g de farine en onces", ["fr"]) == [.context, .context])
        // Words of two systems say none: the units as written.
        #expect(try first("american or uk recipe 2 cups in ml", ["en"]) == "2.0 volume/US cup -> volume/milliliter")
        let words = try database.phraseWords(["en"])
        #expect(words.systems.contains { $0.word == "uk" && $0.value == 1 })
        #expect(PhraseReader.withoutBrackets("(uk)") == "uk" && PhraseReader.withoutBrackets("uk") == "uk")
    }
}
