import UnitpackCore

/// `locales/<lang>/language.tsv`, parsed. Fields that failed to parse were
/// reported by the reader and hold their defaults.
public struct LanguageSettings: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Every unit must be named.
        case complete
        /// Units without names fall back to English.
        case partial
    }

    public var name: String
    public var status: Located<Status>
    /// The `latn` symbols (`decimal`, `group`, `minus`, grouping).
    public var numbers: NumberSymbols
    /// `long-pattern`, `short-pattern`: `{0}` the number, `{1}` the word.
    public var longPattern: String = "{0} {1}"
    public var shortPattern: String = "{0} {1}"
    /// `numbering` and `native-*`: the language's default numbering system
    /// where it is not latn (`arab`), with its symbols and digits; empty name: none.
    public var nativeSystem: String = ""
    public var nativeNumbers: NumberSymbols?
    /// `latn-regions`: the regions where latn is the default all the same.
    public var latnRegions: [String] = []
    /// `region-separators`: the latn decimal and group separators of the
    /// regions whose CLDR locale writes them otherwise (`MA`: `,` and `.`;
    /// `CH` in German: `.` and `’`), by region.
    public var regionSeparators: [String: RegionSeparators] = [:]
    /// `region-grouping`: the group sizes and minimum grouping digits of the
    /// regions whose CLDR locale groups otherwise (`IN` in English: 3 then 2).
    public var regionGrouping: [String: RegionGrouping] = [:]
}

/// A row of `locales/<lang>/<category>.tsv`. Empty cells were reported by the
/// reader and are absent here.
public struct NameRow: Sendable, Hashable {
    /// The unit's name in `units-src/<category>.tsv`.
    public var unit: Located<String>
    public var display: Located<String>?
    public var forms: [PluralCategory: Located<String>]
    public var symbols: [Located<String>]
    public var synonyms: [Located<String>]
    public var location: SourceLocation

    /// Every word of the row that search and phrase parsing will match:
    /// display name, forms, synonyms (not symbols, which compare exactly).
    public var words: [Located<String>] {
        // Built in place: the checks and the composer ask every row for its
        // words several times, and joined arrays made three on each ask.
        var words: [Located<String>] = []
        words.reserveCapacity(1 + forms.count + synonyms.count)
        if let display { words.append(display) }
        if !forms.isEmpty {
            for category in PluralCategory.allCases {
                if let form = forms[category] { words.append(form) }
            }
        }
        words.append(contentsOf: synonyms)
        return words
    }
}

/// One `locales/<lang>/<category>.tsv`.
public struct NameFile: Sendable, Hashable {
    public var category: String
    public var path: String
    /// The plural categories the header gives columns to.
    public var formColumns: [PluralCategory]
    public var rows: [NameRow]
    /// False when the header could not be read: its rows were skipped, and
    /// the completeness check must not report their units again.
    public var isReadable: Bool
    /// True when the file has no line but blanks and comments: no header and
    /// no rows. Such a file is read without error, so a complete language
    /// would silently name none of the category's units (E723).
    public var isEmpty: Bool = false
}

/// One `locales/<lang>/` directory.
public struct LanguageSource: Sendable {
    /// The BCP 47 tag: the directory's name.
    public var code: String
    public var directory: String
    /// Nil when `language.tsv` is missing or unusable (reported).
    public var settings: LanguageSettings?
    public var settingsPath: String
    /// Nil when `plurals.txt` is missing or has errors (reported).
    public var plurals: PluralRules?
    public var pluralsPath: String
    /// By category key.
    public var nameFiles: [NameFile]
    /// `words.tsv`: number words and marker words, in file order (empty without the file).
    public var phraseWords: [PhraseWordRow] = []
    /// `cases.tsv`: grammatical case forms, in file order (empty without the file).
    public var caseForms: [CaseFormRow] = []
    public var caseFormsPath: String { directory + "/" + CaseFormParser.fileName }
    /// `compounds.tsv`: the patterns of compound units' names, in file order (empty without the file).
    public var compoundPatterns: [CompoundPatternRow] = []
    /// `patterns.tsv`: CLDR's unit patterns where they are not the default, in file order.
    public var unitPatterns: [UnitPatternRow] = []
    /// `keyboard.tsv` and `transliteration.tsv` (the search's query rewriting).
    public var queryRewrite = QueryRewriteSource()

    public var isComplete: Bool { settings?.status.value == .complete }
}
