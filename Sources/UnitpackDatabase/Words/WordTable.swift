#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The phrase words of several languages, folded, in one block of bytes with
/// an open-addressing index: each word's meanings, the languages that have
/// it (a bit each) and whether it is a piece of numbers written together.
///
/// Why not a `Dictionary` of `String` to `[Meaning]`: with the twelve
/// languages asked at once (the seed read a phrase in any of them) those
/// tables took about 260 KB for 1,700 words, more than the object cache's
/// default budget, so the words were decoded again at every parse (3.6 ms a
/// phrase instead of 15 µs). Here a word costs its bytes, a 24-byte entry,
/// two index slots and its meanings, with three allocations for the whole
/// table (Scripts/bench: `phrase_words_all_bytes`).
package struct WordTable: Sendable {
    package struct Entry: Sendable {
        package var offset: UInt32
        package var firstMeaning: UInt32
        /// A bit per language of the owning `NumberWords.languageCodes`.
        package var languages: UInt64
        package var length: UInt16
        package var meaningCount: UInt8
        package var flags: UInt8
    }

    package static let splittableFlag: UInt8 = 1

    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    private(set) var meanings: [NumberWords.Meaning] = []
    /// Entry index + 1 by hash, 0 for an empty slot; a power of two at most
    /// half full, so a probe for an absent word ends soon.
    private(set) var slots: [UInt32] = []

    package var count: Int { entries.count }

    /// The table of `words`, each with its meanings (deduplicated, in order),
    /// language bits and flags. Words longer than 65,535 bytes or more than
    /// 255 meanings are beyond any `words.tsv` (the build's checks bound a
    /// word's length), and are dropped rather than wrapped.
    package init(_ words: [(word: String, meanings: [NumberWords.Meaning], languages: UInt64, flags: UInt8)]) {
        var builder = Builder(capacity: words.count)
        for (word, wordMeanings, languages, flags) in words {
            var word = word
            word.withUTF8 { bytes in
                // A word given twice keeps its first entry, as before the builder.
                guard builder.isNew(bytes) else { return }
                if wordMeanings.isEmpty { builder.add(bytes, meaning: nil, languages: languages, flags: flags) }
                for meaning in wordMeanings { builder.add(bytes, meaning: meaning, languages: languages, flags: flags) }
            }
        }
        self = builder.table()
    }

    private init(bytes: [UInt8], entries: [Entry], meanings: [NumberWords.Meaning], slots: [UInt32]) {
        self.bytes = bytes
        self.entries = entries
        self.meanings = meanings
        self.slots = slots
    }

    /// A table built a word and meaning at a time, from bytes: a word met
    /// again (in another language, with another kind) adds its meaning and
    /// bits to its entry. No `String` is made or hashed: with the words read
    /// from `phrase_words` texts, hashing them as Strings (which normalizes
    /// them) was most of the cost of building the table after `purge()`.
    package struct Builder {
        private var bytes: [UInt8] = []
        private var words: [(offset: Int, length: Int, languages: UInt64, flags: UInt8, first: Int32, last: Int32)] = []
        /// Each meaning and the next of its word (-1: none), in the order added.
        private var links: [(meaning: NumberWords.Meaning, next: Int32)] = []
        private var slots: [UInt32]

        /// Room for `capacity` words without growing the index.
        package init(capacity: Int) {
            var size = 8
            while size < capacity * 2 { size *= 2 }
            slots = Array(repeating: 0, count: size)
        }

        /// Whether no word has `word`'s bytes yet.
        package func isNew(_ word: UnsafeBufferPointer<UInt8>) -> Bool { slot(of: word).found == nil }

        /// Adds `meaning` to `word` (a new entry when the word is new), with
        /// its language bits and flags; a meaning the word has is not added twice.
        package mutating func add(_ word: UnsafeBufferPointer<UInt8>, meaning: NumberWords.Meaning?, languages: UInt64, flags: UInt8) {
            guard word.count <= Int(UInt16.max) else { return }
            let (found, free) = slot(of: word)
            let index: Int
            if let found {
                index = found
            } else {
                var free = free
                if (words.count + 1) * 2 > slots.count {
                    grow()
                    free = slot(of: word).free
                }
                index = words.count
                words.append((bytes.count, word.count, 0, 0, -1, -1))
                bytes.append(contentsOf: word)
                slots[free] = UInt32(words.count)
            }
            words[index].languages |= languages
            words[index].flags |= flags
            guard let meaning else { return }
            var link = words[index].first
            while link >= 0 {
                if links[Int(link)].meaning == meaning { return }
                link = links[Int(link)].next
            }
            links.append((meaning, -1))
            let added = Int32(links.count - 1)
            if words[index].last >= 0 { links[Int(words[index].last)].next = added } else { words[index].first = added }
            words[index].last = added
        }

        /// The table, each word's meanings together in the order added.
        package func table() -> WordTable {
            var entries: [Entry] = []
            var meanings: [NumberWords.Meaning] = []
            entries.reserveCapacity(words.count)
            meanings.reserveCapacity(links.count)
            // Sized for the words found, not the room asked for (every line
            // of every language, where a word may have several).
            var size = 8
            while size < words.count * 2 { size *= 2 }
            var slots = Array(repeating: UInt32(0), count: size)
            let mask = size - 1
            for word in words {
                var count = 0
                var link = word.first
                while link >= 0 {
                    count += 1
                    link = links[Int(link)].next
                }
                guard count <= Int(UInt8.max) else { continue }
                let entry = Entry(
                    offset: UInt32(word.offset), firstMeaning: UInt32(meanings.count), languages: word.languages,
                    length: UInt16(word.length), meaningCount: UInt8(count), flags: word.flags)
                link = word.first
                while link >= 0 {
                    meanings.append(links[Int(link)].meaning)
                    link = links[Int(link)].next
                }
                entries.append(entry)
                var slot = bytes.withUnsafeBufferPointer { WordTable.hash(UnsafeBufferPointer(rebasing: $0[word.offset..<(word.offset + word.length)])) } & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(entries.count)
            }
            return WordTable(bytes: bytes, entries: entries, meanings: meanings, slots: slots)
        }

        /// The word's index if it is in, else the free slot where it would go.
        private func slot(of word: UnsafeBufferPointer<UInt8>) -> (found: Int?, free: Int) {
            let mask = slots.count - 1
            var slot = WordTable.hash(word) & mask
            return bytes.withUnsafeBufferPointer { arena in
                while slots[slot] != 0 {
                    let candidate = words[Int(slots[slot]) - 1]
                    if candidate.length == word.count,
                        word.count == 0 || memcmp(arena.baseAddress! + candidate.offset, word.baseAddress!, word.count) == 0
                    {
                        return (Int(slots[slot]) - 1, slot)
                    }
                    slot = (slot + 1) & mask
                }
                return (nil, slot)
            }
        }

        private mutating func grow() {
            slots = Array(repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, word) in words.enumerated() {
                var slot = bytes.withUnsafeBufferPointer { WordTable.hash(UnsafeBufferPointer(rebasing: $0[word.offset..<(word.offset + word.length)])) } & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(index + 1)
            }
        }
    }

    /// The entry of a folded word, or nil.
    package func entry(_ word: String) -> Entry? {
        var word = word
        return word.withUTF8 { find($0) }
    }

    /// The entry of a folded word given as its UTF-8 bytes, or nil.
    package func entry(utf8 word: UnsafeBufferPointer<UInt8>) -> Entry? { find(word) }

    /// Whether `count` bytes at `a` and at `b` are the same (`memcmp`, for
    /// the files that do not import the C library).
    package static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The meanings of an entry, without copying them out.
    package func meanings(of entry: Entry) -> ArraySlice<NumberWords.Meaning> {
        meanings[Int(entry.firstMeaning)..<(Int(entry.firstMeaning) + Int(entry.meaningCount))]
    }

    /// Every word, in the order given (for sizes and tests).
    package var words: [String] {
        entries.map { String(decoding: bytes[Int($0.offset)..<(Int($0.offset) + Int($0.length))], as: UTF8.self) }
    }

    private func find(_ word: UnsafeBufferPointer<UInt8>) -> Entry? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        return bytes.withUnsafeBufferPointer { arena in
            while slots[slot] != 0 {
                let entry = entries[Int(slots[slot]) - 1]
                if Int(entry.length) == word.count,
                    word.count == 0 || memcmp(arena.baseAddress! + Int(entry.offset), word.baseAddress!, word.count) == 0
                {
                    return entry
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// FNV-1a over the bytes: the table is built and read in one process, so
    /// a fixed hash is enough, and it needs no `Hasher` state per lookup.
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
