import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// CLDR's case forms (locales/{de,pl,uk,ru}/cases.tsv) in the repository's
/// database: found like names, in the language they belong to.
@Suite struct CaseFormLookupTests {
    static var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    @Test(arguments: [
        // German dative plural (in Metern), genitive singular.
        ("Metern", "de", "length/meter"), ("Kilometern", "de", "length/kilometer"), ("Meters", "de", "length/meter"),
        // Polish locative and instrumental.
        ("metrach", "pl", "length/meter"), ("kilometrach", "pl", "length/kilometer"), ("metrami", "pl", "length/meter"),
        ("stopach", "pl", "length/foot"),
        // Ukrainian locative and dative.
        ("метрах", "uk", "length/meter"), ("кілометрах", "uk", "length/kilometer"), ("кілограмами", "uk", "mass/kilogram"),
        // Russian, where the hand-written names give only the forms after a number.
        ("футах", "ru", "length/foot"), ("милях", "ru", "length/mile"), ("секундах", "ru", "time/second"),
        ("килограммах", "ru", "mass/kilogram"),
        // Composed from CLDR's forms of the base (the marked block of locales/ru/cases.tsv).
        ("декаметрах", "ru", "length/decameter"), ("килоньютонами", "ru", "force/kilonewton"),
        ("кілокалоріях", "uk", "energy/kilocalorie"),
    ])
    func aCaseFormNamesItsUnitInItsLanguage(form: String, language: String, key: String) throws {
        let candidates = try Self.database.candidates(for: form, folded: TextFolding.fold(form), preferring: [language])
        let (units, found) = (candidates.units, candidates.language)
        #expect(units.map(\.key) == [key], "\(form)")
        #expect(found == language, "\(form)")
        #expect(try Self.database.candidates(for: form).contains { $0.key == key }, "\(form)")
    }

    /// A case form ranks like a name, not like a symbol: typed in another
    /// case it still matches.
    @Test func aCaseFormRanksLikeAName() throws {
        #expect(try Self.database.candidates(for: "METERN").map(\.key) == ["length/meter"])
    }

    /// CLDR's Russian arcsecond is `секунда`; the names file's is `угловая
    /// секунда`, so its case forms were left out: `секундах` is time only.
    @Test func aCaseFormOfAnotherWordIsNotImported() throws {
        #expect(try Self.database.candidates(for: "секундах").map(\.key) == ["time/second"])
    }
}

/// A Russian target with a case ending (`в метрах`) is read as written, in
/// the phrase's first pass, once `cases.tsv` names it: the second pass,
/// which drops endings, is no longer needed, so the parse looks at fewer
/// words. Two databases of the same fixture, with and without the file.
@Suite struct CaseFormPhraseTests {
    /// A marker, and the ending the stem pass cuts (`метрах` as `метр`).
    static let words = "# word\tkind\tvalue\nв\tmarker\t\nах\tending\t\n"
    static let cases = "# category\tunit\tcase\tplural\tform\nlength\tmeter\tlocative\tmany\tметрах\n"

    func database(withCases: Bool) throws -> (UnitDatabase, SourceFixture) {
        var files = SourceFixture.validFilesWithLocales
        files["locales/ru/words.tsv"] = Self.words
        if withCases { files["locales/ru/cases.tsv"] = Self.cases }
        let fixture = try SourceFixture(files)
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        return (try UnitDatabase(directory: fixture.path("dist")), fixture)
    }

    @Test func theTargetIsReadWithoutDroppingItsEnding() throws {
        let (stemmed, first) = try database(withCases: false)
        let (named, second) = try database(withCases: true)
        defer {
            first.remove()
            second.remove()
        }
        var stemmedWork = 0
        var namedWork = 0
        let before = try PhraseReader(database: stemmed).parse("5 футов в метрах", languages: ["ru"], work: &stemmedWork).readings
        let after = try PhraseReader(database: named).parse("5 футов в метрах", languages: ["ru"], work: &namedWork).readings
        // The same answer either way...
        #expect(before.first?.targets.map(\.key) == ["length/meter"])
        #expect(after.first?.targets.map(\.key) == ["length/meter"])
        #expect(after.first?.value == 5)
        // ...but found as written: the stem pass does not run.
        #expect(namedWork < stemmedWork, "\(namedWork) words looked at with the case form, \(stemmedWork) without")
    }
}
