import UnitpackCore
import UnitpackSource

/// `patterns.tsv`: every row names a unit of a category (E711, E712) that the
/// language's names files name (E729): a pattern replaces the default
/// pattern with the unit's word, so a unit without words in the language
/// (English shown instead) has nothing for it to replace.
struct UnitPatternRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let unitsByCategory = LocaleUnitReference.unitsByCategory(tree)
        for language in tree.languages where !language.unitPatterns.isEmpty {
            var named: Set<String> = []
            for file in language.nameFiles {
                for row in file.rows { named.insert(file.category + "\t" + row.unit.value) }
            }
            for row in language.unitPatterns {
                guard LocaleUnitReference.exists(
                    category: row.category, unit: row.unit, in: unitsByCategory, diagnostics: &diagnostics)
                else { continue }
                let category = row.category.value
                let unit = row.unit.value
                guard named.contains(category + "\t" + unit) else {
                    diagnostics.append(
                        Diagnostic(.invalidUnitPattern, "'\(unit)' has no words in '\(language.code)' for a pattern to replace",
                                   at: row.unit.location,
                                   hint: "name the unit in locales/\(language.code)/\(category).tsv, or remove the row"))
                    continue
                }
            }
        }
        return diagnostics
    }
}
