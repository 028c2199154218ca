import UnitpackCore
import UnitpackSource

/// `patterns.tsv`: every row names a unit of a category (E711, E712) that the
/// language's names files name (E729): a pattern replaces the default
/// pattern with the unit's word, so a unit without words in the language
/// (English shown instead) has nothing for it to replace.
struct UnitPatternRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let unitsByCategory = Dictionary(
            tree.categoryFiles.map { ($0.key, Set($0.units.map(\.name.value))) }, uniquingKeysWith: { a, _ in a })
        for language in tree.languages where !language.unitPatterns.isEmpty {
            var named: Set<String> = []
            for file in language.nameFiles {
                for row in file.rows { named.insert(file.category + "\t" + row.unit.value) }
            }
            for row in language.unitPatterns {
                let category = row.category.value
                guard let units = unitsByCategory[category] else {
                    var hint = "the first column is a category of units-src/categories.tsv"
                    if let close = Suggestion.closest(to: category, among: unitsByCategory.keys.sorted()) {
                        hint = "did you mean '\(close)'?"
                    }
                    diagnostics.append(
                        Diagnostic(.unknownLocaleCategory, "there is no category '\(category)'",
                                   at: row.category.location, hint: hint))
                    continue
                }
                let unit = row.unit.value
                guard units.contains(unit) else {
                    var hint = "the second column is a unit's name exactly as in units-src/\(category).tsv"
                    if let close = Suggestion.closest(to: unit, among: units.sorted()) { hint = "did you mean '\(close)'?" }
                    diagnostics.append(
                        Diagnostic(.unknownLocaleUnit, "category '\(category)' has no unit '\(unit)'",
                                   at: row.unit.location, hint: hint))
                    continue
                }
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
