/// One comparison of a key with a query, byte by byte: where a binary search
/// goes, and how many bytes it read to know (a search's work is counted in
/// them, so that a test can show it grows with the query no faster than
/// linearly, where a clock would measure the machine).
struct KeyComparison {
    /// The bytes the key and the query share at their start.
    let shared: Int
    let keyPrecedes: Bool
    let keyStartsWithQuery: Bool
    /// The query comes first (the key is neither before it nor equal).
    var queryPrecedes: Bool { !keyPrecedes && !(keyStartsWithQuery && keyLength == shared) }
    private let keyLength: Int

    @inline(__always)
    init(_ key: ArraySlice<UInt8>, _ query: [UInt8], compared: inout Int) {
        let length = min(key.count, query.count)
        var shared = 0
        key.withUnsafeBufferPointer { key in
            while shared < length, key[shared] == query[shared] { shared += 1 }
        }
        self.shared = shared
        keyLength = key.count
        compared += shared + 1
        keyStartsWithQuery = shared == query.count
        // The key comes first when it is a proper prefix of the query, or
        // at the first byte where they differ.
        keyPrecedes = shared < query.count && (shared == key.count || key[key.startIndex + shared] < query[shared])
    }
}
