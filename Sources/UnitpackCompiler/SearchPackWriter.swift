import CZlib
import Foundation
import UnitpackCheck
import UnitpackCore
import UnitpackStore
import UnitpackSource

/// Writes `search.pack` (docs/pack-format.md): every searchable word of every
/// unit, normalised by `SearchKey`, sorted, front-coded, cut into shards of
/// about `SearchPackFormat.targetShardBytes` and zlib-compressed. The same
/// model gives the same bytes.
public enum SearchPackWriter {
    public struct Posting: Hashable, Comparable {
        public var unit: Int
        public var language: UInt8
        public var form: SearchPackFormat.Form

        public static func < (a: Posting, b: Posting) -> Bool {
            (a.unit, a.language, a.form.rawValue) < (b.unit, b.language, b.form.rawValue)
        }
    }

    /// Normalised key -> its postings, one per (unit, language), the most
    /// specific form kept (a name before a plural form before a synonym before
    /// a case form).
    public static func entries(_ model: CompiledModel) -> [(key: [UInt8], postings: [Posting])] {
        let languages = model.languages.map(\.code)
        let english = languages.firstIndex(of: "en").map(UInt8.init) ?? SearchPackFormat.noLanguage
        // Every posting with its key's number, sorted after: a Dictionary
        // of Dictionaries by key, unit and language hashed each key's bytes
        // one at a time, three tables a posting.
        var keys: [String] = []
        var numbers: [UTF8Key: Int] = [:]
        // A display name is one of its forms, a form another's: each text
        // normalised once (tens of thousands of instructions for a word
        // that is not ASCII); -1 for a text whose key is empty.
        var numberOfText: [UTF8Key: Int] = [:]
        var found: [(key: Int, posting: Posting)] = []
        // Room for every text at once: grown as they came, the tables were
        // hashed again at each doubling.
        let texts = model.units.reduce(0) { $0 + 1 + $1.symbols.count }
            + model.languages.reduce(0) { total, language in
                language.names.reduce(total + language.caseForms.count) {
                    $0 + 1 + $1.forms.count + $1.symbols.count + $1.synonyms.count
                }
            }
        numberOfText.reserveCapacity(texts)
        numbers.reserveCapacity(texts)
        found.reserveCapacity(texts)
        func add(_ text: String, _ unit: Int, _ language: UInt8, _ form: SearchPackFormat.Form) {
            let number: Int
            if let known = numberOfText[UTF8Key(text)] {
                number = known
            } else {
                let key = SearchKey.normalize(text)
                if key.isEmpty {
                    number = -1
                } else if let known = numbers[UTF8Key(key)] {
                    number = known
                } else {
                    number = keys.count
                    keys.append(key)
                    numbers[UTF8Key(key)] = number
                }
                numberOfText[UTF8Key(text)] = number
            }
            guard number >= 0 else { return }
            found.append((number, Posting(unit: unit, language: language, form: form)))
        }
        for unit in model.units {
            add(unit.name, unit.id, english, .name)
            for symbol in unit.symbols { add(symbol, unit.id, SearchPackFormat.noLanguage, .symbol) }
        }
        for (index, language) in model.languages.enumerated() {
            let code = UInt8(index)
            for names in language.names where names.composedFrom != nil {
                add(names.display, names.unit, code, .composed)
                for form in names.forms.values { add(form, names.unit, code, .composed) }
            }
            for names in language.names where names.composedFrom == nil {
                add(names.display, names.unit, code, .display)
                for form in names.forms.values { add(form, names.unit, code, .pluralForm) }
                for symbol in names.symbols { add(symbol, names.unit, code, .symbol) }
                for synonym in names.synonyms { add(synonym, names.unit, code, .synonym) }
            }
            for form in language.caseForms { add(form.text, form.unit, code, .caseForm) }
        }
        // By key, then as `Posting` orders them: a (unit, language)'s most
        // specific form (the smallest) comes first and is the one kept.
        // Sorted as one number each (key, unit, language, form in 32, 20, 8
        // and 4 bits), not as tuples compared field by field.
        precondition(keys.count < 1 << 32 && found.allSatisfy { $0.posting.unit >= 0 && $0.posting.unit < 1 << 20 },
                     "a search key or unit id past the sort's bits")
        let sorted = found.map { key, posting in
            UInt64(key) << 32 | UInt64(posting.unit) << 12 | UInt64(posting.language) << 4 | UInt64(posting.form.rawValue)
        }.sorted()
        var postings = [[Posting]](repeating: [], count: keys.count)
        var last: UInt64? = nil
        for packed in sorted {
            // Key, unit and language: the bits above the form.
            guard last != packed >> 4 else { continue }
            last = packed >> 4
            guard let form = SearchPackFormat.Form(rawValue: UInt8(packed & 0xF)) else { preconditionFailure("a form past its bits") }
            postings[Int(packed >> 32)].append(
                Posting(unit: Int((packed >> 12) & 0xF_FFFF), language: UInt8((packed >> 4) & 0xFF), form: form))
        }
        // A key's first eight bytes as one number decide most comparisons
        // (bytes past the end count as zero), then the rest with memcmp:
        // comparing the keys' UTF-8 views a byte at a time took 34 ms of
        // the entries' 109 (one core, timed marks).
        let bytes = keys.map { Array($0.utf8) }
        let heads = bytes.map { key -> UInt64 in
            var head: UInt64 = 0
            for index in 0..<8 { head = head << 8 | UInt64(index < key.count ? key[index] : 0) }
            return head
        }
        let order = bytes.withUnsafeBufferPointer { bytes in
            bytes.indices.sorted { a, b in
                guard heads[a] == heads[b] else { return heads[a] < heads[b] }
                return bytes[a].withUnsafeBufferPointer { a in
                    bytes[b].withUnsafeBufferPointer { b in
                        let common = min(a.count, b.count)
                        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                        return order != 0 ? order < 0 : a.count < b.count
                    }
                }
            }
        }
        return order.map { (bytes[$0], postings[$0]) }
    }

