import UnitpackCore
import UnitpackStore

/// The number words and marker words of some languages (`words.tsv`,
/// compiled into `phrase_words`), and the reading of a run of number words
/// as one number: `thirty four`, `one hundred and five`, `две тысячи`,
/// `полторы тысячи`, `a dozen`, `one and a half`, `три с половиной`.
public struct NumberWords: Sendable {
    /// What one word does in a number (`kind`) and the number it stands
    /// for (`value`: 4 for `four`, 100 for `hundred`, 0.5 for `half`).
    public struct Meaning: Sendable, Hashable {
        /// The word's role in reading a number (a number, a multiplier, a scale, ...).
        public var kind: PhraseWordKind
        /// The number the word stands for; 0 for words that carry none (`and`).
        public var value: Double

        /// A meaning of a word: its role and its value.
        public init(kind: PhraseWordKind, value: Double) {
            self.kind = kind
            self.value = value
        }
    }

    /// The tables, behind one reference: a parse copies its words out of
    /// the object cache and into its reader, and a struct of fifteen
    /// references retained (and released) each of them at each copy.
    private final class Box: Sendable {
        let tables: Tables
        init(_ tables: Tables) { self.tables = tables }
    }

    private var box: Box

    // Each `Tables` field, read through the reference (documented there).
    package var table: WordTable { box.tables.table }
    package var prefixes: [(word: String, value: Double)] { box.tables.prefixes }
    package var attached: [String] { box.tables.attached }
    package var attachedLeads: (UInt64, UInt64, UInt64, UInt64) { box.tables.attachedLeads }
    package var endings: [(ending: String, language: String)] { box.tables.endings }
    package var expression: ExpressionWords { box.tables.expression }
    package var longestSplittable: Int { box.tables.longestSplittable }
    package var splitStarts: [UInt64] { box.tables.splitStarts }
    package var splittableScalars: Set<Unicode.Scalar> { box.tables.splittableScalars }
    package var longestWord: Int { box.tables.longestWord }
    package var minusOpenings: FoldedWordSet { box.tables.minusOpenings }
    package var systems: [(word: String, value: Double, language: String)] { box.tables.systems }

    /// Set once the words are built (`UnitDatabase.phraseWords`): a copy of
    /// the tables behind a new reference.
    package var prefixWords: FoldedWordSet {
        get { box.tables.prefixWords }
        set {
            var tables = box.tables
            tables.prefixWords = newValue
            box = Box(tables)
        }
    }

    package var contextOpenings: FoldedWordSet { box.tables.contextOpenings }
    package var languageCodes: [String] { box.tables.languageCodes }

    /// The words of one language, each with a meaning (a word may come several times).
    /// - Complexity: O(n log n) in the words: they are sorted into one table.
    public init(_ entries: [(word: String, meaning: Meaning)]) {
        self.init(entries.map { (word: $0.word, meaning: $0.meaning, language: "") })
    }

    /// The words of several languages, each with its language's code.
    public init(_ entries: [(word: String, meaning: Meaning, language: String)]) {
        var builder = WordTable.Builder(capacity: entries.count)
        var tables = Tables()
        for (word, meaning, language) in entries {
            var word = word
            // Endings are kept apart (no bit): a language joins the table at its first word.
            let bits = meaning.kind == .ending ? 0 : tables.languageBits(language)
            word.withUTF8 { tables.add($0, meaning, language: language, bits: bits, into: &builder) }
        }
        tables.finish(builder)
        box = Box(tables)
    }

