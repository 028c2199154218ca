/// A least-recently-used cache whose entries' costs (approximate bytes) never
/// add up to more than its budget. An entry that costs more than the whole
/// budget is not kept. Not thread-safe: its owners keep it behind a mutex.
struct BoundedCache<Key: Hashable, Value> {
    private(set) var budget: Int
    private(set) var bytesHeld = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0
    private var entries: [Key: (value: Value, cost: Int, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(budget: Int) { self.budget = max(0, budget) }

    var count: Int { entries.count }

    /// The cached value, marked as just used; counts a hit or a miss.
    mutating func value(for key: Key) -> Value? {
        clock += 1
        guard let entry = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        entries[key]!.lastUse = clock
        return entry.value
    }

    /// Keeps `value` if it fits the budget, evicting the least recently used
    /// entries as needed. Eviction goes down to 7/8 of the budget at once, so
    /// a full cache sorts its entries once per several inserts, not each time.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        guard cost <= budget else { return }
        clock += 1
        if let old = entries.updateValue((value, cost, clock), forKey: key) { bytesHeld -= old.cost }
        bytesHeld += cost
        guard bytesHeld > budget else { return }
        let target = budget - budget / 8
        for (oldKey, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytesHeld <= target { break }
            if oldKey == key { continue }
            entries[oldKey] = nil
            bytesHeld -= entry.cost
            evictions += 1
        }
    }

    /// A new budget; entries over it are evicted, oldest first.
    mutating func setBudget(_ budget: Int) {
        self.budget = max(0, budget)
        guard bytesHeld > self.budget else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            if bytesHeld <= self.budget { break }
            entries[key] = nil
            bytesHeld -= entry.cost
            evictions += 1
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        bytesHeld = 0
    }
}
