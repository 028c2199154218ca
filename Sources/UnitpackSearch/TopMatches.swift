/// The best `limit` matches of a query, one per unit, best first: kept sorted
/// while the postings stream by, so that most postings cost one comparison
/// with the worst kept score.
struct TopMatches {
    struct Entry {
        var score: UInt64
        var unit: UInt32
        var shard: Int32
        var position: Int32
        var posting: Int32

        /// Higher score first; the smaller unit id on a tie.
        func ranksBefore(_ other: Entry) -> Bool {
            score != other.score ? score > other.score : unit < other.unit
        }
    }

    let limit: Int
    private(set) var entries: [Entry] = []
    /// The postings looked at (what the query cost).
    var ranked = 0
    /// The key bytes the binary searches compared with the query.
    var compared = 0

    init(limit: Int) {
        self.limit = limit
        entries.reserveCapacity(limit + 1)
    }

    var isFull: Bool { entries.count >= limit }
    /// The worst kept score (meaningful when full).
    var threshold: UInt64 { entries.last?.score ?? 0 }

    /// Ranking as one number, larger better: exact match, then priority, then
    /// the asked language's rank, then the shorter key.
    static func score(exact: Bool, priority: UInt32, languageRank: Int, keyLength: Int) -> UInt64 {
        (exact ? 1 << 63 : 0) | UInt64(min(priority, 0x7FFF_FFFF)) << 32
            | UInt64(255 - min(languageRank, 255)) << 16 | UInt64(0xFFFF - min(keyLength, 0xFFFF))
    }

    mutating func offer(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.unit == entry.unit }) {
            guard entry.ranksBefore(entries[index]) else { return }
            entries.remove(at: index)
        } else if isFull {
            guard let last = entries.last, entry.ranksBefore(last) else { return }
            entries.removeLast()
        }
        let at = entries.firstIndex { entry.ranksBefore($0) } ?? entries.count
        entries.insert(entry, at: at)
    }
}
