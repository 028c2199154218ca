import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One inflated shard, decoded once into flat arrays so that a warm query is
/// a binary search and a scan, with no allocation per key. The inflated
/// bytes are not kept: the arrays hold everything a query reads. Three
/// allocations a shard (there were seven): a cold query pays for each.
/// Reading the inflated bytes in place instead (a walk over the front-coded
/// keys at every query, nothing decoded) measured slower, cold and warm.
final class SearchShard: Sendable {
    /// One posting, with its unit's priority (× 100, from the unit table)
    /// looked up once here so that ranking a match is arithmetic.
    struct Posting {
        var unit: UInt32
        var priority: UInt32
        var language: UInt8
        var form: SearchPackFormat.Form
    }

    /// The keys, back to back.
    let keyBytes: [UInt8]
    /// `keyStarts[k] ..< keyStarts[k + 1]` is key `k` in `keyBytes`, and
    /// `keyStarts[count + 1 + k] ..< keyStarts[count + 2 + k]` are its postings
    /// (both count + 1 entries, in one array).
    let keyStarts: [UInt32]
    let postings: [Posting]
    let count: Int

    /// What the cache counts for this shard: the object and every array it
    /// keeps, as malloc hands them out (header, 16-byte chunks).
    /// (Capacities, not counts: what malloc holds.)
    var heldBytes: Int {
        ApproximateSize.allocation(ApproximateSize.objectHeader + 4 * 8)
            + [keyBytes.capacity, 4 * keyStarts.capacity, MemoryLayout<Posting>.stride * postings.capacity]
            .reduce(0) { $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + $1) }
    }

    struct DecodeError: Error { let damage: SearchPackError.ShardDamage }

    /// Decodes the layout of docs/pack-format.md: key count, the shard's
    /// units, the front-coded keys, posting tags, posting units.
    /// `languages`: the pack's language count; a posting's slot names one
    /// of them or none.
    init(raw: UnsafeBufferPointer<UInt8>, priorities: SearchPack.PriorityTable, languages: Int) throws(DecodeError) {
        (keyBytes, keyStarts, postings, count) = try Self.decode(raw, priorities: priorities, languages: languages)
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, priorities: SearchPack.PriorityTable, languages: Int)
        throws(DecodeError) -> ([UInt8], [UInt32], [Posting], Int)
    {
        var at = 0
        guard let count64 = readVarint(input, &at), count64 >= 1, count64 <= UInt64(input.count) else {
            throw DecodeError(damage: .keyCount)
        }
        let count = Int(count64)
        // Each of the shard's units takes a byte at least.
        guard let paletteCount = readVarint(input, &at), paletteCount <= UInt64(input.count - at) else {
            throw DecodeError(damage: .unitCount)
        }
        // The shard's units, on the stack while decoding (a shard names a
        // hundred or so).
        let (keyBytes, keyStarts, postings) = try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Int(paletteCount)) {
            palette throws(DecodeError) in
            var id: UInt64 = 0
            for index in 0..<Int(paletteCount) {
                guard let delta = readVarint(input, &at), delta > 0, delta <= UInt64(UInt32.max) - id else {
                    throw DecodeError(damage: .unit(index: index))
                }
                id += delta
                palette[index] = UInt32(id)
            }
            var (keyBytes, keyStarts, keysEnd) = try decodeKeys(input, from: at, count: count)
            let postings = try decodePostings(
                input, from: keysEnd, count: count, palette: UnsafeBufferPointer(palette), priorities: priorities,
                languages: languages, keyStarts: &keyStarts)
            return (keyBytes, keyStarts, postings)
        }
        return (keyBytes, keyStarts, postings, count)
    }

    /// The front-coded keys from `start` (each a drop byte, then its suffix,
    /// up to the next byte below 0x20; a 0x00 after the last): the keys back
    /// to back, their starts (the first half of `keyStarts`; the second half
    /// is the postings'), and where the posting tags begin.
    private static func decodeKeys(_ input: UnsafeBufferPointer<UInt8>, from start: Int, count: Int)
        throws(DecodeError) -> ([UInt8], [UInt32], Int)
    {
        // One pass into scratch room for as many key bytes as a shard may
        // describe (`keysShareTooMuch` past that: a shard of a few bytes
        // could otherwise describe megabytes), then one copy of the bytes
        // written into an array of their exact size. (A first pass that
        // only measured the keys, and a second that copied them, cost a
        // third more instructions.) On the stack when it fits.
        let limit = 64 * input.count
        // Room past the keys: a word copied at the end of the last key
        // overruns it by up to 7 bytes, and a zero word follows each key.
        let slack = 16
        var keyStarts = [UInt32](repeating: 0, count: 2 * (count + 1))
        var keysEnd = start
        var failure: SearchPackError.ShardDamage?
        let keyBytes: [UInt8] = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit + slack) { scratch in
            keyStarts.withUnsafeMutableBufferPointer { starts in
                let base = scratch.baseAddress!
                let bytes = input.baseAddress!
                let end = input.count
                var read = start
                var write = 0
                var previousStart = 0
                for index in 0..<count {
                    guard read < end else {
                        failure = .unterminatedKey(key: max(0, index - 1))
                        break
                    }
                    // Only the first key's can be another byte: the others' ended the suffix before.
                    guard bytes[read] < SearchPackFormat.keyByteMinimum else {
                        failure = .sharedLength(key: index)
                        break
                    }
                    var drop = Int(bytes[read])
                    read += 1
                    if drop == SearchPackFormat.longDrop {
                        guard let more = readVarint(input, &read), more <= UInt64(end) else {
                            failure = .sharedLength(key: index)
                            break
                        }
                        drop += Int(more)
                    }
                    let previousLength = write - previousStart
                    guard drop <= previousLength else {
                        failure = .sharesMoreThanPrevious(key: index)
                        break
                    }
                    let common = previousLength - drop
                    let keyStart = write
                    guard keyStart + common < limit else {
                        failure = .keysShareTooMuch
                        break
                    }
                    // Front coding: the shared bytes are the start of the previous
                    // key. A word may read past them, into this key's place (the
                    // zero word written after the previous key), but what it
                    // carries there lands past `common`, where the suffix goes.
                    var copied = 0
                    while copied < common {
                        Self.copyWord(from: base + previousStart + copied, to: base + keyStart + copied)
                        copied += 8
                    }
                    write += common
                    // The suffix, a word at a time while eight bytes of the shard
                    // remain, up to the first byte below 0x20 (a word's bytes less
                    // than 0x20 set their high bits; the lowest is the first).
                    let suffixStart = read
                    var ended = false
                    while read + 8 <= end, write + 8 <= limit {
                        let word = Self.copyWord(from: bytes + read, to: base + write)
                        let low = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                        if low != 0 {
                            let length = low.trailingZeroBitCount / 8
                            read += length
                            write += length
                            ended = true
                            break
                        }
                        read += 8
                        write += 8
                    }
                    if !ended {
                        while read < end, write < limit, bytes[read] >= SearchPackFormat.keyByteMinimum {
                            base[write] = bytes[read]
                            write += 1
                            read += 1
                        }
                    }
                    guard write < limit else {
                        failure = .keysShareTooMuch
                        break
                    }
                    // Every suffix has a byte: the first key is not empty, and a later
                    // key without one would be the previous key or a prefix of it.
                    guard read > suffixStart else {
                        failure = .emptySuffix(key: index)
                        break
                    }
                    guard read < end else {
                        failure = .unterminatedKey(key: index)
                        break
                    }
                    // Strictly increasing: the writer shares exactly the common
                    // prefix, so the previous key ends there or the next byte grows.
                    if index > 0, common < previousLength, base[keyStart + common] <= base[previousStart + common] {
                        failure = .keysOutOfOrder(key: index)
                        break
                    }
                    UnsafeMutableRawPointer(base + write).storeBytes(of: 0, as: UInt64.self)
                    previousStart = keyStart
                    starts[index + 1] = UInt32(write)
                }
                // The keys end with a 0x00.
                if failure == nil {
                    if read < end, bytes[read] == 0 { keysEnd = read + 1 } else { failure = .unterminatedKey(key: count - 1) }
                }
                guard failure == nil else { return [] }
                // The keys, with 8 zero bytes past them (what a word read at the end of the last may touch).
                return [UInt8](unsafeUninitializedCapacity: write + 8) { keys, written in
                    memcpy(keys.baseAddress!, base, write)
                    memset(keys.baseAddress! + write, 0, 8)
                    written = write
                }
            }
        }
        if let failure { throw DecodeError(damage: failure) }
        return (keyBytes, keyStarts, keysEnd)
    }

    /// The postings from `tagsStart`: the tags, then the units of the
    /// postings whose unit is not the previous one's (indices into the
    /// shard's units, `palette`). Fills the second half of `keyStarts`.
    private static func decodePostings(
        _ input: UnsafeBufferPointer<UInt8>, from tagsStart: Int, count: Int, palette: UnsafeBufferPointer<UInt32>,
        priorities: SearchPack.PriorityTable, languages: Int, keyStarts: inout [UInt32]
    ) throws(DecodeError) -> [Posting] {
        // Count the postings first, so that they are allocated once at their
        // exact size: a tag's `more` bit is in its first byte, so a tag is
        // counted without its value.
        var postingCount = 0
        var unitsStart = tagsStart
        var keysSeen = 0
        let bytes = input.baseAddress!
        let end = input.count
        while keysSeen < count {
            guard unitsStart < end else { throw DecodeError(damage: .postingTagsCutShort) }
            let lead = bytes[unitsStart]
            if lead < 0x80 {
                unitsStart += 1
            } else {
                guard readVarint(input, &unitsStart) != nil else { throw DecodeError(damage: .postingTagsCutShort) }
            }
            postingCount += 1
            keysSeen &+= Int(~lead & 1)
        }

        var postingFailure: SearchPackError.ShardDamage?
        let postings = [Posting](unsafeUninitializedCapacity: postingCount) { postings, written in
            keyStarts.withUnsafeMutableBufferPointer { starts in
                var tagAt = tagsStart
                var unitAt = unitsStart
                var key = 0
                var unit: UInt32 = 0
                var priority: UInt32 = 0
                starts[count + 1] = 0
                // Counted in a local and handed over once (a store through
                // `written` each posting kept it in memory).
                var initialized = 0
                defer { written = initialized }
                // Most tags and unit indices are one byte: read in place, the
                // varint reader only for longer ones (every tag was read whole above).
                for posting in 0..<postingCount {
                    var raw = UInt64(bytes[tagAt])
                    if raw < 0x80 { tagAt += 1 } else { raw = readVarint(input, &tagAt)! }
                    guard let tag = SearchPackFormat.untag(raw, languageCount: languages) else {
                        postingFailure = .malformedTag(posting: posting)
                        return
                    }
                    if tag.sameUnit {
                        guard posting > 0 else {
                            postingFailure = .firstPostingRepeatsUnit
                            return
                        }
                    } else {
                        var index: UInt64
                        if unitAt < end, bytes[unitAt] < 0x80 {
                            index = UInt64(bytes[unitAt])
                            unitAt += 1
                        } else {
                            guard let long = readVarint(input, &unitAt) else {
                                postingFailure = .postingUnit(posting: posting)
                                return
                            }
                            index = long
                        }
                        guard index < UInt64(palette.count) else {
                            postingFailure = .postingUnit(posting: posting)
                            return
                        }
                        unit = palette[Int(index)]
                        priority = priorities.priority(of: Int(unit))
                    }
                    (postings.baseAddress! + posting).initialize(
                        to: Posting(unit: unit, priority: priority, language: tag.language, form: tag.form))
                    initialized = posting + 1
                    if !tag.more {
                        key += 1
                        starts[count + 1 + key] = UInt32(posting + 1)
                    }
                }
                if unitAt != input.count { postingFailure = .bytesAfterPostings }
            }
        }
        if let postingFailure { throw DecodeError(damage: postingFailure) }
        return postings
    }

    /// Copies eight bytes (unaligned) and returns them in memory order
    /// (the first byte lowest), for the zero-byte test.
    @inline(__always) @discardableResult
    private static func copyWord(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> UInt64 {
        let word = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(target).storeBytes(of: word, as: UInt64.self)
        return UInt64(littleEndian: word)
    }

    func key(_ index: Int) -> ArraySlice<UInt8> {
        keyBytes[Int(keyStarts[index])..<Int(keyStarts[index + 1])]
    }

    /// The postings of key `index`, as indices into `postings`.
    func postingRange(_ index: Int) -> Range<Int> {
        Int(keyStarts[count + 1 + index])..<Int(keyStarts[count + 2 + index])
    }

    /// The first key not less than `query`.
    func lowerBound(_ query: [UInt8]) -> Int {
        var compared = 0
        return lowerBound(query, compared: &compared)
    }

    /// `lowerBound(_:)`, adding to `compared` the bytes its comparisons read.
    func lowerBound(_ query: [UInt8], compared: inout Int) -> Int {
        lowerBound(query, from: 0, compared: &compared)
    }

    /// The first key from `start` on not less than `query`.
    func lowerBound(_ query: [UInt8], from start: Int, compared: inout Int) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if KeyComparison(key(middle), query, compared: &compared).keyPrecedes { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first key from `start` on that does not start with `query` (keys
    /// with a prefix are contiguous in sorted order).
    func prefixEnd(_ query: [UInt8], from start: Int, compared: inout Int) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if KeyComparison(key(middle), query, compared: &compared).keyStartsWithQuery { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Offers every posting of the keys starting with `query` to `top`.
    /// `languageRank[language]` is the rank of a posting's language (0 best),
    /// negative to skip it. (Walking the postings by priority instead, to stop
    /// early on wide ranges, measured slower: most units share a few
    /// priorities, so the walk rarely stops, and the sort slows cold queries.)
    func collect(_ query: [UInt8], shard: Int, languageRank: [Int16], into top: inout TopMatches) {
        let start = lowerBound(query, compared: &top.compared)
        let end = prefixEnd(query, from: start, compared: &top.compared)
        guard start < end else { return }
        postings.withUnsafeBufferPointer { postings in
            for position in start..<end {
                let keyLength = Int(keyStarts[position + 1] &- keyStarts[position])
                let exact = keyLength == query.count
                let range = postingRange(position)
                top.ranked += range.count
                for index in range {
                    let posting = postings[index]
                    let rank = languageRank[Int(posting.language)]
                    guard rank >= 0 else { continue }
                    let score = TopMatches.score(
                        exact: exact, priority: posting.priority, languageRank: Int(rank), keyLength: keyLength)
                    if top.isFull && score < top.threshold { continue }
                    top.offer(.init(score: score, unit: posting.unit, shard: Int32(shard),
                                    position: Int32(position), posting: Int32(index)))
                }
            }
        }
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
