import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The forgiving search (issue 23) on the repository's data: the misspelling
/// list of Scripts/lib/gen-misspellings.py (Search/Corpora/misspellings.tsv) finds the
/// unit meant in the first five results, correctly spelled names are never
/// pushed down, and bad input stays bounded.
@Suite struct SearchForgivingTests {
    static func pair(_ parsed: CorrectedPhraseResult) -> (PhraseResult, [PhraseCorrection]) { (parsed.result, parsed.corrections) }

    /// The repository compiled and written once per test process: each of
    /// the eight tests compiled it again (a minute apiece in a debug build).
    /// Read-only; removed at exit.
    private struct Built: @unchecked Sendable {
        let model: CompiledModel
        let temporary: TemporaryDirectory
    }

    private static let built: Result<Built, any Error> = Result {
        let temporary = try TemporaryDirectory(prefix: "unitpack-forgiving-")
        atexit { if case .success(let built) = SearchForgivingTests.built { try? FileManager.default.removeItem(atPath: built.temporary.path) } }
        let model = try RepositoryModel.model()
        _ = try SearchPackWriter.write(try SearchPackTests.encoded.get(), to: temporary.path + "/search.pack")
        _ = try DatabaseWriter.write(model, to: temporary.path + "/units.sqlite")
        return Built(model: model, temporary: temporary)
    }

    let temporary: TemporaryDirectory
    let model: CompiledModel
    let pack: SearchPack

    init() throws {
        let built = try Self.built.get()
        temporary = built.temporary
        model = built.model
        pack = try SearchPack(path: temporary.path + "/search.pack", budget: 1 << 20)
    }

    struct Misspelling {
        let typed: String
        let unit: String
        let kind: String
        let language: String
        let line: Int
    }

    static func misspellings() throws -> [Misspelling] {
        let url = TestPaths.tests.appendingPathComponent("Search/Corpora/misspellings.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").enumerated().compactMap { index, line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else {
                Issue.record("misspellings.tsv:\(index + 1): expected typed<TAB>unit<TAB>kind<TAB>language")
                return nil
            }
            return Misspelling(typed: fields[0], unit: fields[1], kind: fields[2], language: fields[3], line: index + 1)
        }
    }

