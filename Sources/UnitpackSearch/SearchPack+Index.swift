import UnitpackCore

/// Reading the pack's tables at open: the languages, the unit table and
/// the shards' index (docs/pack-format.md).
extension SearchPack {
    static func parseTables(_ tables: [UInt8], shardCount: Int, fileSize: Int, path: String)
        throws(SearchPackError) -> ([String], [ShardEntry], [UInt8], [UInt32], [UInt32], [UInt8], [QueryRewriting])
    {
        var reader = ByteReader(tables)
        guard let languageCount = reader.u8(), Int(languageCount) <= SearchPackFormat.maxLanguages else {
            throw .corruptIndex(path: path, damage: .noLanguageTable)
        }
        var languages: [String] = []
        for _ in 0..<languageCount {
            guard let length = reader.u8(), let code = reader.take(Int(length)) else {
                throw .corruptIndex(path: path, damage: .languageTableCutShort)
            }
            languages.append(String(decoding: code, as: UTF8.self))
        }
        var rewriting: [QueryRewriting] = []
        for language in languages {
            guard let parsed = QueryRewriting(&reader) else {
                throw .corruptIndex(path: path, damage: .queryRewriting(language: language))
            }
            rewriting.append(parsed)
        }
        guard let rawLength = reader.u32(), let compressedLength = reader.u32(),
              let compressed = reader.take(Int(compressedLength))
        else { throw .corruptIndex(path: path, damage: .unitTableCutShort) }
        let (unitIDs, priorities) = try parseUnitTable(Array(compressed), rawLength: Int(rawLength), path: path)
        guard let dictionaryLength = reader.u32(), let packedLength = reader.u32(),
              let packedDictionary = reader.take(Int(packedLength))
        else { throw .corruptIndex(path: path, damage: .dictionaryCutShort) }
        guard Int(dictionaryLength) <= SearchPackFormat.maxDictionaryBytes else {
            throw .corruptIndex(path: path, damage: .dictionaryTooLarge(bytes: Int(dictionaryLength), limit: SearchPackFormat.maxDictionaryBytes))
        }
        let dictionary: [UInt8]
        do {
            dictionary = try inflate(Array(packedDictionary), rawLength: Int(dictionaryLength))
        } catch {
            throw .corruptIndex(path: path, damage: .dictionary(error.damage))
        }
        var shards: [ShardEntry] = []
        var separators: [UInt8] = []
        // Each entry takes its fixed bytes and a separator: a count the tables cannot hold is damage.
        guard shardCount <= tables.count / SearchPackFormat.indexEntryFixedBytes + 1 else { throw .corruptIndex(path: path, damage: .shardCount(shardCount)) }
        shards.reserveCapacity(shardCount)
        for index in 0..<shardCount {
            guard let offset = reader.u32(), let compressed = reader.u32(), let raw = reader.u32(), let crc = reader.u32(),
                  let keyLength = reader.u16(), let separator = reader.take(Int(keyLength))
            else { throw .corruptIndex(path: path, damage: .shardEntryCutShort(shard: index)) }
            guard Int(offset) + Int(compressed) <= fileSize, Int(offset) >= SearchPackFormat.headerLength + tables.count
            else {
                throw .corruptIndex(
                    path: path, damage: .shardOutOfFile(shard: index, offset: Int(offset), length: Int(compressed), fileSize: fileSize))
            }
            if let previous = shards.last,
               !separators[Int(previous.separatorStart)...].lexicographicallyPrecedes(separator) {
                throw .corruptIndex(path: path, damage: .shardOutOfOrder(shard: index))
            }
            let start = UInt32(separators.count)
            separators.append(contentsOf: separator)
            shards.append(ShardEntry(offset: offset, compressedLength: compressed, rawLength: raw,
                                     crc: crc, separatorStart: start))
        }
        guard reader.isAtEnd else { throw .corruptIndex(path: path, damage: .bytesAfterIndex) }
        return (languages, shards, separators, unitIDs, priorities, dictionary, rewriting)
    }

    static func parseUnitTable(_ compressed: [UInt8], rawLength: Int, path: String)
        throws(SearchPackError) -> ([UInt32], [UInt32])
    {
        let raw: [UInt8]
        do {
            raw = try inflate(compressed, rawLength: rawLength)
        } catch {
            throw .corruptIndex(path: path, damage: .unitTable(error.damage))
        }
        var reader = ByteReader(raw)
        guard let count = reader.varint(), count <= UInt64(raw.count) else {
            throw .corruptIndex(path: path, damage: .unitCount)
        }
        var ids: [UInt32] = []
        var priorities: [UInt32] = []
        ids.reserveCapacity(Int(count))
        priorities.reserveCapacity(Int(count))
        var id: UInt64 = 0
        for index in 0..<Int(count) {
            guard let delta = reader.varint(), delta > 0, let priority = reader.varint(),
                  delta <= UInt64(UInt32.max) - id, priority <= UInt64(UInt32.max)
            else { throw .corruptIndex(path: path, damage: .unitEntry(index: index)) }
            id += delta
            ids.append(UInt32(id))
            priorities.append(UInt32(priority))
        }
        guard reader.isAtEnd else { throw .corruptIndex(path: path, damage: .bytesAfterUnits) }
        return (ids, priorities)
    }
}
