import CZlib
import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader of `search.pack` (docs/pack-format.md). Opening reads the
/// header and the tables only; a shard is read, checked and inflated when a
/// query needs it, and kept in an LRU cache. `budget` covers everything the
/// searcher holds: what opening keeps (`indexBytes`) and the cached shards,
/// which get the rest (a shard larger than that is used and dropped).
/// Safe to share between threads.
public final class SearchPack: Sendable {
    /// The pack's file.
    public let path: String
    /// The codes of the languages whose keys the pack holds, in its order.
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
    let cache: Locked<Cache>
    /// Each language's keyboard rows and transliteration (format 5), in
    /// `languages`' order.
    let rewriting: [QueryRewriting]

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

    /// Opens the pack at `path`: reads and checks its header and shard index
    /// (about 12 KB for the repository's data), nothing else; shards are read on
    /// demand and kept within `budget` bytes, least recently used dropped first.
    /// - Throws: `.fileNotFound`, `.notAFile`, `.unreadable`, `.notAPack`,
    ///   `.unsupportedVersion`, `.truncated`, `.corruptIndex`.
    /// - Complexity: one read of the header and index; well under a millisecond.
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
            guard header.count >= SearchPackFormat.magic.count, Array(header.prefix(SearchPackFormat.magic.count)) == SearchPackFormat.magic else {
                throw SearchPackError.notAPack(path: path)
            }
            var reader = ByteReader(header, offset: SearchPackFormat.magic.count)
            guard let version = reader.u16(), let headerLength = reader.u16(), let keyCount = reader.u32(), let postingCount = reader.u32(),
                  let shardCount = reader.u32(), let tablesLength = reader.u32(), let tablesCRC = reader.u32()
            else { throw SearchPackError.truncated(path: path, damage: .header) }
            guard version == SearchPackFormat.version else {
                throw SearchPackError.unsupportedVersion(found: Int(version), supported: Int(SearchPackFormat.version))
            }
            guard Int(headerLength) == SearchPackFormat.headerLength else {
                throw SearchPackError.corruptIndex(path: path, damage: .headerLength(Int(headerLength)))
            }
            guard Int(tablesLength) <= fileSize - SearchPackFormat.headerLength else {
                throw SearchPackError.truncated(
                    path: path, damage: .index(length: Int(tablesLength), available: fileSize - SearchPackFormat.headerLength))
            }
            let tables = try Self.read(descriptor, path, offset: SearchPackFormat.headerLength, count: Int(tablesLength))
            let foundCRC = Self.crc32(tables)
            guard foundCRC == tablesCRC else {
                throw SearchPackError.corruptIndex(path: path, damage: .crcMismatch(expected: tablesCRC, found: foundCRC))
            }
            let parsed = try Self.parseTables(tables, shardCount: Int(shardCount), fileSize: fileSize, path: path)
            let unitIDs: [UInt32]
            let unitPriorities: [UInt32]
            (languages, shards, separators, unitIDs, unitPriorities, dictionary, rewriting) = parsed
            dictionaryID = dictionary.withUnsafeBufferPointer {
                UInt32(adler32(adler32(0, nil, 0), $0.baseAddress, uInt($0.count)))
            }
            guard let table = PriorityTable(ids: unitIDs, priorities: unitPriorities) else {
                throw SearchPackError.corruptIndex(path: path, damage: .tooManyPriorities)
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
                + languages.reduce(0) { $0 + ApproximateSize.of($1) } + rewriting.reduce(0) { $0 + $1.heldBytes }
            // The budget covers what opening holds too: the shards get the rest.
            self.cache = Locked(Cache(shards: BoundedCache(budget: budget - indexBytes), budget: max(0, budget)))
        } catch let error as SearchPackError {
            close(descriptor)
            throw error
        } catch {
            close(descriptor)
            throw .unreadable(path: path, errno: 0)
        }
    }

    deinit { close(descriptor) }

    // MARK: Shards

    /// Reads, checks and inflates shard `index`. The compressed and the
    /// inflated bytes are scratch (on the stack when small): only the decoded
    /// shard is allocated.
    func loadShard(_ index: Int) throws(SearchPackError) -> SearchShard {
        let entry = shards[index]
        let rawLength = Int(entry.rawLength)
        guard rawLength <= SearchPackFormat.maxShardBytes else {
            throw .corruptShard(
                path: path, shard: index, damage: .stream(.tooLarge(bytes: rawLength, limit: SearchPackFormat.maxShardBytes)))
        }
        let compressedLength = Int(entry.compressedLength)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: compressedLength + FixedBlockInflater.inputPadding) {
            padded throws(SearchPackError) in
            let compressed = UnsafeMutableBufferPointer(rebasing: padded[..<compressedLength])
            try Self.read(descriptor, path, offset: Int(entry.offset), into: compressed)
            padded[compressedLength...].initialize(repeating: 0)
            let crc = Self.crc32(UnsafeBufferPointer(compressed))
            guard crc == entry.crc else {
                throw .corruptShard(path: path, shard: index, damage: .crcMismatch(expected: entry.crc, found: crc))
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
                try Self.inflate(
                    compressed, rawLength: rawLength, into: raw, dictionary: dictionary, dictionaryID: dictionaryID, padded: true)
            } catch {
                throw .corruptShard(path: path, shard: index, damage: .stream(error.damage))
            }
            do throws(SearchShard.DecodeError) {
                return try SearchShard(
                    raw: UnsafeBufferPointer(rebasing: raw[..<rawLength]), priorities: priorities, languages: languages.count)
            } catch {
                throw .corruptShard(path: path, shard: index, damage: error.damage)
            }
        }
    }
}
