import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// The unit a value reads best in, as `bestTarget` chooses it: one unit, or
/// the parts of a mixed unit (CLDR's `foot-and-inch`, `foot+inch` in
/// `units-src/clusters.tsv`), with the value in the first.
///
/// The value is not split into parts here: 1.8 m as foot+inch is
/// 5.905511811 feet, and how a front end writes it (5 ft 10.87 in, or 5′11″
/// rounded) is a formatting choice. CLDR's own convention is that every part
/// but the last is whole (floored toward zero) and the last keeps the
/// remainder; each part is a whole multiple of the next (`unitpack check`,
/// E906), so the remainder is the fraction times that multiple.
public struct PreferredTarget: Sendable, Hashable {
    /// One unit, or the parts of a mixed unit, largest first (foot, inch).
    public let units: [MeasureUnit]
    /// The value in `units[0]`, unrounded: for a mixed unit, the whole
    /// quantity in its first part (5.905511811 for 1.8 m as foot+inch).
    public let value: Double
    /// The unit, or a mixed unit's first (largest) part.
    public var unit: MeasureUnit { units[0] }
}

extension UnitDatabase {
    /// The unit that reads best for `value` of `unit` in `region` (a CLDR
    /// code: `US`, `GB`, `001` for the rest of the world) and `usage`
    /// (`default`, `person-height`, `road`, ...), with the value in it:
    /// 1 m -> 3.28084 ft in the US, 5 mi -> 8.04672 km elsewhere, 1.8 m ->
    /// 5.90551 ft as foot+inch for a person's height in the US.
    ///
    /// The list is `units-src/clusters.tsv`'s for the category, usage and
    /// region; the first unit in which the value is at least the unit's
    /// threshold wins (a mixed unit's threshold is in its first part), else
    /// the list's last. A region without a list of its own uses `001`'s; a
    /// usage without one falls back as CLDR's does (`road-small` -> `road` ->
    /// `default`). Nil when the category has no list at all.
    ///
    /// The region is checked, in either case (`us` is `US`); the usage too
    /// (`ROAD` is `road`).
    /// - Throws: `.invalidRegion` for anything but two letters or three
    ///   digits (`USA`, `en-US`: `UnitDatabase.region(of:)` gives a tag's
    ///   region); `.unknownUsage` for a usage no list of the database has,
    ///   rather than the default list in silence.
    public func bestTarget(for value: Double, in unit: MeasureUnit, region: String, usage: String = "default")
        throws(UnitDatabaseError) -> PreferredTarget?
    {
        let region = try Self.checkedRegion(region)
        let usage = try checkedUsage(usage)
        let regions = region == "001" ? ["001"] : [region, "001"]
        // An expression of a dimension no category has has no lists.
        guard unit.hasCategoryRow else { return nil }
        return try bestTarget(for: value, in: unit, list: try preferenceList(category: unit.category, regions: regions, usage: usage))
    }

    /// `bestTarget(for:in:region:usage:)` for a reader of a measurement
    /// system: the system's own list (`metric`, `us` or `imperial` in
    /// `clusters.tsv`; UK units read the imperial one), where the category
    /// has one for the usage; else the list of the system's CLDR region,
    /// metric the world (`001`), US customary `US`, imperial `GB`. 10 m reads
    /// as 10.9361 yards for imperial (its own list), 1.8 m for a person's
    /// height as 5.90551 ft in foot+inch (GB's list: the imperial lists have
    /// no person-height).
    ///
    /// The usage falls back one step at a time, and at each step the
    /// system's list comes before the region's: a usage CLDR has a list for
    /// (`person-height`, `road`) keeps CLDR's list rather than falling back to
    /// the system's `default`.
    public func bestTarget(for value: Double, in unit: MeasureUnit, system: MeasurementSystem, usage: String = "default")
        throws(UnitDatabaseError) -> PreferredTarget?
    {
        let usage = try checkedUsage(usage)
        let regions = Self.regions(of: system)
        // An expression of a dimension no category has has no lists.
        guard unit.hasCategoryRow else { return nil }
        return try bestTarget(for: value, in: unit, list: try preferenceList(category: unit.category, regions: regions, usage: usage))
    }

    private func bestTarget(for value: Double, in unit: MeasureUnit, list: [PreferenceEntry]) throws(UnitDatabaseError)
        -> PreferredTarget?
    {
        try chosenEntry(for: value, in: unit, list: list)?.target
    }

