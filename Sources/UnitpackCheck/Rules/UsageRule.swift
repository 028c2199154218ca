import UnitpackCore
import UnitpackSource

/// `units-src/usages.tsv`: every row names a unit that exists (E941) and a
/// usage its category has a list for in `clusters.tsv` (E942: the usage is
/// CLDR's, and an implied usage without a list would quietly read as the
/// default), once per unit (E943).
struct UsageRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let names = RelationNames(tree)
        var usagesOf: [String: Set<String>] = [:]
        for row in tree.clusters where !row.isCompletion { usagesOf[row.category.value, default: []].insert(row.usage.value) }
        var first: [String: UsageRow] = [:]
        for row in tree.usages {
            let resolved = names.unit(row.unit)
            if var problem = resolved.problem {
                problem.code = .unknownUsageUnit
                diagnostics.append(problem)
                continue
            }
            guard let unit = resolved.value else { continue }
            let key = unit.category + "/" + unit.name.value.lowercased()
            if let earlier = first[key] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateUsage, "\(row.unit.value) implies a usage twice", at: row.location,
                        notes: [.init("the first", at: earlier.location)], hint: "a unit implies one usage: keep one row"))
                continue
            }
            first[key] = row
            let usages = usagesOf[unit.category] ?? []
            guard usages.contains(row.usage.value) else {
                let known = usages.sorted().joined(separator: ", ")
                diagnostics.append(
                    Diagnostic(
                        .usageWithoutList, "no '\(row.usage.value)' list for \(unit.category) in clusters.tsv",
                        at: row.usage.location,
                        hint: usages.isEmpty
                            ? "\(unit.category) has no preference lists: a unit implies a usage its category has lists for"
                            : "\(unit.category) has lists for: \(known)"))
                continue
            }
        }
        return diagnostics
    }
}
