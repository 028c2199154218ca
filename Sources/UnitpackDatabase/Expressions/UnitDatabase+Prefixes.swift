import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Units with an SI or binary prefix that no row names (docs/expressions.md,
/// "Prefixes"): `kN`, `Mpc`, `KiB`, `megaparsec`, `килопарсек`. A row
/// always wins (`km` is the row `kilometer`, `ft` the foot, never a
/// femtotonne): these are read only for a word no name has.
extension UnitDatabase {
    /// `written` read as a prefix and a unit that takes it (`units.flags`):
    /// the prefix's symbol (case-sensitive: `M` mega, `m` milli) then a
    /// symbol of `units-src/` exactly; or a language's word for the prefix
    /// (the text before `{0}` of a `prefix` row of its compounds.tsv, any
    /// case) then a name of the unit in that language, in any form, of two
    /// letters or more and not a symbol (`kilos` is not a kilosecond). The
    /// longest prefix symbol is tried first (`da` before `d`).
    /// - Throws: `.badExpression` with `.prefixNotTaken` when the only
    ///   reading puts a prefix on a unit that takes none (`kft`,
    ///   `kilofoot`); with `.notHeld` when `written` is a word of a unit a
    ///   slice left out (`leftOutUnits`); its range covers `written`.
    func prefixedAtom(_ written: String, languages: [String]?) throws(UnitDatabaseError) -> ExpressionAtom? {
        let folded = TextFolding.fold(written)
        if let units = try leftOutUnits(named: folded) {
            throw .badExpression(
                written, UnitExpressionError(.notHeld(word: written, units: units), at: 0..<written.unicodeScalars.count))
        }
        var refused: (prefix: UnitPrefix, unit: MeasureUnit)?
        if let read = try symbolPrefixed(written, languages: languages, refused: &refused) { return read }
        for (prefix, head) in try prefixWords(languages) where folded.hasPrefix(head) {
            var rest = Substring(folded.dropFirst(head.count))
            if rest.first == "-" { rest = rest.dropFirst() }
            guard rest.unicodeScalars.count >= 2 else { continue }
            let text = String(rest)
            let found = try candidates(for: text, preferring: languages)
            if let read = Self.atom(written, prefix, found, where: { !$0.symbols.contains(text) }, refused: &refused) {
                return read
            }
        }
        if let refused {
            throw .badExpression(
                written,
                UnitExpressionError(
                    .prefixNotTaken(prefix: refused.prefix.name, unit: refused.unit.name),
                    at: 0..<written.unicodeScalars.count))
        }
        return nil
    }

    /// `written` as a prefix's symbol and a symbol of `units-src/` exactly
    /// (`kN`, `µs`), the longest prefix symbol first; `refused` is the first
    /// reading whose unit does not take the prefix.
    func symbolPrefixed(
        _ written: String, languages: [String]?, refused: inout (prefix: UnitPrefix, unit: MeasureUnit)?
    ) throws(UnitDatabaseError) -> ExpressionAtom? {
        let scalars = written.unicodeScalars
        for (prefix, symbol) in UnitPrefix.symbolPrefixes(of: Substring(written)) {
            let rest = String(String.UnicodeScalarView(scalars.dropFirst(symbol.unicodeScalars.count)))
            let found = try candidates(for: rest, preferring: languages)
            if let read = Self.atom(written, prefix, found, where: { $0.symbols.contains(rest) }, refused: &refused) {
                return read
            }
        }
        return nil
    }

    /// The first unit of `found` read as `isReading` says that takes
    /// `prefix` (its kind's flag, a factor); the first that does not is `refused`.
    private static func atom(
        _ written: String, _ prefix: UnitPrefix, _ found: [MeasureUnit], where isReading: (MeasureUnit) -> Bool,
        refused: inout (prefix: UnitPrefix, unit: MeasureUnit)?
    ) -> ExpressionAtom? {
        for unit in found where isReading(unit) {
            if prefix.isTaken(by: unit.flags), case .linear = unit.conversion {
                return ExpressionAtom(unit: unit, prefix: prefix, others: [], written: written)
            }
            refused = refused ?? (prefix, unit)
        }
        return nil
    }

    /// A language's word for a prefix, folded: `кило` from `кило{0}`.
    struct PrefixWord: Sendable {
        var prefix: UnitPrefix
        var word: String
    }

    /// The words for the prefixes in `languages` (every language of phrases
    /// for nil; a language the database lacks has none), folded, the longest
    /// first. A pattern that does not start with its word (none in CLDR 41)
    /// gives none. Kept in the object cache: every word no name has asks.
    func prefixWords(_ languages: [String]?) throws(UnitDatabaseError) -> [(prefix: UnitPrefix, word: String)] {
        var asked = languages ?? []
        if languages == nil { asked = try phraseLanguages() }
        let key = CachedKey.prefixWords(languageKey(asked))
        return try withState { state throws(UnitDatabaseError) in
            if case .prefixWords(let words)? = state.objects.value(for: key) { return words.map { ($0.prefix, $0.word) } }
            var words: [PrefixWord] = []
            var seen: Set<String> = []
            // Each language's words from its row (`languages.prefix_words`,
            // written by the build from its prefix patterns).
            for code in asked {
                guard let row = try languageWordsRow(code, state) else { continue }
                for (prefix, word) in row.prefixWords where seen.insert(prefix.name + "\u{0}" + word).inserted {
                    words.append(PrefixWord(prefix: prefix, word: word))
                }
            }
            // By length in characters, counted once each (a count walks the
            // graphemes; a comparison that counted did it 600 times a parse).
            words = words.map { ($0, $0.word.count) }.sorted { ($0.1, $1.0.prefix.name) > ($1.1, $0.0.prefix.name) }.map(\.0)
            state.objects.insert(.prefixWords(words), for: key, cost: ApproximateSize.ofPrefixWords(key, words))
            return words.map { ($0.prefix, $0.word) }
        }
    }
}
