import UnitpackCore
import UnitpackSource

/// Every category file has a row in categories.tsv and every row has a file;
/// keys and display orders are unique.
struct CategoryRegistryRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let rowKeys = Set(tree.categories.map(\.key.value))
        for file in tree.categoryFiles where !rowKeys.contains(file.key) {
            diagnostics.append(
                Diagnostic(
                    .categoryWithoutRow, "category '\(file.key)' is not listed in \(tree.categoriesPath)",
                    at: .file(file.path),
                    hint: "add a row: \(file.key)<TAB>order<TAB>base unit name<TAB>dimension"))
        }
        let fileKeys = Set(tree.categoryFiles.map(\.key))
        for row in tree.categories where !fileKeys.contains(row.key.value) {
            diagnostics.append(
                Diagnostic(
                    .categoryWithoutFile, "category '\(row.key.value)' has no file units-src/\(row.key.value).tsv",
                    at: row.key.location, hint: "create the file or remove this row"))
        }
        for row in tree.categories where BaseDimension.parse(row.dimension.value) == nil {
            diagnostics.append(
                Diagnostic(
                    .invalidDimension, "the dimension '\(row.dimension.value)' of category '\(row.key.value)' is not understood",
                    at: row.dimension.location,
                    hint: "write the base unit in SI base units, e.g. kg/m^3, m^2/s^2 or 1, with an optional leading scale: 0.0254/72*m"))
        }
        diagnostics += duplicates(tree.categories.map { ($0.key.value, $0.key.location) }, what: "category key")
        diagnostics += duplicates(
            tree.categories.compactMap { row in row.order.map { (String($0.value), $0.location) } },
            what: "display order")
        return diagnostics
    }

    private func duplicates(_ items: [(String, SourceLocation)], what: String) -> [Diagnostic] {
        var first: [String: SourceLocation] = [:]
        var diagnostics: [Diagnostic] = []
        for (value, location) in items {
            if let earlier = first[value] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateCategory, "duplicate \(what) '\(value)'", at: location,
                        notes: [.init("first used here", at: earlier)]))
            } else {
                first[value] = location
            }
        }
        return diagnostics
    }
}

/// The base unit named in categories.tsv exists in the category's file and its
/// coefficient is exactly 1 (not a formula, not inverse).
struct BaseUnitRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let files = Dictionary(tree.categoryFiles.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for row in tree.categories where !row.baseUnitName.value.isEmpty {
            guard let file = files[row.key.value] else { continue }
            let folded = row.baseUnitName.value.lowercased()
            guard let base = file.units.first(where: { $0.name.value.lowercased() == folded }) else {
                diagnostics.append(
                    Diagnostic(
                        .missingBaseUnit,
                        "category '\(row.key.value)' has no base unit: '\(row.baseUnitName.value)' is not a unit of \(file.path)",
                        at: row.baseUnitName.location,
                        hint: "add '\(row.baseUnitName.value)' with coefficient 1 to \(file.path), or name one of its units here"))
                continue
            }
            var isOne = false
            if case .coefficient(let c)? = base.definition, c.value.expression == .number(1) { isOne = true }
            if !isOne || base.isInverse {
                diagnostics.append(
                    Diagnostic(
                        .missingBaseUnit,
                        "base unit '\(base.name.value)' of category '\(row.key.value)' must have coefficient exactly 1",
                        at: base.location.advanced(by: 0),
                        notes: [.init("named as the base here", at: row.baseUnitName.location)],
                        hint: "every other unit's coefficient says how many base units it is worth"))
            }
        }
        return diagnostics
    }
}
