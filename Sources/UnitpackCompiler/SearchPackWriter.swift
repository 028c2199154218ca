import CZlib
import Foundation
import UnitpackCore

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
    /// specific form kept (a name before a plural form before a synonym).
    public static func entries(_ model: CompiledModel) -> [(key: [UInt8], postings: [Posting])] {
        let languages = model.languages.map(\.code)
        let english = languages.firstIndex(of: "en").map(UInt8.init) ?? SearchPackFormat.noLanguage
        var table: [[UInt8]: [Int: [UInt8: Posting]]] = [:]
        func add(_ text: String, _ unit: Int, _ language: UInt8, _ form: SearchPackFormat.Form) {
            let key = Array(SearchKey.normalize(text).utf8)
            guard !key.isEmpty else { return }
            let posting = Posting(unit: unit, language: language, form: form)
            if let existing = table[key]?[unit]?[language], existing.form.rawValue <= form.rawValue { return }
            table[key, default: [:]][unit, default: [:]][language] = posting
        }
        for unit in model.units {
            add(unit.name, unit.id, english, .name)
            for symbol in unit.symbols { add(symbol, unit.id, SearchPackFormat.noLanguage, .symbol) }
        }
        for (index, language) in model.languages.enumerated() {
            let code = UInt8(index)
            for names in language.names {
                add(names.display, names.unit, code, .display)
                for form in names.forms.values { add(form, names.unit, code, .pluralForm) }
                for symbol in names.symbols { add(symbol, names.unit, code, .symbol) }
                for synonym in names.synonyms { add(synonym, names.unit, code, .synonym) }
            }
        }
        return table.map { key, units in (key, units.values.flatMap(\.values).sorted()) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    public struct EncodeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The whole file.
    public static func encode(_ model: CompiledModel) throws -> [UInt8] {
        guard model.languages.count <= SearchPackFormat.maxLanguages else {
            throw EncodeError(description: "search.pack holds at most \(SearchPackFormat.maxLanguages) languages")
        }
        let entries = entries(model)
        if let bad = entries.first(where: { $0.key.contains(0) }) {
            throw EncodeError(description: "a search key contains U+0000: \(String(decoding: bad.key, as: UTF8.self).debugDescription)")
        }
        let shards = cutShards(entries)

        var tables = ByteWriter()
        tables.u8(UInt8(model.languages.count))
        for language in model.languages {
            let code = Array(language.code.utf8)
            tables.u8(UInt8(code.count))
            tables.append(code)
        }
        let unitTable = try deflate(encodeUnitTable(model))
        tables.u32(UInt32(unitTable.raw))
        tables.u32(UInt32(unitTable.bytes.count))
        tables.append(unitTable.bytes)

        let compressed = try shards.map { try deflate($0.raw).bytes }
        let indexLength = shards.reduce(0) { $0 + SearchPackFormat.indexEntryFixedBytes + $1.firstKey.count }
        var offset = SearchPackFormat.headerLength + tables.bytes.count + indexLength
        for (shard, data) in zip(shards, compressed) {
            tables.u32(UInt32(offset))
            tables.u32(UInt32(data.count))
            tables.u32(UInt32(shard.raw.count))
            tables.u32(CRC32.checksum(data))
            tables.u16(UInt16(shard.firstKey.count))
            tables.append(shard.firstKey)
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
    /// like values than in interleaved records.
    static func cutShards(_ entries: [(key: [UInt8], postings: [Posting])]) -> [(firstKey: [UInt8], raw: [UInt8])] {
        var shards: [(firstKey: [UInt8], raw: [UInt8])] = []
        var slice: ArraySlice<(key: [UInt8], postings: [Posting])> = []
        var size = 0
        var last: [UInt8] = []
        func flush() {
            guard let first = slice.first else { return }
            // The shard's units, ascending: postings name them by index (one
            // byte while a shard has under 128 units, whatever the ids).
            let palette = Set(slice.flatMap { $0.postings.map(\.unit) }).sorted()
            let indexOf = Dictionary(uniqueKeysWithValues: palette.enumerated().map { ($1, $0) })
            var shared = ByteWriter(), suffixes = ByteWriter(), tags = ByteWriter(), units = ByteWriter()
            var previous: [UInt8] = []
            var previousUnit: Int?
            for entry in slice {
                let common = zip(previous, entry.key).prefix { $0 == $1 }.count
                shared.varint(UInt64(common))
                suffixes.append(entry.key[common...])
                suffixes.u8(0)
                for (index, posting) in entry.postings.enumerated() {
                    let same = posting.unit == previousUnit
                    tags.varint(SearchPackFormat.tag(language: posting.language, form: posting.form, sameUnit: same,
                                                     more: index + 1 < entry.postings.count))
                    if !same { units.varint(UInt64(indexOf[posting.unit]!)) }
                    previousUnit = posting.unit
                }
                previous = entry.key
            }
            var raw = ByteWriter()
            raw.varint(UInt64(slice.count))
            raw.varint(UInt64(palette.count))
            var lastUnit = 0
            for unit in palette {
                raw.varint(UInt64(unit - lastUnit))
                lastUnit = unit
            }
            raw.append(shared.bytes)
            raw.append(suffixes.bytes)
            raw.append(tags.bytes)
            raw.append(units.bytes)
            shards.append((first.key, raw.bytes))
            slice = []
            size = 0
        }
        for (index, entry) in entries.enumerated() {
            if slice.isEmpty { slice = entries[index..<index] }
            slice = entries[slice.startIndex...index]
            // The raw bytes this entry adds, near enough: suffix, NUL, shared, postings.
            let common = slice.count == 1 ? 0 : zip(last, entry.key).prefix { $0 == $1 }.count
            size += entry.key.count - common + 2 + 3 * entry.postings.count
            last = entry.key
            if size >= SearchPackFormat.targetShardBytes { flush() }
        }
        flush()
        return shards
    }

    static func deflate(_ raw: [UInt8]) throws -> (bytes: [UInt8], raw: Int) {
        var length = compressBound(uLong(raw.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(raw.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw EncodeError(description: "zlib compress2 failed (\(status))") }
        return (Array(output.prefix(Int(length))), raw.count)
    }

    /// Writes an encoded pack atomically (a temporary file renamed over `path`).
    public static func write(_ bytes: [UInt8], to path: String) throws -> Int {
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
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
