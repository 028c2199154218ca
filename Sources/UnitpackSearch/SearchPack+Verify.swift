import UnitpackCore

extension SearchPack {
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
                throw .corruptShard(path: path, shard: index, damage: .firstKeyOutsideRange)
            }
            if index > 0, !previousLastKey.lexicographicallyPrecedes(separator) {
                throw .corruptShard(path: path, shard: index - 1, damage: .lastKeyOutsideRange)
            }
            previousLastKey = Array(shard.key(shard.count - 1))
            keys += shard.count
            postings += shard.postings.count
        }
        guard keys == keyCount, postings == postingCount else {
            throw .corruptIndex(
                path: path,
                damage: .counts(keys: keyCount, postings: postingCount, shardKeys: keys, shardPostings: postings))
        }
        return keys
    }
}
