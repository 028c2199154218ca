import UnitpackCore
import UnitpackSource

/// `cases.tsv`: every row names a unit of a category (E711, E712), gives one
/// case of one plural form once (E726), and its form names no other unit of
/// the category in the language (E717, as for the names files: `метрах` for
/// two units would make a phrase's reading depend on which row came first).
struct CaseFormRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let unitsByCategory = LocaleUnitReference.unitsByCategory(tree)
        for language in tree.languages where !language.caseForms.isEmpty {
            // The words of the names files, by category: a case form competes with them.
            var owners: [String: [UTF8Key: (unit: String, location: SourceLocation)]] = [:]
            for file in language.nameFiles {
                for row in file.rows {
                    for word in row.words {
                        let folded = UTF8Key(BuildFolding.fold(word.value))
                        if owners[file.category]?[folded] == nil {
                            owners[file.category, default: [:]][folded] = (row.unit.value, word.location)
                        }
                    }
                }
            }
            var given: [String: SourceLocation] = [:]
            for row in language.caseForms {
                guard LocaleUnitReference.exists(
                    category: row.category, unit: row.unit, in: unitsByCategory, diagnostics: &diagnostics)
                else { continue }
                let category = row.category.value
                let unit = row.unit.value
                let key = [category, unit, row.grammaticalCase.value, row.plural.value.rawValue].joined(separator: "\t")
                if let earlier = given[key] {
                    diagnostics.append(
                        Diagnostic(
                            .caseFormTwice,
                            "the \(row.grammaticalCase.value) of the \(row.plural.value.rawValue) form of '\(unit)' is given twice",
                            at: row.location, notes: [.init("first given here", at: earlier)],
                            hint: "keep one row per unit, case and plural category"))
                    continue
                }
                given[key] = row.location
                let folded = UTF8Key(BuildFolding.fold(row.form.value))
                if let earlier = owners[category]?[folded], earlier.unit != unit {
                    diagnostics.append(
                        Diagnostic(
                            .ambiguousLocaleName,
                            "the case form '\(row.form.value)' names both '\(earlier.unit)' and '\(unit)' in '\(category)' (\(language.code))",
                            at: row.form.location, notes: [.init("'\(earlier.unit)' is named so here", at: earlier.location)],
                            hint: "a word may name one unit of a category; remove the row"))
                } else if owners[category]?[folded] == nil {
                    owners[category, default: [:]][folded] = (unit, row.form.location)
                }
            }
        }
        return diagnostics
    }
}
