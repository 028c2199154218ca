import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The significant digits a number was typed with, carried from the number
/// reader through a phrase's reading (docs/phrases.md, Precision).
@Suite struct TypedDigitsTests {
    @Test(arguments: [
        ("1234567.5", 8), ("-1234567.5", 8), ("9999999", 7), ("100000.5", 7), ("1200", 4), ("0.0150", 3), ("0", 1),
        ("0.000", 1), (".5", 1), ("1.5e3", 2), ("1E-3", 1), ("+007", 1), ("\u{2212}40", 2),
    ])
    func aLiteralsDigits(text: String, digits: Int) {
        #expect(NumberReader.significantDigits(in: text) == digits, "\(text)")
    }

    @Test func notADecimalLiteralHasNoDigits() {
        for text in ["0x1F", "inf", "nan", "1/2", "", ".", "1.2.3", "½", "e5"] {
            #expect(NumberReader.significantDigits(in: text) == nil, "\(text)")
        }
    }

    @Test func theReaderCountsWhatItReads() {
        func digits(_ text: String, decimal: Character = ".") -> [Int?] {
            NumberReader(decimalSeparator: decimal).readings(Substring(text)).map(\.significantDigits)
        }
        #expect(digits("1234567.5 m") == [8])
        #expect(digits("1 234 567,5 m", decimal: ",") == [8])
        #expect(digits("1,234 m") == [4, 4])
        #expect(digits("1.5×10^3 m") == [2])
        #expect(digits("3 1/2 in") == [nil])
        #expect(digits("½ in") == [nil])
        #expect(digits("1½ in") == [nil])
    }

    @Test func aReadingCarriesItsPartsDigits() throws {
        let database = try RepositoryBuild.database()
        func digits(_ phrase: String, languages: [String] = ["en"]) throws -> [Int?] {
            let readings = try database.parse(phrase, languages: languages).readings
            #expect(!readings.isEmpty, "\(phrase)")
            return readings.first.map { $0.parts.map(\.significantDigits) + [$0.significantDigits] } ?? []
        }
        #expect(try digits("1234567.5 m in ft") == [8, 8])
        #expect(try digits("1.5 million m in km") == [2, 2])
        #expect(try digits("thirty-four feet in meters") == [nil, nil])
        #expect(try digits("6 ft 2.25 in in cm") == [1, 3, 3])
        #expect(try digits("five feet 2.5 in") == [nil, 2, 2])
        #expect(try digits("5'8\" in cm") == [nil, nil, nil])
        #expect(try digits("12.50 oz in ml") == [4, 4])
        #expect(try digits("1 234,5 метра в футах", languages: ["ru"]) == [5, 5])
    }
}

/// `language(_:)` is BCP 47 lookup: any case, `_` as `-`, subtags dropped.
@Suite struct LanguageLookupTests {
    @Test func tagsMatchAsBCP47LookupDoes() throws {
        let database = try RepositoryBuild.database()
        for tag in ["ru", "RU", "ru-RU", "ru_RU", "Ru-Cyrl-RU", "ru-ru-x-private"] {
            #expect(try database.language(tag).code == "ru", "\(tag)")
        }
        #expect(try database.language("EN-us").code == "en")
        #expect(throws: UnitDatabaseError.self) { try database.language("xx") }
        #expect(throws: UnitDatabaseError.self) { try database.language("r") }
        do {
            _ = try database.language("xx-RU")
            Issue.record("xx-RU is no language of the database")
        } catch .unknownLanguage(let code, let available) {
            #expect(code == "xx-RU")
            #expect(available.contains("ru") && available.contains("en"))
        }
    }

    @Test func regionCodesAndUsages() throws {
        #expect(UnitDatabase.regionCode("us") == "US")
        #expect(UnitDatabase.regionCode("Gb") == "GB")
        #expect(UnitDatabase.regionCode("001") == "001")
        for bad in ["USA", "u", "", "metric", "0001", "U1", "ü1"] { #expect(UnitDatabase.regionCode(bad) == nil, "\(bad)") }
        let database = try RepositoryBuild.database()
        let usages = try database.usages()
        #expect(usages.contains("default") && usages.contains("person-height") && usages.contains("road"))
        #expect(try database.knownUsage("Person-Height") == "person-height")
        #expect(try database.knownUsage("road-small") == "road-small")
        #expect(try database.knownUsage("roadx") == nil)
    }
}
