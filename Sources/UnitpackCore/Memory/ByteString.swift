#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A string hashed and compared by its UTF-8 bytes, as SQLite compares the
/// names: no Unicode normalisation, which Swift's `String` runs on every hash
/// of non-ASCII text (a tenth of parsing a Russian phrase went there). The
/// database's texts are NFC; a text in another normal form matches neither
/// SQLite nor these keys.
package struct ByteString: Hashable, Sendable {
    package let string: String

    package init(_ string: String) { self.string = string }

    package static func == (a: ByteString, b: ByteString) -> Bool {
        // memcmp over the contiguous bytes: the UTF-8 view's generic
        // `elementsEqual` compared a byte at a time (a tenth of a parse).
        guard a.string.utf8.count == b.string.utf8.count else { return false }
        var left = a.string, right = b.string
        return left.withUTF8 { x in
            right.withUTF8 { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    package func hash(into hasher: inout Hasher) {
        var string = self.string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether the string's UTF-8 holds `byte` (an ASCII byte: `^`, `-`,
    /// `(`), found by `memchr`: the UTF-8 view's generic `contains` went a
    /// byte at a time through its iterator, asked of every word of a phrase.
    package func utf8Contains(_ byte: UInt8) -> Bool {
        var string = self
        return string.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }
}
