/// Constants and primitives of `search.pack`, shared by the writer and the
/// reader. The layout is specified byte by byte in docs/pack-format.md.
public enum SearchPackFormat {
    /// The pack's file name in a build directory before a generation names it (docs/pack-format.md).
    public static let fileName = "search.pack"
    /// The first eight bytes of every pack: `UPSEARCH`.
    public static let magic: [UInt8] = Array("UPSEARCH".utf8)
    /// The format version this reader and writer use; a pack of another is refused.
    public static let version: UInt16 = 6
    /// The header's size in bytes, before the shard index.
    public static let headerLength = 32
    /// The bytes of a shard index entry before its separator.
    public static let indexEntryFixedBytes = 18
    /// A shard's bytes before compression, as the writer aims for: a cold
    /// query inflates and decodes a whole shard (zlib inflates ~5 ns a byte
    /// here), so smaller is faster, and costs size. Measured (Scripts/bench
    /// and a cold-query probe, docs/pack-format.md "Shard size"): with the
    /// 8 KiB dictionary of an earlier format, 1,280 bytes made the
    /// repository's pack 31.2% of its raw key bytes and ten times that data
    /// 33.0%, cold queries ~21-25 µs; 1,024 bytes were ~10% faster on ten
    /// times the data but 35.7% there with a 4 KiB dictionary. In format 6,
    /// 1 KiB shards would make the pack 22.4% against 21.6%.
    public static let targetShardBytes = 1280
    /// The most bytes of the shards' preset zlib dictionary (held by the
    /// reader from open: part of its index bytes). Chosen from the shards
    /// (`SearchPackDictionary` in the compiler): with 16 KiB the repository's
    /// pack is 21.6% of its raw key bytes, with 8 KiB 22.7% (format 6,
    /// docs/pack-format.md "Shard size"); the cold query did not move beyond
    /// the noise (zlib copies the dictionary into its window: one
    /// `rep movsb`).
    public static let dictionaryBytes = 16384
    /// Key bytes are at least this (0x20, the space): a byte below it ends a
    /// key's suffix in a shard, and gives how many bytes the next key drops
    /// from it (docs/pack-format.md, "Shard").
    public static let keyByteMinimum: UInt8 = 0x20
    /// A drop byte of this value is followed by a varint: the drop minus it.
    public static let longDrop = 0x1F
    /// Readers refuse a larger dictionary (zlib uses at most the last 32 KiB).
    public static let maxDictionaryBytes = 32768
    /// Readers refuse a shard that declares more than this uncompressed (a
    /// damaged length must not become a huge allocation).
    public static let maxShardBytes = 1 << 20
    /// The language byte of a posting for the symbols of `units-src/`, which
    /// belong to every language.
    public static let noLanguage: UInt8 = 0xFF
    /// The most languages a pack holds: a language is one byte, with two values reserved.
    public static let maxLanguages = 254

    /// A posting's tag: `((slot << 3 | form) << 2) | same << 1 | more`, where
    /// the slot is 0 for `noLanguage` and the language's index + 1 otherwise,
    /// `same` says that the posting's unit is the previous posting's (so the
    /// units column skips it), and `more` that another posting of the same
    /// key follows.
    public static func tag(language: UInt8, form: Form, sameUnit: Bool, more: Bool) -> UInt64 {
        let slot: UInt64 = language == noLanguage ? 0 : UInt64(language) + 1
        return (slot << 3 | UInt64(form.rawValue)) << 2 | (sameUnit ? 2 : 0) | (more ? 1 : 0)
    }

    /// The parts of a tag; `nil` for a form that cannot be, or a language
    /// slot past the pack's `languageCount` languages (the one decoder of
    /// tags: the shard reader uses it).
    @inlinable @inline(__always)
    public static func untag(_ tag: UInt64, languageCount: Int) -> (language: UInt8, form: Form, sameUnit: Bool, more: Bool)? {
        let slot = tag >> 5
        guard slot <= UInt64(min(languageCount, maxLanguages)), let form = Form(rawValue: UInt8((tag >> 2) & 7)) else { return nil }
        return (slot == 0 ? noLanguage : UInt8(slot - 1), form, tag & 2 == 2, tag & 1 == 1)
    }

    /// A priority as the unit table stores it: × 100, rounded, within 0 ... 2^32 - 1.
    public static func encodedPriority(_ priority: Double) -> UInt64 {
        guard priority.isFinite, priority > 0 else { return 0 }
        return UInt64(min((priority * 100).rounded(), Double(UInt32.max)))
    }

    /// What a key is of its unit, for ranking.
    public enum Form: UInt8, Sendable, CaseIterable {
        /// A `units-src/` name.
        case name = 0
        /// A display name.
        case display = 1
        /// A plural form.
        case pluralForm = 2
        /// A symbol of the unit (`km`, `км`).
        case symbol = 3
        /// A synonym of the unit's name (`kilometre`, `klick`).
        case synonym = 4
        /// A grammatical case form (`locales/<lang>/cases.tsv`).
        case caseForm = 5
        /// A word the build composed (`NameKind.composed`).
        case composed = 6
    }
}

/// Reads what the compiler's `ByteWriter` wrote, bounds-checked: running past the end is
/// `nil`, never a trap. Inlinable: the runtime decodes shards with it, and a
/// call across modules per byte costs more than the byte.
public struct ByteReader {
    public let bytes: [UInt8]
    public var offset: Int

    @inlinable public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    @inlinable public var isAtEnd: Bool { offset >= bytes.count }

    @inlinable public mutating func u8() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    @inlinable public mutating func u16() -> UInt16? {
        guard let low = u8(), let high = u8() else { return nil }
        return UInt16(low) | UInt16(high) << 8
    }

    @inlinable public mutating func u32() -> UInt32? {
        guard let low = u16(), let high = u16() else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }

    /// At most 10 bytes; an overlong or unterminated varint is `nil`.
    @inlinable public mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 64 {
            guard let byte = u8() else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    @inlinable public mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }
}
