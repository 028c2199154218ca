#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UTF-8 byte order (SQLite's BINARY collation, `NameBlock.precedes`) by
/// `memcmp` of the strings' own bytes. The names' sort compares some
/// 700,000 pairs; walking `utf8` element by element, and `!=` on Strings
/// (canonical equivalence, which normalises non-ASCII text) before it, were
/// an eighth of the repository's build.
public enum UTF8Order {
    /// Negative, zero or positive as `a`'s bytes sort before, equal or after `b`'s.
    public static func compare(_ a: String, _ b: String) -> Int {
        let fast = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? Int(order) : a.count - b.count
            }
        }
        if let fast = fast ?? nil { return fast }
        // A bridged string without contiguous UTF-8 (none in the build): element by element.
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
}
