/// The preset dictionary of the search pack's shards (docs/pack-format.md,
/// "Dictionary"), chosen from the shards themselves: pieces of shards that
/// hold the most byte strings common to many shards, the way zstd's COVER
/// trainer chooses its dictionaries. A shard of a kilobyte alone gives zlib
/// little to refer to; with the endings, words and posting runs of other
/// shards in the dictionary, most of it becomes references. Measured on the
/// repository (format 6): 145,665 bytes of shards with this dictionary of
/// 8 KiB against 160,838 with raw shards spread evenly over the keys (what
/// format 5 took), 148,131 with `zstd --train-cover`'s.
enum SearchPackDictionary {
    /// The length of a piece, and of the byte strings (d-mers) scored.
    static let pieceBytes = 128
    static let dmerBytes = 6
    /// Pieces start every `pieceStride` bytes of a shard. Every 8 (before)
    /// scored 43,755 pieces and scored them again 98,462 times as pieces
    /// were taken (about 80 ms of one core in the build, on the path that
    /// decides its time) for a pack 97 bytes smaller: 151,336 bytes against
    /// 151,433 on the repository, 21.6% of the raw keys either way.
    static let pieceStride = 16

    /// At most `size` bytes. Greedy: the piece whose d-mers appear in the
    /// most shards (a d-mer counts once a piece, and only while no chosen
    /// piece holds it) is taken next, until `size` is reached; the best
    /// piece goes last, nearest the data (zlib's nearer references cost
    /// fewer bits). Deterministic: ties go to the earlier piece.
    static func train(_ shards: [[UInt8]], size: Int) -> [UInt8] {
        let all = shards.reduce(0) { $0 + $1.count }
        guard all > size else { return Array(shards.joined()) }
        // Each d-mer of each shard as a number, its frequency the count of shards holding it.
        // A table of our own and a stamp a d-mer: a Dictionary and a Set a
        // shard hashed each of the 390,000 d-mers twice with SipHash (a
        // sixth of the pack's build).
        var ids = DmerTable()
        var frequency: [Int32] = []
        var lastShard: [Int32] = []
        // Every shard's d-mers one after another, a shard's from `rowStarts[shard]`.
        var dmers: [Int32] = []
        var rowStarts: [Int] = []
        var rowCounts: [Int] = []
        let mask: UInt64 = (1 << UInt64(8 * dmerBytes)) - 1
        for (index, shard) in shards.enumerated() {
            rowStarts.append(dmers.count)
            if shard.count >= dmerBytes {
                var value: UInt64 = 0
                for offset in 0..<(dmerBytes - 1) { value = value << 8 | UInt64(shard[offset]) }
                for start in 0...(shard.count - dmerBytes) {
                    value = (value << 8 | UInt64(shard[start + dmerBytes - 1])) & mask
                    let id = ids.id(value, next: Int32(frequency.count))
                    if Int(id) == frequency.count {
                        frequency.append(0)
                        lastShard.append(-1)
                    }
                    if lastShard[Int(id)] != Int32(index) {
                        lastShard[Int(id)] = Int32(index)
                        frequency[Int(id)] += 1
                    }
                    dmers.append(id)
                }
            }
            rowCounts.append(dmers.count - rowStarts[index])
        }
        // The pieces: (shard, start); a piece's d-mers are its shard's from
        // `start` to `start + pieceBytes - dmerBytes + 1` (or the shard's end).
        var pieces: [(shard: Int, start: Int)] = []
        for (index, shard) in shards.enumerated() {
            for start in stride(from: 0, to: max(1, shard.count - pieceBytes + 1), by: pieceStride) {
                pieces.append((index, start))
            }
        }
        var stamp = [Int32](repeating: -1, count: frequency.count)
        var chosen: [[UInt8]] = []
        // Scored through pointers: a nested function reading the arrays it
        // captured checked each access (half the trainer's 0.49 billion
        // instructions).
        dmers.withUnsafeBufferPointer { dmers in
            stamp.withUnsafeMutableBufferPointer { stamp in
                frequency.withUnsafeMutableBufferPointer { frequency in
                    var generation: Int32 = 0
                    func dmerRange(_ piece: Int) -> Range<Int> {
                        let (shard, start) = pieces[piece]
                        let end = min(rowCounts[shard], start + pieceBytes - dmerBytes + 1)
                        return start < end ? (rowStarts[shard] + start)..<(rowStarts[shard] + end) : 0..<0
                    }
                    // Every piece's first score, `score`'s sum kept for a
                    // window sliding along each shard: a shard's pieces
                    // overlap by all but `pieceStride` bytes, so a step
                    // counts the d-mers that enter and leave it, not all
                    // 123 of the window again.
                    func initialScores() -> [Int] {
                        var scores = [Int](repeating: 0, count: pieces.count)
                        var held = [Int32](repeating: 0, count: frequency.count)
                        held.withUnsafeMutableBufferPointer { held in
                            var low = 0, high = 0, total = 0
                            var shard = -1
                            for piece in pieces.indices {
                                let range = dmerRange(piece)
                                if pieces[piece].shard != shard || range.isEmpty {
                                    // A new shard (or none): the window emptied.
                                    while low < high {
                                        held[Int(dmers[low])] -= 1
                                        low += 1
                                    }
                                    total = 0
                                    shard = range.isEmpty ? -1 : pieces[piece].shard
                                    low = range.lowerBound
                                    high = range.lowerBound
                                }
                                while high < range.upperBound {
                                    let id = Int(dmers[high])
                                    if held[id] == 0, frequency[id] > 1 { total += Int(frequency[id]) }
                                    held[id] += 1
                                    high += 1
                                }
                                while low < range.lowerBound {
                                    let id = Int(dmers[low])
                                    held[id] -= 1
                                    if held[id] == 0, frequency[id] > 1 { total -= Int(frequency[id]) }
                                    low += 1
                                }
                                scores[piece] = total
                            }
                        }
                        return scores
                    }
                    func score(_ piece: Int) -> Int {
                        let range = dmerRange(piece)
                        guard !range.isEmpty else { return 0 }
                        generation += 1
                        var total = 0
                        for position in range {
                            let id = Int(dmers[position])
                            guard stamp[id] != generation else { continue }
                            stamp[id] = generation
                            if frequency[id] > 1 { total += Int(frequency[id]) }
                        }
                        return total
                    }
                    // Ties are broken by the piece, so the heap built at once pops as one built by pushes.
                    let scores = initialScores()
                    assert(pieces.indices.allSatisfy { scores[$0] == score($0) }, "a sliding score differs from the piece's own")
                    var heap = MaxHeap(Array(zip(scores, pieces.indices)))
                    var total = 0
                    // Scores only fall as pieces are taken: a piece popped with a stale
                    // score is scored again and taken only if it still leads.
                    while total < size, let (stale, piece) = heap.pop() {
                        let current = score(piece)
                        if current < stale, let next = heap.top, (current, -piece) < (next.score, -next.piece) {
                            heap.push((current, piece))
                            continue
                        }
                        guard current > 0 else { break }
                        let (shard, start) = pieces[piece]
                        let end = min(shards[shard].count, start + pieceBytes)
                        chosen.append(Array(shards[shard][start..<end]))
                        total += end - start
                        for position in dmerRange(piece) { frequency[Int(dmers[position])] = 0 }
                    }
                }
            }
        }
        return Array(chosen.reversed().joined().suffix(size))
    }

