import CZlib
import Testing
import UnitpackTestSupport

@testable import UnitpackSearch

/// `FixedBlockInflater` against zlib, the authority: on every stream it
/// either gives zlib's bytes or declines (and the pack then asks zlib).
@Suite struct FixedBlockInflaterTests {
    static func deflateRaw(_ raw: [UInt8], dictionary: [UInt8], strategy: Int32, flushEvery: Int? = nil) -> [UInt8] {
        RawDeflate.deflate(raw, dictionary: dictionary, strategy: strategy, flushEvery: flushEvery)
    }

    /// zlib's bytes, when they are exactly `rawLength`.
    static func zlibInflate(_ body: [UInt8], rawLength: Int, dictionary: [UInt8]) -> [UInt8]? {
        RawDeflate.inflate(body, dictionary: dictionary, limit: rawLength).flatMap { $0.count == rawLength ? $0 : nil }
    }

    /// The fast inflater's bytes, or nil when it declines. The input gets
    /// the padding it asks for, filled with `padding` (its value must not
    /// matter).
    static func fastInflate(_ body: [UInt8], rawLength: Int, dictionary: [UInt8], padding: UInt8 = 0) -> [UInt8]? {
        let input = body + [0, 0, 0, 0] + [UInt8](repeating: padding, count: FixedBlockInflater.inputPadding)
        var output = [UInt8](repeating: 0, count: rawLength + SearchPack.inflateSlack)
        let done = input.withUnsafeBufferPointer { input in
            dictionary.withUnsafeBufferPointer { dictionary in
                output.withUnsafeMutableBufferPointer { out in
                    FixedBlockInflater.inflate(
                        UnsafeBufferPointer(rebasing: input[..<(body.count + 4)]), bodyLength: body.count, into: out.baseAddress!,
                        rawLength: rawLength, slack: SearchPack.inflateSlack, dictionary: dictionary)
                }
            }
        }
        return done ? Array(output.prefix(rawLength)) : nil
    }

