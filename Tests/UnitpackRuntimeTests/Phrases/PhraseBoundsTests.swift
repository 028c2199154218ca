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

    /// Found by fuzzing (`quantity-phrase`, 2026-12-01): a parse asks the
    /// rest of the phrase for a target at each way of reading its
    /// quantity, and the target search looked at every word of it (100
    /// words: 0.23 s, not counted as work). A target is at most
    /// `mostParts` names of at most `longestSpan` words: the search stops
    /// there, and counts each word it looks at.
    @Test func theTargetSearchLooksAtMostAtATargetsWorthOfWords() throws {
        let database = try RepositoryBuild.database()
        let words = try database.phraseWords(["en"])
        func work(_ text: String) throws -> (work: Int, found: Bool) {
            let phrase = Phrase(text)
            var reader = PhraseReader.Reader(
                phrase: phrase, words: words, numbers: NumberReader(decimalSeparator: "."), languages: ["en"], difference: false,
                limit: PhraseReader.workLimit)
            let found = try PhraseReader(database: database).targets(phrase.words[...], &reader)
            return (reader.work, found != nil)
        }
        let bound = PhraseReader.mostParts * (PhraseReader.longestSpan + 1)
        for count in [20, 100, 400] {
            let flurbs = try work(Array(repeating: "flurb", count: count).joined(separator: " "))
            #expect(!flurbs.found && flurbs.work <= bound, "\(count) words: \(flurbs.work) steps")
            let mixed = try work(Array(repeating: "feet and", count: count).joined(separator: " ") + " inches")
            #expect(!mixed.found && mixed.work <= 2 * bound, "\(count) names: \(mixed.work) steps")
        }
        // A mixed target is still read, its words counted.
        let target = try work("feet and inches")
        #expect(target.found && target.work >= 3)
    }

    /// Issue 37, finding 3: twenty `5 ft` took 10 s and `1` then 2,000 `a`
    /// overflowed the stack: the quantity reader tried every way of reading
    /// every part. Repeated quantities, repeated unknown words and their
    /// mixes now grow the work at most in proportion (and the words that name
    /// a unit, a number and an article at once, like `a`, included).
    @Test(arguments: ["5 ft", "a", "1 a", "flurb", "5 ft flurb", "1 mile and a half", "2 h 30 min", "in", "ft in", "фут"])
    func repeatedQuantitiesAndUnknownWordsParseInLinearWork(_ piece: String) throws {
        let texts = [25, 50, 100].map { "1 " + repeated(piece, $0, then: " in m") }
        let counts = try work(texts)
        #expect(texts[2].utf8.count <= UnitDatabase.maxPhraseBytes)
        #expect(counts[0] > 0, "\(piece): the work is counted: \(counts)")
        #expect(Double(counts[1]) <= 2.1 * Double(counts[0]), "\(piece) x25, x50: \(counts)")
        #expect(Double(counts[2]) <= 2.1 * Double(counts[1]), "\(piece) x50, x100: \(counts)")
        #expect(counts[2] < PhraseReader.workLimit, "\(piece) x100 reached the limit: \(counts)")
    }

    /// The longest phrase of repeated quantities is read (or refused) within
    /// the limit, never by recursion as deep as the phrase: 2,000 `a` crashed.
    @Test(arguments: ["a ", "5 ft ", "1 a ", "and a half "])
    func aPhraseOfTheWholeLimitEndsWithAReason(_ piece: String) throws {
        let text = "1 " + String(repeating: piece, count: (UnitDatabase.maxPhraseBytes - 8) / piece.utf8.count) + "in m"
        #expect(text.utf8.count <= UnitDatabase.maxPhraseBytes)
        var work = 0
        let result = try PhraseReader(database: database).parse(text, languages: ["en", "ru"], work: &work)
        #expect(work <= PhraseReader.workLimit + PhraseReader.longestUnitName * 4, "\(piece): \(work)")
        if case .understood = result { Issue.record("\(piece): read as \(result)") }
    }

    /// Over the limit, a phrase is refused with the limit in its reason, not
    /// read in part: the readings found so far may not be the best.
    @Test func aParseOverTheLimitIsRefusedSayingSo() throws {
        #expect(PhraseProblem.tooMuchWork(limit: PhraseReader.workLimit).description.contains("over \(PhraseReader.workLimit) steps"))
        // A phrase that reads within the limit is refused under a smaller one.
        let text = "1 mile and a half 2 ft 3 in in m"
        var work = 0
        let reader = PhraseReader(database: try database)
        guard case .understood = try reader.parse("2 ft 3 in in m", languages: ["en", "ru"], work: &work) else {
            Issue.record("not read")
            return
        }
        for limit in [1, work / 2, work - 1] {
            var used = 0
            let result = try reader.parse("2 ft 3 in in m", languages: ["en", "ru"], work: &used, limit: limit)
            #expect(result == .notUnderstood(reason: .tooMuchWork(limit: limit)), "limit \(limit) of \(work): \(result)")
        }
        var used = 0
        #expect(try reader.parse(text, languages: ["en"], work: &used, limit: 3) == .notUnderstood(reason: .tooMuchWork(limit: 3)))
    }

    @Test func aLongRunOfNumberWordsStillReadsTheNumberAtItsEnd() throws {
        #expect(Phrase.longestNumberWords == 16)
        let value = try database.parse("seven hundred thirty-four thousand five hundred and sixty-two m", languages: ["en"])
            .readings.first?.value
        #expect(value == 734_562)
    }
}
