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
                // The language's row counts its words: a word lost from the
                // table is an error, not a phrase read otherwise. Read apart
                // from the words (a join repeats its eleven columns on every
                // word's row, a third of the time of reading them).
                let counting = try state.prepare("SELECT \(DatabaseFormat.selectList(of: "languages")) FROM languages WHERE code = ?")
                let query = try state.prepare(
                    "SELECT \(DatabaseFormat.selectList(of: "phrase_words")) FROM phrase_words WHERE lang = ?")
                for language in languages {
                    try counting.reset()
                    try counting.bind(.text(language), at: 1)
                    guard try counting.step() else {
                        if try allLanguageRows(state).contains(where: { $0.code == language }) {
                            throw UnitDatabaseError.damaged(path: path, damage: .missingRow(table: "languages", key: language, namedBy: nil))
                        }
                        continue
                    }
                    let languageRow = try RowDecoder(statement: counting, path: path).languageCount(at: 0)
                    guard languageRow.code == language else {
                        throw UnitDatabaseError.damaged(
                            path: path, damage: .wrongKey(table: "languages", asked: language, found: languageRow.code))
                    }
                    try counting.reset()
                    try query.reset()
                    try query.bind(.text(language), at: 1)
                    let decoder = RowDecoder(statement: query, path: path)
                    var found = 0
                    while try query.step() {
                        let word = try decoder.phraseWord(at: 0)
                        guard word.lang == language else { throw decoder.damaged(.wrongKey(table: "phrase_words", asked: language, found: word.lang)) }
                        found += 1
                        entries.append((word.word, word.meaning, language))
                    }
                    guard found == languageRow.phraseWordRows else {
                        throw decoder.damaged(
                            .countMismatch(table: "phrase_words", key: language, found: found, stated: languageRow.phraseWordRows))
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