    /// Text like a shard's: words of a small alphabet (Latin and Cyrillic,
    /// so literals of 8 and 9 bits), some of them repeated, runs of a byte
    /// (overlapping matches), and control bytes.
    static func shardLike(_ count: Int, using random: inout SeededGenerator) -> [UInt8] {
        let words: [[UInt8]] = ["metre", "metres", "kilo", "мет", "фут", "gram", "\u{1}\u{2}", "°c", "per"].map { Array($0.utf8) }
        var bytes: [UInt8] = []
        while bytes.count < count {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: bytes += words.randomElement(using: &random)!
            case 6: bytes += [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: Int.random(in: 1...40, using: &random))
            default: bytes.append(UInt8.random(in: 0...255, using: &random))
            }
        }
        return Array(bytes.prefix(count))
    }

    @Test func givesZlibsBytesForFixedBlocksWithADictionary() {
        var random = SeededGenerator(seed: 0x1F1A7E)
        for round in 0..<300 {
            let dictionary = round % 5 == 0 ? [] : Self.shardLike(Int.random(in: 1...16_384, using: &random), using: &random)
            let raw = Self.shardLike(Int.random(in: 1...3_000, using: &random), using: &random)
            let flushEvery = round % 3 == 0 ? Int.random(in: 1...500, using: &random) : nil
            let body = Self.deflateRaw(raw, dictionary: dictionary, strategy: Z_FIXED, flushEvery: flushEvery)
            #expect(Self.zlibInflate(body, rawLength: raw.count, dictionary: dictionary) == raw)
            #expect(Self.fastInflate(body, rawLength: raw.count, dictionary: dictionary) == raw, "round \(round)")
            #expect(Self.fastInflate(body, rawLength: raw.count, dictionary: dictionary, padding: 0xFF) == raw, "round \(round)")
        }
    }

    /// Matches that start in the dictionary and run on into the output,
    /// and distances to the dictionary's first byte.
    @Test func readsMatchesAcrossTheDictionarysEnd() {
        let dictionary = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for raw in ["xyz0123456789abcdefxyz012", "abcdefghij", "789" + String(repeating: "789", count: 30), "a"].map({ Array($0.utf8) }) {
            let body = Self.deflateRaw(raw, dictionary: dictionary, strategy: Z_FIXED)
            #expect(Self.fastInflate(body, rawLength: raw.count, dictionary: dictionary) == raw)
        }
    }

    /// Dynamic and stored blocks are zlib's to read.
    @Test func declinesOtherBlocks() {
        var random = SeededGenerator(seed: 7)
        let raw = Self.shardLike(4_000, using: &random)
        let dynamic = Self.deflateRaw(raw, dictionary: [], strategy: Z_DEFAULT_STRATEGY)
        #expect(Self.zlibInflate(dynamic, rawLength: raw.count, dictionary: []) == raw)
        #expect(Self.fastInflate(dynamic, rawLength: raw.count, dictionary: []) == nil)
        // A stored block: BFINAL 1, BTYPE 00, LEN, NLEN, the bytes.
        let stored: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF] + Array("abc".utf8)
        #expect(Self.zlibInflate(stored, rawLength: 3, dictionary: []) == Array("abc".utf8))
        #expect(Self.fastInflate(stored, rawLength: 3, dictionary: []) == nil)
    }

    /// A declared length that does not come out exactly, bytes after the
    /// last block, a stream cut short: declined, as zlib refuses them.
    @Test func declinesWhatZlibRefuses() {
        let raw = Array("metres and metres of metre".utf8)
        let body = Self.deflateRaw(raw, dictionary: [], strategy: Z_FIXED)
        #expect(Self.fastInflate(body, rawLength: raw.count, dictionary: []) == raw)
        #expect(Self.fastInflate(body, rawLength: raw.count - 1, dictionary: []) == nil)
        #expect(Self.fastInflate(body, rawLength: raw.count + 1, dictionary: []) == nil)
        #expect(Self.fastInflate(body + [0], rawLength: raw.count, dictionary: []) == nil)
        #expect(Self.fastInflate(Array(body.dropLast()), rawLength: raw.count, dictionary: []) == nil)
        #expect(Self.fastInflate([], rawLength: 0, dictionary: []) == nil)
        // Fixed literal/length codes 286 and 287 and distance codes 30 and 31 stand for nothing.
        // BFINAL 1, BTYPE 01, then 286 (11000110, sent high bit first).
        let code286: [UInt8] = [0b0001_1011, 0b0000_0011]
        #expect(Self.zlibInflate(code286, rawLength: 1, dictionary: []) == nil)
        #expect(Self.fastInflate(code286, rawLength: 1, dictionary: []) == nil)
    }

    /// Every stream a bit away from a valid one: the fast inflater gives
    /// zlib's bytes or declines, never other bytes, and accepts nothing
    /// zlib refuses.
    @Test func damagedStreamsGiveZlibsBytesOrNone() {
        var random = SeededGenerator(seed: 0xDA3A6E)
        var accepted = 0
        for _ in 0..<2_000 {
            let dictionary = Self.shardLike(Int.random(in: 0...2_000, using: &random), using: &random)
            let raw = Self.shardLike(Int.random(in: 1...400, using: &random), using: &random)
            var body = Self.deflateRaw(raw, dictionary: dictionary, strategy: Z_FIXED)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                body[Int.random(in: 0..<body.count, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            }
            let rawLength = Bool.random(using: &random) ? raw.count : Int.random(in: 0...500, using: &random)
            let zlib = Self.zlibInflate(body, rawLength: rawLength, dictionary: dictionary)
            let fast = Self.fastInflate(body, rawLength: rawLength, dictionary: dictionary)
            if let fast {
                accepted += 1
                #expect(fast == zlib)
            }
        }
        // Some damage leaves a valid stream of other bytes: both read it alike.
        #expect(accepted > 0)
    }
}
