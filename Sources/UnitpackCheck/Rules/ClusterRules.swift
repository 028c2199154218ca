import UnitpackCore
import UnitpackSource

/// `units-src/clusters.tsv`: every row names a category and one of its units,
/// or a mixed unit whose every part is one (E902, E903 at the part), well made
/// (E906, `mixedUnitProblems`); and each preference list runs from the largest
/// magnitude down (E904): the threshold of every row but the last, taken to
/// the base unit, is smaller than the one before it (larger, for inverse
/// units, whose value grows as the quantity falls). A list that did not would
/// leave a unit that can never be chosen. A mixed unit's threshold is in its
/// first part, so the order check reads that part alone.
struct ClusterRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let categories = Set(tree.categories.map(\.key.value))
        var unitsByCategory: [String: [String: UnitRow]] = [:]
        for unit in tree.units { unitsByCategory[unit.category, default: [:]][unit.name.value.lowercased()] = unit }

        var lists: [ListKey: [(row: ClusterRow, unit: UnitRow)]] = [:]
        var order: [ListKey] = []
        var completions: [(key: ListKey, row: ClusterRow, unit: UnitRow)] = []
        for row in tree.clusters {
            let category = row.category.value
            guard categories.contains(category) else {
                var hint = "clusters name a category key of units-src/categories.tsv"
                if let close = Suggestion.closest(to: category, among: categories.sorted()) { hint = "did you mean '\(close)'?" }
                diagnostics.append(Diagnostic(.unknownClusterCategory, "no category '\(category)'", at: row.category.location, hint: hint))
                continue
            }
            let units = unitsByCategory[category] ?? [:]
            var found: [UnitRow] = []
            for part in row.units {
                guard let unit = units[part.value.lowercased()] else {
                    var hint = "name a unit of units-src/\(category).tsv by its name (not a symbol)"
                    if let owner = units.values.first(where: { $0.symbols.contains { $0.value == part.value } }) {
                        hint = "'\(part.value)' is a symbol of \(owner.name.value): write the unit's name"
                    } else if let close = Suggestion.closest(to: part.value, among: units.values.map(\.name.value).sorted()) {
                        hint = "did you mean '\(close)'?"
                    }
                    diagnostics.append(
                        Diagnostic(.unknownClusterUnit, "no unit '\(part.value)' in category '\(category)'", at: part.location, hint: hint))
                    continue
                }
                found.append(unit)
            }
            guard found.count == row.units.count else { continue }
            if row.isMixed {
                let problems = Self.mixedUnitProblems(row, found)
                diagnostics += problems
                guard problems.isEmpty else { continue }
            }
            let unit = found[0]
            for region in row.regions {
                let key = ListKey(category: category, usage: row.usage.value, region: region.value)
                if row.isCompletion {
                    completions.append((key, row, unit))
                    continue
                }
                if lists[key] == nil { order.append(key) }
                lists[key, default: []].append((row, unit))
            }
        }
        diagnostics += Self.completionProblems(completions, lists: lists)

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
                guard let magnitude = entry.unit.valueInBase(entry.row.atLeast.value) else { previous = nil; continue }
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

    /// E906 for a mixed unit (`foot+inch`) whose parts all exist: each part is
    /// a plain coefficient unit (a formula or an inverse unit has no whole
    /// multiples), no part comes twice, and each part is a whole multiple (2
    /// or more) of the next, so that every part but the last is a whole number
    /// and the remainder goes to the next (5 ft 11 in; 1.5 ft is not 1 ft 0.5 yd).
    static func mixedUnitProblems(_ row: ClusterRow, _ units: [UnitRow]) -> [Diagnostic] {
        let text = row.units.map(\.value).joined(separator: "+")
        let hint = "a mixed unit joins units of one category with '+', largest first, each a whole multiple of the next: foot+inch, stone+pound"
        func problem(_ index: Int, _ why: String, notes: [Diagnostic.Note] = []) -> Diagnostic {
            Diagnostic(
                .malformedMixedUnit, "malformed mixed unit '\(text)': \(why)", at: row.units[index].location, notes: notes,
                hint: hint)
        }
        var problems: [Diagnostic] = []
        var factors: [Double?] = []
        for (index, unit) in units.enumerated() {
            if let first = units[..<index].firstIndex(where: { $0.name.value.lowercased() == unit.name.value.lowercased() }) {
                problems.append(problem(index, "\(unit.name.value) comes twice", notes: [.init("its first place", at: row.units[first].location)]))
                factors.append(nil)
            } else if unit.isInverse {
                problems.append(problem(index, "\(unit.name.value) is an inverse unit (^), whose value grows as the quantity falls"))
                factors.append(nil)
            } else if case .coefficient(let c)? = unit.definition, let factor = try? c.value.evaluate(x: 0), factor > 0 {
                factors.append(factor)
            } else {
                problems.append(problem(index, "\(unit.name.value) is converted by formulas (FORMULAE), not by a factor"))
                factors.append(nil)
            }
        }
        for index in units.indices.dropFirst() {
            guard let larger = factors[index - 1], let smaller = factors[index] else { continue }
            let ratio = larger / smaller
            let whole = ratio.rounded()
            let before = units[index - 1].name.value, name = units[index].name.value
            if ratio <= 1 {
                problems.append(problem(index, "\(name) is not smaller than \(before) before it: the parts go from the largest down"))
            } else if whole < 2 || abs(ratio - whole) > 1e-9 {
                problems.append(
                    problem(index, "1 \(before) = \(show(ratio)) \(name), not a whole number: each part must be a whole multiple of the next"))
            }
        }
        return problems
    }

    /// E907: a completion row completes a list that exists as written (a
    /// completion alone is no list), of units converted by a factor (the
    /// completed list is ordered by each row's threshold in the base unit,
    /// which an inverse or formula unit does not order with the others), and
    /// names a unit the list does not already hold.
    static func completionProblems(
        _ completions: [(key: ListKey, row: ClusterRow, unit: UnitRow)], lists: [ListKey: [(row: ClusterRow, unit: UnitRow)]]
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var reported = Set<SourceLocation>()
        var added: [ListKey: [String: ClusterRow]] = [:]
        func problem(_ row: ClusterRow, _ message: String, notes: [Diagnostic.Note] = [], hint: String) {
            guard reported.insert(row.location).inserted else { return }
            problems.append(Diagnostic(.invalidCompletion, message, at: row.unit.location, notes: notes, hint: hint))
        }
        for (key, row, unit) in completions {
            let name = unit.name.value.lowercased()
            guard let list = lists[key] else {
                problem(
                    row, "a completion of the \(key) list, which has no rows as written",
                    hint: "a completion adds a unit to a list of the same category, usage and region: write the list's rows first, or make this row a row of the list (empty sixth column)")
                continue
            }
            if row.isMixed || unit.isInverse || unit.valueInBase(1) == nil || !unit.isCoefficient {
                problem(
                    row, "\(unit.name.value) completes the \(key) list but is \(row.isMixed ? "a mixed unit" : unit.isInverse ? "an inverse unit (^)" : "converted by formulas")",
                    hint: "completions are placed by their threshold in the base unit: only single units converted by a factor are placed")
                continue
            }
            if let bad = list.first(where: { $0.row.isMixed || $0.unit.isInverse || !$0.unit.isCoefficient }) {
                problem(
                    row, "the \(key) list holds \(bad.unit.name.value), which a completion cannot be placed against",
                    notes: [.init("the row", at: bad.row.location)],
                    hint: "complete only lists of single units converted by a factor")
                continue
            }
            if let same = list.first(where: { $0.unit.name.value.lowercased() == name }) {
                problem(
                    row, "\(unit.name.value) is already in the \(key) list", notes: [.init("the list's row", at: same.row.location)],
                    hint: "remove the completion row")
                continue
            }
            if let earlier = added[key]?[name] {
                problem(
                    row, "\(unit.name.value) completes the \(key) list twice", notes: [.init("the first", at: earlier.location)],
                    hint: "remove one of the rows")
                continue
            }
            added[key, default: [:]][name] = row
        }
        return problems
    }

    struct ListKey: Hashable, CustomStringConvertible {
        var category: String
        var usage: String
        var region: String
        var description: String { "\(category)/\(usage)/\(region)" }
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