    public struct EncodeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The whole file.
    public static func encode(_ model: CompiledModel) throws -> [UInt8] {
        guard model.languages.count <= SearchPackFormat.maxLanguages else {
            throw EncodeError(description: "search.pack holds at most \(SearchPackFormat.maxLanguages) languages")
        }
        let entries = BuildTimings.measure("search pack: entries") { Self.entries(model) }
        // A byte below 0x20 ends a key's suffix in a shard (docs/pack-format.md, "Shard").
        if let bad = entries.first(where: { $0.key.contains { $0 < SearchPackFormat.keyByteMinimum } }) {
            throw EncodeError(
                description: "a search key contains a control character: \(String(decoding: bad.key, as: UTF8.self).debugDescription)")
        }
        let shards = cutShards(entries)

        var tables = ByteWriter()
        tables.u8(UInt8(model.languages.count))
        for language in model.languages {
            let code = Array(language.code.utf8)
            tables.u8(UInt8(code.count))
            tables.append(code)
        }
        tables.append(encodeQueryRewriting(model))
        let unitTable = encodeUnitTable(model)
        let packedUnitTable = try deflate(unitTable)
        tables.u32(UInt32(unitTable.count))
        tables.u32(UInt32(packedUnitTable.count))
        tables.append(packedUnitTable)

        let dictionary = BuildTimings.measure("search pack: dictionary") {
            SearchPackDictionary.train(shards.map { $0.raw }, size: SearchPackFormat.dictionaryBytes)
        }
        let packedDictionary = try deflate(dictionary)
        tables.u32(UInt32(dictionary.count))
        tables.u32(UInt32(packedDictionary.count))
        tables.append(packedDictionary)

        let compressed = try BuildTimings.measure("search pack: shards") {
            try shards.map { try deflate($0.raw, dictionary: dictionary, strategy: Z_FIXED) }
        }
        let indexLength = shards.reduce(0) { $0 + SearchPackFormat.indexEntryFixedBytes + $1.separator.count }
        var offset = SearchPackFormat.headerLength + tables.bytes.count + indexLength
        for (shard, data) in zip(shards, compressed) {
            tables.u32(UInt32(offset))
            tables.u32(UInt32(data.count))
            tables.u32(UInt32(shard.raw.count))
            tables.u32(CRC32.checksum(data))
            tables.u16(UInt16(shard.separator.count))
            tables.append(shard.separator)
            offset += data.count
        }

        var header = ByteWriter()
        header.append(SearchPackFormat.magic)
        header.u16(SearchPackFormat.version)
        header.u16(UInt16(SearchPackFormat.headerLength))
        header.u32(UInt32(entries.count))
        header.u32(UInt32(entries.reduce(0) { $0 + $1.postings.count }))
        header.u32(UInt32(shards.count))
        header.u32(UInt32(tables.bytes.count))
        header.u32(CRC32.checksum(tables.bytes))
        var file = header.bytes + tables.bytes
        for data in compressed { file += data }
        return file
    }

