import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One inflated shard, decoded once into flat arrays so that a warm query is
/// a binary search and a scan, with no allocation per key. The inflated
/// bytes are not kept: the arrays hold everything a query reads.
final class SearchShard: Sendable {
    /// The keys, back to back.
    let keyBytes: [UInt8]
    /// `keyStarts[k] ..< keyStarts[k + 1]` is key `k` in `keyBytes` (count + 1 entries).
    let keyStarts: [UInt32]
    /// `postingStarts[k] ..< postingStarts[k + 1]` are the postings of key `k` (count + 1 entries).
    let postingStarts: [UInt32]
    let units: [UInt32]
    /// Each posting's unit's priority (× 100, from the unit table), looked up
    /// once here so that ranking a match is arithmetic.
    let priorities: [UInt32]
    let languages: [UInt8]
    let forms: [SearchPackFormat.Form]

    /// What the cache counts for this shard: the object and every array it
    /// keeps, as malloc hands them out (header, 16-byte chunks).
    var heldBytes: Int {
        ApproximateSize.allocation(ApproximateSize.objectHeader + 8 * 8)
            + [keyBytes.count, 4 * keyStarts.count, 4 * postingStarts.count, 4 * units.count, 4 * priorities.count,
               languages.count, forms.count]
            .reduce(0) { $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + $1) }
    }

    struct DecodeError: Error { let detail: String }

    /// Decodes the column layout of docs/pack-format.md: key count, the
    /// shard's units, shared lengths, NUL-terminated suffixes, posting tags,
    /// posting units.
    init(raw: [UInt8], priority: (UInt32) -> UInt32) throws(DecodeError) {
        var reader = ByteReader(raw)
        guard let count64 = reader.varint(), count64 <= UInt64(raw.count) else { throw DecodeError(detail: "bad key count") }
        let count = Int(count64)
        guard let paletteCount = reader.varint(), paletteCount <= UInt64(raw.count) else {
            throw DecodeError(detail: "bad unit count")
        }
        var palette: [UInt32] = []
        palette.reserveCapacity(Int(paletteCount))
        var id: UInt64 = 0
        for index in 0..<Int(paletteCount) {
            guard let delta = reader.varint(), delta > 0, delta <= UInt64(UInt32.max) - id else {
                throw DecodeError(detail: "unit \(index) of the shard's units is malformed")
            }
            id += delta
            palette.append(UInt32(id))
        }
        var shared: [Int] = []
        shared.reserveCapacity(count)
        for index in 0..<count {
            guard let value = reader.varint(), value <= UInt64(raw.count) else {
                throw DecodeError(detail: "key \(index) has a bad shared length")
            }
            shared.append(Int(value))
        }

        // The keys take at most the shared bytes plus the suffix bytes, which
        // lie in what is left of `raw`: write them into a buffer that large.
        let bound = shared.reduce(0, +) + (raw.count - reader.offset)
        guard bound <= 64 * raw.count else { throw DecodeError(detail: "keys share more than they have") }
        var keyStarts: [UInt32] = [0]
        keyStarts.reserveCapacity(count + 1)
        var failure: String?
        var end = reader.offset
        let keyBytes = [UInt8](unsafeUninitializedCapacity: bound) { keys, written in
            raw.withUnsafeBufferPointer { input in
                var write = 0
                var read = reader.offset
                var previousStart = 0
                for index in 0..<count {
                    let start = write
                    let common = shared[index]
                    let previousLength = start - previousStart
                    guard common <= previousLength else {
                        failure = "key \(index) shares more than the previous key has"
                        break
                    }
                    // Front coding: the shared bytes are the start of the previous
                    // key (they end before `write`, so the ranges never overlap).
                    // Whole-range copies: a byte loop here was most of a cold query.
                    let base = keys.baseAddress!
                    if common > 0 { (base + write).update(from: base + previousStart, count: common) }
                    write += common
                    guard read < input.count,
                          let nul = memchr(input.baseAddress! + read, 0, input.count - read)
                    else {
                        failure = "key \(index) is not terminated"
                        break
                    }
                    let length = UnsafeRawPointer(nul) - UnsafeRawPointer(input.baseAddress! + read)
                    guard length <= bound - write else {
                        failure = "key \(index) is longer than the shard"
                        break
                    }
                    (base + write).update(from: input.baseAddress! + read, count: length)
                    write += length
                    read += length + 1
                    guard write > start else {
                        failure = "key \(index) is empty"
                        break
                    }
                    // Strictly increasing: the writer shares exactly the common
                    // prefix, so the previous key ends there or the next byte grows.
                    let grows = common < previousLength
                        ? write > start + common && keys[start + common] > keys[previousStart + common]
                        : write > start + common
                    if index > 0, !grows {
                        failure = "keys out of order at key \(index)"
                        break
                    }
                    previousStart = start
                    keyStarts.append(UInt32(write))
                }
                end = read
                written = write
            }
        }
        if let failure { throw DecodeError(detail: failure) }
        reader.offset = end

        // The tags: count the postings first, so that every array below is
        // allocated once at its exact size (a loop of appends costs more than
        // the bytes it reads).
        let tagsStart = reader.offset
        var postingCount = 0
        var position = tagsStart
        let counted: Bool = raw.withUnsafeBufferPointer { input in
            var keys = 0
            while keys < count {
                guard let tag = readVarint(input, &position) else { return false }
                postingCount += 1
                if tag & 1 == 0 { keys += 1 }
            }
            return true
        }
        guard counted else { throw DecodeError(detail: "the posting tags are cut short") }

        var postingStarts = [UInt32](repeating: 0, count: count + 1)
        var languages = [UInt8](repeating: 0, count: postingCount)
        var forms = [SearchPackFormat.Form](repeating: .name, count: postingCount)
        var units = [UInt32](repeating: 0, count: postingCount)
        let postingFailure: String? = raw.withUnsafeBufferPointer { input in
            languages.withUnsafeMutableBufferPointer { languages in
                forms.withUnsafeMutableBufferPointer { forms in
                    units.withUnsafeMutableBufferPointer { units in
                        postingStarts.withUnsafeMutableBufferPointer { postingStarts in
                            var tagAt = tagsStart
                            var unitAt = position
                            var key = 0
                            for posting in 0..<postingCount {
                                guard let value = readVarint(input, &tagAt), let tag = SearchPackFormat.untag(value) else {
                                    return "posting \(posting) has a malformed tag"
                                }
                                languages[posting] = tag.language
                                forms[posting] = tag.form
                                if tag.sameUnit {
                                    guard posting > 0 else { return "the first posting repeats a unit" }
                                    units[posting] = units[posting - 1]
                                } else {
                                    guard let slot = readVarint(input, &unitAt), slot < UInt64(palette.count) else {
                                        return "posting \(posting) names no unit of the shard"
                                    }
                                    units[posting] = palette[Int(slot)]
                                }
                                if !tag.more {
                                    key += 1
                                    postingStarts[key] = UInt32(posting + 1)
                                }
                            }
                            return unitAt == input.count ? nil : "bytes after the last posting"
                        }
                    }
                }
            }
        }
        if let postingFailure { throw DecodeError(detail: postingFailure) }
        self.priorities = units.map(priority)
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.postingStarts = postingStarts
        self.units = units
        self.languages = languages
        self.forms = forms
    }

    var count: Int { keyStarts.count - 1 }

    func key(_ index: Int) -> ArraySlice<UInt8> {
        keyBytes[Int(keyStarts[index])..<Int(keyStarts[index + 1])]
    }

    /// The first key not less than `query`.
    func lowerBound(_ query: [UInt8]) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if key(middle).lexicographicallyPrecedes(query) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first key from `start` on that does not start with `query` (keys
    /// with a prefix are contiguous in sorted order).
    func prefixEnd(_ query: [UInt8], from start: Int) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if key(middle).starts(with: query) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Offers every posting of the keys starting with `query` to `top`.
    /// `languageRank[language]` is the rank of a posting's language (0 best),
    /// negative to skip it. (Walking the postings by priority instead, to stop
    /// early on wide ranges, measured slower: most units share a few
    /// priorities, so the walk rarely stops, and the sort slows cold queries.)
    func collect(_ query: [UInt8], shard: Int, languageRank: [Int16], into top: inout TopMatches) {
        let start = lowerBound(query)
        let end = prefixEnd(query, from: start)
        guard start < end else { return }
        units.withUnsafeBufferPointer { units in
            priorities.withUnsafeBufferPointer { priorities in
                languages.withUnsafeBufferPointer { languages in
                    for position in start..<end {
                        let keyLength = Int(keyStarts[position + 1] &- keyStarts[position])
                        let exact = keyLength == query.count
                        top.ranked += Int(postingStarts[position + 1] &- postingStarts[position])
                        for posting in Int(postingStarts[position])..<Int(postingStarts[position + 1]) {
                            let rank = languageRank[Int(languages[posting])]
                            guard rank >= 0 else { continue }
                            let score = TopMatches.score(
                                exact: exact, priority: priorities[posting], languageRank: Int(rank), keyLength: keyLength)
                            if top.isFull && score < top.threshold { continue }
                            top.offer(.init(score: score, unit: units[posting], shard: Int32(shard),
                                            position: Int32(position), posting: Int32(posting)))
                        }
                    }
                }
            }
        }
    }
}

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

/// A LEB128 varint at `offset` (advanced past it); nil when cut short or
/// longer than 10 bytes.
@inline(__always)
private func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while shift < 64, offset < bytes.count {
        let byte = bytes[offset]
        offset += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
    }
    return nil
}
