/// Constants of the database format (`docs/database.md`). Every number that a
/// reader and the writer must agree on lives here.
public enum DatabaseFormat {
    /// Written to `PRAGMA user_version` and to `meta.format_version`. A reader
    /// refuses any other value. Bump it on every incompatible schema change.
    public static let version: Int32 = 15
    /// `PRAGMA application_id`: "UNPK", so `file(1)`-like tools and readers can
    /// tell a unitpack database from any other SQLite file.
    public static let applicationID: Int32 = 0x554E_504B
    /// The file name inside a `dist/` directory.
    public static let fileName = "units.sqlite"
    /// Page size chosen for the page cache: a lookup reads a few pages of each
    /// b-tree it walks, and at 1 KiB a budget of 64-256 KiB holds four times
    /// as many of them as at 4 KiB. (Chosen first for size, when the data was
    /// small: 21 KB at 1024 against 45 KB at 4096. On 2026-11-26, with twelve
    /// languages, the repository's database is 3,503,104 bytes at 1024 and
    /// 3,403,776 at 4096, measured by `VACUUM INTO` with each page size: the
    /// larger pages would save 2.8%. In format 13, with blocks of names of
    /// 4,000 bytes, 1,363,968 bytes at 1024 against 1,280,000 at 2048 and
    /// 1,208,320 at 4096 (blocks of 8,000 bytes): 6% and 11%; the 1.5 MiB
    /// goal of issue 38 is met at 1024, and larger blocks cost the object
    /// cache (docs/database.md, "name_blocks").)
    public static let pageSize = 1024

    /// Every table's columns in table order, the `crc` column that ends each
    /// row left out: the order the row checksum encodes them in
    /// (docs/database.md, "Row checksums"). The writer creates the tables
    /// with these columns and then `crc`; readers select them in this order.
    public static let tables: [(name: String, columns: [String])] = [
        ("meta", ["key", "value"]),
        ("categories", ["id", "key", "display_order", "base_unit", "dimension", "cluster_rows"]),
        ("units", ["id", "category", "name", "symbols", "factor", "to_base", "from_base", "priority", "system", "tier", "flags", "usage"]),
        ("name_blocks", ["block", "first", "next", "size", "entries"]),
        (
            "languages",
            [
                "code", "name", "complete", "decimal_separator", "group_separator", "primary_grouping",
                "secondary_grouping", "minimum_grouping_digits", "plural_rules", "phrase_word_lines",
                "compound_rows", "minus_sign", "long_pattern", "short_pattern", "native_numbering", "native_digits",
                "native_decimal", "native_group", "native_minus", "latn_regions", "region_separators",
                "region_grouping", "prefix_words",
            ]
        ),
        ("unit_words", ["first", "last", "size", "words"]),
        ("clusters", ["category", "usage", "region", "completed", "rank", "unit", "at_least", "parts"]),
        ("phrase_words", ["lang", "words"]),
        ("relations", ["kind", "first", "second", "factor", "regions", "first_category", "second_category"]),
        ("compounds", ["lang", "key", "form", "pattern"]),
        ("left_out_names", ["folded", "unit_key"]),
    ]

    /// How many of `table`'s first columns make its primary key. A reader
    /// that reads several rows in one query refuses a key read twice: a
    /// damaged cell pointer can show one row in place of another, each
    /// matching its checksum, and a count of rows would not notice.
    public static let primaryKeyColumns: [String: Int] = Dictionary(
        uniqueKeysWithValues: tables.compactMap { table in primaryKeyColumnCount(of: table.name).map { (table.name, $0) } })

    /// `primaryKeyColumns[table]`, found without the Dictionary: each row
    /// a reader checks asks it, and the first open of a process would
    /// instantiate a Dictionary's generic metadata for it.
    public static func primaryKeyColumnCount(of table: String) -> Int? {
        switch table {
        case "clusters": 5
        case "relations", "compounds": 3
        case "left_out_names": 2
        case "meta", "categories", "units", "name_blocks", "languages", "unit_words", "phrase_words": 1
        default: nil
        }
    }

    /// The columns of `table`, without `crc`.
    public static func columns(of table: String) -> [String] {
        tables.first { $0.name == table }?.columns ?? []
    }

    /// `a.c1, a.c2, ..., a.crc`: the columns of `table` and its checksum, for
    /// a SELECT that reads the table under the alias `alias`.
    public static func selectList(of table: String, as alias: String? = nil) -> String {
        guard let alias else {
            guard let index = tables.firstIndex(where: { $0.name == table }) else { return "crc" }
            return plainSelectLists[index]
        }
        return (columns(of: table) + ["crc"]).map { alias + "." + $0 }.joined(separator: ", ")
    }

    /// `selectList(of:)` of each table (in `tables`' order), joined once: a
    /// parse after `purge()` prepares a score of statements, and joining
    /// their lists again took as many instructions as SQLite's parse of half
    /// of them. Appended in a loop, in an array: `joined(separator:)` and a
    /// `Dictionary` of Strings made the first open of a process build them
    /// with 240,000 instructions, most of it the generic code's first use.
    private static let plainSelectLists: [String] = tables.map { table in
        var list = ""
        for column in table.columns {
            list += column
            list += ", "
        }
        list += "crc"
        return list
    }

