import UnitpackCore

/// The runtime in one object, held to one memory budget: the database and
/// the search pack of a `dist/` directory. Opening measures what cannot be
/// dropped (SQLite's connection, schema and statements; the pack's header,
/// unit table and shard index) and shares seven eighths of the rest among
/// the caches: half to search shards, a quarter each to SQLite's page cache
/// and to decoded units and names; the last eighth is headroom for the
/// allocator's overhead and what a query allocates while it runs.
/// `statistics` reports every part.
public final class UnitLibrary: Sendable {
    public let database: UnitDatabase
    public let search: SearchPack
    /// The number given at open: everything the library holds stays under it.
    public let budget: Int
    /// How the caches share what opening left of the budget.
    public let shares: Shares

    public struct Shares: Sendable, Hashable {
        public let searchShards: Int
        public let pageCache: Int
        public let objects: Int
    }

    /// The smallest budget left for the caches after what opening holds: less
    /// would leave SQLite a page cache too small to read a unit.
    public static let minimumCacheBytes = 16 << 10

    /// Opens the database and the search pack of `DIRECTORY`'s current
    /// generation: its `manifest.tsv` is read once, so both files are of one
    /// build, whatever a concurrent build does (docs/manifest.md).
    /// - Throws: `.generation` when the directory has no usable generation,
    ///   the database's or the pack's error, or `.budgetTooSmall` naming the
    ///   smallest budget that works for these files.
    public init(directory: String, budget: Int) throws(UnitLibraryError) {
        let database: UnitDatabase
        let search: SearchPack
        let databasePath: String
        let searchPath: String
        do {
            let generation = try Generation.read(directory: directory)
            databasePath = try generation.path(of: DatabaseFormat.fileName)
            searchPath = try generation.path(of: SearchPackFormat.fileName)
        } catch {
            throw .generation(error)
        }
        do {
            database = try UnitDatabase(path: databasePath, pageCacheBytes: 0, objectCacheBytes: 0)
        } catch {
            throw .database(error)
        }
        do {
            search = try SearchPack(path: searchPath, budget: 0)
        } catch {
            throw .search(error)
        }
        let fixed = database.openBytes + search.statistics.indexBytes
        let available = budget - fixed
        guard available >= Self.minimumCacheBytes else {
            throw .budgetTooSmall(given: budget, minimum: fixed + Self.minimumCacheBytes)
        }
        // An eighth stays unshared: the allocator's own overhead and what a
        // query allocates while it runs (measured by Scripts/bench).
        let shared = available - available / 8
        shares = Shares(searchShards: shared / 2, pageCache: shared / 4, objects: shared - shared / 2 - shared / 4)
        do {
            try database.setBudgets(pageCacheBytes: shares.pageCache, objectCacheBytes: shares.objects)
        } catch {
            throw .database(error)
        }
        search.setBudget(search.statistics.indexBytes + shares.searchShards)
        self.database = database
        self.search = search
        self.budget = budget
    }

    /// Every part the library holds, in bytes.
    public var statistics: RuntimeStatistics {
        RuntimeStatistics(budget: budget, database: database.statistics, search: search.statistics)
    }

    /// Drops every cache (for a memory warning); what opening holds stays.
    public func purge() {
        search.purge()
        database.purge()
    }
}

public enum UnitLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The directory has no usable generation (no manifest, a file missing).
    case generation(GenerationError)
    case database(UnitDatabaseError)
    case search(SearchPackError)
    /// The budget does not cover what opening holds plus the smallest caches.
    case budgetTooSmall(given: Int, minimum: Int)

    public var description: String {
        switch self {
        case .generation(let error): return error.description
        case .database(let error): return "\(error)"
        case .search(let error): return "\(error)"
        case .budgetTooSmall(let given, let minimum):
            return "a memory budget of \(given) bytes is too small for these files: give at least \(minimum)"
        }
    }
}

/// `UnitLibrary.statistics`: the whole runtime, part by part.
public struct RuntimeStatistics: Sendable, Hashable {
    public var budget: Int
    public var database: DatabaseStatistics
    public var search: SearchStatistics

    /// Everything held: the database's parts, the pack's index and cached shards.
    public var bytesHeld: Int { database.bytesHeld + search.indexBytes + search.bytesHeld }
}
