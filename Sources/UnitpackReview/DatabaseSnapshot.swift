import UnitpackCore
import UnitpackSQLite
import UnitpackStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a built database says, every column of every table read in
/// full (the bookkeeping columns, `crc`, the counts, the sizes and the
/// chain of name blocks, checked rather than shown): what `dump` renders and `diff`
/// compares. Read through the store's decoder (UnitpackStore), as the
/// runtime's tables are, but not through the runtime's reader, so that a
/// review sees the rows as written, not as a front end would use them.
public struct DatabaseSnapshot: Sendable, Equatable {
    public struct Language: Sendable, Equatable {
        public var code: String
        public var name: String
        public var complete: Bool
        public var decimalSeparator: String
        public var groupSeparator: String
        public var pluralRules: String
        public var primaryGrouping = 3
        public var secondaryGrouping = 3
        public var minimumGroupingDigits = 1
        public var minusSign = "-"
        /// `{0}` the number, `{1}` the word or symbol.
        public var longPattern = "{0} {1}"
        public var shortPattern = "{0} {1}"
        /// Empty, or CLDR's default numbering system (`arab`) and its digits and symbols.
        public var nativeNumbering = ""
        public var nativeDigits = ""
        public var nativeDecimal = ""
        public var nativeGroup = ""
        public var nativeMinus = ""
        /// `AE DZ EH LY MA TN`: the regions that write latn digits.
        public var latnRegions = ""
        /// `REGION:DECIMAL:GROUP` entries separated by a space.
        public var regionSeparators = ""
        /// `REGION:SIZES:MINIMUM` entries separated by a space (`IN:3,2:1`).
        public var regionGrouping = ""
    }

    public struct Category: Sendable, Equatable {
        public var key: String
        public var order: Int
        public var baseUnit: String
        public var dimension: String
    }

    /// A unit's words in one language.
    public struct Words: Sendable, Equatable {
        /// `display`, the plural categories in CLDR order, `symbol`: (form, text).
        public var forms: [Form] = []
        public var symbols: [String] = []
        public var synonyms: [String] = []
        /// Grammatical case forms (`cases.tsv`): `метрах`.
        public var cases: [String] = []

        public struct Form: Sendable, Equatable {
            public var form: String
            public var text: String
        }
    }

    public struct Unit: Sendable, Equatable {
        public var id: Int
        public var category: String
        public var name: String
        public var symbols: [String]
        public var factor: Double?
        public var toBase: String?
        public var fromBase: String?
        public var priority: Double
        public var system: String
        public var tier: Int
        public var isInverse: Bool
        /// The prefixes the unit takes (`units.flags`): `si`, `binary`, in that order.
        public var prefixes: [String] = []
        /// `units.usage`: the usage the unit implies; empty for none.
        public var usage: String = ""
        /// By language code, in code order.
        public var words: [(language: String, words: Words)]
        /// The preference lists the unit is in, or is the first part of a mixed
        /// unit of: `default US #2, at least 10`, `person-height US #2
        /// foot+inch, at least 3`; by usage, region and rank.
        public var clusters: [String] = []

        public var key: String { UnitKey.make(category: category, name: name) }

        public static func == (a: Unit, b: Unit) -> Bool {
            a.id == b.id && a.category == b.category && a.name == b.name && a.symbols == b.symbols
                && a.factor == b.factor && a.toBase == b.toBase && a.fromBase == b.fromBase
                && a.priority == b.priority && a.system == b.system && a.tier == b.tier && a.isInverse == b.isInverse
                && a.prefixes == b.prefixes
                && a.clusters == b.clusters && a.usage == b.usage
                && a.words.elementsEqual(b.words) { $0.language == $1.language && $0.words == $1.words }
        }
    }

    /// A row of `relations`, by keys rather than ids (category ids change
    /// with every regeneration).
    public struct Relation: Sendable, Equatable {
        public var kind: String
        /// Unit keys (`difference`, `also`) or category keys (`same`).
        public var first: String
        public var second: String
        public var factor: Double?
        /// `regional`: its regions, separated by one space; empty otherwise.
        public var regions: String = ""

