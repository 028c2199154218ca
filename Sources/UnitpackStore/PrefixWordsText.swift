import UnitpackCore

/// `languages.prefix_words` (docs/database.md, "languages"): a language's
/// words for the unit prefixes, the text before `{0}` of each of its
/// `compounds` rows of key `prefix` (`кило{0}` → `кило`), folded. A
/// phrase reads them as a prefix written apart from its unit (`كيلو واط`),
/// so every parse of the language needs them: format 14 derived them from
/// the `compounds` rows at each parse after `purge()` (counting the
/// language's 400-odd rows and decoding its prefix rows: a quarter of the
/// parse); format 15 writes them once, in the row the parse reads anyway.
///
/// The text, UTF-8: lines separated by LF, no LF at the end (the empty text
/// for a language with none); each line the word, TAB, the prefix's name
/// (`UnitPrefix.name`: `kilo`, `kibi`). Lines in byte order, each once.
package enum PrefixWordsText {
    /// The words of a language's prefix patterns (prefix name and pattern),
    /// as the build writes them: a pattern that ends with `{0}` and has text
    /// before it, of a prefix `UnitPrefix` knows, gives that text folded.
    package static func words(of patterns: [(prefix: String, pattern: String)]) -> [(word: String, prefix: String)] {
        var lines: Set<[UInt8]> = []
        var words: [(word: String, prefix: String)] = []
        for (name, pattern) in patterns {
            guard UnitPrefix.named(name) != nil, pattern.hasSuffix("{0}"), pattern.count > 3 else { continue }
            let word = TextFolding.fold(String(pattern.dropLast(3)))
            guard !word.isEmpty, !word.contains("\t"), !word.contains("\n") else { continue }
            if lines.insert(Array(word.utf8) + [0x09] + Array(name.utf8)).inserted { words.append((word, name)) }
        }
        return words.sorted { line($0).lexicographicallyPrecedes(line($1)) }
    }

    /// The text of `words` (from `words(of:)`).
    package static func text(_ words: [(word: String, prefix: String)]) -> String {
        words.map { $0.word + "\t" + $0.prefix }.joined(separator: "\n")
    }

    /// The words of a text, each with its prefix; nil when the text is not
    /// as the build writes it (a prefix no `UnitPrefix` has, an empty word,
    /// a line without one TAB, lines out of order or twice).
    package static func parse(_ text: String) -> [(prefix: UnitPrefix, word: String)]? {
        guard !text.isEmpty else { return [] }
        let bytes = Array(text.utf8)
        var words: [(prefix: UnitPrefix, word: String)] = []
        var start = 0
        var previous: Range<Int>?
        while start <= bytes.count {
            var end = start
            var tab = -1
            while end < bytes.count, bytes[end] != 0x0A {
                if bytes[end] == 0x09 {
                    guard tab < 0 else { return nil }
                    tab = end
                }
                end += 1
            }
            guard tab > start, let prefix = byName[String(decoding: bytes[(tab + 1)..<end], as: UTF8.self)] else { return nil }
            if let previous, !bytes[previous].lexicographicallyPrecedes(bytes[start..<end]) { return nil }
            previous = start..<end
            words.append((prefix, String(decoding: bytes[start..<tab], as: UTF8.self)))
            start = end + 1
        }
        return words
    }

    /// The prefixes by name: a parse after `purge()` looks up each line's.
    private static let byName = Dictionary(UnitPrefix.all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    private static func line(_ word: (word: String, prefix: String)) -> [UInt8] {
        Array(word.word.utf8) + [0x09] + Array(word.prefix.utf8)
    }
}
