import UnitpackCore

/// The forgiving search (issue 23; docs/pack-format.md "Forgiving search"):
/// when a query finds too little as typed, the keys within one edit of it
/// (two from eight letters) of the shards its first or second letter
/// selects, by an optimal-string-alignment distance computed over the sorted
/// keys with the rows of their shared start reused (a Levenshtein automaton
/// walked as a trie over the shard's keys).
extension SearchPack {
    /// The fewest letters a query needs to be corrected.
    public static let forgivingMinimumLetters = 4
    /// From this many letters on, two edits are forgiven.
    public static let twoEditLetters = 8
    /// The most scalars a corrected query may have: the work of the walk grows
    /// with the query's length times the keys', and a longer text is a phrase,
    /// which the phrase reader corrects word by word.
    public static let forgivingMaximumScalars = 48
    /// Fewer units found as typed (and none exactly) than this, or than the
    /// limit, and the query is corrected too. 1: only a query that finds
    /// nothing as typed, as issue 23 asks: with 5 (a prefix that finds a
    /// unit or two may be a misspelling of another word), a tenth of the
    /// random prefixes of SearchBench ran the forgiving walk, and the warm
    /// median of plain prefix queries went from 1.75 to 6.95 µs (p90 311 µs).
    public static let forgivingWanted = 1

    /// The edits forgiven for a query of `letters` scalars, 0 for none.
    public static func forgivenEdits(letters: Int) -> Int {
        letters < forgivingMinimumLetters || letters > forgivingMaximumScalars ? 0 : letters < twoEditLetters ? 1 : 2
    }

    /// The corrected matches of `query` (normalised), at most `limit`, of
    /// units not in `excluded`, best first: fewer edits, a whole key before a
    /// key's start, then as `search` ranks.
    func forgivingMatches(
        _ query: [UInt8], languageRank: [Int16], limit: Int, excluded: Set<UInt32>, edits forced: Int? = nil, work: inout Int
    ) throws(SearchPackError) -> [SearchMatch] {
        let scalars = Array(String(decoding: query, as: UTF8.self).unicodeScalars.map(\.value))
        let edits = forced ?? Self.forgivenEdits(letters: scalars.count)
        guard edits > 0, limit > 0, scalars.count >= 2, scalars.count <= Self.forgivingMaximumScalars else { return [] }
        var walk = ForgivingWalk(query: scalars, edits: edits, limit: limit, excluded: excluded)
        // The first letter as typed, then the second (a letter typed before
        // the word, or the first two swapped): measured on the misspelling
        // list, these keep all but a few percent of what every shard finds.
        var letters: [UInt32] = [scalars[0]]
        if scalars[1] != scalars[0] { letters.append(scalars[1]) }
        func walkKeys(startingWith letter: UInt32) throws(SearchPackError) {
            guard let start = Unicode.Scalar(letter) else { return }
            let prefix = Array(String(Character(start)).utf8)
            let range = shardRange(for: prefix, compared: &work)
            for index in range {
                let shard = try shard(index)
                walk.visit(shard, prefix: prefix, languageRank: languageRank)
            }
        }
        for letter in letters { try walkKeys(startingWith: letter) }
        // Still too little: the first letter typed as a key beside it, on any
        // keyboard of the pack that has it (the misspelling list's misses
        // were mostly a neighbour key or a dropped letter in first place).
        if walk.top.count < min(walk.limit, Self.forgivingWanted) {
            var near: [UInt32] = []
            for keyboard in rewriting {
                for letter in keyboard.neighbours(of: scalars[0]) where !letters.contains(letter) && !near.contains(letter) {
                    near.append(letter)
                }
            }
            for letter in near { try walkKeys(startingWith: letter) }
        }
        work += walk.cells + walk.keys
        return walk.top.map { entry in
            SearchMatch(
                unit: UnitID(rawValue: Int(entry.unit)), key: String(decoding: entry.key, as: UTF8.self),
                language: entry.language == SearchPackFormat.noLanguage ? nil : self.languages[safe: Int(entry.language)],
                form: entry.form, isExact: false, priority: Double(entry.priority) / 100, distance: entry.distance)
        }
    }
}

extension SearchPack {
    /// The keys nearest `text` within two edits whatever its length (from
    /// two scalars), for a "did you mean" when a name is not found: ranked
    /// as the forgiving search ranks, at most `limit`.
    public func nearest(_ text: String, languages wanted: [String]?, limit: Int = 3) throws(SearchPackError) -> [SearchMatch] {
        guard text.utf8.count <= Self.maxQueryBytes else { throw .queryTooLong(bytes: text.utf8.count, limit: Self.maxQueryBytes) }
        let query = Array(SearchKey.normalize(text).utf8)
        guard !query.isEmpty, !shards.isEmpty else { return [] }
        var work = 0
        return try forgivingMatches(
            query, languageRank: languageRanks(wanted), limit: limit, excluded: [], edits: 2, work: &work)
    }
}

/// The state of one forgiving walk: the query, the distance rows of the key
/// being read (row `i` is the key's first `i` scalars against every prefix
/// of the query), and the best matches so far.
struct ForgivingWalk {
    struct Entry {
        var score: UInt64
        var unit: UInt32
        var key: [UInt8]
        var language: UInt8
        var form: SearchPackFormat.Form
        var priority: UInt32
        var distance: Int
    }

