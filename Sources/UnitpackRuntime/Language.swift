import UnitpackCore

/// A language of the database: how it writes numbers and picks plural forms.
public struct Language: Sendable, Hashable {
    /// The BCP 47 tag (`en`, `ru`, `pt-BR`).
    public let code: String
    /// Its name in itself (`русский`).
    public let name: String
    /// Every unit is named; otherwise missing names fall back to English.
    public let isComplete: Bool
    public let numbers: NumberSymbols
    public let plurals: PluralRules

    /// The plural category of a number as it is shown.
    public func pluralCategory(of number: LocalizedNumber) -> PluralCategory {
        guard let operands = PluralOperands(number.pluralText) else { return .other }
        return plurals.category(for: operands)
    }
}

/// A unit's words in one language.
public struct LocalizedNames: Sendable, Hashable {
    /// The language the words are in: the one asked for, or English when a
    /// partial language does not name the unit.
    public let language: String
    /// For menus and lists.
    public let display: String
    /// The word after a number, by plural category.
    public let forms: [PluralCategory: String]
    /// The preferred symbol in this language.
    public let symbol: String
    /// Set when the build composed these words from the language's patterns
    /// (no hand-written name): how (`kilo absorbed-dose/gray`, `µg/h`).
    public var composedFrom: String? = nil

    /// The form for `category`, or `other` (always present) when a partial set
    /// of forms lacks it.
    public func form(for category: PluralCategory) -> String {
        forms[category] ?? forms[.other] ?? display
    }
}

/// A value with its unit, written for people.
public struct FormattedQuantity: Sendable, Hashable {
    /// The number alone: `1 234,5`.
    public let number: String
    /// With the unit's word: `1 234,5 метра`.
    public let long: String
    /// With the unit's symbol: `1 234,5 м`.
    public let short: String
    /// The category that chose the word.
    public let pluralCategory: PluralCategory
    /// The language of the word (English when the asked language lacks it).
    public let nameLanguage: String
}

struct NamesKey: Hashable {
    var unit: UnitID
    var language: String
}
