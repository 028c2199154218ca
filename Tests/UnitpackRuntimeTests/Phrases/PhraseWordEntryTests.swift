import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// A parse looks each word of its phrase up once (`Phrase.lookingUpWords`)
/// and asks what the word means of the entry it found: the same meanings,
/// in the same order, as a lookup of the folded word.
@Suite struct PhraseWordEntryTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// Phrases of every kind of word: numbers, markers, fillers, a word that
    /// is none, a system word, a difference word, a word with punctuation.
    static let phrases = [
        "27 psi in bar", "thirty-four feet in meters", "тридцать четыре фута в метрах", "how many feet in a mile?",
        "una pinta inglese in litri", "temperature difference of 20 °C in °F", "cuántas libras son tres kilos", "xyzzy 5 quux",
    ]

    @Test(arguments: phrases) func aWordsEntryMeansWhatItsFoldedTextMeans(text: String) throws {
        let languages = try database.phraseLanguages()
        let dictionary = try database.phraseWords(languages)
        let plain = Phrase(text)
        let looked = Phrase(text).lookingUpWords(in: dictionary)
        #expect(looked.words.count == plain.words.count)
        for (word, before) in zip(looked.words, plain.words) {
            #expect(word.entry != 0, "every word looked up")
            #expect(before.entry == 0, "a phrase not looked up asks the table")
            #expect(Array(dictionary.meanings(word)) == Array(dictionary.meanings(folded: word.folded)), "\(word.text)")
            #expect(Array(dictionary.meanings(before)) == Array(dictionary.meanings(folded: word.folded)), "\(word.text)")
            #expect(dictionary.isMarker(word) == dictionary.isMarker(folded: word.folded))
            #expect(dictionary.isFiller(word) == dictionary.isFiller(folded: word.folded))
            #expect(dictionary.isNumberWord(word) == dictionary.isNumberWord(folded: word.folded))
            #expect(dictionary.stopsExpression(word) == dictionary.stopsExpression(folded: word.folded))
            #expect(dictionary.isSystemWord(word) == dictionary.isSystemWord(folded: word.folded))
            #expect(dictionary.isDifference(word) == dictionary.isDifference(folded: word.folded))
            // The needs-variants bit shares the word's field: looking up keeps it.
            #expect(word.needsVariants == before.needsVariants)
        }
        // Some word of these phrases is a phrase word, some is none (entry 1).
        #expect(text == "xyzzy 5 quux" ? looked.words.allSatisfy { $0.entry == 1 } : looked.words.contains { $0.entry > 1 })
    }

    /// A word ending in punctuation keeps its mark when its entry is set.
    @Test func aWordThatNeedsVariantsKeepsTheMark() throws {
        let dictionary = try database.phraseWords(["en"])
        let looked = Phrase("5 meters? in feet").lookingUpWords(in: dictionary)
        #expect(looked.words.map(\.needsVariants) == [false, true, false, false])
        #expect(dictionary.isMarker(looked.words[2]))
    }
}
