/// A second decoder of an inflated shard, written from docs/pack-format.md
/// ("Shard") for clarity, not speed: the search-shard property holds the
/// runtime's decoder to it (both accept the same shards, and every key this
/// one reads is found).
enum ReferenceShardDecoder {
    struct Posting: Equatable {
        var unit: UInt64
        var slot: UInt64
        var form: UInt64
    }

    struct Failure: Error { var detail: String }

    static func decode(_ bytes: [UInt8], languageCount: Int) throws(Failure) -> [(key: [UInt8], postings: [Posting])] {
        var at = 0
        func varint() throws(Failure) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 70, by: 7) {
                guard at < bytes.count else { throw Failure(detail: "cut short") }
                let byte = bytes[at]
                at += 1
                guard shift < 64 else { throw Failure(detail: "varint over 10 bytes") }
                value |= UInt64(byte & 0x7F) << UInt64(shift)
                if byte < 0x80 { return value }
            }
            throw Failure(detail: "varint over 10 bytes")
        }
        let keyCount = try varint()
        guard keyCount >= 1, keyCount <= UInt64(bytes.count) else { throw Failure(detail: "key count") }
        let unitCount = try varint()
        guard unitCount <= UInt64(bytes.count) else { throw Failure(detail: "unit count") }
        var units: [UInt64] = []
        var id: UInt64 = 0
        for _ in 0..<unitCount {
            let delta = try varint()
            guard delta > 0, delta <= UInt64(UInt32.max) - id else { throw Failure(detail: "unit delta") }
            id += delta
            units.append(id)
        }
        // Each key: a drop byte below 0x20 (0x1F: a varint of the drop
        // minus 31 follows), then its suffix, up to the next byte below 0x20;
        // 0x00 after the last key.
        var keys: [[UInt8]] = []
        for _ in 0..<keyCount {
            let previous = keys.last ?? []
            guard at < bytes.count, bytes[at] < 0x20 else { throw Failure(detail: "no drop byte") }
            var drop = Int(bytes[at])
            at += 1
            if drop == 0x1F {
                let more = try varint()
                guard more <= UInt64(bytes.count) else { throw Failure(detail: "drop") }
                drop += Int(more)
            }
            guard drop <= previous.count else { throw Failure(detail: "drops more than the previous key has") }
            let common = previous.count - drop
            guard let end = bytes[at...].firstIndex(where: { $0 < 0x20 }) else { throw Failure(detail: "key not terminated") }
            guard end > at else { throw Failure(detail: "empty suffix") }
            let key = Array(previous[..<common]) + bytes[at..<end]
            guard previous.isEmpty || previous.lexicographicallyPrecedes(key) else { throw Failure(detail: "keys out of order") }
            guard common == previous.count || key[common] != previous[common] else {
                throw Failure(detail: "shares less than the common prefix")
            }
            keys.append(key)
            at = end
        }
        guard at < bytes.count, bytes[at] == 0 else { throw Failure(detail: "keys not ended by 0x00") }
        at += 1
        var tags: [[UInt64]] = []
        for _ in keys {
            var group: [UInt64] = []
            while true {
                let tag = try varint()
                group.append(tag)
                if tag & 1 == 0 { break }
            }
            tags.append(group)
        }
        var unit: UInt64?
        var result: [(key: [UInt8], postings: [Posting])] = []
        for (key, group) in zip(keys, tags) {
            var postings: [Posting] = []
            for tag in group {
                let slot = tag >> 5
                let form = (tag >> 2) & 7
                guard slot <= UInt64(languageCount), form <= 4 else { throw Failure(detail: "tag") }
                if tag & 2 == 0 {
                    let index = try varint()
                    guard index < UInt64(units.count) else { throw Failure(detail: "unit index") }
                    unit = units[Int(index)]
                } else {
                    guard unit != nil else { throw Failure(detail: "the first posting repeats a unit") }
                }
                postings.append(Posting(unit: unit!, slot: slot, form: form))
            }
            result.append((key, postings))
        }
        guard at == bytes.count else { throw Failure(detail: "bytes after the units column") }
        return result
    }
}
