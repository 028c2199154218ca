#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ranges of one text's bytes, searched and compared with the C library:
/// the readers of the texts a parse after `purge()` reads (phrase words,
/// blocks of names) cut their lines and order them on the bytes, in place.
extension UnsafeBufferPointer<UInt8> {
    /// Where `byte` first is within `range`, or nil (`memchr`).
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = baseAddress, let found = memchr(base + range.lowerBound, Int32(byte), range.count) else {
            return nil
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The byte order of two ranges (SQLite's BINARY collation): -1, 0 or 1.
    package func order(_ a: Range<Int>, _ b: Range<Int>) -> Int {
        let common = Swift.min(a.count, b.count)
        if common > 0, let base = baseAddress {
            let found = memcmp(base + a.lowerBound, base + b.lowerBound, common)
            if found != 0 { return found < 0 ? -1 : 1 }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
