import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `format` against a database built with English, Russian and a partial
/// German: plural forms by the digits shown, separators, fallbacks.
@Suite struct LocalizedFormattingTests {
    let fixture: SourceFixture
    let database: UnitDatabase

    static let german: [String: String] = [
        "locales/de/language.tsv": "name\tDeutsch\nstatus\tpartial\ndecimal\t,\ngroup\t.\n",
        "locales/de/plurals.txt": "one: i = 1 and v = 0 @integer 1\nother: @integer 0, 2~16 @decimal 0.0~1.5\n",
        "locales/de/length.tsv": "unit\tdisplay\tone\tother\tsymbols\tsynonyms\nmeter\tMeter\tMeter\tMeter\t\tMetre\n",
    ]

    init() throws {
        fixture = try SourceFixture(SourceFixture.validFilesWithLocales.merging(Self.german) { a, _ in a })
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        database = try UnitDatabase(directory: fixture.path("dist"))
    }

    func long(_ value: Double, _ unit: String, _ language: String, digits: Int = 6) throws -> String {
        try database.format(
            value, database.unit(named: unit), language: language,
            options: .init(significantDigits: digits)
        ).long
    }

    @Test(arguments: [
        (1.0, "1 метр"), (2, "2 метра"), (5, "5 метров"), (21, "21 метр"), (11, "11 метров"), (1.5, "1,5 метра"),
        (1234.5, "1\u{00A0}234,5 метра"), (22, "22 метра"), (111, "111 метров"), (0, "0 метров"),
        (1.0000001, "1 метр"),
    ])
    func russianFormsFollowTheDigitsShown(value: Double, expected: String) throws {
        #expect(try long(value, "meter", "ru") == expected)
    }

    @Test func englishFormsAndGrouping() throws {
        #expect(try long(1, "ft", "en") == "1 foot")
        #expect(try long(1234.5, "ft", "en") == "1,234.5 feet")
        #expect(try long(0.9999999, "m", "en") == "1 meter", "rounded to 1 before the form is chosen")
        #expect(try long(0.9999999, "m", "en", digits: 7) == "0.9999999 meters")
    }

    @Test func trailingZerosShownChangeTheCategory() throws {
        let shown = try database.format(
            1, database.unit(named: "m"), language: "en",
            options: .init(significantDigits: 6, minimumFractionDigits: 1))
        #expect(shown.long == "1.0 meters")
        #expect(shown.pluralCategory == .other)
    }

    @Test func symbolFormUsesTheLanguagesSymbol() throws {
        let russian = try database.format(90, database.unit(named: "km/h"), language: "ru")
        #expect(russian.short == "90 км/ч")
        #expect(russian.long == "90 километров в час")
        let english = try database.format(90, database.unit(named: "km/h"), language: "en")
        #expect(english.short == "90 km/h")
        #expect(try database.format(3, database.unit(named: "knot"), language: "en").short == "3 kn")
    }

    @Test func veryLargeValuesUseScientificFormAndItsCategory() throws {
        let large = try database.format(1.5e20, database.unit(named: "m"), language: "ru")
        #expect(large.number == "1,5 × 10²⁰")
        // Operands of 1.5c20 (CLDR's compact form): an integer, so Russian says
        // "метров", as it does after "1,5 миллиона".
        #expect(large.long == "1,5 × 10²⁰ метров")
        #expect(large.pluralCategory == .many)
    }

    @Test func aPartialLanguageFallsBackToEnglishWords() throws {
        let meter = try database.format(1234.5, database.unit(named: "m"), language: "de")
        #expect(meter.long == "1.234,5 Meter")
        #expect(meter.nameLanguage == "de")
        let foot = try database.format(1, database.unit(named: "ft"), language: "de")
        #expect(foot.long == "1 foot", "English word, English plural rules, German digits")
        #expect(foot.nameLanguage == "en")
        #expect(try database.language("de").isComplete == false)
    }

    @Test func aRegionalTagFallsBackToItsLanguage() throws {
        #expect(try database.language("ru-RU").code == "ru")
        #expect(try long(5, "m", "ru-RU") == "5 метров")
    }

    @Test func anUnknownLanguageListsTheAvailableOnes() throws {
        #expect(throws: UnitDatabaseError.unknownLanguage("fr", available: ["de", "en", "ru"])) {
            try database.language("fr")
        }
    }

    @Test func namesCarryEveryFormAndTheDisplayName() throws {
        let names = try database.names(of: database.unit(named: "km/h"), in: "ru")
        #expect(names.display == "километры в час")
        #expect(names.forms == [.one: "километр в час", .few: "километра в час", .many: "километров в час",
                                .other: "километра в час"])
        #expect(names.symbol == "км/ч")
    }

    @Test func localizedWordsFindUnits() throws {
        #expect(try database.unit(named: "метров").name == "meter")
        #expect(try database.unit(named: "кмч").name == "kilometer per hour")
        #expect(try database.unit(named: "metres").name == "meter")
    }
}

/// Damaged language rows give `.damaged`, never a crash or a wrong word.
@Suite struct CorruptLanguageTests {
    func database(after sql: String) throws -> (SourceFixture, UnitDatabase) {
        try database { try $0.execute(sql) }
    }

    func database(editedBy edit: (Connection) throws -> Void) throws -> (SourceFixture, UnitDatabase) {
        let fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            try edit(connection)
        }
        return (fixture, try UnitDatabase(path: path))
    }

    @Test func pluralRulesThatDoNotParse() throws {
        // With its checksum recomputed: only the sanity check can tell.
        let (fixture, database) = try database(editedBy: {
            try DatabaseProofTests.set($0, "languages", where: "code = 'ru'", "plural_rules", to: .text("one: i = = 1"))
        })
        defer { fixture.remove() }
        #expect {
            try database.language("ru")
        } throws: { error in
            guard case .damaged(_, .unreadablePluralRules(language: "ru", _)) = error as? UnitDatabaseError else { return false }
            return true
        }
        #expect(try database.language("en").code == "en", "other languages still work")
    }

    @Test func anUnknownNameForm() throws {
        var metre = 0
        let (fixture, database) = try database { connection in
            metre = try UnitWordsEdit.unit(connection, named: "meter")
            try UnitWordsEdit.rename(connection, unit: metre, language: "ru", form: "few", to: "several")
        }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .unknownValue(table: "unit_words", column: "form", key: "\(metre) ru", value: "several"))) {
            try database.format(2, database.unit(named: "m"), language: "ru")
        }
    }

    @Test func aUnitWithoutItsOtherForm() throws {
        var metre = 0
        let (fixture, database) = try database { connection in
            metre = try UnitWordsEdit.unit(connection, named: "meter")
            try UnitWordsEdit.remove(connection, unit: metre, language: "ru", form: "other")
        }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .missingWords(unit: metre, language: "ru", form: "other"))) {
            try database.format(2, database.unit(named: "m"), language: "ru")
        }
    }
}
