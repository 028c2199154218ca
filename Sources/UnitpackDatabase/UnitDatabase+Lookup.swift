import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Finding units by id, key, name or symbol, and whether a name starts
/// with a phrase's words.
extension UnitDatabase {
    /// The unit with this id.
    /// - Complexity: one indexed query the first time, a dictionary hit after.
    public func unit(_ id: UnitID) throws(UnitDatabaseError) -> MeasureUnit {
        try withState { state throws(UnitDatabaseError) in try load(id, state) }
    }

    /// Every unit whose name or symbol is `text`, best match first: an exact
    /// symbol (case-sensitive, so `M` is Mach and `m` metre) before an exact
    /// name, before a match that ignores case; then by priority.
    public func candidates(for text: String) throws(UnitDatabaseError) -> [MeasureUnit] {
        try candidates(for: text, preferring: nil)
    }

    /// `candidates(for:)`, where a match in one of `languages` (or in every
    /// language: the symbols of `units-src/`) beats a match only in another
    /// language: in a Russian phrase `год` is the year, not the Ukrainian
    /// symbol of the hour.
    /// A name found only without its accents is not `text`'s: no units.
    package func candidates(for text: String, preferring languages: [String]?) throws(UnitDatabaseError) -> [MeasureUnit] {
        try candidates(for: text, folded: TextFolding.fold(text), preferring: languages).units
    }

    /// `candidates(for:preferring:)` with the folding done by the caller (a
    /// phrase folds each word once, not each span it tries), and the language
    /// of the best match: the first of `languages` that has it, nil when a
    /// symbol of every language (`units-src/`) matches as well; and whether
    /// the best match is only one that ignores case (`ks` for `kS`), which a
    /// prefixed reading written exactly beats (`k` + `s`, the kilosecond).
    /// A name found only without its accents (`NameCandidates.withoutAccents`)
    /// finds no units unless `acceptingWithoutAccents`: a lookup that is
    /// itself a guess (an ending cut) must not stack a second one on it.
    package func candidates(
        for text: String, folded: @autoclosure () -> String, preferring languages: [String]?, keyPrefix: String? = nil,
        acceptingWithoutAccents: Bool = false
    ) throws(UnitDatabaseError) -> NameCandidates {
        try candidates(
            key: ByteString((keyPrefix ?? candidatesKeyPrefix(languages)) + text), text: text, folded: folded(),
            preferring: languages, acceptingWithoutAccents: acceptingWithoutAccents)
    }

    /// `candidates(for:folded:preferring:keyPrefix:)` by its cache key (the
    /// key prefix, then `text`), built by the caller in one buffer; the text
    /// and its folding are only asked for when the cache does not hold it.
    package func candidates(
        key cacheKey: ByteString, text: @autoclosure () -> String, folded: @autoclosure () -> String,
        preferring languages: [String]?, acceptingWithoutAccents: Bool = false
    ) throws(UnitDatabaseError) -> NameCandidates {
        let found = try candidatesAnyway(key: cacheKey, text: text(), folded: folded(), preferring: languages)
        guard found.withoutAccents != nil, !acceptingWithoutAccents else { return found }
        return NameCandidates(units: [], language: nil, ignoringCase: false, withoutAccents: nil)
    }

