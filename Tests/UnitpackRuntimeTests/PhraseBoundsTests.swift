import Testing
import UnitpackCore

@testable import UnitpackRuntime

/// Issue 21: a parse's work is bounded. A phrase over `maxPhraseBytes` is
/// refused at once; a run of number words is read at most
/// `longestNumberWords` wide, so repeated number words parse in linear time.
@Suite struct PhraseBoundsTests {
    var database: UnitDatabase { BestTargetTests.database }

    func repeated(_ word: String, _ count: Int, then tail: String = " m") -> String {
        Array(repeating: word, count: count).joined(separator: " ") + tail
    }

    /// The fastest of a few parses, in nanoseconds (the least noisy measure).
    func fastest(_ text: String, runs: Int = 5) throws -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = clock.now
            _ = try database.parse(text, languages: ["en", "ru"])
            let elapsed = clock.now - start
            let (seconds, attoseconds) = elapsed.components
            best = min(best, Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
        }
        return best
    }

    @Test func aPhraseOverTheLimitIsRefusedSayingTheLimit() throws {
        let long = repeated("one", 2000)
        #expect(long.utf8.count > UnitDatabase.maxPhraseBytes)
        let clock = ContinuousClock()
        let start = clock.now
        guard case .notUnderstood(let reason) = try database.parse(long, languages: ["en"]) else {
            Issue.record("a phrase over the limit was read")
            return
        }
        #expect(clock.now - start < .seconds(5), "refused without reading it")
        #expect(reason.contains("\(UnitDatabase.maxPhraseBytes) bytes"), "\(reason)")
        // At the limit it is read (and here not understood for what it says).
        let atLimit = String(repeating: " ", count: UnitDatabase.maxPhraseBytes - 4) + "5 km"
        #expect(try database.parse(atLimit, languages: ["en"]).readings.first?.value == 5)
    }

    @Test func repeatedNumberWordsParseInLinearTime() throws {
        // Both below the limit; the ratio, measured in one run, is about 2
        // when parsing is linear and 4 when it is quadratic.
        for word in ["one", "twenty", "hundred", "один"] {
            let small = repeated(word, 200), large = repeated(word, 400)
            #expect(large.utf8.count <= UnitDatabase.maxPhraseBytes)
            _ = try fastest(small, runs: 1)  // warm the caches
            let n = try fastest(small)
            let twice = try fastest(large)
            #expect(twice / n < 3, "\(word) x400: \(n) ns, x800: \(twice) ns")
        }
    }

    @Test func aLongRunOfNumberWordsStillReadsTheNumberAtItsEnd() throws {
        #expect(Phrase.longestNumberWords == 16)
        let value = try database.parse("seven hundred thirty-four thousand five hundred and sixty-two m", languages: ["en"])
            .readings.first?.value
        #expect(value == 734_562)
    }
}
