import UnitpackCore

/// The runtime in one object, held to one memory budget: the database and
/// the search pack of a `dist/` directory. Opening measures what cannot be
/// dropped (SQLite's connection, schema and statements; the pack's header,
/// unit table and shard index) and shares seven eighths of the rest among
/// the caches: half to search shards, a quarter each to SQLite's page cache
/// and to decoded units and names; the last eighth is headroom for the
/// allocator's overhead and what a query allocates while it runs.
/// `statistics` reports every part. Safe to share between threads: the
/// database and the pack each take their own lock for a call.
public final class UnitLibrary: Sendable {
    /// The database: lookups, conversions, formatting, phrases.
    public let database: UnitDatabase
    /// The search pack: units by what is typed.
    public let search: SearchPack
    /// The number given at open: everything the library holds stays under it.
    public let budget: Int
    /// How the caches share what opening left of the budget.
    public let shares: Shares

    /// The bytes each cache may hold: what opening left of the budget, split.
    public struct Shares: Sendable, Hashable {
        /// The search pack's decoded shards and results.
        public let searchShards: Int
        /// SQLite's page cache.
        public let pageCache: Int
        /// The database's decoded units, languages and names.
        public let objects: Int
    }

    /// The smallest budget left for the caches after what opening holds: less
    /// would leave SQLite a page cache too small to read a unit.
    public static let minimumCacheBytes = 16 << 10

    /// What `.budgetTooSmall` adds to the minimum it names: what opening
    /// holds is measured (SQLite's allocations over the open), and a second
    /// open in the same process measured 16 bytes more than the first, so a
    /// minimum named without slack was refused when given back (issue 37).
    static let measurementSlack = 1 << 10

    /// Opens the database and the search pack of `DIRECTORY`'s current
    /// generation: its `manifest.tsv` is read once, so both files are of one
    /// build, whatever a concurrent build does (docs/manifest.md).
    /// - Throws: `.generation` when the directory has no usable generation
    ///   or its database is another build's (`databaseMismatch`: another
    ///   source hash, languages or categories than the manifest's), the
    ///   database's or the pack's error, or `.budgetTooSmall` naming the
    ///   smallest budget that works for these files.
    public init(directory: String, budget: Int) throws(UnitLibraryError) {
        let database: UnitDatabase
        let search: SearchPack
        let generation: Generation
        let databasePath: String
        let searchPath: String
        do {
            generation = try Generation.read(directory: directory)
            databasePath = try generation.path(of: DatabaseFormat.fileName)
            searchPath = try generation.path(of: SearchPackFormat.fileName)
        } catch {
            throw .generation(error)
        }
        let mismatches: [GenerationError]
        do {
            database = try UnitDatabase(path: databasePath, pageCacheBytes: 0, objectCacheBytes: 0)
            mismatches = try database.mismatches(with: generation)
        } catch {
            throw .database(error)
        }
        // Another build's database of the same size passes the cheap checks
        // above: its source hash, languages and categories do not.
        if let first = mismatches.first { throw .generation(first) }
        do {
            search = try SearchPack(path: searchPath, budget: 0)
        } catch {
            throw .search(error)
        }
        let fixed = database.openBytes + search.statistics.indexBytes
        let available = budget - fixed
        guard available >= Self.minimumCacheBytes else {
            throw .budgetTooSmall(given: budget, minimum: fixed + Self.minimumCacheBytes + Self.measurementSlack)
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

/// Why a `UnitLibrary` cannot be opened or searched: the database's or the
/// pack's error, the generation's, or a budget too small.
public enum UnitLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The directory has no usable generation (no manifest, a file missing).
    case generation(GenerationError)
    /// The database cannot be used (or a lookup failed): its error.
    case database(UnitDatabaseError)
    /// The search pack cannot be used (or a query failed): its error.
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
    /// The budget the library was opened with, in bytes.
    public var budget: Int
    /// The database's part.
    public var database: DatabaseStatistics
    /// The search pack's part.
    public var search: SearchStatistics

    /// Everything held: the database's parts, the pack's index and cached shards.
    public var bytesHeld: Int { database.bytesHeld + search.indexBytes + search.bytesHeld }
}

/// A search match with what a row of a list shows: the unit and its display
/// name in the asked language, so that a list needs no further call per row.
public struct NamedSearchMatch: Sendable, Hashable {
    /// The match as `SearchPack.search` gives it (the key found, its form, rank).
    public let match: SearchMatch
    /// The unit the match names.
    public let unit: MeasureUnit
    /// The unit's display name in the asked language (`метры`), or in
    /// English where that language has no name for it.
    public let displayName: String
    /// The language `displayName` is in: the asked one, or the fallback.
    public let nameLanguage: String
}

extension UnitLibrary {
    /// `search.search(_:languages:limit:)`, each match with its unit and the
    /// unit's display name in `displayLanguage` (a BCP 47 tag matched as
    /// `UnitDatabase.language(_:)` matches it: `ru-RU` is `ru`).
    /// - Parameters:
    ///   - languages: the languages whose keys may match; nil for all.
    ///   - displayLanguage: the language of the names shown.
    /// - Throws: `.search` for a damaged pack or a query over
    ///   `SearchPack.maxQueryBytes`; `.database` for an unknown language or
    ///   a damaged database.
    /// - Complexity: the search, then one unit and one set of names per
    ///   match, each a dictionary hit once cached.
    public func search(_ text: String, displayLanguage: String, languages: [String]? = nil, limit: Int = 20)
        throws(UnitLibraryError) -> [NamedSearchMatch]
    {
        let matches: [SearchMatch]
        do {
            matches = try search.search(text, languages: languages, limit: limit)
        } catch {
            throw .search(error)
        }
        do {
            let code = try database.language(displayLanguage).code
            return try matches.map { (match: SearchMatch) throws(UnitDatabaseError) -> NamedSearchMatch in
                let unit = try database.unit(match.unit)
                let names = try database.names(of: unit, in: code)
                return NamedSearchMatch(match: match, unit: unit, displayName: names.display, nameLanguage: names.language)
            }
        } catch {
            throw .database(error)
        }
    }
}
