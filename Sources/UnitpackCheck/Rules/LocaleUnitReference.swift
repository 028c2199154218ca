import UnitpackCore
import UnitpackSource

/// A row of a locale file that names a unit by its category and its name
/// (`cases.tsv`, `patterns.tsv`): both must exist in `units-src/`, each
/// refused at its own cell with the closest key as a hint (E711, E712).
enum LocaleUnitReference {
    /// Whether `category`/`unit` is a unit of `units-src/`; otherwise the
    /// located diagnostic is appended.
    static func exists(
        category: Located<String>, unit: Located<String>, in unitsByCategory: [String: Set<String>],
        diagnostics: inout [Diagnostic]
    ) -> Bool {
        guard let units = unitsByCategory[category.value] else {
            var hint = "the first column is a category of units-src/categories.tsv"
            if let close = Suggestion.closest(to: category.value, among: unitsByCategory.keys.sorted()) {
                hint = "did you mean '\(close)'?"
            }
            diagnostics.append(
                Diagnostic(.unknownLocaleCategory, "there is no category '\(category.value)'", at: category.location, hint: hint))
            return false
        }
        guard units.contains(unit.value) else {
            var hint = "the second column is a unit's name exactly as in units-src/\(category.value).tsv"
            if let close = Suggestion.closest(to: unit.value, among: units.sorted()) { hint = "did you mean '\(close)'?" }
            diagnostics.append(
                Diagnostic(.unknownLocaleUnit, "category '\(category.value)' has no unit '\(unit.value)'", at: unit.location, hint: hint))
            return false
        }
        return true
    }
}
