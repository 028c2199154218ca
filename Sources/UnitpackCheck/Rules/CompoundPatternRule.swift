import UnitpackCore
import UnitpackSource

/// `compounds.tsv`: a `gender` or `case` row names a unit of a category
/// (E711, E712), as `cases.tsv` rows do, and a `per` row for one category's
/// denominators a category (E711); the parser checked the rest.
struct CompoundPatternRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let unitsByCategory = Dictionary(
            tree.categoryFiles.map { ($0.key, Set($0.units.map(\.name.value))) }, uniquingKeysWith: { a, _ in a })
        for language in tree.languages {
            for row in language.compoundPatterns {
                if let category = row.denominatorCategory, unitsByCategory[category] == nil {
                    var hint = "a per pattern's form starts with a category of units-src/categories.tsv"
                    if let close = Suggestion.closest(to: category, among: unitsByCategory.keys.sorted()) {
                        hint = "did you mean '\(close)'?"
                    }
                    diagnostics.append(
                        Diagnostic(.unknownLocaleCategory, "there is no category '\(category)'", at: row.form.location, hint: hint))
                    continue
                }
                guard let (category, unit) = row.unitReference else { continue }
                guard let units = unitsByCategory[category] else {
                    var hint = "the form starts with a category of units-src/categories.tsv"
                    if let close = Suggestion.closest(to: category, among: unitsByCategory.keys.sorted()) {
                        hint = "did you mean '\(close)'?"
                    }
                    diagnostics.append(
                        Diagnostic(.unknownLocaleCategory, "there is no category '\(category)'", at: row.form.location, hint: hint))
                    continue
                }
                guard units.contains(unit) else {
                    var hint = "name the unit exactly as in units-src/\(category).tsv"
                    if let close = Suggestion.closest(to: unit, among: units.sorted()) { hint = "did you mean '\(close)'?" }
                    diagnostics.append(
                        Diagnostic(.unknownLocaleUnit, "category '\(category)' has no unit '\(unit)'", at: row.form.location, hint: hint))
                    continue
                }
            }
        }
        return diagnostics
    }
}
