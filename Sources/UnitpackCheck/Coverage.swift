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
    /// Units not named by hand whose name the build composes
    /// (`NameComposition`): named with composed names too.
    public var composedUnits: Int = 0
    /// Composed names dropped because a word of theirs is another unit's.
    public var collisions: [ComposedNameCollision] = []
    /// `category/name` of the other units (neither hand-written nor
    /// composed), which show English names.
    public var missing: [String]

    public var percent: Double { totalUnits == 0 ? 100 : Double(namedUnits) * 100 / Double(totalUnits) }
    /// Named by hand or composed.
    public var namedWithComposed: Int { namedUnits + composedUnits }
    public var percentWithComposed: Double {
        totalUnits == 0 ? 100 : Double(namedWithComposed) * 100 / Double(totalUnits)
    }

    public static func report(_ tree: SourceTree) -> [LanguageCoverage] {
        let compositions = Dictionary(
            NameComposition.compose(tree).map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        return tree.languages.map { language in
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
            let composition = compositions[language.code]
            let composed = Set((composition?.names ?? []).map(\.unit))
            return LanguageCoverage(
                code: language.code, name: language.settings?.name ?? language.code,
                isComplete: language.isComplete, totalUnits: all.count,
                namedUnits: all.filter { complete.contains($0) }.count,
                composedUnits: all.filter { !complete.contains($0) && composed.contains($0) }.count,
                collisions: composition?.collisions ?? [],
                missing: all.filter { !complete.contains($0) && !composed.contains($0) })
        }
    }
}

/// How many units the dimensional cross-check (E501) could verify: those
/// whose symbol spells their definition in known units.
public struct DimensionalCoverage: Sendable, Hashable {
    public var covered: Int
    public var total: Int
    /// Symbols that look like expressions but do not read as one, in file order.
    public var unread: [UnreadSymbol]

    public static func report(_ tree: SourceTree) -> DimensionalCoverage {
        let (covered, total) = DimensionRule.coverage(tree)
        return DimensionalCoverage(covered: covered, total: total, unread: DimensionRule.unreadSymbols(tree))
    }
}

/// Which categories with units of several measurement systems lack a
/// preference list (`units-src/clusters.tsv`) for one of them: metric needs
/// a list for `001`, US customary one for `US`, imperial (and UK) one for `GB`.
public struct ClusterCoverage: Sendable, Hashable {
    public struct Missing: Sendable, Hashable {
        public var category: String
        /// The regions it has no list for, sorted.
        public var regions: [String]
    }

    /// Categories with units of at least two of metric, US and imperial.
    public var categories: Int
    /// In category order.
    public var missing: [Missing]

    public static func report(_ tree: SourceTree) -> ClusterCoverage {
        var needed: [String: Set<String>] = [:]
        for unit in tree.units {
            guard let region = unit.system?.value.system.preferenceRegion else { continue }
            needed[unit.category, default: []].insert(region)
        }
        var listed: [String: Set<String>] = [:]
        for row in tree.clusters {
            for region in row.regions { listed[row.category.value, default: []].insert(region.value) }
        }
        let order = tree.categories.sorted { ($0.order?.value ?? 0, $0.key.value) < ($1.order?.value ?? 0, $1.key.value) }
        var count = 0
        var missing: [Missing] = []
        for category in order.map(\.key.value) {
            guard let regions = needed[category], regions.count > 1 else { continue }
            count += 1
            let lacking = regions.subtracting(listed[category] ?? []).sorted()
            if !lacking.isEmpty { missing.append(Missing(category: category, regions: lacking)) }
        }
        return ClusterCoverage(categories: count, missing: missing)
    }
}