    let query: [UInt32]
    let edits: Int
    let limit: Int
    let excluded: Set<UInt32>
    /// `(query.count + 1)` cells a row, rows 0 ... `query.count + edits`: a key's
    /// start longer than that is more than `edits` from every prefix of the query.
    private var rows: [UInt8]
    private var keyScalars: [UInt32]
    /// The key scalars whose rows are valid (the previous key's, decoded).
    private var validRows = 0
    /// A start of the previous key already more than `edits` away: every
    /// key sharing it is skipped.
    private var deadFrom = Int.max
    private(set) var top: [Entry] = []
    /// Distance cells computed and keys looked at (the walk's work).
    private(set) var cells = 0
    private(set) var keys = 0

    init(query: [UInt32], edits: Int, limit: Int, excluded: Set<UInt32>) {
        (self.query, self.edits, self.limit, self.excluded) = (query, edits, limit, excluded)
        let width = query.count + 1
        rows = [UInt8](repeating: 0, count: width * (query.count + edits + 1))
        for column in 0..<width { rows[column] = UInt8(column) }
        keyScalars = [UInt32](repeating: 0, count: query.count + edits)
    }

    /// Every key of `shard` that starts with `prefix`.
    mutating func visit(_ shard: SearchShard, prefix: [UInt8], languageRank: [Int16]) {
        var compared = 0
        let start = shard.lowerBound(prefix, compared: &compared)
        let end = shard.prefixEnd(prefix, from: start, compared: &compared)
        // Rows are reused only between neighbouring keys of one run.
        validRows = 0
        deadFrom = Int.max
        for position in start..<end { read(shard, position, languageRank: languageRank) }
    }

    private mutating func read(_ shard: SearchShard, _ position: Int, languageRank: [Int16]) {
        keys += 1
        let width = query.count + 1
        let maximumRows = query.count + edits
        // Decode the key's first scalars, counting those it shares with the previous key.
        var length = 0
        var shared = 0
        var sharing = true
        var whole = true
        let bytes = shard.key(position)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                guard length < maximumRows else {
                    whole = false
                    break decoding
                }
                if sharing, length < validRows, keyScalars[length] == scalar.value { shared += 1 } else { sharing = false }
                keyScalars[length] = scalar.value
                length += 1
            case .emptyInput, .error: break decoding
            }
        }
        if shared >= deadFrom {
            // The rows up to the dead start are this key's too.
            validRows = deadFrom
            return
        }
        deadFrom = Int.max
        var best = Int.max
        // Row 0 is fixed; rows 1 ... shared are the previous key's.
        for row in stride(from: 1, through: shared, by: 1) { best = min(best, Int(rows[row * width + query.count])) }
        var alive = length
        if shared < length {
            for row in (shared + 1)...length {
                let scalar = keyScalars[row - 1]
                let here = row * width
                let above = here - width
                rows[here] = UInt8(min(row, 255))
                var rowMinimum = Int(rows[here])
                for column in 1...query.count {
                    let cost: UInt8 = query[column - 1] == scalar ? 0 : 1
                    var value = min(rows[above + column] + 1, rows[here + column - 1] + 1, rows[above + column - 1] + cost)
                    if row > 1, column > 1, scalar == query[column - 2], keyScalars[row - 2] == query[column - 1] {
                        value = min(value, rows[above - width + column - 2] + 1)
                    }
                    rows[here + column] = value
                    rowMinimum = min(rowMinimum, Int(value))
                }
                cells += query.count
                best = min(best, Int(rows[here + query.count]))
                if rowMinimum > edits {
                    // No longer key with this start comes back within reach.
                    alive = row
                    deadFrom = row
                    break
                }
            }
        }
        validRows = alive
        guard best <= edits else { return }
        let full = whole && alive == length ? Int(rows[length * width + query.count]) : Int.max
        let isWhole = full <= edits
        let distance = isWhole ? full : best
        guard distance > 0 || !isWhole else { return }  // the key as typed: found before
        offer(shard, position, distance: distance, whole: isWhole, keyLength: bytes.count, languageRank: languageRank)
    }

    private mutating func offer(
        _ shard: SearchShard, _ position: Int, distance: Int, whole: Bool, keyLength: Int, languageRank: [Int16]
    ) {
        for index in shard.postingRange(position) {
            let posting = shard.postings[index]
            let rank = languageRank[Int(posting.language)]
            guard rank >= 0, !excluded.contains(posting.unit) else { continue }
            // Fewer edits, a whole key, then as an exact or prefix match ranks.
            let score = UInt64(3 - min(distance, 3)) << 62 | (whole ? 1 << 61 : 0)
                | UInt64(min(posting.priority, 0x0FFF_FFFF)) << 32 | UInt64(255 - min(Int(rank), 255)) << 16
                | UInt64(0xFFFF - min(keyLength, 0xFFFF))
            if let kept = top.firstIndex(where: { $0.unit == posting.unit }) {
                guard score > top[kept].score else { continue }
                top.remove(at: kept)
            } else if top.count >= limit {
                guard let last = top.last, score > last.score else { continue }
                top.removeLast()
            }
            let entry = Entry(
                score: score, unit: posting.unit, key: Array(shard.key(position)), language: posting.language,
                form: posting.form, priority: posting.priority, distance: distance)
            let at = top.firstIndex { score > $0.score || (score == $0.score && posting.unit < $0.unit) } ?? top.count
            top.insert(entry, at: at)
        }
    }
}
