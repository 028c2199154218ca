import Testing
import UnitpackStore
import UnitpackTestSupport

@testable import UnitpackCompiler

/// `DeflateSize` gives every prefix the size zlib's level 9 gives it: the
/// page cut's rows depend on each of those sizes (docs/database.md,
/// "name_blocks").
@Suite struct DeflateSizeTests {
    /// Seeded texts of the shapes the cut compresses (name lines, runs of one
    /// byte, bytes that do not compress, long repeats), grown piece by piece,
    /// their prefixes asked in a shuffled order and after a reset.
    @Test func everyPrefixHasZlibsSize() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let words = ["метр", "метра", "kilometer", "\t", "\t12\t0\ten\t", "\n", "ft", "Fuß", "千米", "a", "aa", "мм рт. ст."]
        var sizes = DeflateSize()
        for round in 0..<60 {
            sizes.reset()
            var text: [UInt8] = []
            var ends: [Int] = []
            let pieces = Int.random(in: 1...120, using: &random)
            for _ in 0..<pieces {
                var piece: [UInt8] = []
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    piece = (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                case 1:
                    piece = [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: Int.random(in: 1...700, using: &random))
                case 2 where text.count > 10:
                    let from = Int.random(in: 0..<(text.count - 1), using: &random)
                    piece = Array(text[from..<min(text.count, from + Int.random(in: 1...400, using: &random))])
                default:
                    for _ in 0..<Int.random(in: 1...12, using: &random) { piece += Array(words.randomElement(using: &random)!.utf8) }
                }
                text += piece
                sizes.append(contentsOf: piece)
                ends.append(text.count)
            }
            for end in ends.shuffled(using: &random) {
                let expected = UnitWords.compress(Array(text[..<end])).count
                if let counted = sizes.size(ofPrefix: end) {
                    #expect(counted == expected, "seed \(seed), round \(round): \(end) bytes of \(text.count)")
                } else {
                    #expect(end >= DeflateSize.longest)
                }
            }
        }
    }
}
