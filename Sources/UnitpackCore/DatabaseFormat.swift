/// Constants of the database format (`docs/database.md`). Every number that a
/// reader and the writer must agree on lives here.
public enum DatabaseFormat {
    /// Written to `PRAGMA user_version` and to `meta.format_version`. A reader
    /// refuses any other value. Bump it on every incompatible schema change.
    public static let version: Int32 = 4
    /// `PRAGMA application_id`: "UNPK", so `file(1)`-like tools and readers can
    /// tell a unitpack database from any other SQLite file.
    public static let applicationID: Int32 = 0x554E_504B
    /// The file name inside a `dist/` directory.
    public static let fileName = "units.sqlite"
    /// Page size chosen for size: every table and index takes at least one
    /// page, so small pages keep a small database small (the repository's data:
    /// 21 KB at 1024 against 45 KB at 4096), while lookups stay a few page
    /// reads deep. Measured by `Scripts/bench`.
    public static let pageSize = 1024
}

/// Bits of `units.flags`.
public struct UnitFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The unit's value grows as the quantity falls (`^` in the source).
    public static let inverse = UnitFlags(rawValue: 1 << 0)
    /// The unit is converted by a formula pair rather than a coefficient.
    public static let formula = UnitFlags(rawValue: 1 << 1)
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
}

/// `unit_names.form`: which word of a unit in a language.
public enum NameForm: Sendable, Hashable {
    /// The name in menus.
    case display
    /// The form after a number of this plural category.
    case plural(PluralCategory)
    /// The preferred localized symbol.
    case symbol

    public var rawValue: String {
        switch self {
        case .display: "display"
        case .plural(let category): category.rawValue
        case .symbol: "symbol"
        }
    }

    public init?(rawValue: String) {
        switch rawValue {
        case "display": self = .display
        case "symbol": self = .symbol
        default:
            guard let category = PluralCategory(rawValue: rawValue) else { return nil }
            self = .plural(category)
        }
    }
}
