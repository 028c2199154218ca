import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

@Suite struct LocaleReaderTests {
    func read(_ changes: [String: String] = [:]) throws -> SourceTree {
        let files = SourceFixture.validFilesWithLocales.merging(changes) { _, new in new }
        let fixture = try SourceFixture(files.filter { !$0.value.isEmpty || !changes.keys.contains($0.key) })
        defer { fixture.remove() }
        return SourceReader.read(directory: fixture.root)
    }

    func codes(_ changes: [String: String]) throws -> [DiagnosticCode] {
        try read(changes).diagnostics.map(\.code)
    }

    @Test func readsLanguagesTheirRulesAndNames() throws {
        let tree = try read()
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.languages.map(\.code) == ["en", "ru"])
        let ru = try #require(tree.languages.last)
        #expect(ru.settings?.name == "русский")
        #expect(ru.settings?.numbers.group == "\u{00A0}")
        #expect(ru.settings?.numbers.decimal == ",")
        #expect(ru.isComplete)
        #expect(ru.plurals?.categories == [.one, .few, .many, .other])
        #expect(ru.nameFiles.map(\.category) == ["length", "speed"])
        let kmh = try #require(ru.nameFiles[1].rows.first { $0.unit.value == "kilometer per hour" })
        #expect(kmh.forms[.many]?.value == "километров в час")
        #expect(kmh.symbols.map(\.value) == ["км/ч"])
        #expect(kmh.synonyms.map(\.value) == ["кмч", "км в час"])
        #expect(kmh.synonyms[1].location.column == "kilometer per hour\tкилометры в час\tкилометр в час\tкилометра в час\tкилометров в час\tкилометра в час\tкм/ч\tкмч,".unicodeScalars.count + 1)
    }

    @Test func withoutLocalesThereAreNoLanguages() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        #expect(tree.languages.isEmpty)
        #expect(tree.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("name\tx\nstatus\tdone\ndecimal\t.\ngroup\t,\n", 2, 8),
        ("name\tx\nstatus\tpartial\ndecimal\t.\ngroup\tU+ZZZZ\n", 4, 7),
        ("name\tx\nstatus\tpartial\ndecimal\t.\ngroup\t,\ngrouping\t3,0\n", 5, 10),
        ("name\tx\nstatus\tpartial\ndecimal\t.\ngroup\t,\nminimum-grouping-digits\t7\n", 5, 25),
        ("name\tx\nstatus\tpartial\ndecimal\t.\ngroup\t,\ndecmal\t,\n", 5, 1),
        ("name\tx\nstatus\tpartial\ndecimal\t.\ngroup\t,\nname\ty\n", 5, 1),
        ("name\tx\nstatus\tpartial\ndecimal\t.\n", 1, 1),
    ])
    func languageFileMistakes(file: String, line: Int, column: Int) throws {
        let tree = try read(["locales/ru/language.tsv": file])
        let found = try #require(tree.diagnostics.first)
        #expect(tree.diagnostics.count == 1)
        #expect(found.code == .invalidLanguageFile)
        #expect((found.location.line, found.location.column) == (line, column))
    }

    @Test func unknownKeySuggestsTheClosest() throws {
        let tree = try read(["locales/en/language.tsv": "name\tEnglish\nstatus\tcomplete\ndecmal\t.\ndecimal\t.\ngroup\t,\n"])
        #expect(tree.diagnostics.map(\.message) == ["unknown key 'decmal'; did you mean 'decimal'?"])
    }

    @Test func aMissingPluralsFileIsReportedAtItsPath() throws {
        let tree = try read(["locales/ru/plurals.txt": ""])
        let found = try #require(tree.diagnostics.first)
        #expect(found.code == .missingPluralRules)
        #expect(found.location.path.hasSuffix("locales/ru/plurals.txt"))
    }

    @Test func aDirectoryThatIsNotALanguageTag() throws {
        let tree = try read(["locales/Russian/language.tsv": "name\tx\n"])
        #expect(tree.diagnostics.map(\.code) == [.invalidLanguageFile])
        #expect(tree.languages.map(\.code) == ["en", "ru"])
    }

    @Test(arguments: ["en", "ru", "pt-BR", "zh-Hant", "sr-Latn-RS", "yue"])
    func validTags(code: String) { #expect(LanguageCode.isValid(code)) }

    @Test(arguments: ["", "E", "english", "en_US", "en-", "-en", "ru-Ru-x-verylongsubtag", "рус"])
    func invalidTags(code: String) { #expect(!LanguageCode.isValid(code)) }

    @Test func headerMistakes() throws {
        let rows = "meter\tметры\tметр\tметра\tметров\tметра\tм\t\n"
        #expect(
            try codes(["locales/ru/length.tsv": "unit\tdisplay\tone\tfew\tother\tsymbols\tsynonyms\n"])
                == [.missingPluralForm])
        #expect(
            try codes(["locales/ru/length.tsv": "unit\tdisplay\tone\ttwo\tfew\tmany\tother\tsymbols\tsynonyms\n"])
                == [.extraPluralForm])
        #expect(
            try codes(["locales/ru/length.tsv": "unit\tdisplay\tone\tfew\tmany\tother\tsymbol\tsynonyms\n" + rows])
                == [.invalidNamesHeader])
        #expect(
            try codes(["locales/ru/length.tsv": "unit\tdisplay\tfew\tone\tmany\tother\tsymbols\tsynonyms\n" + rows])
                == [.invalidNamesHeader])
        #expect(try codes(["locales/ru/length.tsv": rows]) == [.invalidNamesHeader])
    }

    @Test func headerHintSpellsTheExpectedHeader() throws {
        let tree = try read(["locales/ru/length.tsv": "unit\tdisplay\tone\tother\tsymbols\tsynonyms\n"])
        #expect(tree.diagnostics.map(\.code) == [.missingPluralForm, .missingPluralForm])
        #expect(
            tree.diagnostics.first?.hint
                == "the header for 'ru' is: unit TAB display TAB one TAB few TAB many TAB other TAB symbols TAB synonyms")
    }

    @Test func rowMistakesAreLocated() throws {
        let header = "unit\tdisplay\tone\tfew\tmany\tother\tsymbols\tsynonyms\n"
        let tree = try read([
            "locales/ru/length.tsv": header
                + "meter\tметры\tметр\t\tметров\tметра\tм\t\n"
                + "kilometer\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм,\t\n"
                + "foot\tфуты\tфут\tфута\tфутов\tфута\tфт\n"
        ])
        let found = tree.diagnostics.map { ($0.code, $0.location.line, $0.location.column) }
        #expect(found.count == 3)
        #expect(found[0] == (.emptyLocaleName, 2, 18))
        #expect(found[1] == (.emptyLocaleName, 3, 64))
        #expect(found[2].0 == .columnCount && found[2].1 == 4)
    }
}
