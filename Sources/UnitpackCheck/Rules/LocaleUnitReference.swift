import UnitpackCore
import UnitpackSource

/// A row of a locale file that names a unit by its category and its name
/// (`cases.tsv`, `patterns.tsv`): both must exist in `units-src/`, each
/// refused at its own cell with the closest key as a hint (E711, E712).
enum LocaleUnitReference {
    /// The unit names of each category of `units-src/`, what `exists` looks in.
    static func unitsByCategory(_ tree: SourceTree) -> [String: Set<String>] {
        Dictionary(tree.categoryFiles.map { ($0.key, Set($0.units.map(\.name.value))) }, uniquingKeysWith: { a, _ in a })
    }

    /// Whether `category`/`unit` is a unit of `units-src/`; otherwise the
    /// located diagnostic is appended.
    static func exists(
        category: Located<String>, unit: Located<String>, in unitsByCategory: [String: Set<String>],
        diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard let units = unitsByCategory[category.value] else {
            diagnostics.append(
                unknownCategory(
                    category.value, at: category.location, among: unitsByCategory,
                    hint: "the first column is a category of units-src/categories.tsv"))
            return false
        }
        guard units.contains(unit.value) else {
            diagnostics.append(
                unknownUnit(
                    unit.value, of: category.value, at: unit.location, among: units,
                    hint: "the second column is a unit's name exactly as in units-src/\(category.value).tsv"))
            return false
        }
        return true
    }

    /// E711 at `location`: the hint names the closest category, else says `hint`.
    static func unknownCategory(
        _ category: String, at location: SourceLocation, among unitsByCategory: [String: Set<String>], hint: String
    ) -> Diagnostic {
        let close = Suggestion.closest(to: category, among: unitsByCategory.keys.sorted())
        return Diagnostic(
            .unknownLocaleCategory, "there is no category '\(category)'", at: location,
            hint: close.map { "did you mean '\($0)'?" } ?? hint)
    }

    /// E712 at `location`: the hint names the closest unit of the category, else says `hint`.
    static func unknownUnit(
        _ unit: String, of category: String, at location: SourceLocation, among units: Set<String>, hint: String
    ) -> Diagnostic {
        let close = Suggestion.closest(to: unit, among: units.sorted())
        return Diagnostic(
            .unknownLocaleUnit, "category '\(category)' has no unit '\(unit)'", at: location,
            hint: close.map { "did you mean '\($0)'?" } ?? hint)
    }
}
