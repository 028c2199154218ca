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

    /// The fastest of a few parses of each text, in nanoseconds (the least
    /// noisy measure), taken in turns so that a slow spell of the machine
    /// (other tests run in parallel) falls on both.
    func fastest(_ texts: [String], runs: Int = 9) throws -> [Double] {
        let clock = ContinuousClock()
        var best = [Double](repeating: .infinity, count: texts.count)
        for _ in 0..<runs {
            for (index, text) in texts.enumerated() {
                let start = clock.now
                _ = try database.parse(text, languages: ["en", "ru"])
                let (seconds, attoseconds) = (clock.now - start).components
                best[index] = min(best[index], Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
            }
        }
        return best
    }

    @Test func aPhraseOverTheLimitIsRefusedSayingTheLimit() throws {
        // The issue's phrase: 30,000 repeated number words took a minute.
        let long = repeated("one", 30_000)
        #expect(long.utf8.count > UnitDatabase.maxPhraseBytes)
        guard case .notUnderstood(let reason) = try database.parse(long, languages: ["en"]) else {
            Issue.record("a phrase over the limit was read")
            return
        }
        #expect(reason.contains("over the limit of \(UnitDatabase.maxPhraseBytes) bytes"), "\(reason)")
        // Refused without being read: faster than reading a phrase at the limit.
        let underLimit = repeated("one", 1000)
        #expect(underLimit.utf8.count <= UnitDatabase.maxPhraseBytes)
        let times = try fastest([long, underLimit])
        #expect(times[0] < times[1], "refusing: \(times[0]) ns, reading 1,000 words: \(times[1]) ns")
        // At the limit it is read.
        let atLimit = String(repeating: " ", count: UnitDatabase.maxPhraseBytes - 4) + "5 km"
        #expect(try database.parse(atLimit, languages: ["en"]).readings.first?.value == 5)
    }

    @Test func repeatedNumberWordsParseInLinearTime() throws {
        // N and 4N words, both below the limit, timed in one run: the ratio
        // is about 4 when parsing is linear (less, with the fixed costs) and
        // about 16 when it is quadratic (it was); 8 leaves room for noise.
        for word in ["one", "twenty", "hundred", "один"] {
            let small = repeated(word, 100), large = repeated(word, 400)
            #expect(large.utf8.count <= UnitDatabase.maxPhraseBytes)
            let times = try fastest([small, large])
            #expect(times[1] / times[0] < 8, "\(word) x100: \(times[0]) ns, x400: \(times[1]) ns")
        }
    }

    @Test func aLongRunOfNumberWordsStillReadsTheNumberAtItsEnd() throws {
        #expect(Phrase.longestNumberWords == 16)
        let value = try database.parse("seven hundred thirty-four thousand five hundred and sixty-two m", languages: ["en"])
            .readings.first?.value
        #expect(value == 734_562)
    }
}
