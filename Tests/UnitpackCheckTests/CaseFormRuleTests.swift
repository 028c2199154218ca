import Foundation
import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// `cases.tsv` rows refer to units that exist, give each case once, and name
/// no other unit of the category: located errors, as for the names files.
@Suite struct CaseFormRuleTests {
    static let path = "locales/ru/cases.tsv"
    static let valid = "# category\tunit\tcase\tplural\tform\nlength\tmeter\tlocative\tmany\tметрах\n"

    func diagnostics(_ cases: String, _ changes: [String: String] = [:]) throws -> [Diagnostic] {
        let files = SourceFixture.validFilesWithLocales.merging([Self.path: cases].merging(changes) { a, _ in a }) {
            _, new in new
        }
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        return Checker.check(SourceReader.read(directory: fixture.root))
    }

    @Test func validCaseFormsAreClean() throws {
        #expect(try diagnostics(Self.valid + "length\tmeter\tlocative\tfew\tметрах\nlength\tfoot\tlocative\tmany\tфутах\n")
            .map(\.rendered) == [])
    }

    @Test func anUnknownCategoryIsLocatedAtItsCell() throws {
        let found = try diagnostics(Self.valid + "lenght\tmeter\tdative\tone\tметру\n")
        #expect(found.map(\.code) == [.unknownLocaleCategory])
        #expect(found.first?.hint == "did you mean 'length'?")
        #expect((found.first?.location.line, found.first?.location.column) == (3, 1))
    }

    @Test func anUnknownUnitSuggestsTheClosest() throws {
        let found = try diagnostics(Self.valid + "length\tkilometre\tdative\tone\tкилометру\n")
        #expect(found.map(\.code) == [.unknownLocaleUnit])
        #expect(found.first?.message == "category 'length' has no unit 'kilometre'")
        #expect(found.first?.hint == "did you mean 'kilometer'?")
        #expect((found.first?.location.line, found.first?.location.column) == (3, 8))
    }

    @Test func aCaseGivenTwiceNotesTheFirst() throws {
        let found = try diagnostics(Self.valid + "length\tmeter\tlocative\tmany\tметрах\n")
        #expect(found.map(\.code) == [.caseFormTwice])
        #expect(found.first?.location.line == 3)
        #expect(found.first?.notes.first?.location.line == 2)
    }

    /// E717, as for names: `футах` given to the meter while `фут`'s words
    /// are the foot's would make a phrase's reading depend on row order.
    @Test func aFormThatNamesAnotherUnitOfTheCategoryIsAmbiguous() throws {
        let found = try diagnostics(Self.valid + "length\tmeter\tdative\tmany\tфута\n")
        #expect(found.map(\.code) == [.ambiguousLocaleName])
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message == "the case form 'фута' names both 'foot' and 'meter' in 'length' (ru)")
        #expect((diagnostic.location.line, diagnostic.location.column) == (3, "length\tmeter\tdative\tmany\t".count + 1))
        #expect(diagnostic.notes.first?.location.path.hasSuffix("locales/ru/length.tsv") == true)
    }

    @Test func twoUnitsWithOneCaseFormAreAmbiguous() throws {
        let found = try diagnostics(Self.valid + "length\tfoot\tlocative\tmany\tМетрах\n")
        #expect(found.map(\.code) == [.ambiguousLocaleName])
        #expect(found.first?.location.line == 3)
        #expect(found.first?.notes.first?.location.line == 2)
    }

    /// Across categories a word may name several units (the phrase's other
    /// unit settles it), as in the names files.
    @Test func theSameFormInAnotherCategoryIsFine() throws {
        #expect(try diagnostics(Self.valid + "speed\tknot\tlocative\tmany\tметрах\n").map(\.rendered) == [])
    }

    /// The repository's own case forms pass every check.
    @Test func theRepositoryCaseFormsAreClean() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let tree = SourceReader.read(directory: repository)
        let counts = Dictionary(uniqueKeysWithValues: tree.languages.map { ($0.code, $0.caseForms.count) })
        for language in ["de", "pl", "uk", "ru"] { #expect(counts[language, default: 0] > 100, "\(language)") }
        #expect(CaseFormRule().check(tree).map(\.rendered) == [])
    }
}