    /// At least 95% of the list finds the unit meant in the first five, the
    /// user's language asked (as an app does); printed with the rate by kind
    /// of error and with every language searched.
    @Test func theMisspellingListFindsTheUnitMeantInTheFirstFive() throws {
        let list = try Self.misspellings()
        #expect(list.count >= 1000)
        let ids = Dictionary(model.units.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        var found = 0
        var foundAnyLanguage = 0
        var byKind: [String: (found: Int, total: Int)] = [:]
        var missed: [String] = []
        for row in list {
            guard let id = ids[row.unit] else {
                Issue.record("misspellings.tsv:\(row.line): no unit \(row.unit)")
                continue
            }
            let top = try pack.search(row.typed, languages: [row.language], limit: 5)
            let hit = top.contains { $0.unit.rawValue == id }
            if hit { found += 1 } else { missed.append("\(row.typed) -> \(row.unit) (\(row.kind))") }
            if try pack.search(row.typed, limit: 5).contains(where: { $0.unit.rawValue == id }) { foundAnyLanguage += 1 }
            byKind[row.kind, default: (0, 0)].found += hit ? 1 : 0
            byKind[row.kind, default: (0, 0)].total += 1
        }
        let recall = Double(found) / Double(list.count)
        let kinds = byKind.sorted { $0.key < $1.key }
            .map { "\($0.key) \(String(format: "%.1f", 100 * Double($0.value.found) / Double($0.value.total)))%" }
        print("forgiving search: top-5 recall \(String(format: "%.2f", 100 * recall))% of \(list.count) misspellings "
              + "(every language searched: \(String(format: "%.2f", 100 * Double(foundAnyLanguage) / Double(list.count)))%); "
              + kinds.joined(separator: ", "))
        print("missed: " + missed.prefix(40).joined(separator: "; "))
        #expect(recall >= 0.95, "top-5 recall \(recall)")
    }

    /// Every correctly spelled English and Russian key still finds its units
    /// first (a corrected match never ranks above one as typed); printed: the
    /// share of them whose first five also hold a corrected match (the
    /// false-match rate: the forgiving search ran on a name spelled right).
    @Test func correctlySpelledKeysKeepTheirUnitsFirst() throws {
        let entries = SearchPackWriter.entries(model)
        let languages = model.languages.map(\.code)
        var checked = 0
        var withCorrected = 0
        for entry in entries {
            let key = String(decoding: entry.key, as: UTF8.self)
            for language in ["en", "ru"] {
                guard let index = languages.firstIndex(of: language),
                      entry.postings.contains(where: { $0.language == UInt8(index) }) else { continue }
                let found = try pack.search(key, languages: [language], limit: 5)
                checked += 1
                #expect(found.first?.isExact == true && found.first?.isCorrected == false, "\(key)")
                let corrected = found.filter(\.isCorrected)
                if !corrected.isEmpty { withCorrected += 1 }
                // Corrected matches only after every match as typed.
                if let first = found.firstIndex(where: \.isCorrected) {
                    let after = found[first...].allSatisfy { $0.isCorrected }
                    #expect(after, "\(key)")
                }
            }
        }
        #expect(checked > 5000)
        print("forgiving search: \(withCorrected) of \(checked) correctly spelled en/ru keys "
              + "(\(String(format: "%.2f", 100 * Double(withCorrected) / Double(checked)))%) also show a corrected match in their first five")
    }

    @Test func editsAndRanking() throws {
        // One edit under eight letters, two from eight.
        #expect(SearchPack.forgivenEdits(letters: 3) == 0)
        #expect(SearchPack.forgivenEdits(letters: 4) == 1)
        #expect(SearchPack.forgivenEdits(letters: 7) == 1)
        #expect(SearchPack.forgivenEdits(letters: 8) == 2)
        #expect(SearchPack.forgivenEdits(letters: SearchPack.forgivingMaximumScalars + 1) == 0)
        let kilometer = try #require(model.units.first { $0.key == "length/kilometer" }).id
        for typed in ["kilomter", "kiloemter", "killometer", "ikloemter"] {
            let found = try pack.search(typed, languages: ["en"], limit: 5)
            #expect(found.first?.unit.rawValue == kilometer, "\(typed): \(found.map(\.key))")
            #expect(found.first?.isCorrected == true)
        }
        // Three letters are not corrected; two edits in seven letters are not forgiven.
        let short = try pack.search("kmx", languages: ["en"])
        #expect(short.allSatisfy { !$0.isCorrected })
        let seven = try pack.search("mteerr", languages: ["en"])
        #expect(seven.allSatisfy { $0.distance <= 1 })
        let distances = try pack.search("kilomter", languages: ["en"], limit: 20).map(\.distance)
        #expect(distances == distances.sorted())
    }

    /// Only symbols, a query at the limit, a budget of 0: an answer, bounded work.
    @Test func badInputIsAnsweredWithinBounds() throws {
        let tiny = try SearchPack(path: temporary.path + "/search.pack", budget: 0)
        for query in ["%%%%%%", "°°°°°°°°°°", "//////////////", "kilomter", "мтеир", String(repeating: "ж", count: 2048)] {
            var work = 0
            _ = try tiny.search(query, languages: nil, limit: 20, work: &work)
            #expect(work < 2_000_000, "\(query.prefix(20)): \(work)")
        }
        #expect(throws: SearchPackError.self) { try pack.search(String(repeating: "a", count: 100_000)) }
        #expect(try tiny.search("kilomter", limit: 5).first?.isCorrected == true)
    }

    /// Latin letters, the wrong layout both ways, and spacing find the unit
    /// (issue 23 §2), from locales/ru/transliteration.tsv and the keyboards.
    /// (`funt` is also an English synonym of the Russian pound, found as
    /// typed: with Russian alone asked it reads as фунт.)
    @Test(arguments: [
        ("metr", "length/meter", "ru"), ("funt", "mass/pound", "ru"), ("funt", "mass/Russian pound", "ru,en"),
        ("santimetr", "length/centimeter", "ru,en"), ("kilogramm", "mass/kilogram", "ru,en"),
        ("sekunda", "time/second", "ru"), ("dyuym", "length/inch", "ru,en"),
        ("ьуеук", "length/meter", "ru,en"), ("vtnh", "length/meter", "ru,en"), ("ащще", "length/foot", "en"),
        ("cfynbvtnh", "length/centimeter", "ru,en"),
        ("km h", "speed/kilometer per hour", "en"), ("kmh", "speed/kilometer per hour", "en"),
        ("km/h", "speed/kilometer per hour", "en"), ("km per h", "speed/kilometer per hour", "en"),
        ("м на с", "speed/meter per second", "ru"), ("m3", "volume/cubic meter", "en"), ("m³", "volume/cubic meter", "en"),
        ("°C", "temperature/degree Celsius", "en"), ("sq ft", "area/square foot", "en"), ("ft2", "area/square foot", "en"),
    ])
    func otherScriptsLayoutsAndSpacingFindTheUnit(typed: String, unit: String, languages: String) throws {
        let id = try #require(model.units.first { $0.key == unit }).id
        let asked = languages.split(separator: ",").map(String.init)
        let found = try pack.search(typed, languages: asked, limit: 5)
        #expect(found.contains { $0.unit.rawValue == id }, "\(typed): \(found.map(\.key))")
    }

    /// Nothing else reads a query that finds enough as typed: no rewriting,
    /// no correction (`meter` is not also read as `ьуеук`'s keys).
    @Test func aQueryFoundAsTypedIsNotRewritten() throws {
        for typed in ["meter", "метр", "km/h", "фунт"] {
            #expect(try pack.search(typed, languages: ["ru", "en"], limit: 5).allSatisfy { !$0.isCorrected }, "\(typed)")
        }
    }

    /// A phrase with a misspelt unit answers and says what it read; a name
    /// nothing is near gets "did you mean".
    @Test func phrasesAreCorrectedOrGetSuggestions() throws {
        let database = try UnitDatabase(path: temporary.path + "/units.sqlite")
        let (result, corrections) = try Self.pair(database.parse("5 kilomters in miles", languages: ["en"], correctingWith: pack))
        #expect(corrections == [PhraseCorrection(from: "kilomters", to: "kilometers")])
        #expect(result.readings.first?.from.key == "length/kilometer")
        #expect(result.readings.first?.targets.first?.key == "length/mile")
        let (russian, read) = try Self.pair(database.parse("5 киллометров в милях", languages: ["ru", "en"], correctingWith: pack))
        #expect(read.map(\.from) == ["киллометров"])
        #expect(russian.readings.first?.from.key == "length/kilometer")
        let (unknown, none) = try Self.pair(database.parse("5 xyz in miles", languages: ["en"], correctingWith: pack))
        #expect(none.isEmpty)
        guard case .notUnderstood(let reason) = unknown else {
            Issue.record("'5 xyz in miles' was understood")
            return
        }
        guard case .noUnitNamed("xyz in miles", let nearest) = reason, !nearest.isEmpty else {
            Issue.record("not a name with the nearest names: \(reason)")
            return
        }
        #expect(reason.description.hasPrefix("no unit named 'xyz in miles'; did you mean '\(nearest[0])'"), "\(reason)")
        // Parsed without the pack, the same phrase has no nearest names.
        #expect(try database.parse("5 xyz in miles", languages: ["en"]) == .notUnderstood(reason: .noUnitNamed("xyz in miles", nearest: [])))
        // Understood as typed: nothing corrected.
        #expect(try database.parse("5 km in miles", languages: ["en"], correctingWith: pack).corrections.isEmpty)
        // A correction that makes the target the quantity's own unit corrected
        // the word that said what to convert to: no answer (`1 akr w arach`).
        let (itself, _) = try Self.pair(database.parse("5 km in kilomters", languages: ["en"], correctingWith: pack))
        #expect(itself.readings.isEmpty, "\(itself)")
    }

    /// keyboard.tsv and transliteration.tsv are checked with located errors (E740, E741).
    @Test func badKeyboardAndTransliterationRowsAreLocatedErrors() throws {
        var files = SourceFixture.validFilesWithLocales
        files["locales/ru/keyboard.tsv"] = "йцукен\nфыв апр\nЯЧС\nйх\n"
        files["locales/ru/transliteration.tsv"] = "a\tа\nщ\tщ\nb\t\na\tя\n"
        let fixture = try SourceFixture(files)
        let (_, diagnostics) = BuildPipeline.check(source: fixture.root)
        let found = diagnostics.filter { $0.code == .invalidKeyboardRow || $0.code == .invalidTransliteration }
            .map { "\($0.location.line):\($0.location.column) \($0.code.rawValue) \($0.message)" }
        #expect(found == [
            "2:1 E740 a row of keys contains white space", "3:1 E740 'ЯЧС' is not in lower case (NFC)",
            "4:1 E740 the key 'й' is given twice",
            "2:1 E741 'щ' is not lower-case Latin letters", "3:3 E741 '' is empty, spaced or not in lower case",
            "4:1 E741 'a' is given twice",
        ], "\(found)")
    }
}
