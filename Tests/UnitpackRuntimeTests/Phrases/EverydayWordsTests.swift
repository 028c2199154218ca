import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// A unit's plain word that people mean another unit by (`relations.tsv`,
/// `everyday`): `2000 calories` are food calories, the calorie the other
/// reading, the guess shown (docs/phrases.md, "Guesses").
@Suite struct EverydayWordsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func readings(_ text: String, _ languages: [String]) throws -> [PhraseReading] {
        guard case .understood(let readings) = try database.parse(text, languages: languages) else { return [] }
        return readings
    }

    @Test func theCaloriesOfFoodLabels() throws {
        for (text, language) in [("2000 calories in kJ", "en"), ("1.200 calorias em kJ", "pt"), ("2000 Kalorien in kJ", "de"), ("2000 калорий в кДж", "ru")] {
            let found = try readings(text, [language])
            #expect(found.first?.from.key == "energy/food calorie", "\(text)")
            #expect(found.first?.guesses.map(\.kind).last == .everyday, "\(text)")
            // The calorie as written is the next reading.
            #expect(found.dropFirst().first?.from.key == "energy/calorie", "\(text)")
        }
        // As the target too.
        #expect(try readings("how many calories in 100 kJ", ["en"]).first?.to?.key == "energy/food calorie")
    }

    @Test func theSymbolAndTheNamesThatSayMoreStay() throws {
        for text in ["500 cal in kJ", "1 small calorie in J", "1 gram calorie in J"] {
            let found = try readings(text, ["en"])
            #expect(found.first?.from.key == "energy/calorie", "\(text)")
            #expect(found.first?.guesses.isEmpty == true, "\(text)")
        }
        #expect(try readings("1 kcal in kJ", ["en"]).first?.from.key == "energy/kilocalorie")
    }

    @Test func aGermanPoundIsHalfAKilogram() throws {
        let german = try readings("2 Pfund Hackfleisch in Gramm", ["de"])
        #expect(german.first?.from.key == "mass/metric pound")
        #expect(german.first?.guesses.map(\.kind) == [.context, .everyday])
        #expect(german.dropFirst().first?.from.key == "mass/pound")
        // The row's language only: the English word and the symbol stay the pound.
        #expect(try readings("2 pounds in grams", ["en"]).first?.from.key == "mass/pound")
        #expect(try readings("2 lb Hackfleisch in Gramm", ["de"]).first?.from.key == "mass/pound")
        // A symbol beside the word says which pound.
        #expect(try readings("1 Pfund (lb) in Gramm", ["de"]).first?.from.key == "mass/pound")
    }

    @Test func theDataSaysWhichUnitsAreMeantEveryDay() throws {
        let calorie = try database.unit(key: "energy/calorie")
        #expect(try database.everydayReading(of: calorie)?.unit.key == "energy/food calorie")
        #expect(try database.everydayReading(of: calorie)?.languages == [])
        #expect(try database.everydayReading(of: try database.unit(key: "mass/pound"))?.languages == ["de"])
        #expect(try database.everydayReading(of: try database.unit(key: "energy/joule")) == nil)
        #expect(PhraseGuess(kind: .everyday, word: "calories", readAs: "food calorie").description
            == "a guess: 'calories' read as 'food calorie', as the word is meant every day")
    }
}
