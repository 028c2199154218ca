import UnitpackCore
import UnitpackDatabase

/// `45 mpg (uk)`, `una pinta inglese`, `um galão americano`, `一盎司黄金`: a
/// unit's name and a word saying which system it is of (kind `system` of
/// `words.tsv`: 1 imperial, 2 US, 3 troy, the precious metals' words too). Such a word is never left out as context (it decides
/// the value); the span reads as the name with another word of the same
/// system and language, after the other words or before them (`mpg (imp)`,
/// `pinta imperiale`, `imperial gallon` for `gallon (uk)`), else as the units
/// of that system the other words name (`galão`: the US gallon). Words of
/// the language, never a list here (docs/phrases.md, "System words").
extension PhraseReader {
    /// The units `span` names with its last word a system word; nil when it
    /// is none, or when nothing of that system reads.
    func lookupSystemWord(_ span: ArraySlice<Phrase.Word>, languages: [String], key: String, words: NumberWords)
        throws(UnitDatabaseError) -> Found?
    {
        guard span.count >= 2, let last = span.last, let opening = span.first, !words.systems.isEmpty else { return nil }
        // Asked of every span that names nothing as written: the word as it
        // is first, without a copy (`(uk),` is trimmed only when it is none).
        var bare: String?
        if words.isSystemWord(last) {
            bare = last.folded
        } else if let edge = last.folded.unicodeScalars.last, Self.isPunctuation(edge) || edge == ")" {
            bare = Self.withoutBrackets(Self.trimmingPunctuation(last.folded))
        }
        var name = span.dropLast()
        // Or before the name, as an adjective (`американський галон`).
        if bare.map({ word in !words.systems.contains { $0.word == word } }) ?? true, words.isSystemWord(opening) {
            bare = opening.folded
            name = span.dropFirst()
        }
        guard let bare, let said = words.systems.first(where: { $0.word == bare }) else { return nil }
        // `onza de oro`, `ounce of gold`: the partitive before the word is not the name's.
        if name.count > 1, let partitive = name.last, words.meanings(partitive).contains(where: { $0.kind == .partitive }) {
            name = name.dropLast()
        }
        let head = Phrase.joined(name, folded: false)
        let bracketed = last.text.hasPrefix("(")
        for other in words.systems where other.value == said.value && other.language == said.language {
            // Words of a script without spaces join without one (`金衡制` `盎司`).
            let space = Self.holdsUnspacedLetter(Array(other.word.unicodeScalars)[...]) ? "" : " "
            // After the name as the phrase has it (`mpg (imp)`), or before it (`imperial gallon`).
            for text in [head + space + (bracketed ? "(" + other.word + ")" : other.word), other.word + space + head]
            where other.word != bare || !text.hasSuffix(bare) {
                let found = try database.candidates(for: text, folded: TextFolding.fold(text), preferring: languages, keyPrefix: key)
                if !found.units.isEmpty { return Found(units: found.units, language: found.language) }
            }
        }
        let found = try database.candidates(for: head, folded: TextFolding.fold(head), preferring: languages, keyPrefix: key)
        // The troy units are of no system of their own: only their names say
        // them, and a name that says it already agrees (`troy ounce of gold`,
        // `тройской унции золота`).
        guard said.value != 3 else {
            let agrees = name.contains { word in words.systems.contains { $0.word == word.folded && $0.value == said.value } }
            return agrees && !found.units.isEmpty ? Found(units: found.units, language: found.language) : nil
        }
        let systems: Set<MeasurementSystem> = said.value == 1 ? [.imperial, .uk] : [.us]
        let units = found.units.filter { systems.contains($0.system) }
        return units.isEmpty ? nil : Found(units: units, language: found.language)
    }

    /// `uk` of `(uk)`: a word without the brackets around it.
    static func withoutBrackets(_ folded: String) -> String {
        guard folded.hasPrefix("(") || folded.hasSuffix(")") else { return folded }
        var scalars = Substring(folded)
        if scalars.hasPrefix("(") { scalars = scalars.dropFirst() }
        if scalars.hasSuffix(")") { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
