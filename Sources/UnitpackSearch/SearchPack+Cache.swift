import UnitpackCore

/// The searcher's one LRU cache of decoded shards and kept results, within
/// the budget given at open (docs/runtime-memory.md).
extension SearchPack {
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

    /// How many shards the pack has (its index's entries).
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

    /// What the pack holds and how its cache has done, at this moment.
    /// - Complexity: O(1); takes the pack's lock.
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
}
