import UnitpackCore

/// A language of the database: how it writes numbers and picks plural forms.
public struct Language: Sendable, Hashable {
    /// The BCP 47 tag (`en`, `ru`, `pt-BR`).
    public let code: String
    /// Its name in itself (`русский`).
    public let name: String
    /// Every unit is named; otherwise missing names fall back to English.
    public let isComplete: Bool
    /// The symbols of the numbering system chosen for the tag asked for:
    /// `arab` for `ar` and `ar-EG`, `latn` for `ar-MA` (see `numbering`).
    public let numbers: NumberSymbols
    /// The language's CLDR plural rules (`locales/<lang>/plurals.txt`).
    public let plurals: PluralRules
    /// CLDR's default numbering system of the language and region (`latn`, `arab`).
    public let numberingSystem: String
    /// A unit's long form where `patterns.tsv` has none: `{0}` the number,
    /// `{1}` the word (`{0} {1}`; `{0}\u{A0}{1}` in French, `{0}{1}` in Chinese).
    public let longPattern: String
    /// The same for the short form, `{1}` the symbol.
    public let shortPattern: String
    /// The language's numbering systems as stored: needed to pick one for
    /// another region of the same language.
    public let numbering: Numbering

    /// The numbering systems of a language: `latn` and, where CLDR makes another
    /// the language's default (`arab` in Arabic), that one and the regions that
    /// keep `latn` (`MA`, `DZ`, `TN`...).
    public struct Numbering: Sendable, Hashable {
        /// The symbols of ASCII digits (`latn`) in this language.
        public var latn: NumberSymbols
        /// The language's own system where it is not `latn` (`arab` in
        /// Arabic); nil: the language writes `latn` digits everywhere.
        public var native: NumberingSystem? {
            nativeSystem.isEmpty ? nil : NumberingSystem(name: nativeSystem, symbols: nativeSymbols)
        }
        /// CLDR's name of the language's own numbering system (`arab`); empty when it is `latn`.
        public var nativeSystem: String
        /// The symbols of the language's own system (`latn`'s when it has none).
        public var nativeSymbols: NumberSymbols
        /// Regions (`MA`, upper case) where the default is `latn` though the language's is `native`.
        public var latnRegions: [String]
        /// The latn separators of regions that write them otherwise (`de-CH`: `’`).
        public var regionSeparators: [String: RegionSeparators] = [:]
        /// The grouping of regions that group otherwise (`en-IN`: 3 then 2; `es-MX`: from 4 digits).
        public var regionGrouping: [String: RegionGrouping] = [:]

        /// Whether a region may write numbers otherwise than the language.
        public var dependsOnRegion: Bool { native != nil || !regionSeparators.isEmpty || !regionGrouping.isEmpty }

        /// Numbering: `latn`'s symbols, the language's own system and its symbols
        /// (none by default) and the regions that keep `latn` though the language does not.
        public init(latn: NumberSymbols, nativeSystem: String = "", nativeSymbols: NumberSymbols? = nil, latnRegions: [String] = []) {
            self.latn = latn
            self.nativeSystem = nativeSystem
            self.nativeSymbols = nativeSymbols ?? latn
            self.latnRegions = latnRegions
        }

        /// The system and symbols CLDR uses by default in `region` (nil: the language's own default).
        public func system(forRegion region: String?) -> NumberingSystem {
            var latn = self.latn
            if let region, let separators = regionSeparators[region] {
                latn.decimal = separators.decimal
                latn.group = separators.group
            }
            // CLDR's decimal pattern of the region (`#,##,##0.###` in en_IN),
            // which no Arabic region changes, so latn's alone.
            if let region, let grouping = regionGrouping[region] {
                latn.primaryGrouping = grouping.primary
                latn.secondaryGrouping = grouping.secondary
                latn.minimumGroupingDigits = grouping.minimum
            }
            guard let native else { return NumberingSystem(name: "latn", symbols: latn) }
            if let region, latnRegions.contains(region) { return NumberingSystem(name: "latn", symbols: latn) }
            return native
        }
    }

    /// A language: its code and name, whether every unit has its names, its plural
    /// rules and numbering, CLDR's long and short unit patterns, and the region
    /// whose numbering system it writes (nil: the language's default).
    public init(
        code: String, name: String, isComplete: Bool, plurals: PluralRules, numbering: Numbering,
        longPattern: String = "{0} {1}", shortPattern: String = "{0} {1}", region: String? = nil
    ) {
        self.code = code
        self.name = name
        self.isComplete = isComplete
        self.plurals = plurals
        self.numbering = numbering
        self.longPattern = longPattern
        self.shortPattern = shortPattern
        let chosen = numbering.system(forRegion: region)
        self.numberingSystem = chosen.name
        self.numbers = chosen.symbols
    }

    /// This language as written in `region` (upper case, `EG`): its numbering system may differ.
    public func inRegion(_ region: String?) -> Language {
        Language(
            code: code, name: name, isComplete: isComplete, plurals: plurals, numbering: numbering,
            longPattern: longPattern, shortPattern: shortPattern, region: region)
    }

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
    /// CLDR's patterns where the language's default pattern with the word
    /// would differ (`patterns.tsv`): `時速 {0} キロメートル`, `متر` (no number).
    public let patterns: [PatternKey: String]

    /// The key of a unit pattern: long or short, and the plural category.
    public struct PatternKey: Sendable, Hashable {
        /// Whether the pattern is the short (symbol) one.
        public var isShort: Bool
        /// The plural category the pattern is for.
        public var category: PluralCategory
        /// A key of a pattern: short or long, and a plural category.
        public init(isShort: Bool, category: PluralCategory) {
            self.isShort = isShort
            self.category = category
        }
    }

    /// False when the unit has no symbol (`century`) and `symbol` repeats
    /// the display name: a symbol may equal its display name (zh `ppm`),
    /// so the two strings cannot tell which it is.
    public var hasSymbol: Bool

    /// Set when the build composed these words from the language's patterns
    /// (no hand-written name): how (`kilo absorbed-dose/gray`, `µg/h`).
    public var composedFrom: String? = nil

    /// Case forms of plural categories that hold one number (Arabic `two`:
    /// the oblique dual `ميلين`), which state that count as the plural forms
    /// do (`unit_words` forms `case:<case>:<plural>`).
    public var countedCaseForms: [PluralCategory: [String]] = [:]

    /// Names of a unit in `language`: its display name, its word in each plural
    /// category, its symbol, and CLDR's patterns where the language has them.
    public init(
        language: String, display: String, forms: [PluralCategory: String], symbol: String,
        patterns: [PatternKey: String] = [:], composedFrom: String? = nil
    ) {
        self.language = language
        self.display = display
        self.forms = forms
        self.symbol = symbol
        self.patterns = patterns
        self.composedFrom = composedFrom
        self.hasSymbol = symbol != display
    }

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

/// A numbering system of a language: CLDR's name (`latn`, `arab`, `beng`)
/// and the symbols a number is written with in it.
public struct NumberingSystem: Sendable, Hashable {
    /// CLDR's name of the system (`latn`, `arab`).
    public var name: String
    /// The digits, separators and signs of the system.
    public var symbols: NumberSymbols

    /// A numbering system by CLDR's name and its symbols.
    public init(name: String, symbols: NumberSymbols) {
        self.name = name
        self.symbols = symbols
    }
}
