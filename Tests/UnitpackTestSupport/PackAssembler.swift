import CZlib
import UnitpackCore
import UnitpackStore

/// Writes a `search.pack` from parts given explicitly, following
/// docs/pack-format.md alone (not the compiler's writer): tests and fuzz
/// targets build packs whose index and shards disagree in chosen ways, and
/// the page is shown to be enough to write one.
public struct PackAssembler {
    /// One posting of a key, as the tags and units columns hold it.
    public struct Posting {
        public var unit: UInt32
        /// 0: no language, else the language table index + 1.
        public var slot: Int
        public var form: Int

        public init(unit: UInt32, slot: Int = 0, form: Int = 0) {
            self.unit = unit
            self.slot = slot
            self.form = form
        }
    }

    public var languages: [String] = []
    /// The unit table: ids ascending, priorities × 100.
    public var units: [(id: UInt32, priority: UInt32)] = []
    /// Inflated shards, each beside its separator in the index.
    public var shards: [(separator: [UInt8], raw: [UInt8])] = []
    /// The preset dictionary every shard is compressed with (none when empty).
    public var dictionary: [UInt8] = []
    /// The shards' zlib streams as given, in place of compressing `shards`'
    /// bytes (whose counts are still each shard's declared length).
    public var streams: [[UInt8]]?
    /// The header's counts; when nil, those the shards were encoded with.
    public var keyCount: UInt32?
    public var postingCount: UInt32?
    private var encodedKeys: UInt32 = 0
    private var encodedPostings: UInt32 = 0

    public init() {}

    /// Encodes `keys` (sorted, distinct, no byte below 0x20) in the layout
    /// and appends the shard under `separator`.
    public mutating func addShard(separator: [UInt8], keys: [(key: [UInt8], postings: [Posting])]) {
        shards.append((separator, Self.encodeShard(keys)))
        encodedKeys += UInt32(keys.count)
        encodedPostings += UInt32(keys.reduce(0) { $0 + $1.postings.count })
    }

    /// Two shards, `f…` and `m…`, of three units (ids 1–3, priorities 1, 3
    /// and 0.5) in two languages, `en` and `ru`: units shared between keys,
    /// a symbol of no language, a Cyrillic key. Tests change the second
    /// separator or the first shard's keys to make the index disagree.
    public static func twoShards(secondSeparator: String = "m", firstKeys: [String] = ["feet", "foot"]) -> PackAssembler {
        var pack = PackAssembler()
        pack.languages = ["en", "ru"]
        pack.units = [(1, 100), (2, 300), (3, 50)]
        pack.addShard(separator: Array("f".utf8), keys: firstKeys.enumerated().map { index, key in
            (Array(key.utf8), [Posting(unit: 1, slot: 1, form: 2), Posting(unit: 3, slot: 1, form: index == 0 ? 2 : 0)])
        })
        pack.addShard(separator: Array(secondSeparator.utf8), keys: [
            (Array("m".utf8), [Posting(unit: 2, slot: 0, form: 3)]),
            (Array("metre".utf8), [Posting(unit: 2, slot: 1, form: 0)]),
            (Array("метр".utf8), [Posting(unit: 2, slot: 2, form: 0)]),
        ])
        return pack
    }

    /// The layout of docs/pack-format.md ("Shard").
    public static func encodeShard(_ keys: [(key: [UInt8], postings: [Posting])]) -> [UInt8] {
        let palette = Array(Set(keys.flatMap { $0.postings.map(\.unit) })).sorted()
        var out: [UInt8] = []
        appendVarint(UInt64(keys.count), to: &out)
        appendVarint(UInt64(palette.count), to: &out)
        var previousID: UInt32 = 0
        for id in palette {
            appendVarint(UInt64(id - previousID), to: &out)
            previousID = id
        }
        // Each key: the bytes it drops from the previous key (one byte below
        // 0x20; 0x1F and a varint of the rest), then its suffix; 0x00 after the last.
        var previous: [UInt8] = []
        for (key, _) in keys {
            let drop = previous.count - zip(previous, key).prefix { $0 == $1 }.count
            out.append(UInt8(min(drop, 0x1F)))
            if drop >= 0x1F { appendVarint(UInt64(drop - 0x1F), to: &out) }
            out += key[(previous.count - drop)...]
            previous = key
        }
        out.append(0)
        var unitColumn: [UInt8] = []
        var previousUnit: UInt32?
        for (_, postings) in keys {
            for (index, posting) in postings.enumerated() {
                let same = posting.unit == previousUnit
                let more = index + 1 < postings.count
                let tag = (UInt64(posting.slot << 3 | posting.form) << 2) | (same ? 2 : 0) | (more ? 1 : 0)
                appendVarint(tag, to: &out)
                if !same { appendVarint(UInt64(palette.firstIndex(of: posting.unit)!), to: &unitColumn) }
                previousUnit = posting.unit
            }
        }
        return out + unitColumn
    }

