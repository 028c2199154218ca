import Testing
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: a unit's name typed without its accents (`metros cubicos`,
/// `funtow`) reads as the name, a guess shown as a correction; a word of
/// phrases typed so (`ca`, `cuantos`) is that word (docs/database.md,
/// `names.kind` 5 and `phrase_words`; docs/phrases.md, "Guesses").
@Suite struct AccentsLeftOutTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `value from -> to [guess kind: word as readAs]` of the first reading, or the reason.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let guesses = reading.guesses.map { "\($0.kind.rawValue): \($0.word) as \($0.readAs)" }
            let parts = reading.parts.map { "\($0.value) \($0.unit.key)" }.joined(separator: " + ")
            return "\(parts) -> \(reading.targets.map(\.key).joined(separator: "+"))"
                + (guesses.isEmpty ? "" : " [\(guesses.joined(separator: ", "))]")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func theLettersLoseTheirMarksAndNothingElse() {
        #expect(TextFolding.withoutAccents("metros cúbicos") == "metros cubicos")
        #expect(TextFolding.withoutAccents("funtów łokieć") == "funtow lokiec")
        #expect(TextFolding.withoutAccents("ÇA Ñ Ø") == "CA N O")
        // Letters of their own, and other scripts, stay.
        #expect(TextFolding.withoutAccents("fuß æ й ї ё") == "fuß æ й ї ё")
        #expect(TextFolding.withoutAccents("°C × m²") == "°C × m²")
        #expect(TextFolding.withoutAccents("tiếng") == "tieng")
    }

    @Test func aNameTypedWithoutAccentsIsAGuessShown() throws {
        #expect(
            try first("cuantos metros cubicos son 5 galones", ["es"])
                == "5.0 volume/US gallon -> volume/cubic meter [correction: metros cubicos as metros cúbicos]")
        #expect(try first("10 funtow w kg", ["pl"]) == "10.0 mass/pound -> mass/kilogram [correction: funtow as funtów]")
        #expect(
            try first("5 stop 10 cali w cm", ["pl"])
                == "5.0 length/foot + 10.0 length/inch -> length/centimeter [correction: stop as stóp]")
        // A word of phrases typed without accents is that word, no guess: `ça`, `cuántos`.
        #expect(try first("ca fait combien en celsius 350 F", ["fr"]) == "350.0 temperature/degree Fahrenheit -> temperature/degree Celsius")
    }

    @Test func aWordAsTypedIsNeverReadWithoutAccents() throws {
        // The public lookup is of the word as typed: no unit is named `metros cubicos`.
        #expect(try database.candidates(for: "metros cubicos").isEmpty)
        #expect(try database.candidates(for: "metros cúbicos").map(\.key) == ["volume/cubic meter"])
        let found = try database.candidates(for: "metros cubicos", folded: "metros cubicos", preferring: ["es"], acceptingWithoutAccents: true)
        #expect(found.withoutAccents == "metros cúbicos" && found.units.map(\.key) == ["volume/cubic meter"])
        // Only a lookup that accepts the guess gets it: an ending cut never
        // stacks one on it (`peso`, weight, is not `pes` + `o`, the feet of `pés`).
        #expect(try database.candidates(for: "metros cubicos", folded: "metros cubicos", preferring: ["es"]).units.isEmpty)
        #expect(try first("peso 70 kg in libbre", ["it"]) == "70.0 mass/kilogram -> mass/pound [context: peso as ]")
        // `a` is a symbol: the French `à` (to) without its accent never takes it over.
        #expect(try database.candidates(for: "a", folded: "a", preferring: nil).withoutAccents == nil)
    }

    /// The build's rule (docs/database.md, `name_blocks`): a key of kind 5 has no
    /// name of another kind, names one unit, and is its text without accents.
    @Test func theBuildFilesAKeyWithoutAccentsOnlyWhereNoWordHasIt() throws {
        let connection = try Connection(path: try GenerationFiles.database(in: try RepositoryBuild.directory()), mode: .readOnlyImmutable)
        var kinds: [String: Set<Int>] = [:]
        var units: [String: Set<Int>] = [:]
        var count = 0
        for (folded, unit, kind, _, text) in try NameBlocksEdit.allNames(connection) {
            kinds[folded, default: []].insert(kind)
            units[folded, default: []].insert(unit)
            guard kind == NameKind.withoutAccents.rawValue else { continue }
            count += 1
            #expect(TextFolding.withoutAccents(TextFolding.fold(text)) == folded && TextFolding.fold(text) != folded, "\(folded)")
        }
        #expect(count > 1000)
        for (folded, found) in kinds where found.contains(NameKind.withoutAccents.rawValue) {
            #expect(found == [NameKind.withoutAccents.rawValue], "\(folded)")
            #expect(units[folded]?.count == 1, "\(folded)")
        }
        func lines(_ language: String) throws -> [Substring] {
            let words = try connection.prepare("SELECT words FROM phrase_words WHERE lang = ?")
            try words.bind(.text(language), at: 1)
            guard try words.step() else { return [] }
            return (words.text(at: 0) ?? "").split(separator: "\n")
        }
        #expect(try lines("fr").filter { $0 == "ça\tfiller\t" || $0 == "ca\tfiller\t" }.count == 2)
        // A word with a value (a number) is not written without its accents.
        let polish = try lines("pl")
        #expect(polish.contains { $0.hasPrefix("pięć\t") } && !polish.contains { $0.hasPrefix("piec\t") })
    }
}
