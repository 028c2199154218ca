import Foundation
import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Phrases/<lang>.tsv for de, fr, es, it, pt, pl, uk, ja, zh, ar (issue 20): at least 60
/// phrases each (issue 36: with questions, context words and number forms), in digits and number words, both orders, case forms, a
/// question, a mixed quantity, numbers as the language writes them; every one
/// must read as its line says (the first reading), as in PhraseCorpusTests.
/// Then each language's own number forms (`1.500`, `1,5`, `1 500,5`), and no
/// number that reads two ways picked in silence.
@Suite struct LanguageCorpusTests {
    static let languages = ["de", "fr", "es", "it", "pt", "pl", "uk", "ja", "zh", "ar"]

    static var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    @Test(arguments: languages) func everyPhraseOfTheLanguageReadsAsExpected(_ language: String) throws {
        let cases = try PhraseCorpusTests.cases(in: "\(language).tsv")
        #expect(cases.count >= 60, "\(language).tsv has \(cases.count) phrases, fewer than 60 (issue 36)")
        try PhraseCorpusTests.expectEveryPhraseReads(cases, in: Self.database)
    }

    /// A phrase in each language with a number that reads two ways: its
    /// words decide (German and the others group with `.`; English and, with
    /// `,` as its decimal, Polish and the Romance languages read `1,500` as
    /// 1.5), whatever else is asked.
    @Test(arguments: [
        ("1.500 Meter in Fuß", "de", 1500.0), ("1,500 Meter in Fuß", "de", 1.5),
        ("1.500 mètres en pieds", "fr", 1500), ("1,500 mètres en pieds", "fr", 1.5),
        ("1.500 metros en pies", "es", 1500), ("1,500 metros en pies", "es", 1.5),
        ("1.500 metri in piedi", "it", 1500), ("1,500 metri in piedi", "it", 1.5),
        ("1.500 metros em pés", "pt", 1500), ("1,500 metros em pés", "pt", 1.5),
        ("1.500 metra w stopach", "pl", 1500), ("1,500 metra w stopach", "pl", 1.5),
        ("1,500 feet in meters", "en", 1500), ("1.500 feet in meters", "en", 1.5),
        ("1,500 метров в футах", "ru", 1.5), ("1.500 метров в футах", "ru", 1500),
        ("1,500 кілометра у метрах", "uk", 1.5), ("1.500 кілометрів у метрах", "uk", 1500),
    ])
    func theWordsOfThePhraseDecideHowItsNumberReads(_ phrase: String, _ language: String, _ value: Double) throws {
        for languages in [[language], ["en"] + Self.languages + ["ru"]] {
            let result = try Self.database.parse(phrase, languages: languages)
            #expect(result.readings.first?.value == value, "\(phrase) [\(languages)]")
            #expect(result.ambiguity == nil, "\(phrase) [\(languages)]: its words decide")
            #expect(result.readings.first?.separatorLanguages.contains(language) == true)
        }
    }

    /// Forms that read one way read so in every language: both separators,
    /// a decimal fraction that cannot be a group, grouping by spaces.
    @Test(arguments: ["en", "de", "fr", "es", "it", "pt", "pl", "ru", "uk"])
    func unambiguousFormsReadAsWrittenInEveryLanguage(_ language: String) throws {
        for (text, value) in [
            ("1.500,5 m", 1500.5), ("1,500.5 m", 1500.5), ("1,5 m", 1.5), ("0.75 m", 0.75), ("0,750 m", 0.75),
            ("1 500,5 m", 1500.5), ("1\u{A0}500,5 m", 1500.5), ("1\u{202F}500,5 m", 1500.5), ("1.500.000 m", 1_500_000),
        ] {
            let result = try Self.database.parse(text, languages: [language])
            #expect(result.readings.first?.value == value, "\(text) [\(language)]")
            #expect(result.ambiguity == nil, "\(text) [\(language)]")
        }
    }

    /// `1.500 m in ft` with English and German asked: symbols are every
    /// language's, `in` is both languages' marker, so nothing decides; both
    /// readings are there, marked, never one in silence.
    @Test func aNumberNothingDecidesIsAmbiguous() throws {
        let result = try Self.database.parse("1.500 m in ft", languages: ["en", "de"])
        let ways = try #require(result.ambiguity)
        #expect(ways.map(\.value) == [1.5, 1500], "English first, as asked")
        #expect(ways.map(\.separatorLanguages) == [["en"], ["de"]])
        let german = try #require(try Self.database.parse("1.500 m in ft", languages: ["de", "en"]).ambiguity)
        #expect(german.map(\.value) == [1500, 1.5])
        // One language asked decides.
        #expect(try Self.database.parse("1.500 m in ft", languages: ["de"]).ambiguity == nil)
        #expect(try Self.database.parse("1.500 m in ft", languages: ["de"]).readings.first?.value == 1500)
    }

    /// Numbers written as one word split into the table's words by longest
    /// match; the French tens by twenty; a multiplier after a larger one.
    @Test func numbersWrittenAsTheLanguagesWriteThem() throws {
        let words = try Self.database.phraseWords(["de", "fr", "it"])
        #expect(words.split(folded: "einundzwanzig") == ["ein", "und", "zwanzig"])
        #expect(words.split(folded: "meter") == nil)
        for (text, value) in [
            ("einundzwanzig", 21.0), ("dreiundvierzig", 43), ("zweihundertfünfzig", 250), ("hundertundeins", 101),
            ("zweitausenddreihundertvierundfünfzig", 2354), ("zweieinhalb", 2.5), ("dreiviertel", 0.75),
            ("soixante-dix", 70), ("soixante et onze", 71), ("quatre-vingts", 80), ("quatre-vingt-dix-neuf", 99),
            ("deux cent quatre-vingt-dix", 290), ("ventotto", 28), ("duemila", 2000),
        ] {
            let parts = text.split(separator: " ").flatMap { $0.split(separator: "-") }.flatMap { part in
                words.split(folded: String(part)) ?? [String(part)]
            }
            #expect(words.value(of: parts) == value, "\(text)")
        }
        // A ten after a unit joins only with `und` and only after one unit word.
        #expect(words.value(of: ["ein", "zwanzig"]) == nil)
        #expect(words.value(of: ["hundert", "und", "zwanzig"]) == 120)
        #expect(words.value(of: ["zwanzig", "und", "dreißig"]) == nil)
        // `room` is no number: `vingt` alone is 20, `soixante` leaves room for 19 only.
        #expect(words.value(of: ["soixante", "vingt"]) == nil)
    }
}
