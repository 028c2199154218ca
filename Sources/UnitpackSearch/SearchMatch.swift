import UnitpackCore

/// One result of `SearchPack.search`.
public struct SearchMatch: Sendable, Hashable {
    /// The id of the unit the key names: `UnitDatabase.unit(_:)` gives the unit.
    public let unit: UnitID
    /// The normalised key that matched.
    public let key: String
    /// The language of the word; `nil` for a `units-src/` symbol, which is every language's.
    public let language: String?
    /// Which of the unit's words the key is: its name, a plural form, a symbol, a synonym.
    public let form: SearchPackFormat.Form
    /// The key is the whole query, not only a prefix of it.
    public let isExact: Bool
    /// The unit's priority (`units-src/`), for ranking.
    public let priority: Double
    /// The edits (insertion, deletion, substitution, transposition of
    /// neighbours) between the query and the key, or the key's start for a
    /// corrected prefix: 0 for an exact or prefix match, 1 or 2 for a match
    /// the forgiving search found (issue 23), which ranks after every exact
    /// and prefix match.
    public var distance: Int = 0
    /// Found by correcting the query, not as typed.
    public var isCorrected: Bool { distance > 0 }
}

/// What the searcher holds and has done, on demand.
public struct SearchStatistics: Sendable, Hashable {
    /// The number given at open: the index and the shards together.
    public var budget: Int
    /// The cached shards and results (at most `budget - indexBytes`).
    public var bytesHeld: Int
    /// How many shards the cache holds decoded.
    public var shardsHeld: Int
    /// Results of expensive queries kept (short prefixes of many keys).
    public var resultsHeld: Int
    /// How many shards were read and inflated since open (or the last purge).
    public var shardsLoaded: Int
    /// Lookups in the cache (shards and results) that found and did not find.
    public var hits: Int
    /// Queries that had to read a shard.
    public var misses: Int
    /// Queries answered from a kept result.
    public var resultHits: Int
    /// Shards and results dropped to stay within the budget.
    public var evictions: Int
    /// The bytes of the header, language table and shard index, held from open.
    public var indexBytes: Int
}
