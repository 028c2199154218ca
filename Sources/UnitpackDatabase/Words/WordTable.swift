import UnitpackCore

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
/// phrase instead of 15 µs). Here a word costs its bytes, a 16-byte entry
/// and two index slots: the twelve languages' 2,000 words share a few
/// hundred distinct lists of meanings (`in` and `в` the same marker, each
/// language's word for five the same number) and sets of languages, each
/// kept once. Entries of 24 bytes (the languages' 64 bits in each) and a
/// list of 16-byte meanings a word held 40 KB more, which left the words of
/// every language and a parse's other objects just over the object cache's
/// default 256 KiB: the typical phrases parsed in turn, every language
/// asked, after other work had filled the cache, each evicted what the next
/// needed (RuntimeBench `parse_all_after_work_median_us`: 125 µs, not 15).
package struct WordTable: Sendable {
    package struct Entry: Sendable {
        package var offset: UInt32
        /// Where the word's list of meanings starts in `meanings`.
        package var firstMeaning: UInt32
        package var length: UInt16
        /// The index of the word's languages in `languageSets`.
        package var languageSet: UInt16
        package var meaningCount: UInt8
        package var flags: UInt8
    }

    package static let splittableFlag: UInt8 = 1

    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// Each distinct list of a word's meanings once (the markers share
    /// one, as do the twelve languages' words for five): an entry's
    /// `firstMeaning` and `meaningCount` are its list's place here.
    private(set) var meanings: [NumberWords.Meaning] = []
    /// The languages of the words, a bit per language of the owning
    /// `NumberWords.languageCodes`, each set once.
    private(set) var languageSets: [UInt64] = []
    /// Entry index + 1 by hash, 0 for an empty slot; a power of two at most
    /// half full, so a probe for an absent word ends soon.
    private(set) var slots: [UInt32] = []

    package var count: Int { entries.count }

    /// The table of `words`, each with its meanings (deduplicated, in order),
    /// language bits and flags. Words longer than 65,535 bytes or more than
    /// 255 meanings, and more than 65,536 distinct sets of languages, are
    /// beyond any `words.tsv` (the build's checks bound a word's length),
    /// and are dropped rather than wrapped.
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

    private init(bytes: [UInt8], entries: [Entry], meanings: [NumberWords.Meaning], languageSets: [UInt64], slots: [UInt32]) {
        self.bytes = bytes
        self.entries = entries
        self.meanings = meanings
        self.languageSets = languageSets
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
            var languageSets: [UInt64] = []
            // Sized for the words found, not the room asked for (every line
            // of every language, where a word may have several).
            var size = 8
            while size < words.count * 2 { size *= 2 }
            var slots = Array(repeating: UInt32(0), count: size)
            let mask = size - 1
            // Each distinct list of meanings and set of languages once, found
            // by open addressing as the words are (a Dictionary keyed by the
            // lists, an array made and hashed a word, was a fifth more work
            // to read the words again after `purge()`). Slots hold an entry's
            // index + 1 (its list), a set's index + 1.
            var listSlots = Array(repeating: UInt32(0), count: size)
            var setSlots = Array(repeating: UInt32(0), count: size)
            for word in words {
                var count = 0
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                var link = word.first
                while link >= 0 {
                    count += 1
                    let meaning = links[Int(link)].meaning
                    // The kind by its tag byte: hashed in the process that compares.
                    hash = (hash ^ UInt64(Self.tag(meaning.kind))) &* 0x100_0000_01b3
                    hash = (hash ^ meaning.value.bitPattern) &* 0x100_0000_01b3
                    link = links[Int(link)].next
                }
                guard count <= Int(UInt8.max) else { continue }
                // The word's list where an earlier word has the same, else appended.
                // Mixed to the low bits (MurmurHash3's finalizer): a whole
                // number's bits are all high, and its words met in one slot.
                hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
                hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
                var listSlot = Int(truncatingIfNeeded: hash ^ (hash >> 33)) & mask
                var first: UInt32?
                while listSlots[listSlot] != 0 {
                    let other = entries[Int(listSlots[listSlot]) - 1]
                    if Int(other.meaningCount) == count {
                        var same = true
                        var at = Int(other.firstMeaning)
                        link = word.first
                        while link >= 0, same {
                            same = Self.sameMeaning(meanings[at], links[Int(link)].meaning)
                            at += 1
                            link = links[Int(link)].next
                        }
                        if same {
                            first = other.firstMeaning
                            break
                        }
                    }
                    listSlot = (listSlot + 1) & mask
                }
                let isNewList = first == nil
                if first == nil {
                    first = UInt32(meanings.count)
                    link = word.first
                    while link >= 0 {
                        meanings.append(links[Int(link)].meaning)
                        link = links[Int(link)].next
                    }
                }
                var setSlot = Int(truncatingIfNeeded: (word.languages &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
                while setSlots[setSlot] != 0, languageSets[Int(setSlots[setSlot]) - 1] != word.languages { setSlot = (setSlot + 1) & mask }
                if setSlots[setSlot] == 0 {
                    // More distinct sets than an index holds: beyond any `words.tsv`.
                    guard languageSets.count <= Int(UInt16.max) else { continue }
                    languageSets.append(word.languages)
                    setSlots[setSlot] = UInt32(languageSets.count)
                }
                let entry = Entry(
                    offset: UInt32(word.offset), firstMeaning: first!, length: UInt16(word.length),
                    languageSet: UInt16(setSlots[setSlot] - 1), meaningCount: UInt8(count), flags: word.flags)
                if isNewList { listSlots[listSlot] = UInt32(entries.count + 1) }
                entries.append(entry)
                var slot = bytes.withUnsafeBufferPointer { WordTable.hash(UnsafeBufferPointer(rebasing: $0[word.offset..<(word.offset + word.length)])) } & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(entries.count)
            }
            return WordTable(bytes: bytes, entries: entries, meanings: meanings, languageSets: languageSets, slots: slots)
        }

        /// A kind's tag byte: a number for the table's own hash (the table is
        /// built and read in one process).
        @inline(__always) private static func tag(_ kind: PhraseWordKind) -> UInt8 {
            withUnsafeBytes(of: kind) { $0[0] }
        }

        /// Two meanings the same as the hash reads them, the kinds' tags and
        /// the values' bits, so that equal lists hash alike (0 and -0 stay two).
        @inline(__always) private static func sameMeaning(_ a: NumberWords.Meaning, _ b: NumberWords.Meaning) -> Bool {
            tag(a.kind) == tag(b.kind) && a.value.bitPattern == b.value.bitPattern
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
    package func entry(_ word: String) -> Entry? { entryIndex(word).map { entries[$0] } }

    /// The entry of a folded word given as its UTF-8 bytes, or nil.
    package func entry(utf8 word: UnsafeBufferPointer<UInt8>) -> Entry? { find(word).map { entries[$0] } }

    /// The index of a folded word's entry (for `entry(at:)`), or nil.
    package func entryIndex(_ word: String) -> Int? {
        var word = word
        return word.withUTF8 { find($0) }
    }

    /// The entry at `index` (`entryIndex`).
    package func entry(at index: Int) -> Entry { entries[index] }

    /// Whether `count` bytes at `a` and at `b` are the same (`memcmp`, for
    /// the files that do not import the C library).
    package static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The meanings of an entry, without copying them out.
    package func meanings(of entry: Entry) -> ArraySlice<NumberWords.Meaning> {
        meanings[Int(entry.firstMeaning)..<(Int(entry.firstMeaning) + Int(entry.meaningCount))]
    }

    /// The languages of an entry: a bit per language of the owning `NumberWords.languageCodes`.
    package func languages(of entry: Entry) -> UInt64 { languageSets[Int(entry.languageSet)] }

    /// Every word, in the order given (for sizes and tests).
    package var words: [String] {
        entries.map { String(decoding: bytes[Int($0.offset)..<(Int($0.offset) + Int($0.length))], as: UTF8.self) }
    }

    private func find(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        return bytes.withUnsafeBufferPointer { arena in
            while slots[slot] != 0 {
                let entry = entries[Int(slots[slot]) - 1]
                if Int(entry.length) == word.count,
                    word.count == 0 || memcmp(arena.baseAddress! + Int(entry.offset), word.baseAddress!, word.count) == 0
                {
                    return Int(slots[slot]) - 1
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