    /// D-mers (at most 48 bits, stored plus one so that zero marks a free
    /// slot) to their ids in the order first seen: open addressing, probed
    /// linearly, kept at most half full.
    struct DmerTable {
        private var keys = [UInt64](repeating: 0, count: 1 << 12)
        private var values = [Int32](repeating: 0, count: 1 << 12)
        private var count = 0

        /// The id of `dmer`, or `next` given to it when it is new.
        mutating func id(_ dmer: UInt64, next: Int32) -> Int32 {
            if 2 * (count + 1) > keys.count { grow() }
            let key = dmer &+ 1
            let mask = keys.count - 1
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while true {
                let found = keys[slot]
                if found == key { return values[slot] }
                if found == 0 {
                    keys[slot] = key
                    values[slot] = next
                    count += 1
                    return next
                }
                slot = (slot + 1) & mask
            }
        }

        private mutating func grow() {
            let oldKeys = keys, oldValues = values
            keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
            values = [Int32](repeating: 0, count: oldKeys.count * 2)
            let mask = keys.count - 1
            for (key, value) in zip(oldKeys, oldValues) where key != 0 {
                var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
                while keys[slot] != 0 { slot = (slot + 1) & mask }
                keys[slot] = key
                values[slot] = value
            }
        }
    }

    /// A binary max-heap of (score, piece), the earlier piece first on a tie.
    struct MaxHeap {
        private var items: [(score: Int, piece: Int)] = []

        /// The heap of `items`, ordered in place (Floyd's: linear, where
        /// pushing each costs a climb).
        init(_ items: [(score: Int, piece: Int)]) {
            self.items = items
            var parent = items.count / 2 - 1
            while parent >= 0 {
                siftDown(parent)
                parent -= 1
            }
        }

        var top: (score: Int, piece: Int)? { items.first }

        private static func before(_ a: (score: Int, piece: Int), _ b: (score: Int, piece: Int)) -> Bool {
            a.score != b.score ? a.score > b.score : a.piece < b.piece
        }

        mutating func push(_ item: (score: Int, piece: Int)) {
            items.append(item)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.before(items[child], items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> (score: Int, piece: Int)? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let top = items.removeLast()
            siftDown(0)
            return top
        }

        private mutating func siftDown(_ start: Int) {
            items.withUnsafeMutableBufferPointer { items in
                var parent = start
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    var best = parent
                    if left < items.count, MaxHeap.before(items[left], items[best]) { best = left }
                    if right < items.count, MaxHeap.before(items[right], items[best]) { best = right }
                    guard best != parent else { break }
                    items.swapAt(parent, best)
                    parent = best
                }
            }
        }
    }
}
