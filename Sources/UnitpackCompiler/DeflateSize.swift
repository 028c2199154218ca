/// The byte count of zlib's `compress2` at level 9 (`UnitWords.compress`)
/// for each prefix of a growing text, without compressing each prefix again.
///
/// Why: the page cut (`PageRows`) asks the size of about seven prefixes of
/// one text a row of `name_blocks`, and compressing each from its start took
/// 1.46 of the build's 9.5 billion instructions. zlib's level 9
/// (`deflate_slow`: lazy matching, chains of 4,096, good 32, nice and lazy
/// 258; one block under 16,383 symbols, its Huffman trees built as
/// `trees.c` builds them) takes the same steps at a position for every
/// text that has at least 262 bytes after it (`MIN_LOOKAHEAD`: no match
/// is cut short by the end there, and none reads past it). So the steps
/// are taken once, on the longest text asked so far, and a prefix's size
/// is those steps up to 262 bytes before its end, the rest taken again as
/// zlib ends a stream, and the trees' bit count: about 110,000
/// instructions a try where zlib took 275,000 (64 KiB of hash table
/// cleared, then the whole text).
///
/// The sizes are zlib 1.2.x's (the `deflate_slow` and trees of 1.2.11 to
/// 1.3), and so are the streams `stream(ofPrefix:)` writes from the same
/// steps (DeflateSize+Stream.swift), so the row kept is not compressed
/// again. `PageRows` asserts both against `UnitWords.compress` in debug
/// builds (the tests build the repository's database) and inflates each
/// stream it keeps in every build; `DeflateSizeTests` compares random
/// texts' prefixes, sizes and streams, with zlib's.
struct DeflateSize {
    // zlib's constants for level 9 and the default memory level 8.
    private static let minMatch = 3
    private static let maxMatch = 258
    private static let minLookahead = maxMatch + minMatch + 1
    /// How far past a position zlib looks before it takes a step there
    /// (`MIN_LOOKAHEAD`, 262 bytes): a step with that much text after it
    /// is the same in every longer text.
    static var lookahead: Int { minLookahead }
    private static let hashBits = 15
    private static let hashMask = (1 << hashBits) - 1
    private static let goodMatch = 32
    private static let maxLazy = 258
    private static let niceMatch = 258
    private static let maxChain = 4096
    private static let tooFar = 4096
    /// A prefix this long or longer may need a second block (16,383
    /// symbols) or meet the window's distance limit: its size is left to
    /// zlib. (The long text's steps past it are never used.)
    static let longest = 16_000

    /// The text, the rows of one `blocks` call one after another; `base`
    /// is where the current text starts.
    private var bytes: [UInt8] = []
    private var base = 0
    /// Hash chains over all of `bytes`, by absolute position: a position
    /// before `base` or at it is the end of a chain (zlib's NIL is 0).
    private var head = [Int32](repeating: -1, count: 1 << 15)
    private var previous: [Int32] = []
    /// Positions of the current text inserted into the chains.
    private var inserted = 0

    /// The state at the top of zlib's loop.
    private struct Top {
        var start: Int32
        var matchLength: Int32
        var matchStart: Int32
        var matchAvailable: Bool
        var symbols: Int32
    }

    /// The steps taken on the current text: every loop top, and every
    /// symbol (a literal's byte, or 256 + length code | distance code << 16).
    private var tops: [Top] = []
    private var symbols: [UInt32] = []
    private var state = Top(start: 0, matchLength: 2, matchStart: 0, matchAvailable: false, symbols: 0)

    init() {}

    /// Starts a new text.
    mutating func reset() {
        tries.removeAll(keepingCapacity: true)
        last = nil
        base = bytes.count
        inserted = 0
        tops.removeAll(keepingCapacity: true)
        symbols.removeAll(keepingCapacity: true)
        state = Top(start: 0, matchLength: 2, matchStart: 0, matchAvailable: false, symbols: 0)
    }

    /// The current text's length.
    var count: Int { bytes.count - base }