    private func candidatesAnyway(
        key cacheKey: ByteString, text: @autoclosure () -> String, folded: @autoclosure () -> String,
        preferring languages: [String]?
    ) throws(UnitDatabaseError) -> NameCandidates {
        // Kept in the object cache: typing re-reads the same words, a phrase
        // is parsed again at each key, and front ends convert the same units.
        let key = CachedKey.candidates(cacheKey)
        return try withState { state throws(UnitDatabaseError) in
            if case .candidates(let units, let language, let ignoringCase, let withoutAccents)? = state.objects.value(for: key) {
                return NameCandidates(units: units, language: language, ignoringCase: ignoringCase, withoutAccents: withoutAccents)
            }
            // A name matches a handful of units at most: arrays beat dictionaries.
            let text = text()
            let folded = folded()
            var scored: [(id: UnitID, score: Int)] = []
            var matched: [(language: Int, score: Int)] = []
            // The text of a row of kind 5: the key holds no other kind (the build).
            var accented: String?
            let path = path
            do {
                // A key's names are all in its block, under the block's checksum.
                for entry in try state.names(of: folded, path: path) {
                    let id = UnitID(rawValue: entry.unit)
                    let exact: Bool
                    if entry.kind == NameKind.withoutAccents.rawValue {
                        if accented == nil { accented = NameText.text(stored: entry.stored, folded: folded) }
                        exact = false
                    } else {
                        // An empty stored text is the key itself (format 11, `NameText`); compared as bytes.
                        exact = (entry.stored.isEmpty ? folded : entry.stored).utf8.elementsEqual(text.utf8)
                    }
                    let isSymbol = entry.kind == NameKind.symbol.rawValue
                    var score = exact ? (isSymbol ? 3 : 2) : 1
                    if let languages {
                        let asked = entry.language.isEmpty ? -1 : languages.firstIndex(of: entry.language)
                        if let asked {
                            score += 10
                            matched.append((asked, score))
                        }
                    }
                    if let index = scored.firstIndex(where: { $0.id == id }) {
                        scored[index].score = max(scored[index].score, score)
                    } else {
                        scored.append((id, score))
                    }
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            guard let best = scored.map(\.score).max() else {
                state.objects.insert(.candidates([], nil, false, nil), for: key, cost: ApproximateSize.ofCandidates(key, count: 0))
                return NameCandidates(units: [], language: nil, ignoringCase: false, withoutAccents: nil)
            }
            // Drop weaker matches when a stronger one exists: `M` (exact symbol)
            // must not be ambiguous with `m` (case-folded).
            var units: [MeasureUnit] = []
            for (id, score) in scored where score == best { units.append(try loadReferenced(id, state)) }
            units.sort { ($0.priority, -$0.id.rawValue) > ($1.priority, -$1.id.rawValue) }
            // A symbol of every language (-1) says nothing of the phrase's language.
            let language = matched.filter { $0.score == best }.map(\.language).min().flatMap { $0 < 0 ? nil : languages?[$0] }
            // Scores: 1 ignoring case (or without accents), 2 a name as written, 3 a symbol; +10 in an asked language.
            let ignoringCase = best % 10 == 1 && accented == nil
            state.objects.insert(
                .candidates(units, language, ignoringCase, accented), for: key,
                cost: ApproximateSize.ofCandidates(key, count: units.count) + (accented.map(ApproximateSize.of) ?? 0))
            return NameCandidates(units: units, language: language, ignoringCase: ignoringCase, withoutAccents: accented)
        }
    }

    /// Whether some name or symbol, in any language, is `folded` (folded
    /// words joined by single spaces) or starts with it and a space: a phrase
    /// tries no longer span whose first words start no name. Names hold no
    /// control characters, so the names from `folded` up to `folded` and `!`
    /// (the scalar after the space) are exactly those.
    package func nameStarts(with folded: String) throws(UnitDatabaseError) -> Bool {
        try nameExists(from: folded, before: folded + "!", cacheKey: ByteString(folded))
    }

    /// The most names `namesOfTwoWords(firstWordStarting:then:)` reads: a
    /// bound on its work (the names of one pair of stems are a few dozen).
    static let mostNamesOfAPair = 256

    /// The names of two words, in any language, whose first word starts
    /// with `first` and whose second word starts with `second` (folded
    /// stems: `морськ`, `мил`), with their units and languages: the forms of
    /// a name of two words whose words are both inflected (`морській милі`,
    /// `milę morską`, the nautical mile), which a cut of one ending misses,
    /// and whether a word left out as context continues such a name. Read
    /// for a guess only, never cached.
    package func namesOfTwoWords(firstWordStarting first: String, then second: String) throws(UnitDatabaseError)
        -> [(unit: UnitID, language: String, name: String)]
    {
        return try withState { state throws(UnitDatabaseError) in
            var names: [(unit: UnitID, language: String, name: String)] = []
            do {
                // Two words, the second starting with `second`, compared as bytes;
                // then as the words they are.
                let secondBytes = Array(second.utf8)
                func isPair(_ key: ArraySlice<UInt8>) -> Bool {
                    guard let space = key.firstIndex(of: 0x20) else { return false }
                    let rest = key[(space + 1)...]
                    return !rest.contains(0x20) && rest.starts(with: secondBytes)
                }
                let pairs = try state.names(from: first, startingWith: first, matching: isPair, limit: Self.mostNamesOfAPair, path: path)
                for (folded, entries) in pairs {
                    let words = folded.split(separator: " ", maxSplits: 2)
                    guard words.count == 2, words[0].hasPrefix(first), words[1].hasPrefix(second) else { continue }
                    for entry in entries { names.append((UnitID(rawValue: entry.unit), entry.language, folded)) }
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            return names
        }
    }

    /// Whether a name or symbol lies in `[lower, upper)` of the names'
    /// index, kept in the object cache under `cacheKey` (`nameStarts(with:)`,
    /// `namePrefixExists`).
    package func nameExists(from lower: String, before upper: @autoclosure () -> String, cacheKey key: ByteString) throws(UnitDatabaseError)
        -> Bool
    {
        try withState { state throws(UnitDatabaseError) in
            if case .nameStart(let starts)? = state.objects.value(for: .nameStart(key)) { return starts }
            let starts: Bool
            do {
                // The first key from `lower` on, in its block or the next
                // block's first (the block's `next`), checked by its block.
                // (The bound made only then: a cached answer needs none.)
                let upper = upper()
                starts = try state.firstName(atLeast: lower, path: path).map { NameBlock.precedes($0, upper) } ?? false
            } catch {
                throw Self.typed(error, path: path)
            }
            state.objects.insert(.nameStart(starts), for: .nameStart(key), cost: ApproximateSize.ofNameStart(key))
            return starts
        }
    }

    /// The start of a `candidates` cache key: the preferred languages'
    /// key (`languageKey`; `*` for none) and a tab. A parse asks it once
    /// for all its lookups.
    package func candidatesKeyPrefix(_ languages: [String]?) -> String {
        guard let languages else { return "*\t" }
        return languageKeyMemo.withLock { keys in keys.entry(for: languages).prefix }
    }

    /// The object cache's key for what a list of languages reads (phrase
    /// words, prefix words, a phrase's language): a short key of the list's
    /// own (`LanguageKeys`).
    package func languageKey(_ languages: [String]) -> String {
        languageKeyMemo.withLock { keys in keys.entry(for: languages).key }
    }

    /// The unit whose key (`category/name`, as in `units-src/`) is `key`.
    /// - Throws: `.unknownUnit` when no unit has it.
    public func unit(key: String) throws(UnitDatabaseError) -> MeasureUnit {
        guard let (category, name) = UnitKey.split(key) else { throw .unknownUnit(key) }
        return try withState { state throws(UnitDatabaseError) in
            let id = try sqlite { () throws(SQLiteError) -> Int? in
                let query = try state.prepare(
                    "SELECT u.id FROM units u JOIN categories c ON c.id = u.category WHERE c.key = ? AND u.name = ?")
                try query.bind(.text(category), at: 1)
                try query.bind(.text(name), at: 2)
                return try query.step() ? query.int(at: 0) : nil
            }
            guard let id else { throw UnitDatabaseError.unknownUnit(key) }
            let unit = try loadReferenced(UnitID(rawValue: id), state)
            guard unit.category == category, unit.name == name else {
                throw UnitDatabaseError.damaged(path: path, damage: .wrongKey(table: "units", asked: key, found: unit.key))
            }
            return unit
        }
    }

    /// The one unit named `text`.
    /// - Throws: `.unknownUnit`, or `.ambiguousUnit` listing the candidates.
    public func unit(named text: String) throws(UnitDatabaseError) -> MeasureUnit {
        let found = try candidates(for: text)
        guard let first = found.first else { throw .unknownUnit(text) }
        guard found.count == 1 else { throw .ambiguousUnit(text, candidates: found.map(\.key)) }
        return first
    }

    /// The one unit named `text` in `category` (a key of
    /// `units-src/categories.tsv`: `length`, `mass`): what an app that
    /// knows the quantity asks, where `unit(named:)` may find several
    /// (`pt`: the typographic point, the US pint or the carat's point).
    /// - Throws: `.unknownCategory` (with the categories the database has)
    ///   for a category it does not have; `.unknownUnit` when no unit of the
    ///   category has the name; `.ambiguousUnit` when several do.
    /// - Complexity: one indexed query for the names, one for the category
    ///   when the name is not found in it.
    public func unit(named text: String, in category: String) throws(UnitDatabaseError) -> MeasureUnit {
        let found = try candidates(for: text).filter { $0.category == category }
        if found.count == 1 { return found[0] }
        if found.count > 1 { throw .ambiguousUnit(text, candidates: found.map(\.key)) }
        let categories = try categoryKeys()
        guard categories.contains(category) else { throw .unknownCategory(category, available: categories) }
        throw .unknownUnit(text)
    }

    /// The keys of the database's categories (`length`, `mass`, ...), sorted.
    /// - Complexity: one query over the categories table (some 60 rows).
    public func categoryKeys() throws(UnitDatabaseError) -> [String] {
        try withState { state throws(UnitDatabaseError) in
            try sqlite { () throws(SQLiteError) -> [String] in
                let query = try state.prepare("SELECT key FROM categories ORDER BY key")
                var keys: [String] = []
                while try query.step() { keys.append(query.text(at: 0) ?? "") }
                return keys
            }
        }
    }
}

/// What a name finds (`UnitDatabase.candidates(for:folded:preferring:keyPrefix:)`).
package struct NameCandidates {
    /// The units, best first; empty when nothing has the name.
    package var units: [MeasureUnit]
    /// The first asked language with the best match; nil when a symbol of
    /// every language matches as well, or no language was asked.
    package var language: String?
    /// The best match is only one ignoring case (`ks` for `kS`).
    package var ignoringCase: Bool
    /// The name as written when it matched only without its accents
    /// (`NameKind.withoutAccents`: `metros cubicos`, `metros cúbicos`): a
    /// reading of it is a guess. Nil when it matched as typed or ignoring case.
    package var withoutAccents: String?
}

/// Short cache keys for the language lists asked of a database. Every key
/// of a parse's lookups starts with its list's: the codes joined (twelve of
/// them, forty bytes) made each key a String of its own on the heap, hashed
/// whole at each lookup; a list's number, two to four bytes, keeps most keys
/// within a String's inline bytes. The first `mostNumbered` lists asked get
/// a number (`\u{1}` and the decimal digits); the empty list, and any list
/// past those, is `\u{2}` and its codes, each ended by U+001F (which no
/// code holds), so no two lists share a key. Nothing is allocated until a
/// list is asked: an open pays nothing for it.
struct LanguageKeys {
    static let mostNumbered = 256
    /// The list asked last, its key and its `candidatesKeyPrefix`: a parse
    /// asks a dozen times, and equal arrays of a parse share their storage
    /// (compared at once).
    private var last: (codes: [String], key: String, prefix: String) = ([], "\u{2}", "\u{2}\t")
    private var numbers: [[String]: Int] = [:]
    /// The language asked last for its decimal separator, and the
    /// separator (`UnitDatabase.decimalSeparator`): every parse asks it of
    /// its first language, and a `Language` from the object cache cost a
    /// fiftieth of a parse.
    var decimal: (code: String, separator: Character)?

    mutating func entry(for languages: [String]) -> (codes: [String], key: String, prefix: String) {
        if last.codes == languages { return last }
        var number = languages.isEmpty ? nil : numbers[languages]
        if number == nil, !languages.isEmpty, numbers.count < Self.mostNumbered {
            number = numbers.count
            numbers[languages] = number
        }
        let key = number.map { "\u{1}\($0)" } ?? languages.reduce("\u{2}") { $0 + $1 + "\u{1F}" }
        last = (languages, key, key + "\t")
        return last
    }
}
