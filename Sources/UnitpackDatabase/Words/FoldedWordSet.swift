import UnitpackCore

/// A set of folded words, hashed and compared by their UTF-8 bytes.
/// `Set<String>` hashes a String that is not ASCII by its NFC form,
/// normalising it at every lookup: the system, prefix and context words a
/// Russian phrase asked about cost a tenth of its parse. Folded words are
/// NFC already (`TextFolding.fold`), so their bytes decide equality.
package struct FoldedWordSet: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
    private var words: Set<ByteString> = []

    package init() {}

    package init(arrayLiteral words: String...) { self.words = Set(words.map(ByteString.init)) }

    /// Whether the set holds `word` (folded), byte for byte.
    package func contains(_ word: String) -> Bool { !words.isEmpty && words.contains(ByteString(word)) }

    package mutating func insert(_ word: String) { words.insert(ByteString(word)) }

    package var count: Int { words.count }

    package var isEmpty: Bool { words.isEmpty }

    package func makeIterator() -> LazyMapSequence<Set<ByteString>, String>.Iterator { words.lazy.map(\.string).makeIterator() }
}