    /// The words of the `phrase_words` texts of several languages, read
    /// from their bytes: no String is made but for the few kinds kept as
    /// Strings (prefixes, endings, system and expression words...).
    package init(texts: [(language: String, text: [UInt8], lines: [PhraseWordsText.Line])]) {
        var builder = WordTable.Builder(capacity: texts.reduce(0) { $0 + $1.lines.count })
        var tables = Tables()
        tables.reserveExpressionWords(texts.lazy.flatMap(\.lines).map(\.kind))
        for (language, text, lines) in texts {
            var bits: UInt64?
            text.withUnsafeBufferPointer { buffer in
                for line in lines {
                    let meaning = Meaning(kind: line.kind, value: line.value ?? 0)
                    // Endings are kept apart (no bit): a language joins the table at its first word.
                    if bits == nil, line.kind != .ending { bits = tables.languageBits(language) }
                    tables.add(
                        UnsafeBufferPointer(rebasing: buffer[line.word]), meaning, language: language, bits: bits ?? 0, fromTexts: true,
                        into: &builder)
                }
            }
        }
        tables.finish(builder)
        box = Box(tables)
    }

    /// The attached words `folded` starts with and is longer than, longest first.
    package func attached(startingFolded folded: String) -> [String] {
        attached.filter { folded.utf8.count > $0.utf8.count && Self.starts(folded, with: $0) }
    }

    /// Whether `folded` starts with an attached word and is longer: the test
    /// every word of a phrase takes (without building a list).
    package func startsWithAttached(folded: String) -> Bool {
        // The first byte first: most words start with no attached word's.
        guard let first = folded.utf8.first else { return false }
        let leads: UInt64
        switch first >> 6 {
        case 0: leads = attachedLeads.0
        case 1: leads = attachedLeads.1
        case 2: leads = attachedLeads.2
        default: leads = attachedLeads.3
        }
        guard leads & (UInt64(1) << UInt64(first & 63)) != 0 else { return false }
        return attached.contains { folded.utf8.count > $0.utf8.count && Self.starts(folded, with: $0) }
    }

