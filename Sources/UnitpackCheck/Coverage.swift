import UnitpackCore
import UnitpackSource

/// How much of `units-src/` each language names: what `check --coverage` prints.
public struct LanguageCoverage: Sendable, Hashable {
    public var code: String
    public var name: String
    public var isComplete: Bool
    public var totalUnits: Int
    /// Units with a row giving the display name and every plural form.
    public var namedUnits: Int
    /// `category/name` of the other units, which show English names.
    public var missing: [String]

    public var percent: Double { totalUnits == 0 ? 100 : Double(namedUnits) * 100 / Double(totalUnits) }

    public static func report(_ tree: SourceTree) -> [LanguageCoverage] {
        tree.languages.map { language in
            let categories = language.plurals?.categories ?? []
            var complete: Set<String> = []
            for file in language.nameFiles {
                for row in file.rows where row.display != nil && !categories.isEmpty
                    && categories.allSatisfy({ row.forms[$0] != nil })
                {
                    complete.insert(file.category + "/" + row.unit.value)
                }
            }
            let all = tree.units.map(\.key)
            return LanguageCoverage(
                code: language.code, name: language.settings?.name ?? language.code,
                isComplete: language.isComplete, totalUnits: all.count,
                namedUnits: all.filter { complete.contains($0) }.count,
                missing: all.filter { !complete.contains($0) })
        }
    }
}

/// How many units the dimensional cross-check (E501) could verify: those
/// whose symbol spells their definition in known units.
public struct DimensionalCoverage: Sendable, Hashable {
    public var covered: Int
    public var total: Int

    public static func report(_ tree: SourceTree) -> DimensionalCoverage {
        let (covered, total) = DimensionRule.coverage(tree)
        return DimensionalCoverage(covered: covered, total: total)
    }
}
