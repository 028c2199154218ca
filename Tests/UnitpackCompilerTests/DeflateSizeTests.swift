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
                let expected = UnitWords.compress(Array(text[..<end]))
                if let counted = sizes.size(ofPrefix: end) {
                    #expect(counted == expected.count, "seed \(seed), round \(round): \(end) bytes of \(text.count)")
                    // Every few prefixes, the stream written from the same steps: zlib's bytes.
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        #expect(sizes.stream(ofPrefix: end) == expected, "seed \(seed), round \(round): stream of \(end) bytes")
                    }
                } else {
                    #expect(end >= DeflateSize.longest)
                    #expect(sizes.stream(ofPrefix: end) == nil)
                }
            }
        }
    }

    /// The estimate the cut moves by (`DeflateSize.estimatedSize`): none
    /// before an exact try, the try's own size at its end, and within a
    /// few bytes a group or two from it on the repository's kind of text.
    @Test func anEstimateStartsFromTheLastTry() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let units = ["метр", "kilometer", "Fuß", "千米", "mile", "pound-force", "ньютон-метр"]
        var sizes = DeflateSize()
        var errors: [Int] = []
        for round in 0..<20 {
            sizes.reset()
            var text: [UInt8] = []
            var ends: [Int] = []
            for line in 0..<Int.random(in: 80...200, using: &random) {
                let word = units.randomElement(using: &random)!
                let piece = Array("\(word)\t\(Int.random(in: 1...1300, using: &random))\t\(line % 7)\ten\t\(word)s\n".utf8)
                text += piece
                sizes.append(contentsOf: piece)
                ends.append(text.count)
            }
            #expect(sizes.estimatedSize(ofPrefix: ends[10]) == nil, "no estimate before a try")
            let tried = ends[ends.count / 2]
            guard let exact = sizes.size(ofPrefix: tried) else { continue }
            #expect(sizes.estimatedSize(ofPrefix: tried) == exact, "seed \(seed), round \(round)")
            for step in [-2, -1, 1, 2] {
                let end = ends[ends.count / 2 + step]
                let estimate = sizes.estimatedSize(ofPrefix: end)
                let counted = UnitWords.compress(Array(text[..<end])).count
                if let estimate { errors.append(estimate - counted) }
                _ = sizes.size(ofPrefix: tried)  // the calibration again
            }
        }
        // By size of the miss: a constant estimate (the try's size) misses by a line's bytes, 8 or more.
        errors.sort { $0.magnitude < $1.magnitude }
        #expect(errors.count > 40)
        #expect(errors[errors.count / 2].magnitude <= 3, "median miss \(errors[errors.count / 2]) bytes, seed \(seed): \(errors)")
        #expect(errors.allSatisfy { $0.magnitude <= 12 }, "seed \(seed): \(errors)")
    }
}
