import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: a name of two words with both words inflected (`морській
/// милі`, `milę morską`) reads as the name, a guess shown; a cut ending in a
/// name of several words is shown as the whole name (docs/phrases.md,
/// "Case endings").
@Suite struct InflectedNameTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `value from -> to (guess: word => readAs)` of the first reading, or what was not understood.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let guesses = reading.guesses.filter { $0.kind == .cutEnding }.map { "\($0.word) => \($0.readAs)" }
            return "\(reading.value) \(reading.from.key)" + (reading.to.map { " -> \($0.key)" } ?? "")
                + (guesses.isEmpty ? "" : " (guess: \(guesses.joined(separator: " | ")))")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func bothWordsOfATwoWordNameMayBeInflected() throws {
        #expect(
            try first("zamień 1 milę morską na kilometry", ["pl"])
                == "1.0 length/nautical mile -> length/kilometer (guess: milę morską => mila morska)")
        #expect(
            try first("скільки метрів у морській милі", ["uk"])
                == "1.0 length/nautical mile -> length/meter (guess: морській милі => морські милі)")
        // Only names of an asked language: English asked, the Polish name is no reading.
        #expect(try first("1 milę morską in km", ["en"]).hasPrefix("not understood"))
    }

    /// An ending changed, not a word completed: `pounds for` is no `pound force`.
    @Test func aNamesWordIsNoLongerThanTheWordTypedAndOneLetter() throws {
        #expect(try first("10 pounds for in kg", ["en"]) == "10.0 mass/pound -> mass/kilogram")
    }

    /// A cut in a name of several words shows the whole name: its other
    /// words decide it (`силах` alone is as close to `слаг`).
    @Test func aCutInANameOfSeveralWordsShowsTheName() throws {
        #expect(
            try first("5 кінських силах в кВт", ["uk"])
                == "5.0 power/metric horsepower -> power/kilowatt (guess: кінських силах => кінських сил)")
    }
}
