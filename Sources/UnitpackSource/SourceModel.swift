import UnitpackCore

/// A value read from a source file, with where it was read.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A row of `units-src/categories.tsv`. Fields that failed to parse are nil;
/// their diagnostics were reported by the reader.
public struct CategoryRow: Sendable, Hashable {
    public var key: Located<String>
    public var order: Located<Int>?
    public var baseUnitName: Located<String>
    public var dimension: Located<String>
    public var location: SourceLocation
}

/// How a unit converts to its category's base unit.
public enum UnitDefinition: Sendable, Hashable {
    /// `base = X × coefficient` (or `coefficient / X` for an inverse unit).
    case coefficient(Located<Formula>)
    /// `base = toBase(X)`, `X = fromBase(base)`.
    case formulae(toBase: Located<Formula>, fromBase: Located<Formula>)
}

/// A row of a category file. Fields that failed to parse are nil; their
/// diagnostics were reported by the reader, and the checks skip them.
public struct UnitRow: Sendable, Hashable {
    public var category: String
    public var name: Located<String>
    /// `^` before the name: the value grows as the quantity falls.
    public var isInverse: Bool
    public var symbols: [Located<String>]
    public var definition: UnitDefinition?
    public var priority: Located<Double>?
    public var system: Located<SystemTag>?
    /// The kinds of prefixes the unit takes (column 6; empty: none).
    public var prefixes: [Located<UnitPrefix.Kind>] = []
    /// The start of the row.
    public var location: SourceLocation

    /// `category/name`, the key the id registry and the database use.
    public var key: String { UnitKey.make(category: category, name: name.value) }
}

/// A line of `units-src/ids.tsv`.
public struct IDRow: Sendable, Hashable {
    public var id: Located<Int>
    public var category: String
    public var name: String
    public var isRetired: Bool
    public var location: SourceLocation
    public var key: String { UnitKey.make(category: category, name: name) }
}

/// The files of one category.
public struct CategoryFile: Sendable, Hashable {
    public var key: String
    public var path: String
    public var units: [UnitRow]
}

/// Everything read from a source directory, in a stable order (files by name,
/// rows by line), plus what went wrong while reading.
public struct SourceTree: Sendable {
    public var categories: [CategoryRow] = []
    public var categoryFiles: [CategoryFile] = []
    public var ids: [IDRow] = []
    /// The path of the id registry, for diagnostics about it as a whole.
    public var idsPath: String = ""
    public var categoriesPath: String = ""
    /// One per directory of `locales/`, by code.
    public var languages: [LanguageSource] = []
    public var localesPath: String = ""
    /// `units-src/clusters.tsv`: preference lists, in file order (empty without the file).
    public var clusters: [ClusterRow] = []
    public var clustersPath: String = ""
    /// Whether `clusters.tsv` exists: without it the tree has no preferred
    /// units, and the checks do not ask for them.
    public var hasClustersFile = false
    /// `units-src/usages.tsv`: the usage each unit implies, in file order
    /// (empty without the file).
    public var usages: [UsageRow] = []
    public var usagesPath: String = ""
    /// `units-src/relations.tsv`: related units and categories, in file order
    /// (empty without the file).
    public var relations: [RelationRow] = []
    public var relationsPath: String = ""
    /// The artifacts' size budgets (`budgets.tsv`; empty without one).
    public var budgets: [ArtifactBudget] = []
    public var budgetsPath: String = ""
    /// Reading diagnostics (syntax); the checks add the semantic ones.
    public var diagnostics: [Diagnostic] = []
    /// Every file read, with its bytes, in path order: the build hashes them.
    public var files: [(path: String, bytes: [UInt8])] = []

    public init() {}

    public var units: [UnitRow] { categoryFiles.flatMap(\.units) }
}
