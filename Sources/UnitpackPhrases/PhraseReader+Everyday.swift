import UnitpackCore
import UnitpackDatabase

/// `2000 calories in kJ`: a word that names one unit in the data and,
/// as people use it every day, another (`relations.tsv`, `everyday`: CLDR
/// gives the calorie's words to the food calorie too). Where the phrase names
/// such a unit by one of its plain words, alone (a display name or a plural
/// form: not a symbol, `cal`; not a synonym or a name of several words that
/// says more, `small calorie`), the reading of the everyday unit comes
/// first, with a guess of kind `everyday` that every output shows, and the
/// reading as written second (docs/phrases.md, "Guesses").
extension PhraseReader {
    /// `readings`, each preceded by its everyday reading when it has one.
    func withEverydayReadings(_ readings: [PhraseReading], _ phrase: Phrase) throws(UnitDatabaseError) -> [PhraseReading] {
        let rows = try database.everydayRows()
        // Most readings name no such unit: asked of the rows, never the database.
        func isEveryday(_ unit: MeasureUnit) -> Bool { rows.contains { $0.unit == unit.id } }
        guard !rows.isEmpty,
            readings.contains(where: { reading in
                isEveryday(reading.from) || reading.targets.contains(where: isEveryday) || reading.parts.contains { isEveryday($0.unit) }
            })
        else { return readings }
        var result: [PhraseReading] = []
        // A unit's plain word, looked for once for all the readings that
        // name it (the readings of a number in words share their units: each
        // looked at every word of the phrase again).
        // (A list: a phrase names a unit or two.)
        var plainWords: [(unit: UnitID, word: String?)] = []
        for reading in readings {
            var words: [UnitID: String] = [:]
            let mapped = try self.reading(reading) { unit throws(UnitDatabaseError) in
                guard let row = rows.first(where: { $0.unit == unit.id }) else { return nil }
                let found: String?
                if let known = plainWords.first(where: { $0.unit == unit.id }) {
                    found = known.word
                } else {
                    found = try plainWord(of: unit, in: phrase, languages: row.languages)
                    plainWords.append((unit.id, found))
                }
                guard let word = found else { return nil }
                words[unit.id] = word
                return try database.relatedUnit(row.reading)
            }
            guard var mapped else {
                result.append(reading)
                continue
            }
            for (before, after) in zip([reading.from] + reading.targets, [mapped.from] + mapped.targets) where before != after {
                mapped.guesses.append(PhraseGuess(kind: .everyday, word: words[before.id] ?? before.name, readAs: after.name))
            }
            result.append(mapped)
            result.append(reading)
        }
        return result
    }

    /// The word of `phrase` (as typed) that is a plain name of `unit` alone,
    /// in one of `languages` (any when empty): a name or a form, not a symbol
    /// nor a synonym, and no name of `unit` with the word before or after it;
    /// nil when none is, or when another word names `unit` by a symbol or a
    /// synonym (`1 Pfund (lb)`: the phrase says which pound).
    private func plainWord(of unit: MeasureUnit, in phrase: Phrase, languages: [String]) throws(UnitDatabaseError) -> String? {
        let words = phrase.words
        for word in words {
            let folded = Self.withoutBrackets(Self.trimmingPunctuation(word.folded))
            if !folded.isEmpty, try nameLanguages(folded: folded).contains(where: { $0.unit == unit.id && ($0.isSymbol || $0.isSynonym) }) {
                return nil
            }
        }
        for (index, word) in words.enumerated() {
            let folded = Self.trimmingPunctuation(word.folded)
            guard !folded.isEmpty,
                try nameLanguages(folded: folded).contains(where: { name in
                    name.unit == unit.id && !name.isSymbol && !name.isSynonym && (languages.isEmpty || languages.contains(name.language))
                })
            else { continue }
            var longer = false
            if index > 0 {
                let pair = Self.trimmingPunctuation(words[index - 1].folded) + " " + folded
                longer = try nameLanguages(folded: pair).contains { $0.unit == unit.id }
            }
            if !longer, index + 1 < words.count {
                let pair = folded + " " + Self.trimmingPunctuation(words[index + 1].folded)
                longer = try nameLanguages(folded: pair).contains { $0.unit == unit.id }
            }
            if !longer { return Self.trimmingPunctuation(word.text) }
        }
        return nil
    }
}