    /// Whether an attached word has a meaning besides being attached (`ب`, a
    /// marker); one without (the article `ال`) is dropped when cut.
    package func attachedReadsAsWord(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind != .attached } }

    /// What `word` (folded as phrases are) means; empty when it is no number or marker word.
    public func meanings(of word: String) -> [Meaning] { Array(meanings(folded: TextFolding.fold(word))) }

    /// `meanings(of:)` of a word already folded (a phrase folds each word
    /// once), without copying them.
    package func meanings(folded word: String) -> ArraySlice<Meaning> {
        guard let entry = table.entry(word) else { return [] }
        return table.meanings(of: entry)
    }

    /// Where a folded word's entry is in the table, nil when it has none: a
    /// phrase looks each of its words up once, and asks the predicates below
    /// of the entry's meanings (`meanings(ofEntry:)`) each time after.
    package func entryIndex(folded word: String) -> Int? { table.entryIndex(word) }

    /// The meanings of the entry at `index` of this table (`entryIndex(folded:)`).
    package func meanings(ofEntry index: Int) -> ArraySlice<Meaning> { table.meanings(of: table.entry(at: index)) }

    /// Whether `word` is a marker (`in`, `в`, `to`) that introduces the target.
    public func isMarker(_ word: String) -> Bool { isMarker(folded: TextFolding.fold(word)) }

    package func isMarker(folded word: String) -> Bool { Self.isMarker(meanings(folded: word)) }

    /// Whether the word can be part of a number.
    public func isNumberWord(_ word: String) -> Bool { isNumberWord(folded: TextFolding.fold(word)) }

    package func isFiller(folded word: String) -> Bool { Self.isFiller(meanings(folded: word)) }

    package func isPhraseWord(folded word: String) -> Bool { Self.isPhraseWord(meanings(folded: word)) }

    package func stopsExpression(folded word: String) -> Bool { Self.stopsExpression(meanings(folded: word)) }

    package func isConjunction(folded word: String) -> Bool { Self.isConjunction(meanings(folded: word)) }

    package func isDifference(folded word: String) -> Bool { Self.isDifference(meanings(folded: word)) }

    package func isNumberWord(folded word: String) -> Bool { Self.isNumberWord(meanings(folded: word)) }

    // What a word's meanings make it: asked of a folded word above, and of a
    // phrase's word by its entry, looked up once a parse.

    /// A marker (`in`, `в`, `to`) that introduces the target.
    package static func isMarker(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { $0.kind == .marker } }

    package static func isFiller(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { $0.kind == .filler } }

    /// Any meaning in phrases (a number, a marker, a filler...). The words
    /// of unit expressions (`per`, `square`) are none: they belong inside
    /// the expression (`newton meters per second`).
    package static func isPhraseWord(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { !$0.kind.isExpressionWord } }

    /// Whether the word keeps a span of words from reading as an expression:
    /// a word of phrases, unless it is also a word of expressions and
    /// otherwise only a filler (`на` divides in `ватт на метр`, and is a
    /// filler in `изменение на 5 °C`). `в` (a marker and `per`) keeps it:
    /// `км в милях` is a unit and a target, never km/mi.
    package static func stopsExpression(_ found: ArraySlice<Meaning>) -> Bool {
        guard found.contains(where: { !$0.kind.isExpressionWord }) else { return false }
        let divides = found.contains { $0.kind.isExpressionWord }
        return !divides || found.contains { !$0.kind.isExpressionWord && $0.kind != .filler }
    }

    package static func isConjunction(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { $0.kind == .conjunction } }

    package static func isDifference(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { $0.kind == .difference } }

    package static func isNumberWord(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { $0.kind.isPartOfNumbers } }

    /// A word naming a measurement system (`systems`).
    package static func isSystemWord(_ meanings: ArraySlice<Meaning>) -> Bool { meanings.contains { $0.kind == .system } }

    /// Whether a splittable word starts with these two scalars, packed
    /// (`splitStarts`, sorted).
    package func startsSplittable(_ start: UInt64) -> Bool {
        var low = 0
        var high = splitStarts.count
        while low < high {
            let middle = (low + high) / 2
            if splitStarts[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < splitStarts.count && splitStarts[low] == start
    }

    /// Whether the word names a measurement system (`systems`): asked of
    /// every span that names nothing, answered by the table, which holds them.
    package func isSystemWord(folded word: String) -> Bool { Self.isSystemWord(meanings(folded: word)) }

    /// Whether the folded word starts with a word of kind `prefix` (`пол`
    /// in `полмили`). Compared as bytes: asked of every word that may start
    /// a number, the UTF-8 views' generic `starts(with:)` was slow.
    package func startsWithPrefix(folded word: String) -> Bool {
        prefixes.contains { Self.starts(word, with: $0.word) }
    }

    /// Whether `word` starts with the bytes of `head`: compared with
    /// `memcmp`, where the UTF-8 views' generic `starts(with:)` went a byte
    /// at a time (asked of a phrase's words for every prefix and attached word).
    package static func starts(_ word: String, with head: String) -> Bool {
        guard head.utf8.count <= word.utf8.count else { return false }
        var word = word, head = head
        return word.withUTF8 { bytes in
            head.withUTF8 { start in start.isEmpty || WordTable.sameBytes(start.baseAddress!, bytes.baseAddress!, start.count) }
        }
    }

    /// The languages whose `words.tsv` has the word (folded).
    package func languages(folded word: String) -> [String] {
        guard let mask = table.entry(word).map(table.languages(of:)) else { return [] }
        return languageCodes.indices.filter { $0 < 64 && mask & (1 << UInt64($0)) != 0 }.map { languageCodes[$0] }
    }
}

extension NumberWords {
    /// What `NumberWords` holds (each field is `NumberWords`' of that name).
    package struct Tables: Sendable {
        /// Folded word -> its meanings (a word may be a number in one language
        /// and a marker in another), the languages that have it, and whether a
        /// token written without spaces may split into it (`WordTable`).
        var table = WordTable([])
        /// Words of kind `prefix` (folded) and their values, longest first: they
        /// are found at the start of a word, not as a word.
        var prefixes: [(word: String, value: Double)] = []
        /// Words of kind `attached` (folded), longest first: written glued to
        /// the front of the next word (Arabic `ب`, `ال`, `و`), cut from it when
        /// the rest reads (`UnitDatabase.segmented`).
        var attached: [String] = []
        /// The first bytes of the attached words, a bit each (four words of 64
        /// bits): most words of a phrase start with none, told without a string.
        var attachedLeads: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// The endings of kind `ending` (folded), each with its language, the
        /// longest first: they are cut from words, never read as words
        /// (`PhraseReader.lookupStemmed`), so they are not in `table`.
        var endings: [(ending: String, language: String)] = []
        /// The words of unit expressions among them (`per`, `на`, `square`,
        /// `в квадрате`): docs/expressions.md.
        var expression = ExpressionWords()
        /// The longest of the words a token written without spaces may be split
        /// into (`einundzwanzig`: `ein`, `und`, `zwanzig`): the words of numbers
        /// but articles and partitives, which no language writes inside a number.
        /// In Unicode scalars.
        var longestSplittable = 0
        /// The first two scalars of each splittable word of two or more,
        /// packed (`start(of:)`): a token that starts with none (nor with one of
        /// `splittableScalars`) splits into none, known with a lookup and no
        /// allocation (most words of a phrase are units, tried at each word).
        /// Sorted, each once, searched by halves: a hash set of them took twice
        /// the bytes, and `Hasher` at each lookup.
        var splitStarts: [UInt64] = []
        /// The splittable words of one scalar (Chinese and Japanese `十`,
        /// `五`; Russian `с`), which a token may start with whatever follows.
        var splittableScalars: Set<Unicode.Scalar> = []
        /// The longest word of the table, in Unicode scalars: how far a word
        /// written without spaces is matched against the table at each position.
        var longestWord = 0
        /// The first words of the `minus` entries (`below` of `below zero`,
        /// `мороза` whole): a parse tries them after every part of a quantity,
        /// and a word that opens none is known with one lookup, no join.
        var minusOpenings: FoldedWordSet = []
        /// The words of kind `system` (folded) by their value (1: imperial, 2:
        /// US), each with its language: `PhraseReader.lookupSystemWord`.
        var systems: [(word: String, value: Double, language: String)] = []
        /// The words for prefixes of the languages (`kilo`, `كيلو`, `кило`),
        /// folded: `UnitDatabase.phraseWords` sets them from `compounds.tsv`.
        var prefixWords: FoldedWordSet = []
        /// The first words of the words of kind `context` of several
        /// (`درجة` of `درجة الحرارة`): only a phrase holding one looks for them.
        var contextOpenings: FoldedWordSet = []
        /// The languages of the table's language bits (the first 64 given): what
        /// decides the language of a phrase (docs/phrases.md, "Numbers as each
        /// language writes them").
        var languageCodes: [String] = []
    }
}

extension NumberWords.Tables {
    typealias Meaning = NumberWords.Meaning

    /// The language's bit in the table (`languageCodes`, which it joins
    /// when new): 0 for no language or past the 64th. Asked once a language,
    /// not once a word.
    fileprivate mutating func languageBits(_ language: String) -> UInt64 {
        guard !language.isEmpty else { return 0 }
        if !languageCodes.contains(language) { languageCodes.append(language) }
        guard let bit = languageCodes.firstIndex(of: language), bit < 64 else { return 0 }
        return 1 << UInt64(bit)
    }

    fileprivate mutating func add(
        _ word: UnsafeBufferPointer<UInt8>, _ meaning: Meaning, language: String, bits languages: UInt64, fromTexts: Bool = false,
        into builder: inout WordTable.Builder
    ) {
        func string() -> String { String(decoding: word, as: UTF8.self) }
        if meaning.kind == .ending {
            // A text holds each word and kind once: only entries given as
            // Strings may repeat one (and a search of all was 5% of a parse after `purge()`).
            let ending = string()
            if !fromTexts, endings.contains(where: { $0.ending == ending && $0.language == language }) { return }
            endings.append((ending, language))
            return
        }
        // Scalars: every byte but UTF-8's continuation bytes starts one.
        let scalars = word.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        longestWord = max(longestWord, scalars)
        var flags: UInt8 = 0
        if meaning.kind.isPartOfNumbers, meaning.kind != .article, meaning.kind != .partitive, meaning.kind != .classifier {
            flags = WordTable.splittableFlag
            longestSplittable = max(longestSplittable, scalars)
            var decoder = UTF8()
            var bytes = word.makeIterator()
            if case .scalarValue(let first) = decoder.decode(&bytes) {
                if case .scalarValue(let second) = decoder.decode(&bytes) {
                    splitStarts.append(UInt64(first.value) << 32 | UInt64(second.value))
                } else if scalars == 1 {
                    splittableScalars.insert(first)
                }
            }
        }
        builder.add(word, meaning: meaning, languages: languages, flags: flags)
        switch meaning.kind {
        case .prefix:
            let prefix = string()
            if !prefixes.contains(where: { $0.word == prefix }) { prefixes.append((prefix, meaning.value)) }
        case .attached:
            let attachedWord = string()
            if !attached.contains(attachedWord) { attached.append(attachedWord) }
        // The first word of several, cut at its space among the bytes (a
        // String's `firstIndex(of:)` walks graphemes).
        case .minus:
            let space = word.firstIndex(of: 0x20) ?? word.endIndex
            minusOpenings.insert(String(decoding: UnsafeBufferPointer(rebasing: word[..<space]), as: UTF8.self))
        case .context:
            if let space = word.firstIndex(of: 0x20) {
                contextOpenings.insert(String(decoding: UnsafeBufferPointer(rebasing: word[..<space]), as: UTF8.self))
            }
        case .system:
            let system = string()
            systems.append((system, meaning.value, language))
        case .per: expression.per.insert(string())
        case .powerBefore: expression.powerBefore[string()] = Int(meaning.value)
        case .powerAfter: expression.powerAfter[string()] = Int(meaning.value)
        default: break
        }
    }

    /// Room in the expression words' tables for every word of those kinds
    /// among `kinds`: grown a word at a time, each table hashed its words
    /// again at each doubling, and hashing a word outside ASCII normalizes
    /// it (Russian's two dozen power words were 5% of a parse after `purge()`).
    fileprivate mutating func reserveExpressionWords(_ kinds: some Sequence<PhraseWordKind>) {
        var counts = (per: 0, before: 0, after: 0)
        for kind in kinds {
            switch kind {
            case .per: counts.per += 1
            case .powerBefore: counts.before += 1
            case .powerAfter: counts.after += 1
            default: break
            }
        }
        expression.per.reserveCapacity(counts.per)
        expression.powerBefore.reserveCapacity(counts.before)
        expression.powerAfter.reserveCapacity(counts.after)
    }

    fileprivate mutating func finish(_ builder: WordTable.Builder) {
        table = builder.table()
        prefixes.sort { $0.word.utf8.count > $1.word.utf8.count }
        attached.sort { $0.utf8.count > $1.utf8.count }
        splitStarts.sort()
        splitStarts = splitStarts.enumerated().filter { $0.offset == 0 || splitStarts[$0.offset - 1] != $0.element }.map(\.element)
        minusOpenings = minusOpenings.compacted()
        contextOpenings = contextOpenings.compacted()
        attachedLeads = (0, 0, 0, 0)
        for word in attached {
            guard let lead = word.utf8.first else { continue }
            let bit = UInt64(1) << UInt64(lead & 63)
            switch lead >> 6 {
            case 0: attachedLeads.0 |= bit
            case 1: attachedLeads.1 |= bit
            case 2: attachedLeads.2 |= bit
            default: attachedLeads.3 |= bit
            }
        }
        // Stable: endings of one length keep the order they came in. Each
        // length counted once (a count walks the scalars).
        endings = endings.enumerated().map { (length: $0.element.ending.unicodeScalars.count, offset: $0.offset, ending: $0.element) }
            .sorted { ($0.length, -$0.offset) > ($1.length, -$1.offset) }.map(\.ending)
    }
}
