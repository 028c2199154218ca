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
        return try withState { state throws(UnitDatabaseError) in
            if case .phraseWords(let words)? = state.objects.value(for: key) { return words }
            let path = path
            var texts: [(language: String, text: [UInt8], lines: [PhraseWordsText.Line])] = []
            // The words for prefixes too (`compounds.tsv`): a phrase may write one
            // apart from its unit's name (`كيلو واط`), asked of every span of two words.
            var prefixWords: FoldedWordSet = []
            do {
                let query = try state.prepare("SELECT \(DatabaseFormat.selectList(of: "phrase_words")) FROM phrase_words WHERE lang = ?")
                for language in languages {
                    // The language's row counts its words: a row lost from the
                    // table is an error, not a phrase read otherwise.
                    guard let languageRow = try languageWordsRow(language, state) else { continue }
                    for (_, word) in languageRow.prefixWords { prefixWords.insert(word) }
                    guard languageRow.phraseWordLines > 0 else { continue }
                    try query.reset()
                    try query.bind(.text(language), at: 1)
                    let decoder = RowDecoder(statement: query, path: path)
                    guard try query.step() else {
                        throw decoder.damaged(.missingRow(table: "phrase_words", key: language, namedBy: "languages"))
                    }
                    let row = try decoder.phraseWords(at: 0)
                    guard row.lang == language else { throw decoder.damaged(.wrongKey(table: "phrase_words", asked: language, found: row.lang)) }
                    guard row.lines.count == languageRow.phraseWordLines else {
                        throw decoder.damaged(
                            .countMismatch(table: "phrase_words", key: language, found: row.lines.count, stated: languageRow.phraseWordLines))
                    }
                    try query.reset()
                    texts.append((language, row.text, row.lines))
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            var words = NumberWords(texts: texts)
            words.prefixWords = prefixWords.compacted()
            state.objects.insert(.phraseWords(words), for: key, cost: ApproximateSize.of(words))
            return words
        }
    }
}

extension UnitDatabase {
    /// The languages that have number or marker words, by code.
    public func phraseLanguages() throws(UnitDatabaseError) -> [String] {
        try withState { state throws(UnitDatabaseError) in
            try allLanguageRows(state).filter { $0.phraseWordLines > 0 }.map(\.code)
        }
    }
}