    /// The entry of `list` that `value` of `unit` reads in, and its place:
    /// the first in which the value is at least the entry's threshold, else
    /// the last.
    func chosenEntry(for value: Double, in unit: MeasureUnit, list: [PreferenceEntry]) throws(UnitDatabaseError)
        -> (target: PreferredTarget, index: Int)?
    {
        guard let last = list.last else { return nil }
        for (index, entry) in list.dropLast().enumerated() {
            let target = try self.unit(entry.unit)
            let converted = try convert(value, from: unit, to: target)
            // A hair of tolerance: 10,000 m² is 1 ha even if the division rounds below.
            if abs(converted) >= entry.atLeast * (1 - 1e-12) { return (try preferred(entry, target, converted), index) }
        }
        let target = try self.unit(last.unit)
        return (try preferred(last, target, try convert(value, from: unit, to: target)), list.count - 1)
    }

    /// `entry`'s units with `value` of `unit` in them.
    func target(_ entry: PreferenceEntry, for value: Double, in unit: MeasureUnit) throws(UnitDatabaseError) -> PreferredTarget {
        let first = try self.unit(entry.unit)
        return try preferred(entry, first, try convert(value, from: unit, to: first))
    }

    /// The entry's units: `first`, then its parts, which must be units of
    /// the same category (the writer guarantees it; a damaged row must not
    /// give a mixed unit of a length and a mass).
    private func preferred(_ entry: PreferenceEntry, _ first: MeasureUnit, _ value: Double) throws(UnitDatabaseError)
        -> PreferredTarget
    {
        var units = [first]
        for id in entry.parts {
            let part = try self.unit(id)
            guard part.category == first.category else {
                throw .damaged(path: path, damage: .partOfAnotherCategory(unit: first.key, part: part.key))
            }
            units.append(part)
        }
        return PreferredTarget(units: units, value: value)
    }

    struct PreferenceEntry: Sendable {
        var unit: UnitID
        var atLeast: Double
        /// A mixed unit's parts after the first, largest first.
        var parts: [UnitID]
    }

    /// The first list found for (category, usage, one of `regions`), trying
    /// every region in order for the usage, then for each of CLDR's usage
    /// fallbacks; by rank. With `completed`, a list's completed form (its
    /// completion rows placed among its rows: docs/database.md, `clusters`)
    /// where it has one; else the list as written, as CLDR gives it.
    func preferenceList(category: String, regions: [String], usage: String, completed: Bool = false)
        throws(UnitDatabaseError) -> [PreferenceEntry]
    {
        var usages = [usage]
        var current = Substring(usage)
        while let dash = current.lastIndex(of: "-") {
            current = current[..<dash]
            usages.append(String(current))
        }
        if usages.last != "default" { usages.append("default") }
        let path = path
        return try withState { state throws(UnitDatabaseError) in
            // The category's row and all its clusters: the category counts
            // them, so a missing row (or a list gone with a damaged index
            // page) is an error, not another region's or usage's list. Kept
            // in the object cache: a guess reads a list or two each time.
            let rows = try clusterRows(category, state)
            for usage in usages {
                for region in regions {
                    let written = rows.filter { $0.usage == usage && $0.region == region && !$0.completed }.sorted { $0.rank < $1.rank }
                    guard !written.isEmpty else {
                        // A completed list without its list as written is damage, not another list.
                        if rows.contains(where: { $0.usage == usage && $0.region == region }) {
                            throw UnitDatabaseError.damaged(
                                path: path, damage: .completedListAlone(category: category, usage: usage, region: region))
                        }
                        continue
                    }
                    let completion = completed ? rows.filter { $0.usage == usage && $0.region == region && $0.completed }.sorted { $0.rank < $1.rank } : []
                    let list = completion.isEmpty ? written : completion
                    // Ranks from 0, one each: a list with a hole lost a row.
                    guard list.enumerated().allSatisfy({ $0.offset == $0.element.rank }) else {
                        throw UnitDatabaseError.damaged(path: path, damage: .rankGap(category: category, usage: usage, region: region))
                    }
                    return list.map { PreferenceEntry(unit: $0.unit, atLeast: $0.atLeast, parts: $0.parts) }
                }
            }
            return []
        }
    }

