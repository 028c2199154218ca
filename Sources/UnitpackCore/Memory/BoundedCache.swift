/// A least-recently-used cache whose entries' costs (approximate bytes) plus
/// its own hash table never add up to more than its budget. An entry that
/// costs more than the whole budget is not kept. Not thread-safe: its owners
/// keep it behind a mutex.
package struct BoundedCache<Key: Hashable, Value> {
    package private(set) var budget: Int
    /// The entries' costs.
    private var costs = 0
    package private(set) var hits = 0
    package private(set) var misses = 0
    package private(set) var evictions = 0
    private var entries: [Key: (value: Value, cost: Int, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    package init(budget: Int) { self.budget = max(0, budget) }

    package var count: Int { entries.count }

    /// How many keys satisfy `predicate` (for statistics).
    package func count(where predicate: (Key) -> Bool) -> Int { entries.keys.reduce(0) { $0 + (predicate($1) ? 1 : 0) } }

    /// The entries' costs and the hash table's slots (a dictionary keeps its
    /// capacity when entries go, so the slots count whether used or not).
    package var bytesHeld: Int { costs + storageBytes }

    private var storageBytes: Int {
        entries.capacity * (MemoryLayout<Key>.stride + MemoryLayout<(value: Value, cost: Int, lastUse: UInt64)>.stride)
    }

    /// The cached value, marked as just used; counts a hit or a miss.
    package mutating func value(for key: Key) -> Value? {
        clock += 1
        // One hash lookup for both the read and the mark.
        guard let index = entries.index(forKey: key) else {
            misses += 1
            return nil
        }
        hits += 1
        entries.values[index].lastUse = clock
        return entries.values[index].value
    }

    /// Keeps `value` if it fits the budget, evicting the least recently used
    /// entries as needed. Eviction goes down to 7/8 of the budget at once, so
    /// a full cache sorts its entries once per several inserts, not each time.
    package mutating func insert(_ value: Value, for key: Key, cost: Int) {
        guard cost + storageBytes <= budget else { return }
        clock += 1
        if let old = entries.updateValue((value, cost, clock), forKey: key) { costs -= old.cost }
        costs += cost
        guard bytesHeld > budget else { return }
        evict(downTo: budget - budget / 8, keeping: key)
        // Only the new entry and the table it grew are left, and still too big.
        if bytesHeld > budget, let entry = entries.removeValue(forKey: key) { costs -= entry.cost }
    }

    private mutating func evict(downTo target: Int, keeping kept: Key? = nil) {
        for (oldKey, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytesHeld <= target { break }
            if oldKey == kept { continue }
            entries[oldKey] = nil
            costs -= entry.cost
            evictions += 1
        }
        // A table grown for more entries than remain keeps its slots: rebuild it.
        if bytesHeld > target, entries.capacity > 2 * entries.count + 8 {
            entries = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// A new budget; entries over it are evicted, oldest first.
    package mutating func setBudget(_ budget: Int) {
        self.budget = max(0, budget)
        if bytesHeld > self.budget { evict(downTo: self.budget) }
    }

    package mutating func removeAll() {
        entries = [:]
        costs = 0
    }
}
