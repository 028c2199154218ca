import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase

/// `FoldedWordSet` answers as a `Set<String>` of the same words does, for
/// words of several scripts, inserted again or not, through its growth.
@Suite struct FoldedWordSetTests {
    @Test func answersAsASetOfTheSameWords() {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        let letters: [Unicode.Scalar] = ["a", "b", "é", "ß", "д", "ж", "ї", "ل", "ب", "メ", "米", "-", " "]
        func word() -> String {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...4, using: &rng) { text.append(letters.randomElement(using: &rng)!) }
            return String(text)
        }
        var set = FoldedWordSet()
        var expected = Set<String>()
        var order: [String] = []
        for _ in 0..<400 {
            let inserted = word()
            set.insert(inserted)
            if expected.insert(inserted).inserted { order.append(inserted) }
            let asked = word()
            #expect(set.contains(asked) == expected.contains(asked), "seed \(seed): \(asked.debugDescription)")
        }
        #expect(set.count == expected.count)
        #expect(Array(set) == order, "seed \(seed): the words in the order first inserted")
        #expect(expected.allSatisfy(set.contains))
        var shuffled = FoldedWordSet()
        for word in order.shuffled(using: &rng) { shuffled.insert(word) }
        #expect(shuffled == set)
        shuffled.insert("word of none of them")
        #expect(shuffled != set)
        #expect(!FoldedWordSet().contains("") && FoldedWordSet().isEmpty)
    }
}
