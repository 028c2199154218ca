import UnitpackCore
import UnitpackSource

/// The normalised model the writers consume: ids resolved, conversions
/// evaluated, everything in its final order. Built only from sources that
/// passed the checks.
public struct CompiledModel: Sendable {
    public struct Category: Sendable, Hashable {
        /// Position by display order, 1-based. Not stable across regenerations:
        /// front ends store the key.
        public var id: Int
        public var key: String
        public var displayOrder: Int
        public var baseUnit: Int
        public var dimension: String
    }

    public struct Unit: Sendable, Hashable {
        public var id: Int
        public var category: String
        public var name: String
        public var symbols: [String]
        public var conversion: Conversion
        public var priority: Double
        public var system: SystemTag
        public var flags: UnitFlags
        /// `usages.tsv`: the usage the unit implies; empty for none.
        public var usage: String = ""
        public var key: String { UnitKey.make(category: category, name: name) }
    }

    /// A unit's words in one language.
    public struct UnitNames: Sendable, Hashable {
        public var unit: Int
        public var display: String
        public var forms: [PluralCategory: String]
        /// Localized symbols, the preferred first; empty: those of `units-src/`.
        public var symbols: [String]
        public var synonyms: [String]
        /// `patterns.tsv`: CLDR's pattern by form of `unit_words` (`long:one`, `short:other`).
        public var patterns: [String: String] = [:]
        /// Set when the build composed these words (`NameComposition`): how
        /// (`kilo absorbed-dose/gray`, `µg/h`), the text of the `composed`
        /// form of `unit_words`. Nil for a hand-written row.
        public var composedFrom: String? = nil
    }

    public struct Language: Sendable, Hashable {
        public var code: String
        /// `language.tsv` as read (name, status, number symbols, default
        /// patterns, numbering by region): the writer takes them as they are.
        public var settings: LanguageSettings
        public var plurals: PluralRules
        /// Sorted by unit id; a partial language leaves units out.
        public var names: [UnitNames]
        /// `words.tsv`: folded word, kind, value (nil for kinds without one).
        public var phraseWords: [PhraseWord] = []
        /// `cases.tsv`: the case forms that are not already a word of their
        /// unit in this language, one per (unit, folded form), sorted.
        public var caseForms: [CaseForm] = []
        /// `compounds.tsv`, sorted by key and form (the table's primary key),
        /// a unit in a form written as its id.
        public var compounds: [CompoundPattern] = []
        /// `keyboard.tsv`: the keyboard's letter rows, top to bottom.
        public var keyboardRows: [String] = []
        /// `transliteration.tsv`: (Latin, native) pairs, in file order.
        public var transliteration: [[String]] = []

        public var isComplete: Bool { settings.status.value == .complete }
    }

    /// A row of `compounds`: `gender` and `case` forms name their unit by id
    /// (`412`, `412/accusative/one`), the other keys' forms are as written.
    public struct CompoundPattern: Sendable, Hashable {
        public var key: CompoundPatternKey
        public var form: String
        public var pattern: String
    }

    /// A grammatical case form of a unit's name: a word to find the unit by.
    public struct CaseForm: Sendable, Hashable, Comparable {
        public var unit: Int
        public var text: String
        /// Set when the form's plural category holds one number
        /// (`PluralRules.soleNumber`): the form states it (Arabic `ميلين`, 2),
        /// and `unit_words` keeps it as form `case:<case>:<plural>`.
        public var countedAs: NameForm? = nil

        public static func < (a: CaseForm, b: CaseForm) -> Bool { (a.unit, a.text) < (b.unit, b.text) }
    }

    public struct PhraseWord: Sendable, Hashable {
        public var word: String
        public var kind: PhraseWordKind
        public var value: Double?
    }

    /// One unit of a preference list (`units-src/clusters.tsv`), for one
    /// region: a row naming several regions becomes one entry per region.
    public struct ClusterEntry: Sendable, Hashable {
        public var category: String
        public var usage: String
        public var region: String
        /// Whether the entry belongs to the completed list (the list as
        /// written and its completion rows, by threshold in the base unit)
        /// rather than to the list as written. Only lists with completions
        /// have a completed list.
        public var completed = false
        /// Position in the (category, usage, region, completed) list, from 0.
        public var rank: Int
        /// The unit, or a mixed unit's first (largest) part.
        public var unit: Int
        /// A mixed unit's other parts, largest first (`foot+inch`: inch's id);
        /// empty for a single unit.
        public var parts: [Int] = []
        public var atLeast: Double
    }

    /// A row of `units-src/relations.tsv` with its names resolved.
    public struct Relation: Sendable, Hashable {
        public var kind: RelationKind
        /// Unit ids (`difference`, `also`) or category ids (`same`).
        public var first: Int
        public var second: Int
        /// `same` only: base units of `second` in one base unit of `first`.
        public var factor: Double?
        /// `regional`: the regions; `everyday`: the languages (none for
        /// every language); in the source's order.
        public var regions: [String] = []
    }

    public var categories: [Category]
    /// Sorted by category, usage, region, rank.
    public var clusters: [ClusterEntry]
    /// Sorted by id.
    public var units: [Unit]
    /// Sorted by code.
    public var languages: [Language]
    /// Sorted by kind (its text), first, second: the table's primary key.
    public var relations: [Relation] = []
    /// Empty but in a slice: the words of units it leaves out that its own
    /// units could otherwise be read from (`DataSlice.leftOutNames`).
    public var leftOutNames: [LeftOutName] = []
    /// SHA-256 over every source file's relative path and bytes, in path order.
    public var sourceHash: String
}
