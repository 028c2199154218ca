/// A least-recently-used cache whose entries' costs (approximate bytes) plus
/// its own hash table never add up to more than its budget. An entry that
/// costs more than the whole budget is not kept. Not thread-safe: its owners
/// keep it behind a mutex.
///
/// Public and inlinable, though only the runtime's modules use it, so that
/// they get it specialized for their keys: Swift 6.3 does not serialize an
/// `@inlinable package` body for other modules (checked with `nm`: their
/// objects called the generic `value(for:)`, which asked for tuple metadata
/// at each of a parse's ten or so lookups). UnitpackRuntime does not
/// re-export it (`Exports.swift` names the core types one by one).
public struct BoundedCache<Key: Hashable, Value> {
    // Stored as `@usableFromInline` internals, read through public getters:
    // the inlinable methods change them, other modules only read them.
    @usableFromInline var budgetStored: Int
    /// The entries' costs.
    @usableFromInline var costs = 0
    @usableFromInline var hitsStored = 0
    @usableFromInline var missesStored = 0
    @usableFromInline var evictionsStored = 0
    @usableFromInline var entries: [Key: (value: Value, cost: Int, lastUse: UInt64)] = [:]
    @usableFromInline var clock: UInt64 = 0

    @inlinable public init(budget: Int) { self.budgetStored = max(0, budget) }

    /// The most bytes the entries and the table may hold.
    @inlinable public var budget: Int { budgetStored }
    /// Lookups that found their key.
    @inlinable public var hits: Int { hitsStored }
    /// Lookups that did not.
    @inlinable public var misses: Int { missesStored }
    /// Entries dropped to stay within the budget.
    @inlinable public var evictions: Int { evictionsStored }

    @inlinable public var count: Int { entries.count }

    /// How many keys satisfy `predicate` (for statistics).
    @inlinable public func count(where predicate: (Key) -> Bool) -> Int { entries.keys.reduce(0) { $0 + (predicate($1) ? 1 : 0) } }

    /// The entries' costs and the hash table's slots (a dictionary keeps its
    /// capacity when entries go, so the slots count whether used or not).
    @inlinable public var bytesHeld: Int { costs + storageBytes }

    @inlinable var storageBytes: Int {
        entries.capacity * (MemoryLayout<Key>.stride + MemoryLayout<(value: Value, cost: Int, lastUse: UInt64)>.stride)
    }

    /// The cached value, marked as just used; counts a hit or a miss.
    @inlinable public mutating func value(for key: Key) -> Value? {
        clock += 1
        // One hash lookup for both the read and the mark.
        guard let index = entries.index(forKey: key) else {
            missesStored += 1
            return nil
        }
        hitsStored += 1
        entries.values[index].lastUse = clock
        return entries.values[index].value
    }

    /// Keeps `value` if it fits the budget, evicting the least recently used
    /// entries as needed. Eviction goes down to 7/8 of the budget at once, so
    /// a full cache sorts its entries once per several inserts, not each time.
    @inlinable public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        guard cost + storageBytes <= budget else { return }
        clock += 1
        if let old = entries.updateValue((value, cost, clock), forKey: key) { costs -= old.cost }
        costs += cost
        guard bytesHeld > budget else { return }
        evict(downTo: budget - budget / 8, keeping: key)
        // Only the new entry and the table it grew are left, and still too big.
        if bytesHeld > budget, let entry = entries.removeValue(forKey: key) { costs -= entry.cost }
    }

    @inlinable mutating func evict(downTo target: Int, keeping kept: Key? = nil) {
        for (oldKey, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytesHeld <= target { break }
            if oldKey == kept { continue }
            entries[oldKey] = nil
            costs -= entry.cost
            evictionsStored += 1
        }
        // A table grown for more entries than remain keeps its slots: rebuild it.
        if bytesHeld > target, entries.capacity > 2 * entries.count + 8 {
            entries = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// A new budget; entries over it are evicted, oldest first.
    @inlinable public mutating func setBudget(_ budget: Int) {
        self.budgetStored = max(0, budget)
        if bytesHeld > self.budget { evict(downTo: self.budget) }
    }

    @inlinable public mutating func removeAll() {
        entries = [:]
        costs = 0
    }
}