    /// The category's rows of `clusters`, every usage and region: the
    /// category counts them, so a missing row (or a list gone with a
    /// damaged index page) is an error, not another region's or usage's
    /// list. Kept in the object cache: a guess reads a list or two each time.
    private func clusterRows(_ category: String, _ state: State) throws(UnitDatabaseError) -> [ClusterRow] {
        // An expression's dimension that no category has (`dimension kg·rad`)
        // is no row of `categories`: it has no lists, and that is no damage.
        if category.hasPrefix(CompoundUnit.dimensionPrefix) { return [] }
        if case .clusters(let cached)? = state.objects.value(for: .clusters(category)) { return cached }
        var rows: [ClusterRow] = []
        let path = path
        do {
            let query = try state.prepare(
                """
                SELECT \(DatabaseFormat.selectList(of: "categories", as: "c")), \(DatabaseFormat.selectList(of: "clusters", as: "k"))
                FROM categories c LEFT JOIN clusters k ON k.category = c.id WHERE c.key = ?
                ORDER BY k.usage, k.region, k.completed, k.rank
                """)
            try query.bind(.text(category), at: 1)
            let decoder = RowDecoder(statement: query, path: path)
            let clusterColumn = Int32(DatabaseFormat.columns(of: "categories").count + 1)
            var stated: Int?
            var categoryID = 0
            while try query.step() {
                // The category's columns repeat on every row of the join: checked once.
                if stated == nil {
                    let row = try decoder.category(at: 0)
                    guard row.key == category else { throw decoder.damaged(.wrongKey(table: "categories", asked: category, found: row.key)) }
                    stated = row.clusterRows
                    categoryID = row.id
                }
                if query.isNull(at: clusterColumn) { continue }
                let cluster = try decoder.cluster(at: clusterColumn)
                guard cluster.category == categoryID else { throw decoder.damaged(.wrongKey(table: "clusters", asked: "\(categoryID)", found: "\(cluster.category)")) }
                rows.append(cluster)
            }
            // The unit's category key came from a checked row: its row exists.
            guard let stated else { throw decoder.damaged(.missingRow(table: "categories", key: category, namedBy: nil)) }
            if stated != rows.count {
                throw decoder.damaged(.countMismatch(table: "clusters", key: category, found: rows.count, stated: stated))
            }
        } catch {
            throw Self.typed(error, path: path)
        }
        state.objects.insert(.clusters(rows), for: .clusters(category), cost: ApproximateSize.of(rows, key: category))
        return rows
    }

    /// The units `clusters.tsv` lists for `category` itself (not a list the
    /// build completed), in any usage and region, first listed first: the
    /// units people of some region measure it in (°C and °F for temperature).
    package func listedUnits(of category: String) throws(UnitDatabaseError) -> [MeasureUnit] {
        let rows = try withState { state throws(UnitDatabaseError) in try clusterRows(category, state) }
        var ids: [UnitID] = []
        for row in rows where !row.completed && !ids.contains(row.unit) { ids.append(row.unit) }
        return try ids.map { id throws(UnitDatabaseError) in try unit(id) }
    }

    /// The unit a mixed unit of `unit`'s category (`foot+inch`, in any
    /// usage and region of `clusters`) puts right after `unit`: what a
    /// bare number after a quantity of `unit` counts (`5 ft 3`, `1 h 30`).
    /// Nil when none does, or when mixed units put different units there.
    package func impliedPart(after unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
        let rows = try withState { state throws(UnitDatabaseError) in try clusterRows(unit.category, state) }
        var found: UnitID?
        for row in rows {
            let units = [row.unit] + row.parts
            guard units.count > 1, let index = units.firstIndex(of: unit.id), index + 1 < units.count else { continue }
            if let found, found != units[index + 1] { return nil }
            found = units[index + 1]
        }
        return try found.map { id throws(UnitDatabaseError) in try self.unit(id) }
    }

    /// `clusters.parts`: unit ids in ASCII decimal separated by one space,
    /// empty for a single unit (docs/database.md). Nil for anything else.
    static func parts(_ text: String) -> [UnitID]? {
        if text.isEmpty { return [] }
        var ids: [UnitID] = []
        for field in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard !field.isEmpty, field.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = Int(field), id > 0
            else { return nil }
            ids.append(UnitID(rawValue: id))
        }
        return ids
    }
}
