import CZlib

/// The stream of `DeflateSize.stream(ofPrefix:)`: zlib's header for level 9,
/// one last block as `trees.c` sends it (stored, with the fixed codes, or
/// with its own trees), and the Adler-32 of the text. The page cut found a
/// row's size from these steps; compressing the row again with zlib took
/// 0.20 of the build's 7.5 billion instructions (issue 38).
extension DeflateSize {
    /// `compress2`'s bytes for `text`, whose symbols (`DeflateSize`'s: a
    /// literal's byte, or a match) are `shared` and then the try's tail,
    /// sent as the try planned the block.
    static func stream(_ found: Try, shared: ArraySlice<UInt32>, text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bits = BitWriter()
        // CMF: deflate, a 32 KiB window; FLG: level 9 (FLEVEL 3), no dictionary, the check bits.
        bits.bytes = [0x78, 0xDA]
        bits.bytes.reserveCapacity(found.size)
        found.lengths.withUnsafeBufferPointer { memory in
            let lengths = Try.lengths(UnsafeMutablePointer(mutating: memory.baseAddress!))
            switch found.kind {
            case .stored:
                // STORED_BLOCK, last; then to a byte boundary, LEN and NLEN, the bytes.
                bits.send(1, 3)
                bits.align()
                bits.bytes += [UInt8(text.count & 0xFF), UInt8(text.count >> 8), UInt8(~text.count & 0xFF), UInt8((~text.count >> 8) & 0xFF)]
                bits.bytes += text
            case .fixed:
                bits.send(1 | 1 << 1, 3)
                let literal = Code.fixedLiterals, distance = Code.fixedDistances
                send(shared, literal: literal, distance: distance, &bits)
                send(found.tail, literal: literal, distance: distance, &bits)
                bits.send(literal[256])
                bits.align()
            case .dynamic(let literalCodes, let distanceCodes, let lengthCodes):
                bits.send(1 | 2 << 1, 3)
                let literal = Code.canonical(lengths.literal, count: 286)
                let distance = Code.canonical(lengths.distance, count: 30)
                let bitLength = Code.canonical(lengths.bitLength, count: 19)
                // send_all_trees
                bits.send(UInt32(literalCodes - 257), 5)
                bits.send(UInt32(distanceCodes - 1), 5)
                bits.send(UInt32(lengthCodes - 4), 4)
                for rank in 0..<lengthCodes { bits.send(UInt32(lengths.bitLength[blOrder[rank]]), 3) }
                sendTree(lengths.literal, maxCode: literalCodes - 1, with: bitLength, &bits)
                sendTree(lengths.distance, maxCode: distanceCodes - 1, with: bitLength, &bits)
                send(shared, literal: literal, distance: distance, &bits)
                send(found.tail, literal: literal, distance: distance, &bits)
                bits.send(literal[256])
                bits.align()
            }
        }
        let check = UInt32(adler32(1, text.baseAddress, uInt(text.count)))
        bits.bytes += [UInt8(check >> 24), UInt8((check >> 16) & 0xFF), UInt8((check >> 8) & 0xFF), UInt8(check & 0xFF)]
        return bits.bytes
    }

    /// A code: its bits (reversed, as deflate sends them first bit first)
    /// and how many.
    struct Code {
        var bits: UInt32
        var length: UInt32

        /// `gen_codes`: the canonical codes of `count` lengths.
        static func canonical(_ lengths: UnsafePointer<Int32>, count: Int) -> [Code] {
            var perLength = [UInt32](repeating: 0, count: 16)
            for symbol in 0..<count where lengths[symbol] > 0 { perLength[Int(lengths[symbol])] += 1 }
            var next = [UInt32](repeating: 0, count: 16)
            var code: UInt32 = 0
            for length in 1..<16 {
                code = (code + perLength[length - 1]) << 1
                next[length] = code
            }
            return (0..<count).map { symbol in
                let length = Int(lengths[symbol])
                guard length > 0 else { return Code(bits: 0, length: 0) }
                defer { next[length] += 1 }
                return Code(bits: reversed(next[length], length), length: UInt32(length))
            }
        }

