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
        public var priority: UInt64

        public static func < (a: Posting, b: Posting) -> Bool {
            (a.unit, a.language, a.form.rawValue) < (b.unit, b.language, b.form.rawValue)
        }
    }

    /// Normalised key -> its postings, one per (unit, language), the most
    /// specific form kept (a name before a plural form before a synonym).
    public static func entries(_ model: CompiledModel) -> [(key: [UInt8], postings: [Posting])] {
        let languages = model.languages.map(\.code)
        let english = languages.firstIndex(of: "en").map(UInt8.init) ?? SearchPackFormat.noLanguage
        let priorities = Dictionary(model.units.map { ($0.id, UInt64(max(0, ($0.priority * 100).rounded()))) },
                                    uniquingKeysWith: { a, _ in a })
        var table: [[UInt8]: [Int: [UInt8: Posting]]] = [:]
        func add(_ text: String, _ unit: Int, _ language: UInt8, _ form: SearchPackFormat.Form) {
            let key = Array(SearchKey.normalize(text).utf8)
            guard !key.isEmpty else { return }
            let posting = Posting(unit: unit, language: language, form: form, priority: priorities[unit] ?? 0)
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
        guard model.languages.count < Int(SearchPackFormat.noLanguage) else {
            throw EncodeError(description: "search.pack holds at most 254 languages")
        }
        let entries = entries(model)
        var shards: [(firstKey: [UInt8], raw: [UInt8], keys: Int)] = []
        var body = ByteWriter()
        var count = 0
        var first: [UInt8] = []
        var previous: [UInt8] = []
        func flush() {
            guard count > 0 else { return }
            var shard = ByteWriter()
            shard.varint(UInt64(count))
            shard.append(body.bytes)
            shards.append((first, shard.bytes, count))
            body = ByteWriter()
            count = 0
        }
        for entry in entries {
            if count == 0 {
                first = entry.key
                previous = []
            }
            let shared = zip(previous, entry.key).prefix { $0 == $1 }.count
            body.varint(UInt64(shared))
            body.varint(UInt64(entry.key.count - shared))
            body.append(entry.key[shared...])
            body.varint(UInt64(entry.postings.count))
            for posting in entry.postings {
                body.varint(UInt64(posting.unit))
                body.u8(posting.language)
                body.u8(posting.form.rawValue)
                body.varint(posting.priority)
            }
            previous = entry.key
            count += 1
            if body.bytes.count >= SearchPackFormat.targetShardBytes { flush() }
        }
        flush()

        var languageTable = ByteWriter()
        languageTable.u8(UInt8(model.languages.count))
        for language in model.languages {
            let code = Array(language.code.utf8)
            languageTable.u8(UInt8(code.count))
            languageTable.append(code)
        }

        let compressed = try shards.map { try deflate($0.raw) }
        var index = ByteWriter()
        let indexLength = shards.reduce(0) { $0 + 18 + $1.firstKey.count }
        var offset = SearchPackFormat.headerLength + languageTable.bytes.count + indexLength
        for (shard, data) in zip(shards, compressed) {
            index.u32(UInt32(offset))
            index.u32(UInt32(data.count))
            index.u32(UInt32(shard.raw.count))
            index.u32(CRC32.checksum(data))
            index.u16(UInt16(shard.firstKey.count))
            index.append(shard.firstKey)
            offset += data.count
        }

        var header = ByteWriter()
        header.append(SearchPackFormat.magic)
        header.u16(SearchPackFormat.version)
        header.u16(UInt16(SearchPackFormat.headerLength))
        header.u32(UInt32(entries.count))
        header.u32(UInt32(entries.reduce(0) { $0 + $1.postings.count }))
        header.u32(UInt32(shards.count))
        header.u32(UInt32(languageTable.bytes.count + indexLength))
        header.u32(CRC32.checksum(languageTable.bytes + index.bytes))
        var file = header.bytes + languageTable.bytes + index.bytes
        for data in compressed { file += data }
        return file
    }

    static func deflate(_ raw: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(raw.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(raw.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw EncodeError(description: "zlib compress2 failed (\(status))") }
        return Array(output.prefix(Int(length)))
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
