import Testing
import UnitpackCore
import UnitpackDatabase
import UnitpackSQLite
import UnitpackStore
import UnitpackTestSupport

/// `phrase_words.words` of format 15 (docs/database.md, "phrase_words"): a
/// language's words as one text, read back as written (seeded random round
/// trips), each thing the format forbids refused with its reason, and the
/// table built from texts equal to the one built from the same words as Strings.
@Suite struct PhraseWordsTextTests {
    typealias Word = (word: String, kind: PhraseWordKind, value: Double?)

    static func words(_ text: String) throws -> [Word] {
        let bytes = Array(text.utf8)
        return try PhraseWordsText.lines(bytes).get().map {
            (String(decoding: bytes[$0.word], as: UTF8.self), $0.kind, $0.value)
        }
    }

    static func value(for kind: PhraseWordKind, using random: inout SeededGenerator) -> Double? {
        switch kind {
        case .powerBefore, .powerAfter: Double(Int.random(in: 2...3, using: &random))
        case .system: Double(Int.random(in: 1...3, using: &random))
        case _ where kind.hasValue:
            [0.5, 1, 4, 12, 100, 1e6, 1e-6, 1.0 / 3, 2.5e21, Double.random(in: 0.001...1e9, using: &random)]
                .randomElement(using: &random)!
        default: nil
        }
    }

    @Test func aTextReadsBackAsWritten() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let spellings = ["a", "a b", "ab", "два", "полтора", "cuántos", "十", "كيلو", "in", "of", "ﬁ", "e"]
        for _ in 0..<200 {
            var words: [Word] = []
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let kind = PhraseWordKind.allCases.randomElement(using: &random)!
                words.append((spellings.randomElement(using: &random)!, kind, Self.value(for: kind, using: &random)))
            }
            words.shuffle(using: &random)
            let text = PhraseWordsText.text(words)
            let read = try Self.words(text)
            // Each word and kind once (the first given), in byte order of word then kind.
            var expected: [Word] = []
            for word in words where !expected.contains(where: { $0.word == word.word && $0.kind == word.kind }) { expected.append(word) }
            expected.sort { ($0.word.utf8.lexicographicallyPrecedes($1.word.utf8)) || ($0.word == $1.word && $0.kind.rawValue < $1.kind.rawValue) }
            #expect(read.map(\.word) == expected.map(\.word), "seed \(seed)")
            #expect(read.map(\.kind) == expected.map(\.kind), "seed \(seed)")
            #expect(read.map(\.value) == expected.map(\.value), "seed \(seed): a value reads back as the same binary64")
        }
    }

    @Test func valuesAreTheShortestDecimalThatReadsBack() {
        #expect(PhraseWordsText.decimal(4) == "4")
        #expect(PhraseWordsText.decimal(1_000_000) == "1000000")
        #expect(PhraseWordsText.decimal(0.5) == "0.5")
        #expect(PhraseWordsText.decimal(1e-6) == "1e-06")
        var random = SeededGenerator(seed: SeededGenerator.seed())
        for _ in 0..<1000 {
            let value = Double.random(in: 1e-12...1e18, using: &random)
            #expect(Double(PhraseWordsText.decimal(value)) == value)
        }
    }

    @Test func whatTheFormatForbidsIsRefusedWithItsReason() throws {
        let cases: [(text: [UInt8], problem: PhraseWordsText.Problem)] = [
            ([], .badLine(1)),
            (Array("in\tmarker\t\n".utf8), .badLine(2)),
            (Array("in\tmarker".utf8), .badLine(1)),
            (Array("\tmarker\t".utf8), .badLine(1)),
            (Array("in\tmarker\t\t".utf8), .badLine(1)),
            (Array("in\tmarker\t\n\nof\tfiller\t".utf8), .badLine(2)),
            (Array("in\tmarkers\t".utf8), .unknownKind(line: 1, kind: "markers")),
            (Array("in\tmarker\t1".utf8), .badValue(line: 1, value: "1")),
            (Array("two\tnumber\t".utf8), .badValue(line: 1, value: "")),
            (Array("two\tnumber\t-2".utf8), .badValue(line: 1, value: "-2")),
            (Array("two\tnumber\tinf".utf8), .badValue(line: 1, value: "inf")),
            (Array("two\tnumber\t0x2".utf8), .badValue(line: 1, value: "0x2")),
            (Array("two\tnumber\t2.".utf8), .badValue(line: 1, value: "2.")),
            (Array("two\tnumber\t 2".utf8), .badValue(line: 1, value: " 2")),
            (Array("us\tsystem\t4".utf8), .badValue(line: 1, value: "4")),
            (Array("square\tpower-before\t1".utf8), .badValue(line: 1, value: "1")),
            (Array("of\tfiller\t\nin\tmarker\t".utf8), .order(line: 2)),
            (Array("of\tpartitive\t\nof\tfiller\t".utf8), .order(line: 2)),
            (Array("of\tfiller\t\nof\tfiller\t".utf8), .order(line: 2)),
            ([0x69, 0x6E, 0xFF, 0x09] + Array("marker\t".utf8), .notUTF8),
        ]
        for (text, problem) in cases {
            #expect(PhraseWordsText.lines(text) == .failure(problem), "\(String(decoding: text, as: UTF8.self).debugDescription)")
        }
        #expect(try Self.words("in\tmarker\t\nin\tper\t\nof\tfiller\t").map(\.word) == ["in", "in", "of"])
    }

    /// The table a parse builds from the rows' texts is the table built from
    /// the same words given as Strings (the form the tests and an app's own
    /// words use): the same words, meanings, languages and lists.
    @Test func wordsFromTextsAreWordsFromStrings() throws {
        let database = try RepositoryBuild.database()
        let languages = try database.phraseLanguages()
        let fromTexts = try database.phraseWords(languages)
        let connection = try Connection(path: database.path, mode: .readOnlyImmutable)
        var entries: [(word: String, meaning: NumberWords.Meaning, language: String)] = []
        for language in languages {
            let query = try connection.prepare("SELECT words FROM phrase_words WHERE lang = ?")
            try query.bind(.text(language), at: 1)
            try #require(try query.step(), "\(language)")
            for word in try Self.words(query.text(at: 0) ?? "") {
                entries.append((word.word, NumberWords.Meaning(kind: word.kind, value: word.value ?? 0), language))
            }
        }
        let fromStrings = NumberWords(entries)
        #expect(fromTexts.table.count > 1500)
        #expect(fromTexts.table.words == fromStrings.table.words)
        for word in fromStrings.table.words {
            #expect(Array(fromTexts.meanings(folded: word)) == Array(fromStrings.meanings(folded: word)), "\(word)")
            #expect(fromTexts.languages(folded: word) == fromStrings.languages(folded: word), "\(word)")
            #expect(fromTexts.table.entry(word)?.flags == fromStrings.table.entry(word)?.flags, "\(word)")
        }
        #expect(fromTexts.languageCodes == languages && fromStrings.languageCodes == languages)
        #expect(fromTexts.longestWord == fromStrings.longestWord && fromTexts.longestSplittable == fromStrings.longestSplittable)
        #expect(fromTexts.splitStarts == fromStrings.splitStarts && fromTexts.splittableScalars == fromStrings.splittableScalars)
        #expect(fromTexts.endings.map(\.ending) == fromStrings.endings.map(\.ending) && !fromTexts.endings.isEmpty)
        #expect(fromTexts.prefixes.map(\.word) == fromStrings.prefixes.map(\.word) && fromTexts.attached == fromStrings.attached)
        #expect(fromTexts.systems.map(\.word) == fromStrings.systems.map(\.word))
        #expect(fromTexts.minusOpenings == fromStrings.minusOpenings && fromTexts.contextOpenings == fromStrings.contextOpenings)
        #expect(fromTexts.expression == fromStrings.expression)
    }
}

