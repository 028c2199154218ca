import CZlib
import Synchronization
import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One result of `SearchPack.search`.
public struct SearchMatch: Sendable, Hashable {
    public let unit: UnitID
    /// The normalised key that matched.
    public let key: String
    /// The language of the word; `nil` for a `units-src/` symbol, which is every language's.
    public let language: String?
    public let form: SearchPackFormat.Form
    /// The key is the whole query, not only a prefix of it.
    public let isExact: Bool
    /// The unit's priority (`units-src/`), for ranking.
    public let priority: Double
}

/// What the searcher holds and has done, on demand.
public struct SearchStatistics: Sendable, Hashable {
    /// The number given at open: the index and the shards together.
    public var budget: Int
    /// The cached shards and results (at most `budget - indexBytes`).
    public var bytesHeld: Int
    public var shardsHeld: Int
    /// Results of expensive queries kept (short prefixes of many keys).
    public var resultsHeld: Int
    public var shardsLoaded: Int
    /// Lookups in the cache (shards and results) that found and did not find.
    public var hits: Int
    public var misses: Int
    /// Queries answered from a kept result.
    public var resultHits: Int
    public var evictions: Int
    /// The bytes of the header, language table and shard index, held from open.
    public var indexBytes: Int
}

/// The reader of `search.pack` (docs/pack-format.md). Opening reads the
/// header and the tables only; a shard is read, checked and inflated when a
/// query needs it, and kept in an LRU cache. `budget` covers everything the
/// searcher holds: what opening keeps (`indexBytes`) and the cached shards,
/// which get the rest (a shard larger than that is used and dropped).
/// Safe to share between threads.
public final class SearchPack: Sendable {
    public let path: String
    public let languages: [String]
    let shards: [ShardEntry]
    /// Every shard's separator (a prefix of its first key that sorts after
    /// the previous shard's keys), back to back (`ShardEntry.separatorStart`).
    let separators: [UInt8]
    let priorities: PriorityTable
    /// The preset zlib dictionary of the shards, and its Adler-32 (their DICTID).
    let dictionary: [UInt8]
    let dictionaryID: UInt32
    let descriptor: Int32
    let fileSize: Int
    /// The header's counts, which `verify()` holds the shards to.
    let keyCount: Int
    let postingCount: Int
    let indexBytes: Int
    private let cache: Mutex<Cache>

    struct ShardEntry: Sendable {
        let offset: UInt32
        let compressedLength: UInt32
        let rawLength: UInt32
        let crc: UInt32
        /// Where the separator starts in `separators`: it ends where the next one starts.
        let separatorStart: UInt32
    }

    func separator(_ shard: Int) -> ArraySlice<UInt8> {
        let end = shard + 1 < shards.count ? Int(shards[shard + 1].separatorStart) : separators.count
        return separators[Int(shards[shard].separatorStart)..<end]
    }

    /// What the cache keeps: decoded shards, and the results of queries
    /// that were expensive to rank (see `SearchPack.search`).
    enum CacheKey: Hashable {
        case shard(Int)
        case results(ResultKey)
    }

    struct ResultKey: Hashable {
        let query: [UInt8]
        let languages: [String]?
        let limit: Int
    }

    enum CacheEntry {
        case shard(SearchShard)
        case results([SearchMatch])
    }

    struct Cache {
        /// One LRU for shards and results, so that one budget bounds both.
        var shards: BoundedCache<CacheKey, CacheEntry>
        /// The number given: index and shards together.
        var budget: Int
        var loaded = 0
        var resultHits = 0
    }

