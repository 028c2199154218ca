import UnitpackCore
import UnitpackDatabase

/// `receta americana: 3/4 taza`, `アメリカのレシピの1カップ`, `٣ أونصات ذهب`:
/// a system word among the words left out as context (kind `system` of
/// `words.tsv`) says which system the quantity is measured in, far from the
/// unit's name. Each unit of the reading that is of another system and has a
/// unit of that system by its side (the same English name with the system's
/// word: `Japanese cup` and `US cup`, `ounce` and `troy ounce`) is read as
/// that one, a guess every output shows (`PhraseGuess.Kind.system`). Units
/// with none stay as they are (`recette américaine : 200 g de farine`); words
/// of two systems say nothing (docs/phrases.md, "System words").
extension PhraseReader {
    /// `readings` with the system a word of `context` says applied; the
    /// readings as they are when no word of `context` is a system word.
    func withSystemOfContext(_ readings: [PhraseReading], _ context: ArraySlice<Phrase.Word>, _ reader: inout Reader)
        throws(UnitDatabaseError) -> [PhraseReading]
    {
        var said: (word: Phrase.Word, value: Double)?
        for word in context {
            let folded = Self.withoutBrackets(Self.trimmingPunctuation(word.folded))
            guard let meaning = reader.words.meanings(folded: folded).first(where: { $0.kind == .system }) else { continue }
            if let said, said.value != meaning.value { return readings }
            said = (word, meaning.value)
        }
        guard let said, !readings.isEmpty else { return readings }
        // The units' keys are English (`volume/US cup`): the English words of
        // the system find the unit by its side.
        let english = try database.phraseWords([UnitDatabase.fallbackLanguage]).systems
        let systemWords = english.filter { $0.value == said.value }.map(\.word)
        let anySystemWord = Set(english.map(\.word))
        var memo: [UnitID: MeasureUnit?] = [:]
        func ofSystem(_ unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
            if let known = memo[unit.id] { return known }
            reader.countStep()
            let found = try unitBySide(of: unit, system: said.value, systemWords: systemWords, anySystemWord: anySystemWord)
            memo[unit.id] = found
            return found
        }
        var result: [PhraseReading] = []
        for reading in readings {
            guard var mapped = try self.reading(reading, other: ofSystem) else {
                result.append(reading)
                continue
            }
            for (before, after) in zip([reading.from] + reading.targets, [mapped.from] + mapped.targets) where before != after {
                mapped.guesses.append(PhraseGuess(kind: .system, word: said.word.text, readAs: after.name))
            }
            result.append(mapped)
        }
        return result
    }

    /// The unit of `system` (1 imperial, 2 US, 3 troy) by `unit`'s side, of
    /// its category: `unit` itself when it is of that system; its English name
    /// with a word of `anySystemWord` in it replaced by one of
    /// `systemWords`, or its first word replaced (`Japanese cup`: `US cup`),
    /// or one put before it (`ounce`: `troy ounce`); nil when none names a
    /// unit of that system.
    private func unitBySide(of unit: MeasureUnit, system: Double, systemWords: [String], anySystemWord: Set<String>)
        throws(UnitDatabaseError) -> MeasureUnit?
    {
        let names = unit.name.split(separator: " ").map(String.init)
        func isOfSystem(_ other: MeasureUnit) -> Bool {
            switch system {
            case 1: [.imperial, .uk].contains(other.system)
            case 2: other.system == .us
            default: other.name.split(separator: " ").contains { systemWords.contains(TextFolding.fold(String($0))) }
            }
        }
        if isOfSystem(unit) { return unit }
        var texts: [[String]] = []
        for word in systemWords {
            for (index, name) in names.enumerated() where anySystemWord.contains(TextFolding.fold(name)) {
                var replaced = names
                replaced[index] = word
                texts.append(replaced)
            }
            if names.count > 1 { texts.append([word] + names.dropFirst()) }
            texts.append([word] + names)
        }
        for words in texts {
            let text = words.joined(separator: " ")
            let found = try database.candidates(for: text, preferring: [UnitDatabase.fallbackLanguage])
            if let other = found.first(where: { $0.category == unit.category && isOfSystem($0) }) { return other }
        }
        return nil
    }
}