/// `languages.prefix_words` of format 15: a language's words for the
/// prefixes, derived from its prefix patterns, read back as written, and
/// what the format forbids refused.
@Suite struct PrefixWordsTextTests {
    @Test func thePatternsWordsReadBack() throws {
        let patterns = [("kilo", "Кило{0}"), ("mega", "мега{0}"), ("kilo", "кило{0}"), ("milli", "{0}"), ("nonsense", "zz{0}"), ("micro", "микро {0}")]
        let words = PrefixWordsText.words(of: patterns)
        // Folded, each once, in byte order; no word for a pattern with none or a prefix unknown.
        #expect(words.map(\.word) == ["кило", "мега", "микро "])
        let text = PrefixWordsText.text(words)
        #expect(text == "кило\tkilo\nмега\tmega\nмикро \tmicro")
        let read = try #require(PrefixWordsText.parse(text))
        #expect(read.map(\.word) == words.map(\.word) && read.map(\.prefix.name) == ["kilo", "mega", "micro"])
        #expect(PrefixWordsText.parse("")?.isEmpty == true)
    }

    @Test func whatTheFormatForbidsIsRefused() {
        for text in ["кило\tkilo\n", "\tkilo", "кило", "кило\tkilo\tmega", "кило\tkiloo", "мега\tmega\nкило\tkilo", "кило\tkilo\nкило\tkilo"] {
            #expect(PrefixWordsText.parse(text) == nil, "\(text.debugDescription)")
        }
    }
}
