import UnitpackCore

/// The forgiving search (issue 23; docs/pack-format.md "Forgiving search"):
/// when a query finds nothing as typed, the keys within one edit of it (two
/// from eight letters) among those starting with its first or second letter,
/// by an optimal-string-alignment distance computed over the sorted keys
/// with the rows of their shared start reused, and every run of keys whose
/// start is already too far jumped over (a Levenshtein automaton walked as
/// a trie over the keys, across shards).
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

    /// Units matched whole at one edit after which a pass does not widen:
    /// the unit meant is then almost always among them (measured on the
    /// misspelling list: docs/pack-format.md, "Forgiving search").
    static let forgivingEnough = 1
    /// The most scalars of the query the first, narrowest pass takes as
    /// typed (at most half the query): most typos lie after them.
    static let forgivingNarrowScalars = 3

    /// The corrected matches of `query` (normalised), at most `limit`, of
    /// units not in `excluded`, best first: fewer edits, a whole key before a
    /// key's start, then as `search` ranks.
    ///
    /// Passes from the cheapest to the widest, stopping once one finds
    /// `forgivingEnough` units within one edit: the keys starting with the
    /// query's first scalars (up to three), one edit then all; the rest of
    /// its first letter's keys, one edit then all; its second letter's; the
    /// keys beside the first letter. A cold pass reads only the shards its
    /// keys lie in, so the narrow passes read one or two.
    func forgivingMatches(
        _ query: [UInt8], languageRank: [Int16], limit: Int, excluded: Set<UInt32>, edits forced: Int? = nil, work: inout Int
    ) throws(SearchPackError) -> [SearchMatch] {
        let scalars = Array(String(decoding: query, as: UTF8.self).unicodeScalars.map(\.value))
        let edits = forced ?? Self.forgivenEdits(letters: scalars.count)
        guard edits > 0, limit > 0, scalars.count >= 2, scalars.count <= Self.forgivingMaximumScalars else { return [] }
        var walk = ForgivingWalk(query: scalars, edits: edits, limit: limit, excluded: excluded)
        func bytes(_ part: ArraySlice<UInt32>) -> [UInt8] {
            var text = String.UnicodeScalarView()
            for value in part { if let scalar = Unicode.Scalar(value) { text.append(scalar) } }
            return Array(String(text).utf8)
        }
        // Each pass walks key ranges forgiving `step` edits, and the search
        // stops once enough units are found whole at one edit. One edit
        // comes first: a typo is most often one, and one edit prunes far more
        // of the keys than two.
        func pass(_ ranges: [(low: [UInt8], high: [UInt8])], step: Int) throws(SearchPackError) -> Bool {
            walk.edits = step
            for range in ranges where range.low.lexicographicallyPrecedes(range.high) {
                try walkKeys(from: range.low, to: range.high, &walk, languageRank: languageRank, work: &work)
            }
            return walk.wholeAtOneEdit >= Self.forgivingEnough
        }
        func finish() -> [SearchMatch] {
            work += walk.cells + walk.keys
            return walk.matches(self)
        }
        let first = bytes(scalars[..<1])
        let narrow = bytes(scalars[..<max(1, min(Self.forgivingNarrowScalars, scalars.count / 2))])
        let letter = (low: first, high: Self.successor(first))
        // The first letter as typed, its first scalars first; then the second
        // letter (a letter typed before the word, or the first two swapped):
        // measured on the misspelling list, these keep all but a few percent
        // of what every shard finds.
        if try pass([(narrow, Self.successor(narrow))], step: 1) { return finish() }
        if try pass([(first, narrow), (Self.successor(narrow), letter.high)], step: 1) { return finish() }
        if edits > 1, try pass([letter], step: edits) { return finish() }
        var letters: [UInt32] = [scalars[0]]
        if scalars[1] != scalars[0] {
            letters.append(scalars[1])
            let second = bytes(scalars[1..<2])
            if try pass([(second, Self.successor(second))], step: 1) { return finish() }
            if edits > 1, try pass([(second, Self.successor(second))], step: edits) { return finish() }
        }
        // Still nothing: the first letter typed as a key beside it, on any
        // keyboard of the pack that has it (the misspelling list's misses
        // were mostly a neighbour key or a dropped letter in first place).
        if walk.top.count < min(walk.limit, Self.forgivingWanted) {
            var near: [UInt32] = []
            for keyboard in rewriting {
                for letter in keyboard.neighbours(of: scalars[0]) where !letters.contains(letter) && !near.contains(letter) {
                    near.append(letter)
                }
            }
            walk.edits = edits
            for letter in near {
                let start = bytes([letter][...])
                try walkKeys(from: start, to: Self.successor(start), &walk, languageRank: languageRank, work: &work)
            }
        }
        return finish()
    }

    /// The first byte string after every string that starts with `prefix`
    /// (its last byte raised by one; UTF-8 has no 0xFF byte to carry).
    static func successor(_ prefix: [UInt8]) -> [UInt8] {
        var next = prefix
        while let last = next.last {
            if last < 0xFF {
                next[next.count - 1] = last + 1
                return next
            }
            next.removeLast()
        }
        return [0xFF, 0xFF]
    }

    /// Walks the keys from `low` (included) to `high` (excluded) through
    /// `walk`, across shards: a run of keys whose start the walk found
    /// beyond its edits is skipped by a binary search, to the next shard by
    /// the separators, so that a shard is read only when a key the walk
    /// reads lies in it.
    func walkKeys(from low: [UInt8], to high: [UInt8], _ walk: inout ForgivingWalk, languageRank: [Int16], work: inout Int)
        throws(SearchPackError)
    {
        walk.restart()
        var target = low
        var compared = 0
        defer { work += compared }
        seeking: while true {
            // The shard the first key not before `target` lies in: the last
            // whose separator is not after it, or the next one's first key.
            var lower = 0
            var upper = shards.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if KeyComparison(separator(middle), target, compared: &compared).queryPrecedes { upper = middle } else { lower = middle + 1 }
            }
            var index = max(0, lower - 1)
            var shard = try self.shard(index)
            var position = shard.lowerBound(target, from: 0, compared: &compared)
            while true {
                if position >= shard.count {
                    index += 1
                    // The next shard starts at or after `high`: nothing left to read.
                    guard index < shards.count, separator(index).lexicographicallyPrecedes(high) else { return }
                    shard = try self.shard(index)
                    position = 0
                }
                let key = shard.key(position)
                guard key.lexicographicallyPrecedes(high) else { return }
                let dead = walk.read(shard, position, languageRank: languageRank)
                guard dead > 0 else {
                    position += 1
                    continue
                }
                // Every key starting with the dead start is as far: past them.
                target = Self.successor(Array(key.prefix(dead)))
                guard target.lexicographicallyPrecedes(high) else { return }
                let last = shard.count - 1
                if KeyComparison(shard.key(last), target, compared: &compared).keyPrecedes { continue seeking }
                position = shard.lowerBound(target, from: position + 1, compared: &compared)
            }
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
        var whole: Bool
    }

    let query: [UInt32]
    /// The edits this pass forgives (at most those given at init, which
    /// the rows are made for).
    var edits: Int
    let limit: Int
    let excluded: Set<UInt32>
    /// `(query.count + 1)` cells a row, rows 0 ... `query.count + edits`: a key's
    /// start longer than that is more than `edits` from every prefix of the query.
    private var rows: [UInt8]
    private var keyScalars: [UInt32]
    /// Where each of the key's first scalars ends in its bytes.
    private var scalarEnds: [Int]
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
        scalarEnds = [Int](repeating: 0, count: query.count + edits + 1)
    }

    /// The units matched whole at one edit so far.
    var wholeAtOneEdit: Int { top.reduce(0) { $0 + ($1.whole && $1.distance == 1 ? 1 : 0) } }

    /// Forgets the previous key: the next one read shares no rows with it.
    mutating func restart() {
        validRows = 0
        deadFrom = Int.max
    }

    /// Reads key `position` of `shard`, offering its units when it is near
    /// enough. Returns 0, or the bytes of a start of the key already more
    /// than `edits` from every prefix of the query: no key sharing it comes
    /// within reach, and the caller skips them.
    mutating func read(_ shard: SearchShard, _ position: Int, languageRank: [Int16]) -> Int {
        keys += 1
        let width = query.count + 1
        let maximumRows = query.count + edits
        // Decode the key's first scalars, counting those it shares with the previous key.
        var length = 0
        var shared = 0
        var sharing = true
        var whole = true
        let bytes = shard.key(position)
        bytes.withUnsafeBufferPointer { bytes in
            var at = 0
            while at < bytes.count {
                guard length < maximumRows else {
                    whole = false
                    return
                }
                let lead = UInt32(bytes[at])
                let (count, initial): (Int, UInt32) =
                    lead < 0x80 ? (1, lead) : lead < 0xE0 ? (2, lead & 0x1F) : lead < 0xF0 ? (3, lead & 0x0F) : (4, lead & 0x07)
                // A sequence cut short (a damaged key): its scalars so far are the key.
                guard at + count <= bytes.count else { return }
                var scalar = initial
                for next in stride(from: at + 1, to: at + count, by: 1) { scalar = scalar << 6 | UInt32(bytes[next] & 0x3F) }
                at += count
                if sharing, length < validRows, keyScalars[length] == scalar { shared += 1 } else { sharing = false }
                keyScalars[length] = scalar
                length += 1
                scalarEnds[length] = at
            }
        }
        if shared >= deadFrom {
            // The rows up to the dead start are this key's too.
            validRows = deadFrom
            return scalarEnds[deadFrom]
        }
        deadFrom = Int.max
        var best = Int.max
        // Row 0 is fixed; rows 1 ... shared are the previous key's.
        for row in stride(from: 1, through: shared, by: 1) { best = min(best, Int(rows[row * width + query.count])) }
        var alive = length
        if shared < length {
            rows.withUnsafeMutableBufferPointer { rows in
                query.withUnsafeBufferPointer { query in
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
            }
        }
        validRows = alive
        let skip = deadFrom == Int.max ? 0 : scalarEnds[deadFrom]
        guard best <= edits else { return skip }
        let full = whole && alive == length ? Int(rows[length * width + query.count]) : Int.max
        let isWhole = full <= edits
        let distance = isWhole ? full : best
        guard distance > 0 || !isWhole else { return skip }  // the key as typed: found before
        offer(shard, position, distance: distance, whole: isWhole, keyLength: bytes.count, languageRank: languageRank)
        return skip
    }

    /// The matches found, best first.
    func matches(_ pack: SearchPack) -> [SearchMatch] {
        top.map { entry in
            SearchMatch(
                unit: UnitID(rawValue: Int(entry.unit)), key: String(decoding: entry.key, as: UTF8.self),
                language: entry.language == SearchPackFormat.noLanguage ? nil : pack.languages[safe: Int(entry.language)],
                form: entry.form, isExact: false, priority: Double(entry.priority) / 100, distance: entry.distance)
        }
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
                form: posting.form, priority: posting.priority, distance: distance, whole: whole)
            let at = top.firstIndex { score > $0.score || (score == $0.score && posting.unit < $0.unit) } ?? top.count
            top.insert(entry, at: at)
        }
    }
}
