import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: the kinds blind-6's first measure refused or misread, each a
/// rule or a word of a language (docs/phrases.md): a pace from parts of
/// time (`4 min 30 au km`), a pace target as its unit, an article before
/// the number after a target named first, a difference word that ends the
/// phrase or follows the quantity, a minus of one word after the quantity,
/// words joined by hyphens read apart, the phrase's languages by the most
/// words.
@Suite struct BlindSixKindsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `ContextWordsTests.first`: `value from -> to [left out: words]`.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        try ContextWordsTests().first(text, languages)
    }

    @Test func partsOfTimePerALengthAreAPace() throws {
        #expect(try first("4 min 30 au km en km/h", ["fr"]) == "4.5 speed/minutes per kilometer -> speed/kilometer per hour")
        #expect(try first("4min30 au km en km/h", ["fr"]) == "4.5 speed/minutes per kilometer -> speed/kilometer per hour")
        // Italian `al` is `per` (a word of `words.tsv`), not the light-year's `al`.
        #expect(try first("5 minuti al km in minuti al miglio", ["it"]) == "5.0 speed/min/km -> speed/minutes per mile")
        #expect(try first("5 al in km", ["it"]) == "5.0 length/light-year -> length/kilometer")
        // Parts of length per a length are no pace.
        #expect(try first("5 ft 3 per second in m/s", ["en"]).hasPrefix("not understood"))
    }

    @Test func aPaceTargetIsItsUnit() throws {
        #expect(try first("5 min per km in min per mile", ["en"]) == "5.0 speed/min/km -> speed/minutes per mile")
        #expect(try first("ritmo de 6 min por km en min por milla", ["es"]) == "6.0 speed/min/km -> speed/minutes per mile [left out: ritmo de]")
    }

    @Test func anArticleBeforeTheNumberLeadsOnToIt() throws {
        #expect(try first("how many liters in a 5 gallon bucket", ["en"]) == "5.0 volume/US gallon -> volume/liter [left out: bucket]")
        #expect(try first("how many feet in a mile", ["en"]) == "1.0 length/mile -> length/foot")
    }

    @Test func aDifferenceWordAfterTheQuantity() throws {
        #expect(
            try first("5 °C in °F difference", ["en"])
                == "5.0 temperature-difference/degree Celsius (difference) -> temperature-difference/degree Fahrenheit (difference)")
        #expect(
            try first("5℃は華氏で何度の差", ["ja"])
                == "5.0 temperature-difference/degree Celsius (difference) -> temperature-difference/degree Fahrenheit (difference)")
        #expect(
            try first("the temperature dropped 15 degrees celsius, how much is that change in fahrenheit", ["en"])
                == "15.0 temperature-difference/degree Celsius (difference) -> temperature-difference/degree Fahrenheit (difference)"
                + " [left out: the temperature dropped | how much is that change]")
    }

    @Test func aMinusOfOneWordAfterTheQuantity() throws {
        #expect(try first("25 °C мороза в фаренгейтах", ["ru"]) == "-25.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        // Before a number it is that number's sign, no minus of the first part.
        #expect(try first("минус 5 °C в F", ["ru", "en"]) == "-5.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
    }

    @Test func wordsJoinedByHyphensAreReadApart() throws {
        #expect(try first("1 US-Gallone in Liter", ["de", "en"]) == "1.0 volume/US gallon -> volume/liter")
        #expect(try first("5 ватт-секунд в джоулях", ["ru"]) == "5.0 energy/W·s -> energy/joule")
    }

    @Test func theLanguagesMostWordsAreOfDecideTheSeparator() throws {
        #expect(try first("42,195 км у милях") == "42.195 length/kilometer -> length/mile")
        // Words of languages that read it both ways stay ambiguous.
        #expect(try database.parse("1.500 m in ft", languages: ["en", "de"]).ambiguity != nil)
    }
}
