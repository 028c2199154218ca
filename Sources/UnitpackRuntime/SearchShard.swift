import UnitpackCore

/// One inflated shard, decoded once into flat arrays so that a warm query is
/// a binary search and a scan, with no allocation per key.
final class SearchShard: Sendable {
    /// The keys, back to back.
    let keyBytes: [UInt8]
    /// `keyStarts[k] ..< keyStarts[k + 1]` is key `k` in `keyBytes` (count + 1 entries).
    let keyStarts: [UInt32]
    /// The postings of key `k` start at `postingStarts[k]` in `raw`.
    let postingStarts: [UInt32]
    let raw: [UInt8]

    /// What the cache counts for this shard: every array it keeps.
    var heldBytes: Int { raw.count + keyBytes.count + 4 * (keyStarts.count + postingStarts.count) }

    struct DecodeError: Error { let detail: String }

    init(raw: [UInt8]) throws(DecodeError) {
        var reader = ByteReader(raw)
        guard let count = reader.varint(), count <= UInt64(raw.count) else { throw DecodeError(detail: "bad key count") }
        var keyBytes: [UInt8] = []
        var keyStarts: [UInt32] = [0]
        var postingStarts: [UInt32] = []
        keyStarts.reserveCapacity(Int(count) + 1)
        postingStarts.reserveCapacity(Int(count))
        var previousStart = 0
        for index in 0..<Int(count) {
            let previousLength = keyBytes.count - previousStart
            guard let shared = reader.varint(), let length = reader.varint(),
                  shared <= UInt64(previousLength), length <= UInt64(raw.count),
                  let suffix = reader.take(Int(length))
            else { throw DecodeError(detail: "key \(index) is malformed") }
            let start = keyBytes.count
            // Front coding: the shared bytes are the start of the previous key.
            for offset in 0..<Int(shared) { keyBytes.append(keyBytes[previousStart + offset]) }
            keyBytes.append(contentsOf: suffix)
            if index > 0, !keyBytes[previousStart..<start].lexicographicallyPrecedes(keyBytes[start...]) {
                throw DecodeError(detail: "keys out of order at key \(index)")
            }
            previousStart = start
            keyStarts.append(UInt32(keyBytes.count))
            postingStarts.append(UInt32(reader.offset))
            guard let postings = reader.varint(), postings > 0, postings <= UInt64(raw.count) else {
                throw DecodeError(detail: "key \(index) has a bad posting count")
            }
            for _ in 0..<postings {
                guard reader.varint() != nil, reader.u8() != nil, let form = reader.u8(),
                      SearchPackFormat.Form(rawValue: form) != nil, reader.varint() != nil
                else { throw DecodeError(detail: "key \(index) has a malformed posting") }
            }
        }
        guard reader.isAtEnd else { throw DecodeError(detail: "bytes after the last key") }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.postingStarts = postingStarts
        self.raw = raw
    }

    var count: Int { postingStarts.count }

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

    /// The postings of key `index` (validated when the shard was decoded).
    func postings(_ index: Int, _ body: (_ unit: Int, _ language: UInt8, _ form: SearchPackFormat.Form, _ priority: UInt64) -> Void) {
        var reader = ByteReader(raw, offset: Int(postingStarts[index]))
        let count = reader.varint() ?? 0
        for _ in 0..<count {
            guard let unit = reader.varint(), let language = reader.u8(), let form = reader.u8().flatMap(SearchPackFormat.Form.init),
                  let priority = reader.varint()
            else { return }
            body(Int(truncatingIfNeeded: unit), language, form, priority)
        }
    }
}