    /// Each language's keyboard rows and transliteration pairs, in the
    /// language table's order (docs/pack-format.md, "Query rewriting").
    static func encodeQueryRewriting(_ model: CompiledModel) -> [UInt8] {
        var table = ByteWriter()
        for language in model.languages {
            let rows = language.keyboardRows.prefix(Int(UInt8.max))
            table.u8(UInt8(rows.count))
            for row in rows { short(row, into: &table) }
            let pairs = language.transliteration.prefix(Int(UInt16.max))
            table.u16(UInt16(pairs.count))
            for pair in pairs {
                short(pair[0], into: &table)
                short(pair[1], into: &table)
            }
            // words.tsv's `per` words: `km per h` is searched as `km/h`.
            let per = language.phraseWords.filter { $0.kind == .per }.map(\.word).sorted().prefix(Int(UInt8.max))
            table.u8(UInt8(per.count))
            for word in per { short(SearchKey.normalize(word), into: &table) }
        }
        return table.bytes
    }

    /// A u8 length and the UTF-8 bytes, cut at a scalar within 255 bytes
    /// (the sources' rows are a few bytes: the cut is never reached there).
    private static func short(_ text: String, into table: inout ByteWriter) {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard bytes.count + encoded.count <= 255 else { break }
            bytes += encoded
        }
        table.u8(UInt8(bytes.count))
        table.append(bytes)
    }

    /// Every unit's id and priority, ids ascending (delta-coded): the ranking
    /// data, kept once here rather than in every posting.
    static func encodeUnitTable(_ model: CompiledModel) -> [UInt8] {
        var table = ByteWriter()
        let units = model.units.sorted { $0.id < $1.id }
        table.varint(UInt64(units.count))
        var previous = 0
        for unit in units {
            table.varint(UInt64(unit.id - previous))
            table.varint(SearchPackFormat.encodedPriority(unit.priority))
            previous = unit.id
        }
        return table.bytes
    }

    /// Cuts the sorted entries into shards of about `targetShardBytes`, each
    /// laid out in columns (docs/pack-format.md): zlib finds more in a run of
    /// like values than in interleaved records. Each shard carries its
    /// separator: the shortest prefix of its first key that sorts after the
    /// previous shard's last key.
    static func cutShards(_ entries: [(key: [UInt8], postings: [Posting])]) -> [(separator: [UInt8], raw: [UInt8])] {
        var shards: [(separator: [UInt8], raw: [UInt8])] = []
        var start = 0
        while start < entries.count {
            let end = cutPoint(entries, from: start)
            let separator = start == 0
                ? Array(entries[0].key.prefix(1))
                : Array(entries[start].key.prefix(commonPrefix(entries[start - 1].key, entries[start].key) + 1))
            shards.append((separator, encodeShard(entries[start..<end])))
            start = end
        }
        return shards
    }

    /// Where the shard that starts at `start` ends: between 0.6 and 1.4 times
    /// `targetShardBytes`, at the pair of neighbouring keys that share the
    /// fewest leading bytes (the nearest the target on a tie). A cut inside
    /// a run of keys with a long common prefix makes every query for that
    /// prefix read two shards; a cut between `m…` and `n…` makes none do.
    static func cutPoint(_ entries: [(key: [UInt8], postings: [Posting])], from start: Int) -> Int {
        let target = SearchPackFormat.targetShardBytes
        var size = 0
        var best: (shared: Int, distance: Int, end: Int)?
        var index = start
        while index < entries.count {
            let entry = entries[index]
            // The raw bytes this entry adds, near enough: suffix, NUL, shared, postings.
            let common = index == start ? 0 : commonPrefix(entries[index - 1].key, entry.key)
            size += entry.key.count - common + 2 + 3 * entry.postings.count
            index += 1
            guard index < entries.count else { return index }
            if 10 * size >= 6 * target {
                let candidate = (shared: commonPrefix(entry.key, entries[index].key), distance: abs(size - target), end: index)
                if best.map({ (candidate.shared, candidate.distance) < ($0.shared, $0.distance) }) ?? true { best = candidate }
            }
            if 10 * size >= 14 * target { break }
        }
        return best?.end ?? index
    }

    static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        // A loop: `zip(a, b).prefix(while:)` built an array of the pairs.
        let count = min(a.count, b.count)
        var shared = 0
        while shared < count && a[shared] == b[shared] { shared += 1 }
        return shared
    }

    /// One shard's raw bytes: key count, the shard's units, the keys, then
    /// the posting columns.
    static func encodeShard(_ slice: ArraySlice<(key: [UInt8], postings: [Posting])>) -> [UInt8] {
        // The shard's units, ascending: postings name them by index (one
        // byte while a shard has under 128 units, whatever the ids).
        let palette = Set(slice.flatMap { $0.postings.map(\.unit) }).sorted()
        let indexOf = Dictionary(uniqueKeysWithValues: palette.enumerated().map { ($1, $0) })
        var keys = ByteWriter(), tags = ByteWriter(), units = ByteWriter()
        var previous: [UInt8] = []
        var previousUnit: Int?
        for entry in slice {
            // Front coding with the bytes dropped from the previous key in
            // one byte below 0x20, which also ends the previous suffix: one
            // byte a key where a shared length and a NUL took two, and a
            // drop is a small number that repeats (`metre` `metres` `metric`:
            // 0, 2), where a shared length grows with the key.
            let drop = previous.count - commonPrefix(previous, entry.key)
            keys.u8(UInt8(min(drop, SearchPackFormat.longDrop)))
            if drop >= SearchPackFormat.longDrop { keys.varint(UInt64(drop - SearchPackFormat.longDrop)) }
            keys.append(entry.key[(previous.count - drop)...])
            for (index, posting) in entry.postings.enumerated() {
                let same = posting.unit == previousUnit
                tags.varint(SearchPackFormat.tag(language: posting.language, form: posting.form, sameUnit: same,
                                                 more: index + 1 < entry.postings.count))
                if !same { units.varint(UInt64(indexOf[posting.unit]!)) }
                previousUnit = posting.unit
            }
            previous = entry.key
        }
        keys.u8(0)
        var raw = ByteWriter()
        raw.varint(UInt64(slice.count))
        raw.varint(UInt64(palette.count))
        var lastUnit = 0
        for unit in palette {
            raw.varint(UInt64(unit - lastUnit))
            lastUnit = unit
        }
        raw.append(keys.bytes)
        raw.append(tags.bytes)
        raw.append(units.bytes)
        return raw.bytes
    }

    /// A zlib stream (RFC 1950) of `raw` at the best compression; with a
    /// preset `dictionary`, FDICT set and DICTID its Adler-32. The shards ask
    /// for fixed Huffman codes (`Z_FIXED`), the tables for zlib's default.
    static func deflate(_ raw: [UInt8], dictionary: [UInt8] = [], strategy: Int32 = Z_DEFAULT_STRATEGY) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15, 9, strategy, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw EncodeError(description: "zlib deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        if !dictionary.isEmpty {
            let status = dictionary.withUnsafeBufferPointer { deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
            guard status == Z_OK else { throw EncodeError(description: "zlib deflateSetDictionary failed (\(status))") }
        }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(raw.count))) + 16)
        let (status, produced) = output.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                let status = CZlib.deflate(&stream, Z_FINISH)
                return (status, out.count - Int(stream.avail_out))
            }
        }
        guard status == Z_STREAM_END else { throw EncodeError(description: "zlib deflate failed (\(status))") }
        return Array(output.prefix(produced))
    }

    /// Writes an encoded pack atomically (a temporary file renamed over `path`).
    public static func write(_ bytes: [UInt8], to path: String) throws -> Int {
        let temporary = AtomicFile.temporary(for: path)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            try AtomicFile.replace(path, with: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        return bytes.count
    }
}