    mutating func append<Bytes: Collection<UInt8>>(contentsOf more: Bytes) {
        bytes.append(contentsOf: more)
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// The size `compress2` at level 9 gives the current text's first
    /// `length` bytes; nil from `longest` on (zlib's to say). The try is
    /// kept, for `estimatedSize` and `stream(ofPrefix:)`.
    mutating func size(ofPrefix length: Int) -> Int? {
        guard length > 0, length < Self.longest else { return nil }
        if let known = tries[length] {
            last = known
            return known.size
        }
        var tail: [UInt32] = []
        let found = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 286 + 30 + Try.lengthsCount) { memory in
            memory.initialize(repeating: 0)
            let literals = memory.baseAddress!, distances = literals + 286
            let shared = symbols(ofPrefix: length, tail: &tail) { Self.count($0, literals, distances) }
            let lengths = literals + 316
            let plan = Self.plan(literals: literals, distances: distances, stored: length, into: Try.lengths(lengths))
            return Try(
                length: length, size: 2 + plan.bytes + 4, shared: shared, tail: tail, kind: plan.kind,
                lengths: Array(UnsafeBufferPointer(start: lengths, count: Try.lengthsCount)))
        }
        tries[length] = found
        last = found
        return found.size
    }

    /// An exact try (`size(ofPrefix:)`): its prefix, its size, the long
    /// text's symbols it took, its own after them, and its block.
    struct Try {
        var length: Int
        var size: Int
        var shared: Int
        var tail: [UInt32]
        var kind: Kind
        /// The code lengths of its literals and lengths (286), distances
        /// (30) and bit lengths (19), one after the other.
        var lengths: [Int32]

        static let lengthsCount = 286 + 30 + 19

        static func lengths(_ base: UnsafeMutablePointer<Int32>)
            -> (literal: UnsafeMutablePointer<Int32>, distance: UnsafeMutablePointer<Int32>, bitLength: UnsafeMutablePointer<Int32>)
        {
            (base, base + 286, base + 316)
        }
    }

    /// The current text's tries, by prefix length, and the last one.
    private var tries: [Int: Try] = [:]
    private var last: Try?

    /// About the size of the current text's first `length` bytes, after an
    /// exact try (nil before one, and from `longest` on): the try's size,
    /// and the long text's symbols between the try's end and this one in
    /// the try's codes. Near the try (a few of the cut's groups) the trees
    /// barely change, and the estimate is within a few bytes where the text
    /// goes on 262 bytes past `length`: the cut finds its end by estimates
    /// and then tries that end and the next (issue 38).
    mutating func estimatedSize(ofPrefix length: Int) -> Int? {
        guard let calibration = last, length > 0, length < Self.longest else { return nil }
        withMatcher { matcher, size in size.advance(matcher, for: size.count) }
        // The first step at or past a position: the symbols before it.
        func symbolsBefore(_ position: Int) -> Int {
            var low = 0
            var high = tops.count
            while low < high {
                let middle = (low + high) / 2
                if Int(tops[middle].start) < position { low = middle + 1 } else { high = middle }
            }
            return Int(low < tops.count ? tops[low].symbols : state.symbols)
        }
        let from = symbolsBefore(calibration.length), to = symbolsBefore(length)
        var bits = 0
        calibration.lengths.withUnsafeBufferPointer { lengths in
            for symbol in symbols[min(from, to)..<max(from, to)] {
                if symbol & (1 << 31) != 0 {
                    let code = Int(Self.lengthCodes[Int(symbol & 0xFF)])
                    let distance = Int(Self.distanceCodes[Int((symbol >> 8) & 0x7FFF)])
                    bits += Int(max(lengths[257 + code], 7)) + Self.lengthExtra[code]
                    bits += Int(max(lengths[286 + distance], 5)) + Self.distanceExtra[distance]
                } else {
                    bits += Int(max(lengths[Int(symbol)], 8))
                }
            }
        }
        return calibration.size + (to >= from ? bits : -bits) / 8
    }

    /// The bytes `compress2` at level 9 writes for the current text's
    /// first `length` bytes, written from the steps the sizes count (zlib's
    /// `_tr_flush_block` of one last block, as `trees.c` sends it); nil from
    /// `longest` on. `DeflateSizeTests` holds them to zlib's byte for byte.
    mutating func stream(ofPrefix length: Int) -> [UInt8]? {
        guard size(ofPrefix: length) != nil, let found = tries[length] else { return nil }
        let base = self.base
        return bytes.withUnsafeBufferPointer { whole in
            Self.stream(found, shared: symbols[..<found.shared], text: UnsafeBufferPointer(rebasing: whole[base..<(base + length)]))
        }
    }

