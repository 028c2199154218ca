import UnitpackCore
import UnitpackSource

/// `compounds.tsv`: a `gender` or `case` row names a unit of a category
/// (E711, E712), as `cases.tsv` rows do, and a `per` row for one category's
/// denominators a category (E711); the parser checked the rest.
struct CompoundPatternRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let unitsByCategory = LocaleUnitReference.unitsByCategory(tree)
        for language in tree.languages {
            for row in language.compoundPatterns {
                if let category = row.denominatorCategory, unitsByCategory[category] == nil {
                    diagnostics.append(
                        LocaleUnitReference.unknownCategory(
                            category, at: row.form.location, among: unitsByCategory,
                            hint: "a per pattern's form starts with a category of units-src/categories.tsv"))
                    continue
                }
                guard let (category, unit) = row.unitReference else { continue }
                guard let units = unitsByCategory[category] else {
                    diagnostics.append(
                        LocaleUnitReference.unknownCategory(
                            category, at: row.form.location, among: unitsByCategory,
                            hint: "the form starts with a category of units-src/categories.tsv"))
                    continue
                }
                if !units.contains(unit) {
                    diagnostics.append(
                        LocaleUnitReference.unknownUnit(
                            unit, of: category, at: row.form.location, among: units,
                            hint: "name the unit exactly as in units-src/\(category).tsv"))
                }
            }
        }
        return diagnostics
    }
}
