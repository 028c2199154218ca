import UnitpackCore
import UnitpackSource

/// `units-src/clusters.tsv`: every row names a category and one of its units
/// (E902, E903), and each preference list runs from the largest magnitude
/// down (E904): the threshold of every row but the last, taken to the base
/// unit, is smaller than the one before it (larger, for inverse units, whose
/// value grows as the quantity falls). A list that did not would leave a unit
/// that can never be chosen.
struct ClusterRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let categories = Set(tree.categories.map(\.key.value))
        var unitsByCategory: [String: [String: UnitRow]] = [:]
        for unit in tree.units { unitsByCategory[unit.category, default: [:]][unit.name.value.lowercased()] = unit }

        var lists: [ListKey: [(row: ClusterRow, unit: UnitRow)]] = [:]
        var order: [ListKey] = []
        for row in tree.clusters {
            let category = row.category.value
            guard categories.contains(category) else {
                var hint = "clusters name a category key of units-src/categories.tsv"
                if let close = Suggestion.closest(to: category, among: categories.sorted()) { hint = "did you mean '\(close)'?" }
                diagnostics.append(Diagnostic(.unknownClusterCategory, "no category '\(category)'", at: row.category.location, hint: hint))
                continue
            }
            let units = unitsByCategory[category] ?? [:]
            guard let unit = units[row.unit.value.lowercased()] else {
                var hint = "name a unit of units-src/\(category).tsv by its name (not a symbol)"
                if let owner = units.values.first(where: { $0.symbols.contains { $0.value == row.unit.value } }) {
                    hint = "'\(row.unit.value)' is a symbol of \(owner.name.value): write the unit's name"
                } else if let close = Suggestion.closest(to: row.unit.value, among: units.values.map(\.name.value).sorted()) {
                    hint = "did you mean '\(close)'?"
                }
                diagnostics.append(
                    Diagnostic(.unknownClusterUnit, "no unit '\(row.unit.value)' in category '\(category)'", at: row.unit.location, hint: hint))
                continue
            }
            for region in row.regions {
                let key = ListKey(category: category, usage: row.usage.value, region: region.value)
                if lists[key] == nil { order.append(key) }
                lists[key, default: []].append((row, unit))
            }
        }

        var reported = Set<SourceLocation>()
        for key in order {
            guard let list = lists[key], list.count > 1 else { continue }
            if let first = list.first?.unit, let mixed = list.first(where: { $0.unit.isInverse != first.isInverse }) {
                if reported.insert(mixed.row.unit.location).inserted {
                    diagnostics.append(
                        Diagnostic(
                            .clusterOrder, "the \(key) list mixes inverse and direct units",
                            at: mixed.row.unit.location,
                            hint: "a list orders magnitudes of one kind: keep inverse units (^ in units-src) in a list of their own usage"))
                }
                continue
            }
            var previous: (row: ClusterRow, magnitude: Double)?
            for entry in list.dropLast() {
                guard let magnitude = Self.toBase(entry.row.atLeast.value, entry.unit) else { previous = nil; continue }
                let oriented = entry.unit.isInverse ? -magnitude : magnitude
                if let previous, oriented >= previous.magnitude, reported.insert(entry.row.location).inserted {
                    diagnostics.append(
                        Diagnostic(
                            .clusterOrder,
                            "in the \(key) list, \(show(entry.row.atLeast.value)) \(entry.unit.name.value) is not smaller than the threshold before it, so it can never be chosen",
                            at: entry.row.atLeast.location,
                            notes: [.init("the threshold before it", at: previous.row.atLeast.location)],
                            hint: "order the rows from the largest magnitude to the smallest"))
                }
                previous = (entry.row, oriented)
            }
        }
        return diagnostics
    }

    struct ListKey: Hashable, CustomStringConvertible {
        var category: String
        var usage: String
        var region: String
        var description: String { "\(category)/\(usage)/\(region)" }
    }

    /// `value` of `unit` in the category's base unit, when it evaluates.
    static func toBase(_ value: Double, _ unit: UnitRow) -> Double? {
        switch unit.definition {
        case .coefficient(let c)?:
            guard let factor = try? c.value.evaluate(x: 0) else { return nil }
            return unit.isInverse ? factor / value : factor * value
        case .formulae(let to, _)?:
            return try? to.value.evaluate(x: value)
        case nil:
            return nil
        }
    }
}

/// Once a tree has `clusters.tsv`, every category with units of several
/// measurement systems has a preference list for each (E905): metric for
/// `001`, US customary for `US`, imperial for `GB`. Otherwise a reader in that
/// region would be given units of a system they do not use.
struct ClusterCoverageRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        guard tree.hasClustersFile else { return [] }
        let rows = Dictionary(tree.categories.map { ($0.key.value, $0) }, uniquingKeysWith: { a, _ in a })
        return ClusterCoverage.report(tree).missing.compactMap { entry in
            guard let row = rows[entry.category] else { return nil }
            let regions = entry.regions.joined(separator: ", ")
            return Diagnostic(
                .missingCluster,
                "category '\(entry.category)' has units of several systems but no preferred units for \(regions)",
                at: row.key.location,
                hint: "add a list for \(regions) to units-src/clusters.tsv (001: metric readers, US: US customary, GB: imperial)")
        }
    }
}