    /// Each symbol zlib tallies for the current text's first `length`
    /// bytes, in order: the long text's steps while they have 262 bytes
    /// after them in the prefix, the rest taken again as `deflate(Z_FINISH)`
    /// takes them, and the last literal. Returns how many were the long text's.
    @discardableResult
    private mutating func symbols(ofPrefix length: Int, tail: inout [UInt32], _ visit: (UInt32) -> Void) -> Int {
        withMatcher { matcher, size in
            var top = size.sharedTop(matcher, length)
            let shared = Int(top.symbols)
            for symbol in size.symbols[..<shared] { visit(symbol) }
            var matcher = matcher
            matcher.length = length
            while Int(top.start) < length {
                let symbol = matcher.step(&top)
                if symbol != Self.none { tail.append(symbol) }
            }
            if top.matchAvailable { tail.append(UInt32(matcher.byte(Int(top.start) - 1))) }
            for symbol in tail { visit(symbol) }
            return shared
        }
    }

    /// `body` with a matcher over the current text, its chains complete.
    private mutating func withMatcher<R>(_ body: (Matcher, inout DeflateSize) -> R) -> R {
        insert(upTo: count - Self.minMatch)
        let text = bytes, head = self.head, previous = self.previous
        return text.withUnsafeBufferPointer { text in
            head.withUnsafeBufferPointer { head in
                previous.withUnsafeBufferPointer { previous in
                    let matcher = Matcher(
                        text: text.baseAddress! + base, base: base, head: head.baseAddress!, previous: previous.baseAddress!,
                        length: count)
                    return body(matcher, &self)
                }
            }
        }
    }

    /// The long text's steps taken as far as a prefix of `length` bytes
    /// shares them, and the first top whose lookahead in the prefix is
    /// short: zlib's steps differ from the long text's from there on.
    private mutating func sharedTop(_ matcher: Matcher, _ length: Int) -> Top {
        precondition(length <= count)
        var long = matcher
        long.length = count
        advance(long, for: length)
        var low = 0
        var high = tops.count
        while low < high {
            let middle = (low + high) / 2
            if length - Int(tops[middle].start) < Self.minLookahead { high = middle } else { low = middle + 1 }
        }
        return low < tops.count ? tops[low] : state
    }

    /// Every position up to `last` in the chains, in order, as zlib
    /// inserts each once.
    private mutating func insert(upTo last: Int) {
        guard last >= inserted else { return }
        if previous.count < base + last + 1 { previous += repeatElement(-1, count: base + last + 1 - previous.count) }
        let base = self.base, first = inserted
        bytes.withUnsafeBufferPointer { text in
            head.withUnsafeMutableBufferPointer { head in
                previous.withUnsafeMutableBufferPointer { previous in
                    for absolute in (base + first)...(base + last) {
                        let key = Self.hash(text[absolute], text[absolute + 1], text[absolute + 2])
                        previous[absolute] = head[key]
                        head[key] = Int32(absolute)
                    }
                }
            }
        }
        inserted = last + 1
    }

    /// The long text's steps, as far as each has 262 bytes after it in the
    /// long text and in a prefix of `length` bytes.
    private mutating func advance(_ matcher: Matcher, for length: Int) {
        var top = state
        while count - Int(top.start) >= Self.minLookahead, length - Int(top.start) >= Self.minLookahead {
            top.symbols = Int32(symbols.count)
            tops.append(top)
            let symbol = matcher.step(&top)
            if symbol != Self.none { symbols.append(symbol) }
        }
        top.symbols = Int32(symbols.count)
        state = top
    }

    private static func hash(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        ((Int(a) << 10) ^ (Int(b) << 5) ^ Int(c)) & hashMask
    }

    /// No symbol: a step that only takes a byte aside for the lazy match.
    private static let none = UInt32.max

    // MARK: Matching (deflate.c)

    /// zlib's steps on one text: its bytes, and the chains by absolute
    /// position (`base` and before: none, zlib's NIL).
    private struct Matcher {
        let text: UnsafePointer<UInt8>
        let base: Int
        let head: UnsafePointer<Int32>
        let previous: UnsafePointer<Int32>
        /// The text's length: past it zlib's window holds zeros (`WIN_INIT`), which a match may run into.
        var length: Int

