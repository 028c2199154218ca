import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The phrase words' table (`WordTable`): every word found with its own
/// meanings and languages whatever collides in the index, absent words not
/// found, and the words of every language small enough to stay cached.
@Suite struct WordTableTests {
    typealias Meaning = NumberWords.Meaning

    @Test func findsEveryWordAndNoOther() {
        // Seeded words of every length from 0 to 40 bytes, many sharing prefixes:
        // the index is at most half full, probes cross collisions.
        var generator = SeededGenerator(seed: 0x5eed_2026)
        var words: [String] = [""]
        let letters = Array("abcæøåжщ十五".unicodeScalars)
        while words.count < 3000 {
            let length = Int.random(in: 1...20, using: &generator)
            var word = String.UnicodeScalarView()
            for _ in 0..<length { word.append(letters[Int.random(in: 0..<letters.count, using: &generator)]) }
            let text = String(word)
            if !words.contains(text) { words.append(text) }
        }
        let table = WordTable(words.enumerated().map { index, word in
            (word, [Meaning(kind: .number, value: Double(index))], UInt64(index % 64), UInt8(index % 2))
        })
        #expect(table.count == words.count)
        #expect(table.words == words)
        for (index, word) in words.enumerated() {
            let entry = table.entry(word)
            #expect(entry.map { Array(table.meanings(of: $0)) } == [Meaning(kind: .number, value: Double(index))], "\(word)")
            #expect(entry.map(table.languages(of:)) == UInt64(index % 64))
            #expect(entry?.flags == UInt8(index % 2))
        }
        for absent in ["zz", "abcæøåжщ十五abcæøåжщ十五abc", "ж ", " "] where !words.contains(absent) {
            #expect(table.entry(absent) == nil, "\(absent)")
        }
    }

    /// Words with the same meanings share one list of them, and words of
    /// the same languages one set: each list and set is stored once, and
    /// every word still reads its own (whole numbers included, whose bits
    /// differ only in a Double's high bytes: they once met in one slot).
    @Test func wordsShareTheirListsOfMeaningsAndSetsOfLanguages() throws {
        var generator = SeededGenerator(seed: 0x11575)
        let kinds: [PhraseWordKind] = [.number, .marker, .filler, .article, .scale]
        var words: [(word: String, meanings: [Meaning], languages: UInt64, flags: UInt8)] = []
        for index in 0..<2000 {
            var meanings: [Meaning] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let meaning = Meaning(
                    kind: kinds[Int.random(in: 0..<kinds.count, using: &generator)], value: Double(Int.random(in: 0..<40, using: &generator)))
                if !meanings.contains(meaning) { meanings.append(meaning) }
            }
            words.append(("w\(index)", meanings, UInt64(1) << UInt64(Int.random(in: 0..<12, using: &generator)), 0))
        }
        let table = WordTable(words)
        for word in words {
            let entry = try #require(table.entry(word.word))
            #expect(Array(table.meanings(of: entry)) == word.meanings, "\(word.word)")
            #expect(table.languages(of: entry) == word.languages, "\(word.word)")
        }
        let lists = Set(words.map(\.meanings))
        #expect(table.meanings.count == lists.reduce(0) { $0 + $1.count })
        #expect(table.languageSets.count == Set(words.map(\.languages)).count)
        #expect(MemoryLayout<WordTable.Entry>.stride == 16)
    }

    @Test func aWordGivenTwiceKeepsItsFirstEntry() {
        let table = WordTable([
            ("in", [Meaning(kind: .marker, value: 0)], 1, 0), ("in", [Meaning(kind: .filler, value: 0)], 2, 0),
        ])
        #expect(table.count == 1)
        #expect(table.entry("in").map { Array(table.meanings(of: $0)) } == [Meaning(kind: .marker, value: 0)])
    }

    @Test func meaningsOfEveryLanguageMergeByWord() {
        let words = NumberWords([
            (word: "a", meaning: Meaning(kind: .article, value: 0), language: "en"),
            (word: "a", meaning: Meaning(kind: .marker, value: 0), language: "it"),
            (word: "a", meaning: Meaning(kind: .marker, value: 0), language: "es"),
            (word: "tre", meaning: Meaning(kind: .number, value: 3), language: "it"),
        ])
        #expect(Array(words.meanings(folded: "a")) == [Meaning(kind: .article, value: 0), Meaning(kind: .marker, value: 0)])
        #expect(words.languages(folded: "a") == ["en", "it", "es"])
        #expect(words.languages(folded: "tre") == ["it"])
        #expect(words.meanings(folded: "tres").isEmpty)
    }

    /// The words of every language asked at once take less than half the
    /// object cache's default budget, so a parse with all of them asked
    /// finds them cached (they once took more than the whole budget, and
    /// each parse decoded them again: Scripts/bench `parse_all_median_us`).
    @Test func everyLanguagesWordsFitInHalfTheDefaultObjectBudget() throws {
        let database = try RepositoryBuild.database()
        let languages = try database.phraseLanguages()
        #expect(languages.count >= 12)
        let words = try database.phraseWords(languages)
        let bytes = ApproximateSize.of(words)
        #expect(bytes < (256 << 10) / 2, "\(bytes) bytes for \(words.table.count) words")
        // Every word of every language is in the table, with its meanings and language.
        var union = Set<String>()
        for language in languages {
            let own = try database.phraseWords([language])
            union.formUnion(own.table.words)
            for word in own.table.words {
                #expect(Set(words.meanings(folded: word)).isSuperset(of: own.meanings(folded: word)), "\(word)")
                #expect(words.languages(folded: word).contains(language), "\(word)")
            }
        }
        #expect(Set(words.table.words) == union)
    }
}
