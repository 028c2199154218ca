/// Inflates raw deflate data (RFC 1951) made only of fixed-Huffman blocks,
/// the only kind the pack's writer emits (docs/pack-format.md, "Shard
/// size"), reading the preset dictionary where it lies instead of copying it
/// into a window.
///
/// Why not zlib alone: a shard's stream is about 260 symbols (180
/// literals, 80 matches, many of them into the 16 KiB dictionary), and
/// zlib's set-up, window and general loop cost more than the symbols. On
/// the repository's 337 shards, each inflated in turn: zlib 4.9–5.7 µs a
/// shard (C, set-up included), this decoder 3.5–4.4 µs (the same shape in
/// C: 2.9–3.3); a cold search takes 0.87 of the time it took with zlib
/// (docs/benchmarks.md). zlib stays the authority: `inflate` answers only when the
/// stream is of the one kind it reads and zlib would give the same bytes
/// (every check zlib makes on such a stream is made here too); anything
/// else (a dynamic or stored block, a damaged stream, a length that does
/// not come out exactly) returns false, and the caller inflates with zlib,
/// which reads what this does not and names the damage.
enum FixedBlockInflater {
    /// Bytes past the compressed input that must be readable (zero or not).
    /// The bit reader loads a word at a time, up to 8 bytes ahead of what it
    /// has used; it checks that it has used no bit past the input after each
    /// refill at a symbol's start, and uses at most 31 more bits (a length,
    /// its distance and their extra bits) before the next such check: a
    /// word read then ends at most 8 + 4 + 8 bytes past the input.
    static let inputPadding = 24