        /// `same rotation-speed -> frequency`: what identifies the row.
        public var pair: String { "\(kind) \(first) -> \(second)" }
    }

    /// A row of `compounds`, a unit id in a form written as the unit's key
    /// (`length/meter`, `volume/liter/accusative/one`), as the source has it.
    public struct Compound: Sendable, Hashable {
        public var language: String
        public var key: String
        public var form: String
        public var pattern: String

        /// `ru per -`: what identifies the row.
        public var name: String { "\(language) \(key) \(form)" }
    }

    /// A row of `phrase_words`: a number, marker or filler word of a language.
    public struct PhraseWord: Sendable, Hashable {
        public var language: String
        /// Folded, as stored.
        public var word: String
        /// `number`, `multiplier`, `marker`, ... (`PhraseWordKind`).
        public var kind: String
        /// For the kinds that carry one; nil for the others.
        public var value: Double?

        /// `ru number "два"`: what identifies the row.
        public var name: String { "\(language) \(kind) \(Dump.quoted(word))" }
    }

    /// A row of `left_out_names`: a word a slice leaves out, and a unit of
    /// the whole data that it names.
    public struct LeftOutName: Sendable, Hashable {
        /// Folded, as stored.
        public var word: String
        /// `category/name`.
        public var unitKey: String

        /// `"ft" length/foot`: what identifies the row.
        public var pair: String { "\(Dump.quoted(word)) \(unitKey)" }
    }

    public var path: String
    public var formatVersion: Int
    /// `meta.source_hash`: not part of equality (or of the dump), which
    /// compare what the data says; read to check a generation's manifest.
    public var sourceHash = ""
    public var languages: [Language]
    /// In display order.
    public var categories: [Category]
    /// In category display order, then by id.
    public var units: [Unit]
    /// Sorted by kind, first, second (as text).
    public var relations: [Relation] = []
    /// Sorted by language, key, form.
    public var compounds: [Compound] = []
    /// Sorted by language, kind, word.
    public var phraseWords: [PhraseWord] = []
    /// Sorted by word, unit key.
    public var leftOutNames: [LeftOutName] = []

    public static func == (a: DatabaseSnapshot, b: DatabaseSnapshot) -> Bool {
        a.formatVersion == b.formatVersion && a.languages == b.languages && a.categories == b.categories
            && a.units == b.units && a.relations == b.relations && a.compounds == b.compounds
            && a.phraseWords == b.phraseWords && a.leftOutNames == b.leftOutNames
    }

    static let formOrder = ["display", "zero", "one", "two", "few", "many", "other", "symbol"]

    /// Reads `path`: a `dist/` directory (the database its `manifest.tsv`
    /// names) or a database file. Checks that it is a unitpack database of
    /// this format and that SQLite finds no damage.
    public static func read(_ path: String) throws(ReviewError) -> DatabaseSnapshot {
        var file = path
        var generation: Generation?
        var status = stat()
        guard stat(path, &status) == 0 else { throw .notFound(path: path) }
        if status.st_mode & S_IFMT == S_IFDIR {
            do {
                generation = try Generation.read(directory: path)
                file = try generation!.path(of: DatabaseFormat.fileName)
            } catch {
                throw .generation(error)
            }
            guard stat(file, &status) == 0 else { throw .notFound(path: file) }
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notFound(path: file) }
        do {
            let snapshot = try readRows(file)
            // As every reader of a directory: another build's database under
            // the manifest's name is refused, not dumped or compared.
            if let generation,
                let first = generation.mismatches(
                    database: file, sourceHash: snapshot.sourceHash, languages: snapshot.languages.map(\.code),
                    categories: { () throws(Never) in snapshot.categories.map(\.key) }
                ).first
            {
                throw ReviewError.generation(first)
            }
            return snapshot
        } catch let error as ReviewError {
            throw error
        } catch let error as SQLiteError {
            switch error.primaryCode {
            case 26: throw .notAUnitDatabase(path: file)  // SQLITE_NOTADB
            default: throw .corrupt(path: file, detail: error.message)
            }
        } catch {
            throw .corrupt(path: file, detail: "\(error)")
        }
    }
}
