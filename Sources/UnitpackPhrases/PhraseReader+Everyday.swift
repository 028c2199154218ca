import UnitpackCore
import UnitpackDatabase

/// `2000 calories in kJ`: a word that names one unit in the data and,
/// as people use it every day, another (`relations.tsv`, `everyday`: CLDR
/// gives the calorie's words to the food calorie too). Where the phrase names
/// such a unit by one of its plain words, alone (a display name or a plural
/// form: not a symbol, `cal`; not a synonym or a name of several words that
/// says more, `small calorie`), the reading of the everyday unit comes
/// first, with a guess of kind `everyday` that every output shows, and the
/// reading as written second (docs/phrases.md, "Words meant every day").
extension PhraseReader {
    /// `readings`, each preceded by its everyday reading when it has one.
    func withEverydayReadings(_ readings: [PhraseReading], _ phrase: Phrase) throws(UnitDatabaseError) -> [PhraseReading] {
        guard try database.hasEverydayReadings() else { return readings }
        var result: [PhraseReading] = []
        for reading in readings {
            var words: [UnitID: String] = [:]
            let mapped = try self.reading(reading) { unit throws(UnitDatabaseError) in
                guard let everyday = try database.everydayReading(of: unit),
                    let word = try plainWord(of: unit, in: phrase, languages: everyday.languages)
                else { return nil }
                words[unit.id] = word
                return everyday.unit
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
    /// nil when none is.
    private func plainWord(of unit: MeasureUnit, in phrase: Phrase, languages: [String]) throws(UnitDatabaseError) -> String? {
        let words = phrase.words
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
