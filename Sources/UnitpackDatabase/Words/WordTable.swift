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
        var capacity = 8
        while capacity < words.count * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        for (word, wordMeanings, languages, flags) in words {
            let utf8 = Array(word.utf8)
            guard utf8.count <= Int(UInt16.max), wordMeanings.count <= Int(UInt8.max),
                utf8.withUnsafeBufferPointer({ find($0) }) == nil
            else { continue }
            let entry = Entry(
                offset: UInt32(bytes.count), firstMeaning: UInt32(meanings.count), languages: languages,
                length: UInt16(utf8.count), meaningCount: UInt8(wordMeanings.count), flags: flags)
            bytes.append(contentsOf: utf8)
            meanings.append(contentsOf: wordMeanings)
            entries.append(entry)
            var slot = utf8.withUnsafeBufferPointer { Self.hash($0) } & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = UInt32(entries.count)
        }
    }

    /// The entry of a folded word, or nil.
    package func entry(_ word: String) -> Entry? {
        var word = word
        return word.withUTF8 { find($0) }
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
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
