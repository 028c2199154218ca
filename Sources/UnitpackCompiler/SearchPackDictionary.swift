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
    /// Pieces start every `pieceStride` bytes of a shard.
    static let pieceStride = 8

    /// At most `size` bytes. Greedy: the piece whose d-mers appear in the
    /// most shards (a d-mer counts once a piece, and only while no chosen
    /// piece holds it) is taken next, until `size` is reached; the best
    /// piece goes last, nearest the data (zlib's nearer references cost
    /// fewer bits). Deterministic: ties go to the earlier piece.
    static func train(_ shards: [[UInt8]], size: Int) -> [UInt8] {
        let all = shards.reduce(0) { $0 + $1.count }
        guard all > size else { return Array(shards.joined()) }
        // Each d-mer of each shard as a number, its frequency the count of shards holding it.
        var ids: [UInt64: Int32] = [:]
        var frequency: [Int32] = []
        var dmers: [[Int32]] = []
        for shard in shards {
            var row: [Int32] = []
            var seen = Set<Int32>()
            if shard.count >= dmerBytes {
                for start in 0...(shard.count - dmerBytes) {
                    var value: UInt64 = 0
                    for offset in 0..<dmerBytes { value = value << 8 | UInt64(shard[start + offset]) }
                    let id: Int32
                    if let known = ids[value] {
                        id = known
                    } else {
                        id = Int32(frequency.count)
                        ids[value] = id
                        frequency.append(0)
                    }
                    if seen.insert(id).inserted { frequency[Int(id)] += 1 }
                    row.append(id)
                }
            }
            dmers.append(row)
        }
        // The pieces: (shard, start); a piece's d-mers are row[start ..< start + pieceBytes - dmerBytes + 1].
        var pieces: [(shard: Int, start: Int)] = []
        for (index, shard) in shards.enumerated() {
            for start in stride(from: 0, to: max(1, shard.count - pieceBytes + 1), by: pieceStride) {
                pieces.append((index, start))
            }
        }
        var stamp = [Int32](repeating: -1, count: frequency.count)
        var generation: Int32 = 0
        func score(_ piece: Int) -> Int {
            let (shard, start) = pieces[piece]
            let row = dmers[shard]
            let end = min(row.count, start + pieceBytes - dmerBytes + 1)
            guard start < end else { return 0 }
            generation += 1
            var total = 0
            for position in start..<end {
                let id = Int(row[position])
                guard stamp[id] != generation else { continue }
                stamp[id] = generation
                if frequency[id] > 1 { total += Int(frequency[id]) }
            }
            return total
        }
        var heap = MaxHeap()
        for piece in pieces.indices { heap.push((score(piece), piece)) }
        var chosen: [[UInt8]] = []
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
            let row = dmers[shard]
            for position in start..<min(row.count, start + pieceBytes - dmerBytes + 1) { frequency[Int(row[position])] = 0 }
        }
        return Array(chosen.reversed().joined().suffix(size))
    }

    /// A binary max-heap of (score, piece), the earlier piece first on a tie.
    struct MaxHeap {
        private var items: [(score: Int, piece: Int)] = []

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
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < items.count, Self.before(items[left], items[best]) { best = left }
                if right < items.count, Self.before(items[right], items[best]) { best = right }
                guard best != parent else { break }
                items.swapAt(parent, best)
                parent = best
            }
            return top
        }
    }
}
