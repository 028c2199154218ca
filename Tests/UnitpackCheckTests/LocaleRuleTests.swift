import Foundation
import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// The locale rules on a tree with English and Russian names, valid but for one mistake.
@Suite struct LocaleRuleTests {
    static let ruHeader = "unit\tdisplay\tone\tfew\tmany\tother\tsymbols\tsynonyms\n"

    func tree(_ changes: [String: String]) throws -> SourceTree {
        let files = SourceFixture.validFilesWithLocales.merging(changes) { _, new in new }
        let fixture = try SourceFixture(files.filter { !$0.value.isEmpty })
        defer { fixture.remove() }
        return SourceReader.read(directory: fixture.root)
    }

    func diagnostics(_ changes: [String: String]) throws -> [Diagnostic] {
        Checker.check(try tree(changes))
    }

    @Test func theValidTreeWithLocalesIsClean() throws {
        #expect(try diagnostics([:]).map(\.rendered) == [])
    }

    @Test func aNamesFileForAnUnknownCategory() throws {
        let found = try diagnostics([
            "locales/ru/lenght.tsv": Self.ruHeader
        ])
        #expect(found.map(\.code) == [.unknownLocaleCategory])
        #expect(found.first?.hint == "did you mean 'length.tsv'?")
    }

    @Test func anUnknownUnitSuggestsTheClosest() throws {
        let found = try diagnostics([
            "locales/ru/length.tsv": Self.ruHeader
                + "meter\tметры\tметр\tметра\tметров\tметра\tм\t\n"
                + "kilometre\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм\t\n"
                + "foot\tфуты\tфут\tфута\tфутов\tфута\tфт\t\n"
        ])
        // The misspelt row does not name 'kilometer', and ru is complete.
        #expect(found.map(\.code) == [.incompleteLanguage, .unknownLocaleUnit])
        let unknown = try #require(found.last)
        #expect(unknown.hint == "did you mean 'kilometer'?")
        #expect((unknown.location.line, unknown.location.column) == (3, 1))
    }

    @Test func aUnitNamedTwice() throws {
        let found = try diagnostics([
            "locales/en/length.tsv": "unit\tdisplay\tone\tother\tsymbols\tsynonyms\n"
                + "meter\tmeters\tmeter\tmeters\t\t\nkilometer\tkilometers\tkilometer\tkilometers\t\t\n"
                + "foot\tfeet\tfoot\tfeet\t\t\nmeter\tmetres\tmetre\tmetres\t\t\n"
        ])
        #expect(found.map(\.code) == [.unitNamedTwice])
        #expect(found.first?.notes.first?.location.line == 2)
    }

    @Test func oneWordForTwoUnitsIsAmbiguousWithBothPlaces() throws {
        let found = try diagnostics([
            "locales/ru/length.tsv": Self.ruHeader
                + "meter\tметры\tметр\tметра\tметров\tметра\tм\t\n"
                + "kilometer\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм\tМетр\n"
                + "foot\tфуты\tфут\tфута\tфутов\tфута\tм\t\n"
        ])
        #expect(found.map(\.code) == [.ambiguousLocaleName, .ambiguousLocaleName])
        #expect(found[0].message == "the word 'Метр' names both 'meter' and 'kilometer' in 'length' (ru)")
        #expect(found[0].notes.first.map { ($0.location.line, $0.location.column) }! == (2, 13))
        #expect(found[1].message == "the symbol 'м' names both 'meter' and 'foot' in 'length' (ru)")
    }

    @Test func theSameWordInTwoCategoriesOrTwoLanguagesIsFine() throws {
        let found = try diagnostics([
            "locales/ru/speed.tsv": Self.ruHeader
                + "meter per second\tметры в секунду\tметр в секунду\tметра в секунду\tметров в секунду\tметра в секунду\tм/с\tметр\n"
                + "knot\tузлы\tузел\tузла\tузлов\tузла\tуз\tknot\n"
                + "kilometer per hour\tкилометры в час\tкилометр в час\tкилометра в час\tкилометров в час\tкилометра в час\tкм/ч\t\n"
                + "minutes per kilometer\tминуты на километр\tминута на километр\tминуты на километр\tминут на километр\tминуты на километр\tмин/км\t\n"
        ])
        #expect(found.map(\.code) == [])
    }

    @Test func aCompleteLanguageMustNameEveryUnit() throws {
        let found = try diagnostics([
            "locales/ru/length.tsv": Self.ruHeader + "meter\tметры\tметр\tметра\tметров\tметра\tм\t\n",
            "locales/ru/speed.tsv": "",
        ])
        #expect(found.map(\.code) == [.incompleteLanguage, .incompleteLanguage, .incompleteLanguage])
        #expect(found.map(\.message).contains("'ru' is complete but does not name 'foot'"))
        #expect(found.map(\.message).contains("'ru' is complete but has no names for 'speed' (4 units)"))
    }