        @inline(__always)
        func byte(_ position: Int) -> Int { position < length ? Int(text[position]) : 0 }

        /// zlib's `hash_head` at `position`: the last position before it
        /// with its hash, 0 when none (or the first, which zlib cannot tell
        /// from none). The chains hold the positions of the long text.
        func hashHead(_ position: Int) -> Int {
            let absolute = base + position
            var found = Int(head[DeflateSize.hash(text[position], text[position + 1], text[position + 2])])
            while found >= absolute { found = Int(previous[found]) }
            return found > base ? found - base : 0
        }

        @inline(__always)
        func chainNext(_ position: Int) -> Int {
            let found = Int(previous[base + position])
            return found > base ? found - base : 0
        }

        /// `longest_match`: the longest match at `start` along the chain
        /// from `chain`, longer than `previousLength` to count; its length
        /// (or `previousLength`) capped by the lookahead, and where.
        func longestMatch(at start: Int, chain: Int, previousLength: Int, matchStart: inout Int) -> Int {
            let lookahead = length - start
            var chainLength = DeflateSize.maxChain
            var bestLength = previousLength
            var nice = DeflateSize.niceMatch
            if previousLength >= DeflateSize.goodMatch { chainLength >>= 2 }
            if nice > lookahead { nice = lookahead }
            var current = chain
            let whole = start + DeflateSize.maxMatch < length
            var scanEnd1 = byte(start + bestLength - 1)
            var scanEnd = byte(start + bestLength)
            let first = byte(start), second = byte(start + 1)
            repeat {
                if byte(current + bestLength) == scanEnd && byte(current + bestLength - 1) == scanEnd1
                    && byte(current) == first && byte(current + 1) == second
                {
                    // zlib skips the third byte, equal by the hash; so may this.
                    var matched = 2
                    if whole {
                        let scan = text + start, match = text + current
                        while matched < DeflateSize.maxMatch, scan[matched] == match[matched] { matched += 1 }
                    } else {
                        while matched < DeflateSize.maxMatch, byte(start + matched) == byte(current + matched) { matched += 1 }
                    }
                    if matched > bestLength {
                        matchStart = current
                        bestLength = matched
                        if matched >= nice { break }
                        scanEnd1 = byte(start + bestLength - 1)
                        scanEnd = byte(start + bestLength)
                    }
                }
                current = chainNext(current)
                chainLength -= 1
            } while current > 0 && chainLength != 0
            return bestLength <= lookahead ? bestLength : lookahead
        }

        /// One pass of `deflate_slow`'s loop at `top`: the symbol it
        /// tallies, or `none`.
        func step(_ top: inout Top) -> UInt32 {
            let start = Int(top.start)
            let lookahead = length - start
            var hashHead = 0
            if lookahead >= DeflateSize.minMatch { hashHead = self.hashHead(start) }
            let previousLength = Int(top.matchLength)
            let previousMatch = Int(top.matchStart)
            var matchLength = DeflateSize.minMatch - 1
            var matchStart = Int(top.matchStart)
            if hashHead != 0 && previousLength < DeflateSize.maxLazy {
                matchLength = longestMatch(at: start, chain: hashHead, previousLength: previousLength, matchStart: &matchStart)
                if matchLength == DeflateSize.minMatch && start - matchStart > DeflateSize.tooFar {
                    matchLength = DeflateSize.minMatch - 1
                }
            }
            top.matchStart = Int32(matchStart)
            if previousLength >= DeflateSize.minMatch && matchLength <= previousLength {
                // The positions the match covers are in the chains already.
                top.start = Int32(start + previousLength - 1)
                top.matchAvailable = false
                top.matchLength = Int32(DeflateSize.minMatch - 1)
                return DeflateSize.match(distance: start - 1 - previousMatch, length: previousLength - DeflateSize.minMatch)
            }
            top.start = Int32(start + 1)
            top.matchLength = Int32(matchLength)
            if top.matchAvailable { return UInt32(byte(start - 1)) }
            top.matchAvailable = true
            return DeflateSize.none
        }
    }

