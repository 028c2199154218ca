import UnitpackCore

/// A set of folded words, found by their UTF-8 bytes in a small open table
/// of its own, hashed as `WordTable` hashes (FNV-1a). `Set<String>` hashes
/// a String that is not ASCII by its NFC form, normalising it at every
/// lookup (the system, prefix and context words a Russian phrase asked
/// about cost a tenth of its parse), and even a `Set` of the bytes pays
/// `Hasher` at each of the dozen lookups of a phrase. Folded words are NFC
/// already (`TextFolding.fold`), so their bytes decide equality.
package struct FoldedWordSet: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
    /// The words' bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each word ends in `bytes` (it starts where the one before ends).
    private var ends: [UInt32] = []
    /// A word's index + 1 at the slot its hash leads to (0: empty); a power
    /// of two, at least twice the words.
    private var slots: [UInt32] = []

    package init() {}

    package init(arrayLiteral words: String...) {
        for word in words { insert(word) }
    }

    /// Whether the set holds `word` (folded), byte for byte.
    package func contains(_ word: String) -> Bool {
        guard !ends.isEmpty else { return false }
        var word = word
        return word.withUTF8 { slot(of: $0).found }
    }

    package mutating func insert(_ word: String) {
        var word = word
        word.withUTF8 { word in
            if !slots.isEmpty, slot(of: word).found { return }
            append(word)
        }
    }

    /// The same set in arrays of its exact sizes (built a word at a time,
    /// they kept room to grow), for a set kept in the object cache.
    package func compacted() -> FoldedWordSet {
        // Copied from their buffers: `Array(array)` would share the storage.
        var compact = self
        compact.bytes = bytes.withUnsafeBufferPointer { Array($0) }
        compact.ends = ends.withUnsafeBufferPointer { Array($0) }
        return compact
    }

    package var count: Int { ends.count }

    package var isEmpty: Bool { ends.isEmpty }

    /// Roughly the heap it holds, for the object cache's budget.
    package var approximateBytes: Int {
        guard !ends.isEmpty else { return 0 }
        return ApproximateSize.allocation(ApproximateSize.objectHeader + bytes.capacity)
            + ApproximateSize.allocation(ApproximateSize.objectHeader + 4 * ends.capacity)
            + ApproximateSize.allocation(ApproximateSize.objectHeader + 4 * slots.count)
    }

    /// The words in the order first inserted.
    package func makeIterator() -> IndexingIterator<[String]> {
        ends.indices.map { String(decoding: bytes[range(of: $0)], as: UTF8.self) }.makeIterator()
    }

    /// The same words, whatever the order they came in.
    package static func == (a: FoldedWordSet, b: FoldedWordSet) -> Bool { a.count == b.count && a.allSatisfy(b.contains) }

    private func range(of index: Int) -> Range<Int> { (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index]) }

    /// Whether the word is in, and the slot it is at or would go to.
    private func slot(of word: UnsafeBufferPointer<UInt8>) -> (found: Bool, slot: Int) {
        let mask = slots.count - 1
        var slot = WordTable.hash(word) & mask
        return bytes.withUnsafeBufferPointer { arena in
            while slots[slot] != 0 {
                let stored = range(of: Int(slots[slot]) - 1)
                if stored.count == word.count,
                    word.isEmpty || WordTable.sameBytes(arena.baseAddress! + stored.lowerBound, word.baseAddress!, word.count)
                {
                    return (true, slot)
                }
                slot = (slot + 1) & mask
            }
            return (false, slot)
        }
    }

    /// Adds a word known to be new: at its free slot, or with the slots
    /// doubled and filled again when they would be more than half full.
    private mutating func append(_ word: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: word)
        ends.append(UInt32(bytes.count))
        guard ends.count * 2 > slots.count else {
            slots[slot(of: word).slot] = UInt32(ends.count)
            return
        }
        var size = Swift.max(8, slots.count)
        while size < ends.count * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        bytes.withUnsafeBufferPointer { arena in
            for index in ends.indices {
                var slot = WordTable.hash(UnsafeBufferPointer(rebasing: arena[range(of: index)])) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(index + 1)
            }
        }
    }
}