    /// E723: a comment-only file has no header, so the per-unit check (E719)
    /// skipped it and the language named none of the category's units.
    @Test func aCompleteLanguageWithAnEmptyNamesFile() throws {
        for empty in ["# Названия скоростей: потом\n", "\n\n"] {
            let found = try diagnostics(["locales/ru/speed.tsv": empty])
            #expect(found.map(\.code) == [.emptyNamesFile])
            #expect(found.first?.location.path.hasSuffix("locales/ru/speed.tsv") == true)
            #expect(found.first?.location.line == 1)
            #expect(found.first?.message == "'ru' is complete but its names file for 'speed' has no rows (4 units)")
        }
        let partial = try diagnostics([
            "locales/ru/speed.tsv": "# потом\n",
            "locales/ru/language.tsv": "name\tрусский\nstatus\tpartial\ndecimal\t,\ngroup\tU+00A0\n",
        ])
        #expect(partial.map(\.code) == [], "a partial language may leave a category for later")
    }

    /// E724: `locales` that is a file or a dangling link is not "no languages".
    @Test func localesMustBeADirectory() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles.merging(["locales": "en ru\n"]) { a, _ in a })
        defer { fixture.remove() }
        let asFile = Checker.check(SourceReader.read(directory: fixture.root))
        #expect(asFile.map(\.code) == [.localesNotDirectory])
        #expect(asFile.first?.message == "'locales' is not a directory")

        try FileManager.default.removeItem(atPath: fixture.path("locales"))
        try FileManager.default.createSymbolicLink(atPath: fixture.path("locales"), withDestinationPath: "../gone")
        let dangling = Checker.check(SourceReader.read(directory: fixture.root))
        #expect(dangling.map(\.code) == [.localesNotDirectory])
        #expect(dangling.first?.message == "'locales' is a symbolic link to nothing, not a directory")

        try FileManager.default.removeItem(atPath: fixture.path("locales"))
        #expect(Checker.check(SourceReader.read(directory: fixture.root)).isEmpty, "no locales at all is fine")
    }

    /// E705: a category no number selects, at its line; earlier rules that
    /// take all its numbers count too.
    @Test func aPluralCategoryNoNumberSelects() throws {
        let plurals = SourceFixture.localeFiles["locales/ru/plurals.txt"]!
        let impossible = plurals.replacingOccurrences(
            of: "few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …",
            with: "few: v = 0 and i % 10 = 12..14")
        #expect(impossible != plurals)
        let found = try diagnostics(["locales/ru/plurals.txt": impossible])
        #expect(found.map(\.code) == [.unreachablePluralCategory])
        #expect(found.first?.location.line == 2)
        // `one` takes every number; `other` is left with none.
        let shadowed = try diagnostics([
            "locales/en/plurals.txt": "one: v = 0 or v != 0\nother:\n"
        ])
        #expect(shadowed.map(\.code) == [.unreachablePluralCategory])
        #expect(shadowed.first?.message.contains("'other'") == true)
    }

    @Test func pluralCategoriesReachedOnlyByMillionsAreFine() throws {
        // French `many`: multiples of a million, nothing below.
        let (rules, found) = PluralRules.parse(
            "one: i = 0,1\nmany: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5\nother:\n", path: "fr")
        #expect(rules != nil)
        #expect(found.isEmpty)
    }

    @Test func aPartialLanguageMayLeaveUnitsOutAndCoverageSaysWhich() throws {
        let tree = try tree([
            "locales/ru/language.tsv": "name\tрусский\nstatus\tpartial\ndecimal\t,\ngroup\tU+00A0\n",
            "locales/ru/length.tsv": Self.ruHeader + "meter\tметры\tметр\tметра\tметров\tметра\tм\t\n",
            "locales/ru/speed.tsv": "",
        ])
        #expect(Checker.check(tree).isEmpty)
        let coverage = LanguageCoverage.report(tree)
        #expect(coverage.map(\.code) == ["en", "ru"])
        #expect(coverage[0].namedUnits == 7 && coverage[0].missing.isEmpty && coverage[0].isComplete)
        #expect(coverage[1].namedUnits == 1 && coverage[1].totalUnits == 7 && !coverage[1].isComplete)
        #expect(coverage[1].missing.first == "length/kilometer")
    }

    @Test func englishIsRequiredAndComplete() throws {
        let withoutEnglish = try diagnostics([
            "locales/en/language.tsv": "", "locales/en/plurals.txt": "", "locales/en/length.tsv": "",
            "locales/en/speed.tsv": "",
        ])
        #expect(withoutEnglish.map(\.code) == [.missingFallbackLanguage])
        let partialEnglish = try diagnostics([
            "locales/en/language.tsv": "name\tEnglish\nstatus\tpartial\ndecimal\t.\ngroup\t,\n"
        ])
        #expect(partialEnglish.map(\.code) == [.missingFallbackLanguage])
        #expect(partialEnglish.first?.location.line == 2)
    }
}