    // MARK: Symbols and trees (trees.c)

    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7]
    static let blOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// `_length_code`: a match length less 3 to its code.
    static let lengthCodes: [UInt8] = {
        var codes = [UInt8](repeating: 0, count: 256)
        var length = 0
        for code in 0..<28 {
            for _ in 0..<(1 << lengthExtra[code]) {
                codes[length] = UInt8(code)
                length += 1
            }
        }
        codes[255] = 28
        return codes
    }()

    /// A distance less one to its code (`d_code`, unfolded).
    static let distanceCodes: [UInt8] = {
        var codes = [UInt8](repeating: 0, count: 1 << 15)
        var distance = 0
        for code in 0..<30 {
            for _ in 0..<(1 << distanceExtra[code]) {
                codes[distance] = UInt8(code)
                distance += 1
            }
        }
        return codes
    }()

    /// A match as a symbol: its length less 3 in the low byte, its
    /// distance less one in the 15 bits above, and the top bit set (a
    /// literal is its byte): what the stream sends, its codes looked up.
    private static func match(distance: Int, length: Int) -> UInt32 {
        UInt32(length) | UInt32(distance - 1) << 8 | 1 << 31
    }

    @inline(__always)
    static func count(_ symbol: UInt32, _ literals: UnsafeMutablePointer<Int32>, _ distances: UnsafeMutablePointer<Int32>) {
        if symbol & (1 << 31) != 0 {
            literals[257 + Int(lengthCodes[Int(symbol & 0xFF)])] += 1
            distances[Int(distanceCodes[Int((symbol >> 8) & 0x7FFF)])] += 1
        } else {
            literals[Int(symbol)] += 1
        }
    }

    /// The fixed codes' lengths (`static_ltree`, `static_dtree`).
    static let staticLiteralLengths: [Int32] = (0..<286).map { symbol in
        switch symbol {
        case 0...143: 8
        case 144...255: 9
        case 256...279: 7
        default: 8
        }
    }
    private static let staticDistanceLengths = [Int32](repeating: 5, count: 30)

    /// `HEAP_SIZE`: the heap, and the nodes of the largest tree.
    private static let heapSize = 2 * 286 + 1

    /// A tree's arrays (`ct_data` and the state's `heap` and `depth`),
    /// each `heapSize` long; only what `build` writes is read.
    private struct Scratch {
        let frequency: UnsafeMutablePointer<Int32>
        let length: UnsafeMutablePointer<Int32>
        let dad: UnsafeMutablePointer<Int32>
        let depth: UnsafeMutablePointer<Int32>
        let heap: UnsafeMutablePointer<Int32>
    }

    /// `build_tree` and `gen_bitlen`: the code lengths (in `scratch.length`)
    /// of the `elements` frequencies in `scratch.frequency`, at most
    /// `maxLength` bits, each symbol's bits and extra bits added to
    /// `optimal` and, with fixed lengths, to `fixed`; the largest code used.
    private static func build(
        _ scratch: Scratch, elements: Int, maxLength: Int, extra: [Int], extraBase: Int, staticLengths: [Int32]?,
        optimal: inout Int, fixed: inout Int
    ) -> Int {
        let frequency = scratch.frequency, length = scratch.length, dad = scratch.dad
        let depth = scratch.depth, heap = scratch.heap
        var heapLength = 0
        var heapMax = heapSize
        var maxCode = -1
        for symbol in 0..<elements {
            if frequency[symbol] != 0 {
                heapLength += 1
                heap[heapLength] = Int32(symbol)
                maxCode = symbol
                depth[symbol] = 0
            } else {
                length[symbol] = 0
            }
        }
        while heapLength < 2 {
            let node: Int
            if maxCode < 2 {
                maxCode += 1
                node = maxCode
            } else {
                node = 0
            }
            heapLength += 1
            heap[heapLength] = Int32(node)
            frequency[node] = 1
            depth[node] = 0
            optimal -= 1
            if let staticLengths { fixed -= Int(staticLengths[node]) }
        }
        @inline(__always) func smaller(_ n: Int32, _ m: Int32) -> Bool {
            frequency[Int(n)] < frequency[Int(m)] || (frequency[Int(n)] == frequency[Int(m)] && depth[Int(n)] <= depth[Int(m)])
        }
        @inline(__always) func downHeap(_ start: Int) {
            var k = start
            let v = heap[k]
            var j = k << 1
            while j <= heapLength {
                if j < heapLength && smaller(heap[j + 1], heap[j]) { j += 1 }
                if smaller(v, heap[j]) { break }
                heap[k] = heap[j]
                k = j
                j <<= 1
            }
            heap[k] = v
        }
        var index = heapLength / 2
        while index >= 1 {
            downHeap(index)
            index -= 1
        }
        var node = elements
        repeat {
            let n = Int(heap[1])
            heap[1] = heap[heapLength]
            heapLength -= 1
            downHeap(1)
            let m = Int(heap[1])
            heapMax -= 1
            heap[heapMax] = Int32(n)
            heapMax -= 1
            heap[heapMax] = Int32(m)
            frequency[node] = frequency[n] + frequency[m]
            depth[node] = max(depth[n], depth[m]) + 1
            dad[n] = Int32(node)
            dad[m] = Int32(node)
            heap[1] = Int32(node)
            node += 1
            downHeap(1)
        } while heapLength >= 2
        heapMax -= 1
        heap[heapMax] = heap[1]

        // gen_bitlen
        var counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &counts) { raw in
            let counts = raw.bindMemory(to: Int.self)
            length[Int(heap[heapMax])] = 0
            var overflow = 0
            var h = heapMax + 1
            while h < heapSize {
                let n = Int(heap[h])
                var bits = Int(length[Int(dad[n])]) + 1
                if bits > maxLength {
                    bits = maxLength
                    overflow += 1
                }
                length[n] = Int32(bits)
                h += 1
                if n > maxCode { continue }
                counts[bits] += 1
                let extraBits = n >= extraBase ? extra[n - extraBase] : 0
                optimal += Int(frequency[n]) * (bits + extraBits)
                if let staticLengths { fixed += Int(frequency[n]) * (Int(staticLengths[n]) + extraBits) }
            }
            guard overflow > 0 else { return maxCode }
            repeat {
                var bits = maxLength - 1
                while counts[bits] == 0 { bits -= 1 }
                counts[bits] -= 1
                counts[bits + 1] += 2
                counts[maxLength] -= 1
                overflow -= 2
            } while overflow > 0
            var bits = maxLength
            while bits != 0 {
                var left = counts[bits]
                while left != 0 {
                    h -= 1
                    let m = Int(heap[h])
                    if m > maxCode { continue }
                    if Int(length[m]) != bits {
                        optimal += (bits - Int(length[m])) * Int(frequency[m])
                        length[m] = Int32(bits)
                    }
                    left -= 1
                }
                bits -= 1
            }
            return maxCode
        }
    }

    /// A tree's code lengths as `scan_tree` and `send_tree` walk them.
    enum Run {
        /// `count` lengths, each sent as itself.
        case each(Int32, count: Int)
        /// One length `count` times: sent once first when it differs from
        /// the length before (`first`), then code 16 for the rest (3–6).
        case repeated(Int32, count: Int, first: Bool)
        /// `count` zeros: code 17 (3–10) or code 18 (11–138).
        case zeros(count: Int)
    }

    /// The runs of `length[0...maxCode]`, in order (`scan_tree`'s loop).
    static func runs(_ length: UnsafePointer<Int32>, maxCode: Int, _ visit: (Run) -> Void) {
        var previousLength: Int32 = -1
        var nextLength = length[0]
        var count = 0
        var maxCount = 7
        var minCount = 4
        if nextLength == 0 {
            maxCount = 138
            minCount = 3
        }
        for n in 0...maxCode {
            let currentLength = nextLength
            nextLength = n + 1 <= maxCode ? length[n + 1] : 0xFFFF
            count += 1
            if count < maxCount && currentLength == nextLength {
                continue
            } else if count < minCount {
                visit(.each(currentLength, count: count))
            } else if currentLength != 0 {
                visit(.repeated(currentLength, count: count, first: currentLength != previousLength))
            } else {
                visit(.zeros(count: count))
            }
            count = 0
            previousLength = currentLength
            if nextLength == 0 {
                maxCount = 138
                minCount = 3
            } else if currentLength == nextLength {
                maxCount = 6
                minCount = 3
            } else {
                maxCount = 7
                minCount = 4
            }
        }
    }

    /// `scan_tree`: the bit-length code's frequencies for a tree's lengths.
    private static func scan(_ length: UnsafeMutablePointer<Int32>, maxCode: Int, into frequency: UnsafeMutablePointer<Int32>) {
        runs(length, maxCode: maxCode) { run in
            switch run {
            case .each(let length, let count): frequency[Int(length)] += Int32(count)
            case .repeated(let length, _, let first):
                if first { frequency[Int(length)] += 1 }
                frequency[16] += 1
            case .zeros(let count): frequency[count <= 10 ? 17 : 18] += 1
            }
        }
    }

    /// How `_tr_flush_block` sends the last block.
    enum Kind {
        case stored
        case fixed
        case dynamic(literalCodes: Int, distanceCodes: Int, lengthCodes: Int)
    }

    /// `_tr_flush_block` of the last block: its bytes, the end's padding
    /// included, stored, with the fixed codes or with its own.
    static func blockBytes(
        literals: UnsafeMutablePointer<Int32>, distances: UnsafeMutablePointer<Int32>, stored: Int
    ) -> Int {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 286 + 30 + 19) { lengths in
            let base = lengths.baseAddress!
            return plan(literals: literals, distances: distances, stored: stored, into: (base, base + 286, base + 316)).bytes
        }
    }

    /// The block's trees (`build_tree` of each, `build_bl_tree`) and how it
    /// is sent: each tree's code lengths into `lengths` (the literals' 286,
    /// the distances' 30, the bit lengths' 19), and the block's bytes.
    static func plan(
        literals: UnsafeMutablePointer<Int32>, distances: UnsafeMutablePointer<Int32>, stored: Int,
        into lengths: (literal: UnsafeMutablePointer<Int32>, distance: UnsafeMutablePointer<Int32>, bitLength: UnsafeMutablePointer<Int32>)
    ) -> (kind: Kind, bytes: Int) {
        literals[256] = 1  // END_BLOCK
        var optimal = 0
        var fixed = 0
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 5 * heapSize + 19) { memory in
            let base = memory.baseAddress!
            let scratch = Scratch(
                frequency: base, length: base + heapSize, dad: base + 2 * heapSize, depth: base + 3 * heapSize,
                heap: base + 4 * heapSize)
            let lengthFrequency = base + 5 * heapSize
            lengthFrequency.initialize(repeating: 0, count: 19)
            scratch.frequency.update(from: literals, count: 286)
            let literalMax = build(
                scratch, elements: 286, maxLength: 15, extra: lengthExtra, extraBase: 257, staticLengths: staticLiteralLengths,
                optimal: &optimal, fixed: &fixed)
            scan(scratch.length, maxCode: literalMax, into: lengthFrequency)
            lengths.literal.update(from: scratch.length, count: 286)
            scratch.frequency.update(from: distances, count: 30)
            let distanceMax = build(
                scratch, elements: 30, maxLength: 15, extra: distanceExtra, extraBase: 0, staticLengths: staticDistanceLengths,
                optimal: &optimal, fixed: &fixed)
            scan(scratch.length, maxCode: distanceMax, into: lengthFrequency)
            lengths.distance.update(from: scratch.length, count: 30)
            scratch.frequency.update(from: lengthFrequency, count: 19)
            var unused = 0
            _ = build(
                scratch, elements: 19, maxLength: 7, extra: lengthExtraBits, extraBase: 0, staticLengths: nil,
                optimal: &optimal, fixed: &unused)
            lengths.bitLength.update(from: scratch.length, count: 19)
            var maxIndex = 18
            while maxIndex >= 3 {
                if scratch.length[blOrder[maxIndex]] != 0 { break }
                maxIndex -= 1
            }
            optimal += 3 * (maxIndex + 1) + 5 + 5 + 4
            let optimalBytes = (optimal + 3 + 7) >> 3
            let fixedBytes = (fixed + 3 + 7) >> 3
            let chosen = min(optimalBytes, fixedBytes)
            if stored + 4 <= chosen { return (.stored, 1 + 4 + stored) }
            if fixedBytes <= optimalBytes { return (.fixed, fixedBytes) }
            return (.dynamic(literalCodes: literalMax + 1, distanceCodes: distanceMax + 1, lengthCodes: maxIndex + 1), optimalBytes)
        }
    }
}