    /// The key of `meta` that counts the names of `name_blocks` (the lines
    /// of their texts), which `verify` checks.
    public static let nameCountKey = "name_count"

    /// The key of `meta` that lists the codes of `languages`, in byte
    /// order, separated by one space: an open compares the manifest's
    /// languages with it, where reading and checking the dozen rows of
    /// `languages` was a third of an open (issue 38).
    public static let languagesKey = "languages"

    /// The keys of `meta` that count a table's rows, by table: a reader that
    /// reads a whole table checks that it found that many.
    public static let rowCountKeys: [(table: String, key: String)] = [
        ("units", "unit_count"), ("categories", "category_count"), ("languages", "language_count"),
        ("name_blocks", "name_block_count"), ("unit_words", "unit_word_count"), ("clusters", "cluster_count"),
        ("phrase_words", "phrase_word_count"), ("relations", "relation_count"), ("compounds", "compound_count"),
        ("left_out_names", "left_out_name_count"),
    ]
}

/// Bits of `units.flags`.
public struct UnitFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The unit's value grows as the quantity falls (`^` in the source).
    public static let inverse = UnitFlags(rawValue: 1 << 0)
    /// The unit is converted by a formula pair rather than a coefficient.
    public static let formula = UnitFlags(rawValue: 1 << 1)
    /// The unit takes SI prefixes (`si` in column 6 of its row): `km`, `kilometer`.
    public static let siPrefixes = UnitFlags(rawValue: 1 << 2)
    /// The unit takes binary prefixes (`binary`): `KiB`, `kibibyte`.
    public static let binaryPrefixes = UnitFlags(rawValue: 1 << 3)
    /// Never stored: a unit the runtime made of an expression (`lbf·ft`),
    /// not read from a row; `DatabaseSanity.isValidFlags` refuses it in a file.
    public static let expression = UnitFlags(rawValue: 1 << 15)
}

/// `names.kind`: what a lookup string is.
public enum NameKind: Int, Sendable, Hashable {
    case name = 0
    case symbol = 1
    /// Another word for the unit (`locales/<lang>/*.tsv`, column `synonyms`).
    case synonym = 2
    /// A grammatical case form of the unit's name (`locales/<lang>/cases.tsv`:
    /// `метрах`, `Metern`), read like a name.
    case caseForm = 3
    /// A word the build composed from the language's patterns for a unit
    /// the language does not name by hand (`kilogrammes par mètre cube`):
    /// the display name and plural forms of its `unit_words`.
    case composed = 4
    /// A word of kind 0 to 4 filed under its key without the accents of its
    /// Latin letters (`TextFolding.withoutAccents`: `metros cubicos` for
    /// `metros cúbicos`), with the word as written in `text`; the build
    /// writes one only where no other word has that key and it names one
    /// unit. A reader that finds a key only in such rows reads the word as
    /// a guess (the phrase reader shows it as a correction), never as typed.
    case withoutAccents = 5
}

/// A form of `unit_words` (docs/database.md): which word of a unit in a language.
public enum NameForm: Sendable, Hashable {
    /// The name in menus.
    case display
    /// The form after a number of this plural category.
    case plural(PluralCategory)
    /// The preferred localized symbol.
    case symbol
    /// CLDR's pattern of the long (`long:one`) or short (`short:other`) form
    /// of this plural category, where it is not the language's default
    /// pattern with the word (`patterns.tsv`).
    case pattern(isShort: Bool, PluralCategory)
    /// Present when the build composed the unit's words in the language
    /// (no hand-written row): how, as its text (`kilo absorbed-dose/gray`,
    /// `µg/h`).
    case composed
    /// A grammatical case form (`cases.tsv`) of a plural category that holds
    /// one number (`PluralRules.soleNumber`): the form states that count, as
    /// the plural form does (`case:oblique:two`, Arabic `ميلين`, two miles).
    /// Forms of other categories are only `names` rows of kind `caseForm`.
    case countedCase(String, PluralCategory)

    public var rawValue: String {
        switch self {
        case .display: "display"
        case .plural(let category): category.rawValue
        case .symbol: "symbol"
        case .pattern(let isShort, let category): (isShort ? "short:" : "long:") + category.rawValue
        case .composed: "composed"
        case .countedCase(let grammaticalCase, let category): "case:" + grammaticalCase + ":" + category.rawValue
        }
    }

    public init?(rawValue: String) {
        switch rawValue {
        case "display": self = .display
        case "symbol": self = .symbol
        case "composed": self = .composed
        default:
            if rawValue.hasPrefix("case:") {
                let parts = rawValue.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 3, !parts[1].isEmpty, let category = PluralCategory(rawValue: String(parts[2])) else { return nil }
                self = .countedCase(String(parts[1]), category)
                return
            }
            for (prefix, isShort) in [("long:", false), ("short:", true)] where rawValue.hasPrefix(prefix) {
                guard let category = PluralCategory(rawValue: String(rawValue.dropFirst(prefix.count))) else { return nil }
                self = .pattern(isShort: isShort, category)
                return
            }
            guard let category = PluralCategory(rawValue: rawValue) else { return nil }
            self = .plural(category)
        }
    }
}
