import UnitpackCore

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
    let languages: [UInt8]
    let forms: [SearchPackFormat.Form]

    /// What the cache counts for this shard: every array it keeps.
    var heldBytes: Int {
        keyBytes.count + 4 * (keyStarts.count + postingStarts.count + units.count) + languages.count + forms.count
    }

    struct DecodeError: Error { let detail: String }

    /// Decodes the column layout of docs/pack-format.md: key count, shared
    /// lengths, NUL-terminated suffixes, posting tags, posting units.
    init(raw: [UInt8]) throws(DecodeError) {
        var reader = ByteReader(raw)
        guard let count64 = reader.varint(), count64 <= UInt64(raw.count) else { throw DecodeError(detail: "bad key count") }
        let count = Int(count64)
        var shared: [Int] = []
        shared.reserveCapacity(count)
        for index in 0..<count {
            guard let value = reader.varint(), value <= UInt64(raw.count) else {
                throw DecodeError(detail: "key \(index) has a bad shared length")
            }
            shared.append(Int(value))
        }

        var keyBytes: [UInt8] = []
        var keyStarts: [UInt32] = [0]
        keyBytes.reserveCapacity(raw.count)
        keyStarts.reserveCapacity(count + 1)
        var previousStart = 0
        for index in 0..<count {
            let start = keyBytes.count
            guard shared[index] <= start - previousStart, index > 0 || shared[index] == 0 else {
                throw DecodeError(detail: "key \(index) shares more than the previous key has")
            }
            // Front coding: the shared bytes are the start of the previous key.
            for offset in 0..<shared[index] { keyBytes.append(keyBytes[previousStart + offset]) }
            while true {
                guard let byte = reader.u8() else { throw DecodeError(detail: "key \(index) is not terminated") }
                if byte == 0 { break }
                keyBytes.append(byte)
            }
            guard keyBytes.count > start else { throw DecodeError(detail: "key \(index) is empty") }
            if index > 0, !keyBytes[previousStart..<start].lexicographicallyPrecedes(keyBytes[start...]) {
                throw DecodeError(detail: "keys out of order at key \(index)")
            }
            previousStart = start
            keyStarts.append(UInt32(keyBytes.count))
        }

        var postingStarts: [UInt32] = [0]
        var languages: [UInt8] = []
        var forms: [SearchPackFormat.Form] = []
        postingStarts.reserveCapacity(count + 1)
        for index in 0..<count {
            while true {
                guard let value = reader.varint(), let tag = SearchPackFormat.untag(value) else {
                    throw DecodeError(detail: "key \(index) has a malformed posting tag")
                }
                languages.append(tag.language)
                forms.append(tag.form)
                if !tag.more { break }
            }
            postingStarts.append(UInt32(languages.count))
        }
        var units: [UInt32] = []
        units.reserveCapacity(languages.count)
        for index in 0..<languages.count {
            guard let unit = reader.varint(), unit <= UInt64(UInt32.max) else {
                throw DecodeError(detail: "posting \(index) has a malformed unit")
            }
            units.append(UInt32(unit))
        }
        guard reader.isAtEnd else { throw DecodeError(detail: "bytes after the last posting") }
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

    /// The postings of key `index`.
    func postings(_ index: Int, _ body: (_ unit: Int, _ language: UInt8, _ form: SearchPackFormat.Form) -> Void) {
        for posting in Int(postingStarts[index])..<Int(postingStarts[index + 1]) {
            body(Int(units[posting]), languages[posting], forms[posting])
        }
    }
}
