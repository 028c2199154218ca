import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// The names of `name_blocks` (docs/database.md), read a block at a time:
/// the block whose `first` is the greatest not after a key is the one that
/// holds it, if any does, and its row says where it ends (`next`). A block
/// found for a key that it does not cover was found through a damaged
/// index or page: `hiddenKey`, never "no such name".
extension UnitDatabase.State {
    /// The entries of `folded`, in key order (empty: no name is `folded`).
    package func names(of folded: String, path: String) throws -> [NameBlock.Entry] {
        try nameBlock(covering: folded, path: path).entries(of: folded)
    }

    /// The first key that is at least `lower`, nil when none is.
    func firstName(atLeast lower: String, path: String) throws -> String? {
        let block = try nameBlock(covering: lower, path: path)
        let index = block.firstIndex(atLeast: lower)
        return index < block.keyCount ? block.key(at: index) : block.next
    }

    /// The keys from `lower` (included) that start with `prefix` (as
    /// bytes) and whose bytes `matching` accepts, each with its entries, at
    /// most `limit` of them, across blocks. A key is made a string only
    /// when it matches: a short prefix spans hundreds of keys.
    func names(
        from lower: String, startingWith prefix: String, matching: (ArraySlice<UInt8>) -> Bool, limit: Int, path: String
    ) throws -> [(key: String, entries: [NameBlock.Entry])] {
        var found: [(key: String, entries: [NameBlock.Entry])] = []
        var block = try nameBlock(covering: lower, path: path)
        var index = block.firstIndex(atLeast: lower)
        while found.count < limit {
            if index == block.keyCount {
                guard let next = block.next, next.utf8.starts(with: prefix.utf8) else { break }
                let following = try nameBlock(number: block.number + 1, path: path)
                guard following.first == next else {
                    throw UnitDatabaseError.damaged(path: path, damage: .keyChain(table: "name_blocks", key: "\(block.number)"))
                }
                block = following
                index = 0
                continue
            }
            let key = block.keyBytes(at: index)
            guard key.starts(with: prefix.utf8) else { break }
            if matching(key) { found.append((block.key(at: index), block.entries(at: index))) }
            index += 1
        }
        return found
    }

    /// The block that holds `key` if any does, through the object cache.
    func nameBlock(covering key: String, path: String) throws -> NameBlock {
        let query = try blockOfKey
        try query.reset()
        defer { try? query.reset() }
        try query.bind(.text(key), at: 1)
        // The first block's `first` is the empty string: every key has a block.
        guard try query.step() else { throw UnitDatabaseError.damaged(path: path, damage: .hiddenKey(table: "name_blocks")) }
        let number = query.int(at: 0)
        try query.reset()
        let block = try nameBlock(number: number, path: path)
        guard block.covers(key) else { throw UnitDatabaseError.damaged(path: path, damage: .hiddenKey(table: "name_blocks")) }
        return block
    }

    /// Block `number`, through the object cache.
    func nameBlock(number: Int, path: String) throws -> NameBlock {
        if case .nameBlock(let block)? = objects.value(for: .nameBlock(number)) { return block }
        let query = try blockByNumber
        try query.reset()
        defer { try? query.reset() }
        try query.bind(.integer(Int64(number)), at: 1)
        let rows = RowDecoder(statement: query, path: path)
        guard try query.step() else {
            throw rows.damaged(.missingRow(table: "name_blocks", key: "\(number)", namedBy: nil))
        }
        let block = try rows.nameBlock(at: 0)
        guard block.number == number else {
            throw rows.damaged(.wrongKey(table: "name_blocks", asked: "\(number)", found: "\(block.number)"))
        }
        objects.insert(.nameBlock(block), for: .nameBlock(number), cost: ApproximateSize.of(block))
        return block
    }
}