    /// The whole file: header, tables, shards.
    public func bytes() -> [UInt8] {
        var tables: [UInt8] = [UInt8(languages.count)]
        for code in languages {
            tables.append(UInt8(code.utf8.count))
            tables += code.utf8
        }
        // Query rewriting (format 5): no keyboard rows, transliteration or per words.
        for _ in languages { tables += [0, 0, 0, 0] }
        var unitTable: [UInt8] = []
        appendVarint(UInt64(units.count), to: &unitTable)
        var previousID: UInt32 = 0
        for (id, priority) in units {
            appendVarint(UInt64(id - previousID), to: &unitTable)
            appendVarint(UInt64(priority), to: &unitTable)
            previousID = id
        }
        appendTable(unitTable, to: &tables)
        appendTable(dictionary, to: &tables)
        let compressed = streams ?? shards.map { Self.zlib($0.raw, dictionary: dictionary) }
        let indexLength = shards.reduce(0) { $0 + 18 + $1.separator.count }
        var offset = 32 + tables.count + indexLength
        for (shard, data) in zip(shards, compressed) {
            appendU32(UInt32(offset), to: &tables)
            appendU32(UInt32(data.count), to: &tables)
            appendU32(UInt32(shard.raw.count), to: &tables)
            appendU32(CRC32.checksum(data), to: &tables)
            tables += [UInt8(shard.separator.count & 0xFF), UInt8(shard.separator.count >> 8)]
            tables += shard.separator
            offset += data.count
        }
        var file = Array("UPSEARCH".utf8)
        file += [6, 0, 32, 0]
        appendU32(keyCount ?? encodedKeys, to: &file)
        appendU32(postingCount ?? encodedPostings, to: &file)
        appendU32(UInt32(shards.count), to: &file)
        appendU32(UInt32(tables.count), to: &file)
        appendU32(CRC32.checksum(tables), to: &file)
        return file + tables + compressed.flatMap { $0 }
    }

    /// A zlib stream (RFC 1950) of `bytes` with the preset `dictionary`
    /// (FDICT, DICTID), zlib's default strategy at level 9.
    public static func zlib(_ bytes: [UInt8], dictionary: [UInt8]) -> [UInt8] {
        guard !dictionary.isEmpty else { return zlib(bytes) }
        var stream = z_stream()
        precondition(
            deflateInit2_(&stream, 9, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                          Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        _ = dictionary.withUnsafeBufferPointer { deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 16)
        let (status, produced) = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return (deflate(&stream, Z_FINISH), target.count - Int(stream.avail_out))
            }
        }
        precondition(status == Z_STREAM_END, "deflate failed: \(status)")
        return Array(out.prefix(produced))
    }

    /// A zlib stream (RFC 1950) of `bytes`, without a preset dictionary.
    public static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { compress2(target.baseAddress, &length, $0.baseAddress, uLong($0.count), 9) }
        }
        precondition(status == Z_OK, "compress2 failed: \(status)")
        return Array(out.prefix(Int(length)))
    }

    private func appendTable(_ raw: [UInt8], to tables: inout [UInt8]) {
        let compressed = Self.zlib(raw)
        appendU32(UInt32(raw.count), to: &tables)
        appendU32(UInt32(compressed.count), to: &tables)
        tables += compressed
    }
}

func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
        out.append(UInt8(rest & 0x7F) | 0x80)
        rest >>= 7
    }
    out.append(UInt8(rest))
}

func appendU32(_ value: UInt32, to out: inout [UInt8]) {
    out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
}
