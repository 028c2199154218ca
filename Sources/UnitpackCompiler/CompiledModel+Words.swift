import UnitpackCore

extension CompiledModel {
    /// A word a unit is found by: what `names` holds a row for.
    public struct Word: Sendable, Hashable {
        public var unit: Int
        /// Language code; "" for the symbols of `units-src/`, which belong to every language.
        public var language: String
        public var text: String
    }

    /// Every word the model gives its units: the English names and symbols
    /// of `units-src/`, and each language's display names, plural forms,
    /// symbols, synonyms and case forms. The `names` table holds these,
    /// folded (`TextFolding.fold`).
    public var words: [Word] {
        var words: [Word] = []
        for unit in units {
            words.append(Word(unit: unit.id, language: "en", text: unit.name))
            for symbol in unit.symbols + unit.compatibilitySymbols { words.append(Word(unit: unit.id, language: "", text: symbol)) }
        }
        for language in languages {
            for names in language.names {
                for text in [names.display] + PluralCategory.allCases.compactMap({ names.forms[$0] }) + names.symbols + names.synonyms {
                    words.append(Word(unit: names.unit, language: language.code, text: text))
                }
            }
            for form in language.caseForms { words.append(Word(unit: form.unit, language: language.code, text: form.text)) }
        }
        return words
    }

    /// A word of a unit a slice leaves out, kept so that the slice refuses
    /// it rather than read it as something else (`left_out_names`).
    public struct LeftOutName: Sendable, Hashable, Comparable {
        /// The word, folded (`TextFolding.fold`), as `names.folded`.
        public var folded: String
        /// The left-out unit's key, `category/name`.
        public var unitKey: String

        public static func < (a: LeftOutName, b: LeftOutName) -> Bool { (a.folded, a.unitKey) < (b.folded, b.unitKey) }
    }
}
