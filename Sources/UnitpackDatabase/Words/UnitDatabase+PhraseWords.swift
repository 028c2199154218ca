import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// The words of `phrase_words`: number words, markers and the words of
/// expressions (`per`, `square`), which the expression reader needs as much
/// as the phrase reader.
extension UnitDatabase {
    /// The number words and markers of `languages`, kept in the object cache
    /// (within its budget) by language list.
    package func phraseWords(_ languages: [String]) throws(UnitDatabaseError) -> NumberWords {
        let key = CachedKey.phraseWords(languageKey(languages))
        if let cached = try withState({ state throws(UnitDatabaseError) -> NumberWords? in
            if case .phraseWords(let words)? = state.objects.value(for: key) { return words }
            return nil
        }) {
            return cached
        }
        // The words for prefixes too (`compounds.tsv`): a phrase may write one
        // apart from its unit's name (`كيلو واط`), asked of every span of two words.
        let prefixWords = Set(try prefixWords(languages).map(\.word))
        return try withState { state throws(UnitDatabaseError) in
            if case .phraseWords(let words)? = state.objects.value(for: key) { return words }
            let path = path
            var entries: [(word: String, meaning: NumberWords.Meaning, language: String)] = []
            do {
                // With the language's row, which counts its words: a word
                // lost from the table is an error, not a phrase read otherwise.
                let query = try state.prepare(
                    """
                    SELECT \(DatabaseFormat.selectList(of: "languages", as: "l")), \(DatabaseFormat.selectList(of: "phrase_words", as: "w"))
                    FROM languages l LEFT JOIN phrase_words w ON w.lang = l.code WHERE l.code = ?
                    """)
                let decoder = RowDecoder(statement: query, path: path)
                let wordColumn = Int32(DatabaseFormat.columns(of: "languages").count + 1)
                for language in languages {
                    try query.reset()
                    try query.bind(.text(language), at: 1)
                    var stated: Int?
                    var found = 0
                    while try query.step() {
                        // The language's columns repeat on every row of the join: checked once.
                        if stated == nil {
                            let row = try decoder.languageCount(at: 0)
                            guard row.code == language else { throw decoder.damaged(.wrongKey(table: "languages", asked: language, found: row.code)) }
                            stated = row.phraseWordRows
                        }
                        if query.isNull(at: wordColumn) { continue }
                        let word = try decoder.phraseWord(at: wordColumn)
                        guard word.lang == language else { throw decoder.damaged(.wrongKey(table: "phrase_words", asked: language, found: word.lang)) }
                        found += 1
                        entries.append((word.word, word.meaning, language))
                    }
                    if stated == nil, try allLanguageRows(state).contains(where: { $0.code == language }) {
                        throw decoder.damaged(.missingRow(table: "languages", key: language, namedBy: nil))
                    }
                    if let stated, stated != found {
                        throw decoder.damaged(.countMismatch(table: "phrase_words", key: language, found: found, stated: stated))
                    }
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            var words = NumberWords(entries)
            words.prefixWords = prefixWords
            state.objects.insert(.phraseWords(words), for: key, cost: ApproximateSize.of(words))
            return words
        }
    }
}

extension UnitDatabase {
    /// The languages that have number or marker words, by code.
    public func phraseLanguages() throws(UnitDatabaseError) -> [String] {
        try withState { state throws(UnitDatabaseError) in
            try allLanguageRows(state).filter { $0.phraseWordRows > 0 }.map(\.code)
        }
    }
}
