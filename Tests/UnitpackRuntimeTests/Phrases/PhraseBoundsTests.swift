import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Issue 21: a parse's work is bounded. A phrase over `maxPhraseBytes` is
/// refused at once; a run of number words is read at most
/// `longestNumberWords` wide, so repeated number words (and units, numbers
/// and separators) parse in linear work, counted in words looked at.
@Suite struct PhraseBoundsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func repeated(_ word: String, _ count: Int, then tail: String = " m") -> String {
        Array(repeating: word, count: count).joined(separator: " ") + tail
    }

    /// The words and spans a parse of each text looks at: the measure of its
    /// work that a busy machine cannot disturb (a clock can).
    func work(_ texts: [String]) throws -> [Int] {
        try texts.map { text in
            var work = 0
            _ = try PhraseReader(database: database).parse(text, languages: ["en", "ru"], work: &work)
            return work
        }
    }

    @Test func aPhraseOverTheLimitIsRefusedSayingTheLimit() throws {
        // The issue's phrase: 30,000 repeated number words took a minute.
        let long = repeated("one", 30_000)
        #expect(long.utf8.count > UnitDatabase.maxPhraseBytes)
        guard case .notUnderstood(let reason) = try database.parse(long, languages: ["en"]) else {
            Issue.record("a phrase over the limit was read")
            return
        }
        #expect(reason == .tooLong(bytes: long.utf8.count, limit: UnitDatabase.maxPhraseBytes))
        #expect(reason.description.contains("over the limit of \(UnitDatabase.maxPhraseBytes) bytes"), "\(reason)")
        // Refused without being read; a phrase under the limit is read.
        let underLimit = repeated("one", 1000)
        #expect(underLimit.utf8.count <= UnitDatabase.maxPhraseBytes)
        let counts = try work([long, underLimit])
        #expect(counts[0] == 0 && counts[1] > 0, "refusing: \(counts[0]), reading 1,000 words: \(counts[1])")
        // At the limit it is read.
        let atLimit = String(repeating: " ", count: UnitDatabase.maxPhraseBytes - 4) + "5 km"
        #expect(try database.parse(atLimit, languages: ["en"]).readings.first?.value == 5)
    }

    @Test func repeatedNumberWordsParseInLinearTime() throws {
        // N and 4N words, both below the limit: the work grows 4 times when
        // parsing is linear and 16 times when it is quadratic (it was). The
        // issue's bound: doubling the input at most doubles the work.
        for word in ["one", "twenty", "hundred", "один", "m", "5", ","] {
            let counts = try work([100, 200, 400].map { repeated(word, $0) })
            #expect(repeated(word, 400).utf8.count <= UnitDatabase.maxPhraseBytes)
            #expect(counts[0] > 0, "\(word): the work is counted: \(counts)")
            #expect(Double(counts[1]) <= 2.05 * Double(counts[0]), "\(word) x100, x200: \(counts)")
            #expect(Double(counts[2]) <= 2.05 * Double(counts[1]), "\(word) x200, x400: \(counts)")
        }
    }

    @Test func aLongRunOfNumberWordsStillReadsTheNumberAtItsEnd() throws {
        #expect(Phrase.longestNumberWords == 16)
        let value = try database.parse("seven hundred thirty-four thousand five hundred and sixty-two m", languages: ["en"])
            .readings.first?.value
        #expect(value == 734_562)
    }
}
