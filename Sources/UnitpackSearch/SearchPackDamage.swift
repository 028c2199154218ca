extension SearchPackError {
    /// What of the pack lies past the end of its file (`truncated`).
    public enum Truncation: Sendable, Hashable, CustomStringConvertible {
        /// The file ends inside the header.
        case header
        /// The header's tables (`length` bytes) are longer than the
        /// `available` bytes after the header.
        case index(length: Int, available: Int)
        /// A read of `count` bytes at `offset` met the end of the file first.
        case read(count: Int, offset: Int)

        /// The damage in words, as `SearchPackError.description` gives it.
        public var description: String {
            switch self {
            case .header: "the header is cut short"
            case .index: "the index runs past the end of the file"
            case .read(let count, let offset): "expected \(count) bytes at offset \(offset)"
            }
        }
    }

    /// What is wrong with the header's tables: the languages, the unit
    /// table, the dictionary and the shard index (`corruptIndex`), or the
    /// header's counts, which only `verify` checks against the shards.
    public enum IndexDamage: Sendable, Hashable, CustomStringConvertible {
        /// The header gives a length other than `SearchPackFormat.headerLength`.
        case headerLength(Int)
        /// The tables' CRC-32 is not the header's.
        case crcMismatch(expected: UInt32, found: UInt32)
        /// No language count, or one over `SearchPackFormat.maxLanguages`.
        case noLanguageTable
        /// The language codes end before the count is reached.
        case languageTableCutShort
        /// The query rewriting of `language` is cut short or malformed.
        case queryRewriting(language: String)
        /// The unit table's lengths, or its bytes, are cut short.
        case unitTableCutShort
        /// The unit table does not inflate as declared.
        case unitTable(StreamDamage)
        /// The unit table's unit count is missing or more than its bytes can hold.
        case unitCount
        /// The unit table's entry `index` is malformed (no delta, an id or a priority over 32 bits).
        case unitEntry(index: Int)
        /// Bytes follow the unit table's last unit.
        case bytesAfterUnits
        /// The unit table has more distinct priorities than the reader's
        /// table holds (65,534).
        case tooManyPriorities
        /// The dictionary's lengths, or its bytes, are cut short.
        case dictionaryCutShort
        /// The dictionary declares more than `limit` bytes (`SearchPackFormat.maxDictionaryBytes`).
        case dictionaryTooLarge(bytes: Int, limit: Int)
        /// The dictionary does not inflate as declared.
        case dictionary(StreamDamage)
        /// The header's shard count is more than the tables can hold.
        case shardCount(Int)
        /// The index entry of `shard` is cut short.
        case shardEntryCutShort(shard: Int)
        /// The `length` bytes of `shard` at `offset` are not between the tables
        /// and the end of the file (`fileSize` bytes).
        case shardOutOfFile(shard: Int, offset: Int, length: Int, fileSize: Int)
        /// The separator of `shard` does not sort after the previous shard's.
        case shardOutOfOrder(shard: Int)
        /// Bytes follow the last index entry.
        case bytesAfterIndex
        /// The header's key and posting counts are not what the shards hold (`verify`).
        case counts(keys: Int, postings: Int, shardKeys: Int, shardPostings: Int)

        /// The damage in words, as `SearchPackError.description` gives it.
        public var description: String {
            switch self {
            case .headerLength(let length): "header length \(length)"
            case .crcMismatch: "CRC-32 mismatch"
            case .noLanguageTable: "no language table"
            case .languageTableCutShort: "the language table is cut short"
            case .queryRewriting(let language): "the query rewriting of '\(language)' is cut short or malformed"
            case .unitTableCutShort: "the unit table is cut short"
            case .unitTable(let damage): "unit table: \(damage)"
            case .unitCount: "unit table: bad unit count"
            case .unitEntry(let index): "unit table: entry \(index) is malformed"
            case .bytesAfterUnits: "unit table: bytes after the last unit"
            case .tooManyPriorities: "unit table: more than 65,534 distinct priorities"
            case .dictionaryCutShort: "the dictionary is cut short"
            case .dictionaryTooLarge(let bytes, _): "the dictionary declares \(bytes) bytes"
            case .dictionary(let damage): "dictionary: \(damage)"
            case .shardCount(let count): "\(count) shards"
            case .shardEntryCutShort(let shard): "the entry of shard \(shard) is cut short"
            case .shardOutOfFile(let shard, _, _, _): "shard \(shard) points outside the file"
            case .shardOutOfOrder(let shard): "shard \(shard) is out of order"
            case .bytesAfterIndex: "bytes after the last index entry"
            case .counts(let keys, let postings, let shardKeys, let shardPostings):
                "the header counts \(keys) keys and \(postings) postings, the shards hold \(shardKeys) and \(shardPostings)"
            }
        }
    }

    /// What is wrong with one shard: its bytes, its inflating, its columns
    /// (docs/pack-format.md), or, found by `verify`, its place in the index.
    public enum ShardDamage: Sendable, Hashable, CustomStringConvertible {
        /// The compressed bytes' CRC-32 is not the index entry's.
        case crcMismatch(expected: UInt32, found: UInt32)
        /// The shard does not inflate as declared.
        case stream(StreamDamage)
        /// No key count, or one the shard's bytes cannot hold.
        case keyCount
        /// No count of the shard's units, or one its bytes cannot hold.
        case unitCount
        /// The shard's unit `index` is malformed (no delta, an id over 32 bits).
        case unit(index: Int)
        /// The shared length of key `key` is missing or too large.
        case sharedLength(key: Int)
        /// The shared lengths add up to more than the keys can be.
        case keysShareTooMuch
        /// Key `key` shares more bytes than the key before it has.
        case sharesMoreThanPrevious(key: Int)
        /// Key `key` has no NUL before the end of the shard.
        case unterminatedKey(key: Int)
        /// Key `key` adds nothing to the bytes it shares.
        case emptySuffix(key: Int)
        /// Key `key` does not sort after the key before it.
        case keysOutOfOrder(key: Int)
        /// The posting tags end before every key has its postings.
        case postingTagsCutShort
        /// The tag of `posting` names a language slot the pack lacks or an unknown form.
        case malformedTag(posting: Int)
        /// The first posting says it repeats the previous posting's unit.
        case firstPostingRepeatsUnit
        /// `posting` names no unit of the shard's units.
        case postingUnit(posting: Int)
        /// Bytes follow the last posting.
        case bytesAfterPostings
        /// The first key does not start with the shard's separator in the
        /// index (`verify`): a search would look for it in another shard.
        case firstKeyOutsideRange
        /// The last key does not sort before the next shard's separator
        /// (`verify`): a search would look for it in the next shard.
        case lastKeyOutsideRange

        /// The damage in words, as `SearchPackError.description` gives it.
        public var description: String {
            switch self {
            case .crcMismatch: "CRC-32 mismatch"
            case .stream(let damage): damage.description
            case .keyCount: "bad key count"
            case .unitCount: "bad unit count"
            case .unit(let index): "unit \(index) of the shard's units is malformed"
            case .sharedLength(let key): "key \(key) has a bad shared length"
            case .keysShareTooMuch: "keys share more than they have"
            case .sharesMoreThanPrevious(let key): "key \(key) shares more than the previous key has"
            case .unterminatedKey(let key): "key \(key) is not terminated"
            case .emptySuffix(let key): "key \(key) has an empty suffix"
            case .keysOutOfOrder(let key): "keys out of order at key \(key)"
            case .postingTagsCutShort: "the posting tags are cut short"
            case .malformedTag(let posting): "posting \(posting) has a malformed tag"
            case .firstPostingRepeatsUnit: "the first posting repeats a unit"
            case .postingUnit(let posting): "posting \(posting) names no unit of the shard"
            case .bytesAfterPostings: "bytes after the last posting"
            case .firstKeyOutsideRange: "its first key does not start with its separator in the index"
            case .lastKeyOutsideRange: "its last key does not sort before the next shard's separator"
            }
        }
    }

    /// Why a zlib stream of the pack (a shard, the unit table, the
    /// dictionary) does not inflate to its declared length.
    public enum StreamDamage: Sendable, Hashable, CustomStringConvertible {
        /// The declared length is over `limit` (`SearchPackFormat.maxShardBytes`):
        /// refused before allocating.
        case tooLarge(bytes: Int, limit: Int)
        /// The bytes do not start with a zlib header.
        case notZlib
        /// The stream names a preset dictionary where none is used.
        case presetDictionary
        /// The stream names no preset dictionary where the pack's is used.
        case noDictionary
        /// The stream names a dictionary (`found`, its Adler-32) other than the pack's (`expected`).
        case otherDictionary(expected: UInt32, found: UInt32)
        /// zlib's inflater does not start.
        case zlibCannotStart
        /// zlib refuses the pack's dictionary, with this status.
        case dictionaryRefused(status: Int32)
        /// The stream ends after `produced` bytes, more than the `declared` length.
        case longer(produced: Int, declared: Int)
        /// The stream ends after `produced` bytes, fewer than the `declared` length.
        case shorter(produced: Int, declared: Int)
        /// Bytes follow the deflate data before the Adler-32.
        case bytesAfterData
        /// The stream does not end within the `declared` length (and the slack past it).
        case overruns(declared: Int)
        /// The deflate data ends before its last block.
        case cutShort
        /// zlib fails with this status.
        case zlib(status: Int32)

        /// The damage in words, as `SearchPackError.description` gives it.
        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit): "declares \(bytes) bytes, over the \(limit) limit"
            case .notZlib: "not a zlib stream"
            case .presetDictionary: "names a preset dictionary"
            case .noDictionary: "does not name the pack's dictionary"
            case .otherDictionary: "names another dictionary"
            case .zlibCannotStart: "zlib cannot start"
            case .dictionaryRefused(let status): "zlib refuses the dictionary (\(status))"
            case .longer(let produced, let declared): "inflates to \(produced) bytes, more than the declared \(declared)"
            case .shorter(let produced, let declared): "inflates to \(produced) bytes, declared \(declared)"
            case .bytesAfterData: "the deflate data does not end before the Adler-32"
            case .overruns(let declared): "inflates to more than the declared \(declared) bytes"
            case .cutShort: "the deflate data is cut short"
            case .zlib(let status): "zlib error \(status)"
            }
        }
    }
}
