import Foundation
import Testing

/// `convert --lang` and `check --coverage` on the repository's own data: the
/// Russian and English names and plural rules of `locales/`.
@Suite struct LanguageCommandTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    func russian(_ value: String, _ from: String, _ to: String, _ flags: [String] = []) throws -> String {
        let result = try database.convert(["--lang", "ru"] + flags + [value, from, to])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        return result.stdout
    }

    @Test func russianPluralFormsFollowTheNumberShown() throws {
        #expect(try russian("5", "km", "m") == "5 километров = 5\u{00A0}000 метров\n")
        #expect(try russian("1.5", "m", "m") == "1,5 метра = 1,5 метра\n")
        #expect(try russian("21", "m", "m") == "21 метр = 21 метр\n")
        #expect(try russian("11", "m", "m") == "11 метров = 11 метров\n")
        #expect(try russian("2", "km", "m") == "2 километра = 2\u{00A0}000 метров\n")
        #expect(try russian("0.001", "km", "m") == "0,001 километра = 1 метр\n")
    }

    /// Digits are grouped as the language writes them unless --no-group-digits
    /// asks for plain ones (issue 22 §6); -t writes a plain number for scripts.
    @Test func symbolsAndGroupingOnRequest() throws {
        #expect(try russian("90", "km/h", "m/s", ["--symbols"]) == "90 км/ч = 25 м/с\n")
        #expect(try russian("1234.5", "m", "m") == "1\u{00A0}234,5 метра = 1\u{00A0}234,5 метра\n")
        #expect(try russian("1234.5", "m", "m", ["--group-digits"]) == "1\u{00A0}234,5 метра = 1\u{00A0}234,5 метра\n")
        #expect(try russian("1234.5", "m", "m", ["--no-group-digits"]) == "1234,5 метра = 1234,5 метра\n")
        #expect(try database.convert(["1234.5", "m", "m"]).stdout == "1,234.5 meters = 1,234.5 meters\n")
        #expect(try database.convert(["--no-group-digits", "1234.5", "m", "m"]).stdout == "1234.5 meters = 1234.5 meters\n")
        #expect(try database.convert(["-t", "1234.5", "m", "mm"]).stdout == "1234500\n")
        #expect(try russian("1", "mile", "km", ["-t"]) == "1,60934\n")
    }

    @Test func englishIsTheDefaultLanguage() throws {
        let result = try database.convert(["1", "knot", "m/s"])
        #expect(result.stdout == "1 knot ≈ 0.514444 meters per second\n")
        #expect(try database.convert(["--lang", "en", "1", "ft", "ft"]).stdout == "1 foot = 1 foot\n")
        #expect(try database.convert(["--lang", "en", "2", "ft", "ft"]).stdout == "2 feet = 2 feet\n")
    }

    @Test func aRegionalTagUsesItsLanguage() throws {
        #expect(try database.convert(["--lang", "ru-RU", "5", "km", "m"]).stdout == "5 километров = 5\u{00A0}000 метров\n")
    }

    @Test func anUnknownLanguageListsTheAvailableOnes() throws {
        let result = try database.convert(["--lang", "xx", "5", "km", "m"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: no language 'xx'; this database has ar, de, en, es, fr, it, ja, pl, pt, ru, uk, zh\n")
    }

    @Test func russianWordsAreUnderstoodAsUnits() throws {
        #expect(try russian("5", "километров", "метр") == "5 километров = 5\u{00A0}000 метров\n")
        #expect(try russian("100", "км/ч", "м/с") == "100 километров в час ≈ 27,7778 метра в секунду\n")
    }

    /// English, German, Russian and Ukrainian are complete, the other eight
    /// languages imported from CLDR partial: the golden pins the report's shape
    /// and the counts.
    @Test func coverageShowsCompleteAndPartialLanguages() throws {
        let result = try CLI.run(["check", "--coverage", "--source", RepositoryData.root])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        // The symbols listed are located as diagnostics are, under --source: the golden holds them relative.
        Golden.expect(
            result.stdout.replacingOccurrences(of: RepositoryData.root + "/", with: ""),
            matches: Paths.fixture("repository-coverage.txt"))
        for language in ["en", "de", "ru", "uk"] {
            #expect(result.stdout.contains("  \(language)  complete  "), "\(language)")
        }
        for language in ["ar", "es", "fr", "it", "ja", "pl", "pt", "zh"] {
            #expect(result.stdout.contains("  \(language)  partial   "), "\(language)")
        }
    }

    /// Units a partial language does not name by hand are written in the
    /// words its patterns compose (issue 20 §5), and found by them.
    @Test func composedNamesAreWrittenAndFound() throws {
        let french = try database.convert(["--lang", "fr", "5", "µg/h", "mg/min"])
        // French keeps the number and its word together with a no-break space (CLDR's pattern).
        #expect(french.stdout == "5\u{A0}microgrammes par heure ≈ 0,0000833333\u{A0}milligramme par minute\n", "\(french)")
        let polish = try database.convert(["--lang", "pl", "5", "kGy", "Gy"])
        #expect(polish.stdout == "5 kilogrejów = 5000 grejów\n", "\(polish)")
        let search = try database.search(["kilogrammes par mètre cube"])
        #expect(search.status == 0, "\(search)")
        #expect(search.stdout.contains("density/kilogram per cubic meter\t\"kilogrammes par mètre cube\"\texact, fr, composed"), "\(search)")
    }

    /// A partial language: the report lists what falls back to English, and
    /// `convert` shows those units with English words.
    @Test func aPartialLanguageIsReportedAndFallsBackToEnglish() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let tree = temporary.path("tree")
        try Files.copyTree(Paths.fixture("valid"), to: tree)
        let settings = tree + "/locales/ru/language.tsv"
        try Files.write(Array(try Files.text(settings).replacingOccurrences(of: "complete", with: "partial").utf8), to: settings)
        let time = tree + "/locales/ru/time.tsv"
        let kept = try Files.text(time).split(separator: "\n").filter { !$0.hasPrefix("hour\t") && !$0.hasPrefix("minute\t") }
        try Files.write(Array((kept.joined(separator: "\n") + "\n").utf8), to: time)

        let check = try CLI.run(["check", "--coverage", "--source", "."], in: tree)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout == """
            coverage:
              en  complete  8/8 units named (100%)  English
              ru  partial   6/8 units named (75.0%)  русский
                  English names for: time/minute, time/hour
            dimensional cross-check (E501): 2/8 units have a symbol that spells their definition (25.0%)
            preferred units (clusters.tsv): 1/1 categories with units of several systems have a list for each
            ok: 8 units in 3 categories, 2 languages

            """)

        let dist = temporary.path("dist")
        #expect(try CLI.run(["build", "--source", tree, "--output", dist]).status == 0)
        let converted = try CLI.run(["convert", "--data", dist, "--lang", "ru", "90", "min", "h"])
        #expect(converted.stdout == "90 minutes = 1,5 hours\n", "English words and rules, Russian digits")
    }
}