    public init(path: String, budget: Int) throws(SearchPackError) {
        // O_NONBLOCK: opening a FIFO for reading would wait for a writer forever;
        // it has no effect on a regular file, the only kind read (fstat below).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .fileNotFound(path: path) : .unreadable(path: path, errno: errno)
        }
        do {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw SearchPackError.unreadable(path: path, errno: errno) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw SearchPackError.notAFile(path: path) }
            let fileSize = Int(info.st_size)
            let header = try Self.read(descriptor, path, offset: 0, count: min(fileSize, SearchPackFormat.headerLength))
            guard header.count >= SearchPackFormat.magic.count, Array(header.prefix(8)) == SearchPackFormat.magic else {
                throw SearchPackError.notAPack(path: path)
            }
            var reader = ByteReader(header, offset: 8)
            guard let version = reader.u16(), let headerLength = reader.u16(), let keyCount = reader.u32(), let postingCount = reader.u32(),
                  let shardCount = reader.u32(), let tablesLength = reader.u32(), let tablesCRC = reader.u32()
            else { throw SearchPackError.truncated(path: path, detail: "the header is cut short") }
            guard version == SearchPackFormat.version else {
                throw SearchPackError.unsupportedVersion(found: Int(version), supported: Int(SearchPackFormat.version))
            }
            guard Int(headerLength) == SearchPackFormat.headerLength else {
                throw SearchPackError.corruptIndex(path: path, detail: "header length \(headerLength)")
            }
            guard Int(tablesLength) <= fileSize - SearchPackFormat.headerLength else {
                throw SearchPackError.truncated(path: path, detail: "the index runs past the end of the file")
            }
            let tables = try Self.read(descriptor, path, offset: SearchPackFormat.headerLength, count: Int(tablesLength))
            guard Self.crc32(tables) == tablesCRC else {
                throw SearchPackError.corruptIndex(path: path, detail: "CRC-32 mismatch")
            }
            let parsed = try Self.parseTables(tables, shardCount: Int(shardCount), fileSize: fileSize, path: path)
            let unitIDs: [UInt32]
            let unitPriorities: [UInt32]
            (languages, shards, separators, unitIDs, unitPriorities, dictionary) = parsed
            dictionaryID = dictionary.withUnsafeBufferPointer {
                UInt32(adler32(adler32(0, nil, 0), $0.baseAddress, uInt($0.count)))
            }
            guard let table = PriorityTable(ids: unitIDs, priorities: unitPriorities) else {
                throw SearchPackError.corruptIndex(path: path, detail: "unit table: more than 65,534 distinct priorities")
            }
            priorities = table
            self.path = path
            self.descriptor = descriptor
            self.fileSize = fileSize
            self.keyCount = Int(keyCount)
            self.postingCount = Int(postingCount)
            // What stays held from open: the arrays above, as malloc hands them out.
            self.indexBytes = [
                MemoryLayout<ShardEntry>.stride * shards.count, separators.count, 4 * priorities.values.count,
                priorities.rankBytes, 4 * priorities.sparseIDs.count, dictionary.capacity, 256,
            ].reduce(0) { $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + $1) }
                + languages.reduce(0) { $0 + ApproximateSize.of($1) }
            // The budget covers what opening holds too: the shards get the rest.
            self.cache = Mutex(Cache(shards: BoundedCache(budget: budget - indexBytes), budget: max(0, budget)))
        } catch let error as SearchPackError {
            close(descriptor)
            throw error
        } catch {
            close(descriptor)
            throw .unreadable(path: path, errno: 0)
        }
    }

    deinit { close(descriptor) }

    /// The unit table, compactly: the distinct priorities (× 100) ascending,
    /// and each unit's rank among them, by id when the ids are dense (as
    /// `assign-ids` makes them), else beside the sorted ids. A rank is the
    /// index into `values` + 1 (0: no unit has the id) and takes one byte
    /// while there are at most 255 distinct priorities (the repository has
    /// 13), else two: on ten times the repository's data the table is most
    /// of what opening holds.
    struct PriorityTable: Sendable {
        let values: [UInt32]
        /// The ranks: one of the two arrays, the other empty.
        let narrowRanks: [UInt8]
        let wideRanks: [UInt16]
        let sparseIDs: [UInt32]

        /// `nil` when there are more distinct priorities than a rank holds.
        init?(ids: [UInt32], priorities: [UInt32]) {
            let values = Self.distinct(priorities)
            guard values.count < Int(UInt16.max) else { return nil }
            self.values = values
            // Dense: a rank per id up to the largest; sparse: a rank per unit.
            // (A binary search of the few distinct values, not a dictionary:
            // hashing ten thousand priorities was most of opening.)
            let dense = ids.last.map { Int($0) <= 2 * ids.count + 1024 } ?? true
            sparseIDs = dense ? [] : ids
            let slots = dense ? ids.last.map { Int($0) + 1 } ?? 0 : ids.count
            func ranks<Rank: FixedWidthInteger>(_: Rank.Type) -> [Rank] {
                var ranks = [Rank](repeating: 0, count: slots)
                for (index, priority) in priorities.enumerated() {
                    ranks[dense ? Int(ids[index]) : index] = Rank(Self.lowerBound(priority, in: values) + 1)
                }
                return ranks
            }
            narrowRanks = values.count < 256 ? ranks(UInt8.self) : []
            wideRanks = values.count < 256 ? [] : ranks(UInt16.self)
        }

        /// The first index of `sorted` whose value is not below `value`.
        @inline(__always)
        static func lowerBound(_ value: UInt32, in sorted: [UInt32]) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The distinct values, ascending: insertion into a sorted array, as
        /// units share a few priorities (hashing them all was slower), and
        /// a sort once the distinct values are many.
        static func distinct(_ priorities: [UInt32]) -> [UInt32] {
            var values: [UInt32] = []
            for priority in priorities {
                let index = lowerBound(priority, in: values)
                if index < values.count, values[index] == priority { continue }
                guard values.count < 1024 else { return Array(Set(priorities)).sorted() }
                values.insert(priority, at: index)
            }
            return values
        }

        /// The bytes of the rank arrays.
        var rankBytes: Int { narrowRanks.count + 2 * wideRanks.count }

        /// The priority of the rank at `index` of the rank array.
        @inline(__always) private func value(atRank index: Int) -> UInt32? {
            let rank = values.count < 256
                ? (index < narrowRanks.count ? Int(narrowRanks[index]) : 0)
                : (index < wideRanks.count ? Int(wideRanks[index]) : 0)
            return rank > 0 ? values[rank - 1] : nil
        }

        /// The priority × 100 of a unit of the unit table (0 for an id it lacks).
        @inline(__always) func priority(of unit: Int) -> UInt32 {
            guard unit >= 0 else { return 0 }
            guard !sparseIDs.isEmpty else { return value(atRank: unit) ?? 0 }
            guard unit <= Int(UInt32.max) else { return 0 }
            let index = Self.lowerBound(UInt32(unit), in: sparseIDs)
            return index < sparseIDs.count && Int(sparseIDs[index]) == unit ? value(atRank: index) ?? 0 : 0
        }
    }

    private static func parseTables(_ tables: [UInt8], shardCount: Int, fileSize: Int, path: String)
        throws(SearchPackError) -> ([String], [ShardEntry], [UInt8], [UInt32], [UInt32], [UInt8])
    {
        var reader = ByteReader(tables)
        guard let languageCount = reader.u8(), Int(languageCount) <= SearchPackFormat.maxLanguages else {
            throw .corruptIndex(path: path, detail: "no language table")
        }
        var languages: [String] = []
        for _ in 0..<languageCount {
            guard let length = reader.u8(), let code = reader.take(Int(length)) else {
                throw .corruptIndex(path: path, detail: "the language table is cut short")
            }
            languages.append(String(decoding: code, as: UTF8.self))
        }
        guard let rawLength = reader.u32(), let compressedLength = reader.u32(),
              let compressed = reader.take(Int(compressedLength))
        else { throw .corruptIndex(path: path, detail: "the unit table is cut short") }
        let (unitIDs, priorities) = try parseUnitTable(Array(compressed), rawLength: Int(rawLength), path: path)
        guard let dictionaryLength = reader.u32(), let packedLength = reader.u32(),
              let packedDictionary = reader.take(Int(packedLength))
        else { throw .corruptIndex(path: path, detail: "the dictionary is cut short") }
        guard Int(dictionaryLength) <= SearchPackFormat.maxDictionaryBytes else {
            throw .corruptIndex(path: path, detail: "the dictionary declares \(dictionaryLength) bytes")
        }
        let dictionary: [UInt8]
        do {
            dictionary = try inflate(Array(packedDictionary), rawLength: Int(dictionaryLength))
        } catch {
            throw .corruptIndex(path: path, detail: "dictionary: \(error.detail)")
        }
        var shards: [ShardEntry] = []
        var separators: [UInt8] = []
        guard shardCount <= tables.count / 18 + 1 else { throw .corruptIndex(path: path, detail: "\(shardCount) shards") }
        shards.reserveCapacity(shardCount)
        for index in 0..<shardCount {
            guard let offset = reader.u32(), let compressed = reader.u32(), let raw = reader.u32(), let crc = reader.u32(),
                  let keyLength = reader.u16(), let separator = reader.take(Int(keyLength))
            else { throw .corruptIndex(path: path, detail: "the entry of shard \(index) is cut short") }
            guard Int(offset) + Int(compressed) <= fileSize, Int(offset) >= SearchPackFormat.headerLength + tables.count
            else { throw .corruptIndex(path: path, detail: "shard \(index) points outside the file") }
            if let previous = shards.last,
               !separators[Int(previous.separatorStart)...].lexicographicallyPrecedes(separator) {
                throw .corruptIndex(path: path, detail: "shard \(index) is out of order")
            }
            let start = UInt32(separators.count)
            separators.append(contentsOf: separator)
            shards.append(ShardEntry(offset: offset, compressedLength: compressed, rawLength: raw,
                                     crc: crc, separatorStart: start))
        }
        guard reader.isAtEnd else { throw .corruptIndex(path: path, detail: "bytes after the last index entry") }
        return (languages, shards, separators, unitIDs, priorities, dictionary)
    }

    private static func parseUnitTable(_ compressed: [UInt8], rawLength: Int, path: String)
        throws(SearchPackError) -> ([UInt32], [UInt32])
    {
        let raw: [UInt8]
        do {
            raw = try inflate(compressed, rawLength: rawLength)
        } catch {
            throw .corruptIndex(path: path, detail: "unit table: \(error.detail)")
        }
        var reader = ByteReader(raw)
        guard let count = reader.varint(), count <= UInt64(raw.count) else {
            throw .corruptIndex(path: path, detail: "unit table: bad unit count")
        }
        var ids: [UInt32] = []
        var priorities: [UInt32] = []
        ids.reserveCapacity(Int(count))
        priorities.reserveCapacity(Int(count))
        var id: UInt64 = 0
        for index in 0..<Int(count) {
            guard let delta = reader.varint(), delta > 0, let priority = reader.varint(),
                  delta <= UInt64(UInt32.max) - id, priority <= UInt64(UInt32.max)
            else { throw .corruptIndex(path: path, detail: "unit table: entry \(index) is malformed") }
            id += delta
            ids.append(UInt32(id))
            priorities.append(UInt32(priority))
        }
        guard reader.isAtEnd else { throw .corruptIndex(path: path, detail: "unit table: bytes after the last unit") }
        return (ids, priorities)
    }

    // MARK: Shards

    /// Reads, checks and inflates shard `index`. The compressed and the
    /// inflated bytes are scratch (on the stack when small): only the decoded
    /// shard is allocated.
    func loadShard(_ index: Int) throws(SearchPackError) -> SearchShard {
        let entry = shards[index]
        let rawLength = Int(entry.rawLength)
        guard rawLength <= SearchPackFormat.maxShardBytes else {
            throw .corruptShard(path: path, shard: index,
                                detail: "declares \(rawLength) bytes, over the \(SearchPackFormat.maxShardBytes) limit")
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(entry.compressedLength)) {
            compressed throws(SearchPackError) in
            try Self.read(descriptor, path, offset: Int(entry.offset), into: compressed)
            guard Self.crc32(UnsafeBufferPointer(compressed)) == entry.crc else {
                throw .corruptShard(path: path, shard: index, detail: "CRC-32 mismatch")
            }
            return try inflateAndDecode(UnsafeBufferPointer(compressed), rawLength: rawLength, shard: index)
        }
    }

    private func inflateAndDecode(_ compressed: UnsafeBufferPointer<UInt8>, rawLength: Int, shard index: Int)
        throws(SearchPackError) -> SearchShard
    {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rawLength + Self.inflateSlack) {
            raw throws(SearchPackError) in
            do throws(InflateError) {
                try Self.inflate(compressed, rawLength: rawLength, into: raw, dictionary: dictionary, dictionaryID: dictionaryID)
            } catch {
                throw .corruptShard(path: path, shard: index, detail: error.detail)
            }
            do throws(SearchShard.DecodeError) {
                return try SearchShard(
                    raw: UnsafeBufferPointer(rebasing: raw[..<rawLength]), priorities: priorities, languages: languages.count)
            } catch {
                throw .corruptShard(path: path, shard: index, detail: error.detail)
            }
        }
    }

    /// The shard from the cache, or loaded (and kept if it fits the budget).
    func shard(_ index: Int) throws(SearchPackError) -> SearchShard {
        if case .shard(let cached)? = cache.withLock({ $0.shards.value(for: .shard(index)) }) { return cached }
        let loaded = try loadShard(index)
        cache.withLock { cache in
            cache.loaded += 1
            cache.shards.insert(.shard(loaded), for: .shard(index), cost: loaded.heldBytes)
        }
        return loaded
    }

    public var shardCount: Int { shards.count }

    /// Changes the budget (index and shards together); shards over it are
    /// dropped, oldest first.
    public func setBudget(_ budget: Int) {
        cache.withLock { cache in
            cache.budget = max(0, budget)
            cache.shards.setBudget(budget - indexBytes)
        }
    }

    /// The results kept for `key`, if any (counted as a hit or a miss).
    func cachedResults(_ key: ResultKey) -> [SearchMatch]? {
        cache.withLock { cache in
            guard case .results(let matches)? = cache.shards.value(for: .results(key)) else { return nil }
            cache.resultHits += 1
            return matches
        }
    }

    func keep(_ matches: [SearchMatch], for key: ResultKey) {
        let cost = ApproximateSize.allocation(ApproximateSize.objectHeader + key.query.count)
            + ApproximateSize.of(key.languages ?? [])
            + ApproximateSize.allocation(ApproximateSize.objectHeader + MemoryLayout<SearchMatch>.stride * matches.count)
            + matches.reduce(0) { $0 + ApproximateSize.of($1.key) }
        cache.withLock { $0.shards.insert(.results(matches), for: .results(key), cost: cost) }
    }

    /// Drops every cached shard and result (for a memory warning).
    public func purge() {
        cache.withLock { $0.shards.removeAll() }
    }

    public var statistics: SearchStatistics {
        cache.withLock { cache in
            SearchStatistics(
                budget: cache.budget, bytesHeld: cache.shards.bytesHeld,
                shardsHeld: cache.shards.count(where: { if case .shard = $0 { true } else { false } }),
                resultsHeld: cache.shards.count(where: { if case .results = $0 { true } else { false } }),
                shardsLoaded: cache.loaded, hits: cache.shards.hits, misses: cache.shards.misses,
                resultHits: cache.resultHits, evictions: cache.shards.evictions, indexBytes: indexBytes)
        }
    }

    /// Checks every shard without caching it: its CRC-32, inflated length and
    /// structure, that its keys lie in its range of the index (its separator
    /// starts its first key, and its last key sorts before the next shard's
    /// separator: a key outside would never be searched for), and that the
    /// shards hold the header's key and posting counts. Returns the key count.
    public func verify() throws(SearchPackError) -> Int {
        var keys = 0
        var postings = 0
        var previousLastKey: [UInt8] = []
        for index in shards.indices {
            let shard = try loadShard(index)
            let separator = separator(index)
            guard shard.key(0).starts(with: separator) else {
                throw .corruptShard(path: path, shard: index, detail: "its first key does not start with its separator in the index")
            }
            if index > 0, !previousLastKey.lexicographicallyPrecedes(separator) {
                throw .corruptShard(path: path, shard: index - 1,
                                    detail: "its last key does not sort before the next shard's separator")
            }
            previousLastKey = Array(shard.key(shard.count - 1))
            keys += shard.count
            postings += shard.postings.count
        }
        guard keys == keyCount, postings == postingCount else {
            throw .corruptIndex(
                path: path,
                detail: "the header counts \(keyCount) keys and \(postingCount) postings, the shards hold \(keys) and \(postings)")
        }
        return keys
    }
}
