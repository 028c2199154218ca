import UnitpackCore
import UnitpackStore

/// Where the parts of a `search.pack` lie, walked as docs/pack-format.md lays
/// them out, for tests that damage one field on purpose and for the fuzzer,
/// which must set CRCs right to get past them. Tolerant: on bytes that are no
/// pack it stops where the bytes end and leaves the rest nil.
public struct PackLayout {
    /// Byte offsets of the header's fields ("Header").
    public enum Header {
        public static let version = 8
        public static let headerLength = 10
        public static let keyCount = 12
        public static let postingCount = 16
        public static let shardCount = 20
        public static let tablesLength = 24
        public static let tablesCRC = 28
    }

    /// Byte offsets within a shard index entry ("Shard index").
    public enum Entry {
        public static let offset = 0
        public static let compressedLength = 4
        public static let rawLength = 8
        public static let crc = 12
        public static let separatorLength = 16
        public static let separator = SearchPackFormat.indexEntryFixedBytes
    }

    /// Where the tables start (the language table) and end.
    public let tables: Int
    public let tablesEnd: Int
    /// The query rewriting: the first language's keyboard row count.
    public private(set) var rewriting: Int?
    /// The unit table's and the dictionary's raw-length fields.
    public private(set) var unitTable: Int?
    public private(set) var dictionary: Int?
    /// Each shard index entry's first byte.
    public private(set) var entries: [Int] = []

    public init(_ bytes: [UInt8]) {
        func u32(_ at: Int) -> Int? {
            at >= 0 && at + 4 <= bytes.count ? (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } : nil
        }
        tables = SearchPackFormat.headerLength
        let length = u32(Header.tablesLength) ?? 0
        tablesEnd = min(bytes.count, tables + length)
        var at = tables
        guard at < tablesEnd else { return }
        let languages = Int(bytes[at])
        at += 1
        for _ in 0..<languages where at < tablesEnd { at += 1 + Int(bytes[at]) }
        rewriting = at
        // Per language: keyboard rows, transliteration pairs, per words.
        for _ in 0..<languages {
            guard at < tablesEnd else { return }
            let rows = Int(bytes[at])
            at += 1
            for _ in 0..<rows where at < tablesEnd { at += 1 + Int(bytes[at]) }
            guard at + 2 <= tablesEnd else { return }
            let pairs = Int(bytes[at]) | Int(bytes[at + 1]) << 8
            at += 2
            for _ in 0..<(2 * pairs) where at < tablesEnd { at += 1 + Int(bytes[at]) }
            guard at < tablesEnd else { return }
            let words = Int(bytes[at])
            at += 1
            for _ in 0..<words where at < tablesEnd { at += 1 + Int(bytes[at]) }
        }
        // The unit table, then the dictionary: raw length, compressed length, bytes.
        guard at + 8 <= tablesEnd, let units = u32(at + 4) else { return }
        unitTable = at
        at += 8 + units
        guard at + 8 <= tablesEnd, let dictionaryLength = u32(at + 4) else { return }
        dictionary = at
        at += 8 + dictionaryLength
        for _ in 0..<min(u32(Header.shardCount) ?? 0, 1 << 16) {
            guard at + Entry.separator <= tablesEnd else { break }
            entries.append(at)
            at += Entry.separator + (Int(bytes[at + Entry.separatorLength]) | Int(bytes[at + Entry.separatorLength + 1]) << 8)
        }
    }

    /// The little-endian u32 at `offset`.
    public static func u32(_ bytes: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    /// Writes `value` little-endian at `offset`.
    public static func put(_ value: UInt32, in bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    /// Sets the tables' CRC-32 to what their bytes give.
    public static func restampTablesCRC(_ bytes: inout [UInt8]) {
        guard bytes.count >= SearchPackFormat.headerLength else { return }
        let layout = PackLayout(bytes)
        put(CRC32.checksum(Array(bytes[layout.tables..<layout.tablesEnd])), in: &bytes, at: Header.tablesCRC)
    }

    /// Sets every in-file shard's CRC-32, then the tables', to what the bytes give.
    public static func restampCRCs(_ bytes: inout [UInt8]) {
        guard bytes.count >= SearchPackFormat.headerLength else { return }
        for entry in PackLayout(bytes).entries {
            let offset = u32(bytes, at: entry + Entry.offset)
            let length = u32(bytes, at: entry + Entry.compressedLength)
            if offset + length <= bytes.count {
                put(CRC32.checksum(Array(bytes[offset..<(offset + length)])), in: &bytes, at: entry + Entry.crc)
            }
        }
        restampTablesCRC(&bytes)
    }
}
