import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: a quantity of a unit that is one per another (`km/h`),
/// converted to a unit of the first one's category, is read as converted to
/// that unit per the same second one, a guess shown (docs/phrases.md,
/// "Guesses": a target per what the quantity is per).
@Suite struct TargetPerQuantityTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `value from -> to [guess kind: word as readAs]` of the first reading, or the reason.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let guesses = reading.guesses.map { "\($0.kind.rawValue): \($0.word) as \($0.readAs)" }
            return "\(reading.value) \(reading.from.key) -> \(reading.targets.map(\.key).joined(separator: "+"))"
                + (guesses.isEmpty ? "" : " [\(guesses.joined(separator: ", "))]")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func aLengthTargetOfASpeedIsPerTheSpeedsTime() throws {
        #expect(try first("100 km/h in miles", ["en"]) == "100.0 speed/kilometer per hour -> speed/mile per hour [per: miles as mile per hour]")
        #expect(try first("60 mph in km", ["en"]) == "60.0 speed/mile per hour -> speed/kilometer per hour [per: km as kilometer per hour]")
        // `时速 {0} 公里` is the kilometre per hour: its symbol, `km/h`, says what it is per.
        #expect(try first("时速120公里是多少英里", ["zh"]) == "120.0 speed/kilometer per hour -> speed/mile per hour [per: 英里 as mile per hour]")
        guard case .understood(let readings) = try database.parse("100 km/h in miles", languages: ["en"]), let reading = readings.first
        else { Issue.record("not understood"); return }
        #expect(abs(try database.convert(reading.value, from: reading.from, to: reading.targets[0]) - 62.137119223733) < 1e-9)
    }

    @Test func noListedUnitPerItIsNoReading() throws {
        // The kilometre per second is no unit of `speed.tsv`: refused, as before.
        #expect(try first("10 m/s in km", ["en"]).hasPrefix("not understood"))
        // A target the quantity converts to is no guess.
        #expect(try first("100 km/h in mph", ["en"]) == "100.0 speed/kilometer per hour -> speed/mile per hour")
        // A target of another category than the first unit's is refused.
        #expect(try first("100 km/h in seconds", ["en"]).hasPrefix("not understood"))
    }

    @Test func theGuessIsShownInItsSentence() {
        let guess = PhraseGuess(kind: .per, word: "miles", readAs: "mile per hour")
        #expect(guess.description == "a guess: 'miles' read as 'mile per hour', per what the quantity is per")
    }
}