    /// Inflates `input[0 ..< bodyLength]`, which must be whole fixed blocks,
    /// the last one final, ending in its last byte, into exactly `rawLength`
    /// bytes of `output`, whose room is `rawLength + slack` (`slack` ≥ 8:
    /// matches are copied a word at a time). `input` has `inputPadding`
    /// readable bytes past its count. `dictionary` is what precedes the
    /// output: a distance that reaches past the output's start reads it.
    /// False when the stream is not one this reads or is damaged: the
    /// output is then undefined.
    static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, bodyLength: Int, into output: UnsafeMutablePointer<UInt8>, rawLength: Int,
        slack: Int, dictionary: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        precondition(slack >= 8 && bodyLength <= input.count)
        guard let start = input.baseAddress, bodyLength > 0 else { return false }
        return codeTables.withUnsafeBufferPointer { tables in
            let literals = tables.baseAddress!
            let distances = literals + 512
            var reader = BitReader(start: start, end: start + input.count)
            var produced = 0
            let dictionaryStart = dictionary.baseAddress
            let dictionaryCount = dictionary.count
            while true {
                // A block's header: BFINAL, then BTYPE (01: fixed codes).
                reader.refill()
                guard reader.withinInput else { return false }
                let header = reader.take(3)
                guard header >> 1 == 1 else { return false }
                while true {
                    reader.refill()
                    guard reader.withinInput else { return false }
                    let entry = literals[Int(reader.peek(9))]
                    reader.drop(Int(entry & 0xF))
                    let kind = entry >> 8 & 3
                    if kind == Code.literal {
                        guard produced < rawLength else { return false }
                        output[produced] = UInt8(truncatingIfNeeded: entry >> 16)
                        produced += 1
                        continue
                    }
                    if kind == Code.endOfBlock { break }
                    // 286 and 287 are codes of the fixed table that stand for nothing.
                    guard kind == Code.length else { return false }
                    let length = Int(entry >> 16) + Int(reader.take(Int(entry >> 4 & 0xF)))
                    // Fixed distance codes are five bits, sent high bit first.
                    let distanceEntry = distances[Int(reader.take(5))]
                    guard distanceEntry & Code.invalidDistance == 0 else { return false }
                    reader.refill()
                    let distance = Int(distanceEntry >> 16) + Int(reader.take(Int(distanceEntry & 0xF)))
                    guard length <= rawLength - produced, distance <= produced + dictionaryCount else { return false }
                    copyMatch(
                        length: length, distance: distance, output: output, produced: produced,
                        dictionary: dictionaryStart, dictionaryCount: dictionaryCount)
                    produced += length
                }
                if header & 1 == 1 { break }
            }
            // zlib reads whole bytes: the stream ends in the byte holding its last bit.
            let consumedBits = reader.consumedBits
            return produced == rawLength && consumedBits <= 8 * bodyLength && (consumedBits + 7) / 8 == bodyLength
        }
    }

    /// Copies `length` bytes from `distance` back: from the output itself,
    /// or from the dictionary's end and then on into the output.
    @inline(__always)
    private static func copyMatch(
        length: Int, distance: Int, output: UnsafeMutablePointer<UInt8>, produced: Int,
        dictionary: UnsafePointer<UInt8>?, dictionaryCount: Int
    ) {
        let destination = output + produced
        if distance <= produced {
            let source = UnsafePointer(destination - distance)
            if distance >= 8 {
                // A word at a time: a word read never overlaps one not yet
                // written, and the last may run up to 7 bytes into the slack.
                var copied = 0
                while copied < length {
                    UnsafeMutableRawPointer(destination + copied).storeBytes(
                        of: UnsafeRawPointer(source + copied).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    copied += 8
                }
            } else {
                // Overlapping: each byte may be one this match wrote.
                for index in 0..<length { destination[index] = source[index] }
            }
            return
        }
        // From the dictionary: the distance reaches `distance - produced`
        // bytes before its end; what the match wants past the dictionary's
        // end is the output's start.
        let back = distance - produced
        let source = dictionary! + (dictionaryCount - back)
        if back >= length + 7 {
            // All of it from the dictionary, a word at a time: the last word
            // read ends inside it, the last written in the output's slack.
            var copied = 0
            while copied < length {
                UnsafeMutableRawPointer(destination + copied).storeBytes(
                    of: UnsafeRawPointer(source + copied).loadUnaligned(as: UInt64.self), as: UInt64.self)
                copied += 8
            }
            return
        }
        let fromDictionary = min(length, back)
        for index in 0..<fromDictionary { destination[index] = source[index] }
        for index in fromDictionary..<length { destination[index] = output[index - fromDictionary] }
    }

    /// A reader of bits least significant first, refilled a word at a time.
    private struct BitReader {
        var next: UnsafePointer<UInt8>
        let start: UnsafePointer<UInt8>
        let end: UnsafePointer<UInt8>
        var bits: UInt64 = 0
        var count = 0

        init(start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
            self.start = start
            self.end = end
            next = start
        }

        /// False once a bit past the input has been used: the stream ran
        /// out without ending.
        var withinInput: Bool { consumedBits <= 8 * (end - start) }

        /// At least 56 bits in hand: a length's code and extra bits and the
        /// distance's code (8 + 5 + 5), or a distance's extra bits (13).
        /// Reads the word at `next` (see `inputPadding`); the bits above
        /// `count` are the next byte's, read again at the next refill.
        @inline(__always)
        mutating func refill() {
            let word = UInt64(littleEndian: UnsafeRawPointer(next).loadUnaligned(as: UInt64.self))
            bits |= word << UInt64(count)
            let taken = (63 - count) >> 3
            next += taken
            count |= 56
        }

        @inline(__always)
        func peek(_ width: Int) -> UInt64 { bits & ((1 << UInt64(width)) - 1) }

        @inline(__always)
        mutating func drop(_ width: Int) {
            bits >>= UInt64(width)
            count -= width
        }

        @inline(__always)
        mutating func take(_ width: Int) -> UInt64 {
            let value = peek(width)
            drop(width)
            return value
        }

        var consumedBits: Int { 8 * (next - start) - count }
    }

    /// What an entry of `codeTables` holds.
    private enum Code {
        /// A literal/length entry: bits 0–3 its code's length in bits, 4–7
        /// the extra bits that follow it, 8–9 its kind, 16–31 its value (a
        /// literal's byte, a length's base).
        static let literal: UInt32 = 0
        static let length: UInt32 = 1
        static let endOfBlock: UInt32 = 2
        static let invalid: UInt32 = 3
        /// A distance entry: bits 0–3 its extra bits, bit 4 set for codes 30
        /// and 31 (which stand for nothing), 16–31 its base.
        static let invalidDistance: UInt32 = 1 << 4
    }

    /// The fixed codes (RFC 1951, 3.2.6): 512 literal/length entries indexed
    /// by the next nine bits as they arrive (least significant first), then
    /// 32 distance entries indexed by the next five.
    private static let codeTables: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 512 + 32)
        for symbol in 0..<288 {
            let (bits, code): (Int, Int) =
                switch symbol {
                case ..<144: (8, 0x30 + symbol)
                case ..<256: (9, 0x190 + symbol - 144)
                case ..<280: (7, symbol - 256)
                default: (8, 0xC0 + symbol - 280)
                }
            let entry: UInt32 =
                switch symbol {
                case ..<256: UInt32(symbol) << 16 | Code.literal << 8
                case 256: Code.endOfBlock << 8
                case ..<286:
                    UInt32(lengthCodes[symbol - 257].0) << 16 | UInt32(lengthCodes[symbol - 257].1) << 4 | Code.length << 8
                default: Code.invalid << 8
                }
            var filler = reversed(code, bits: bits)
            while filler < 512 {
                table[filler] = entry | UInt32(bits)
                filler += 1 << bits
            }
        }
        for code in 0..<32 {
            table[512 + reversed(code, bits: 5)] =
                code < 30 ? UInt32(distanceCodes[code].0) << 16 | UInt32(distanceCodes[code].1) : Code.invalidDistance
        }
        return table
    }()

    /// Length codes 257…285: (base length, extra bits).
    private static let lengthCodes: [(UInt16, UInt8)] = [
        (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 1), (13, 1), (15, 1), (17, 1),
        (19, 2), (23, 2), (27, 2), (31, 2), (35, 3), (43, 3), (51, 3), (59, 3), (67, 4), (83, 4), (99, 4),
        (115, 4), (131, 5), (163, 5), (195, 5), (227, 5), (258, 0),
    ]

    /// Distance codes 0…29: (base distance, extra bits).
    private static let distanceCodes: [(UInt16, UInt8)] = [
        (1, 0), (2, 0), (3, 0), (4, 0), (5, 1), (7, 1), (9, 2), (13, 2), (17, 3), (25, 3), (33, 4), (49, 4),
        (65, 5), (97, 5), (129, 6), (193, 6), (257, 7), (385, 7), (513, 8), (769, 8), (1025, 9), (1537, 9),
        (2049, 10), (3073, 10), (4097, 11), (6145, 11), (8193, 12), (12289, 12), (16385, 13), (24577, 13),
    ]

    private static func reversed(_ value: Int, bits: Int) -> Int {
        var result = 0
        for bit in 0..<bits where value & (1 << bit) != 0 { result |= 1 << (bits - 1 - bit) }
        return result
    }
}