        /// The fixed literal codes (RFC 1951, 3.2.6), as `static_ltree`.
        static let fixedLiterals: [Code] = {
            var lengths = staticLiteralLengths + [8, 8]
            return lengths.withUnsafeMutableBufferPointer { canonical($0.baseAddress!, count: 288) }
        }()

        /// The fixed distance codes: five bits each.
        static let fixedDistances: [Code] = (0..<30).map { Code(bits: reversed(UInt32($0), 5), length: 5) }

        private static func reversed(_ code: UInt32, _ length: Int) -> UInt32 {
            var result: UInt32 = 0
            var code = code
            for _ in 0..<length {
                result = result << 1 | code & 1
                code >>= 1
            }
            return result
        }
    }

    /// `compress_block`: each symbol's code and extra bits (END_BLOCK is the caller's).
    private static func send<Symbols: Collection<UInt32>>(
        _ symbols: Symbols, literal: [Code], distance: [Code], _ bits: inout BitWriter
    ) {
        for symbol in symbols {
            guard symbol & (1 << 31) != 0 else {
                bits.send(literal[Int(symbol)])
                continue
            }
            let length = Int(symbol & 0xFF)
            let lengthCode = Int(lengthCodes[length])
            bits.send(literal[257 + lengthCode])
            if lengthExtra[lengthCode] > 0 { bits.send(UInt32(length - lengthBase[lengthCode]), lengthExtra[lengthCode]) }
            let gap = Int((symbol >> 8) & 0x7FFF)
            let distanceCode = Int(distanceCodes[gap])
            bits.send(distance[distanceCode])
            if distanceExtra[distanceCode] > 0 { bits.send(UInt32(gap - distanceBase[distanceCode]), distanceExtra[distanceCode]) }
        }
    }

    /// `send_tree`: a tree's lengths, in the runs `scan_tree` counted, in
    /// the bit-length codes.
    private static func sendTree(_ lengths: UnsafePointer<Int32>, maxCode: Int, with codes: [Code], _ bits: inout BitWriter) {
        runs(lengths, maxCode: maxCode) { run in
            switch run {
            case .each(let length, let count):
                for _ in 0..<count { bits.send(codes[Int(length)]) }
            case .repeated(let length, let count, let first):
                if first { bits.send(codes[Int(length)]) }
                bits.send(codes[16])
                bits.send(UInt32(count - (first ? 1 : 0) - 3), 2)
            case .zeros(let count) where count <= 10:
                bits.send(codes[17])
                bits.send(UInt32(count - 3), 3)
            case .zeros(let count):
                bits.send(codes[18])
                bits.send(UInt32(count - 11), 7)
            }
        }
    }

    /// `base_length`: each length code's first length less 3.
    private static let lengthBase: [Int] = {
        var bases: [Int] = []
        var length = 0
        for code in 0..<28 {
            bases.append(length)
            length += 1 << lengthExtra[code]
        }
        return bases + [255]
    }()

    /// `base_dist`: each distance code's first distance less one.
    private static let distanceBase: [Int] = {
        var bases: [Int] = []
        var distance = 0
        for code in 0..<30 {
            bases.append(distance)
            distance += 1 << distanceExtra[code]
        }
        return bases
    }()

    /// Bits into bytes, first bit lowest (`send_bits`, `bi_windup`).
    struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingCount = 0

        mutating func send(_ code: Code) { send(code.bits, Int(code.length)) }

        mutating func send(_ value: UInt32, _ count: Int) {
            pending |= UInt64(value) << UInt64(pendingCount)
            pendingCount += count
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        /// The last bits, to a byte boundary with zeros.
        mutating func align() {
            if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
            pending = 0
            pendingCount = 0
        }
    }
}
