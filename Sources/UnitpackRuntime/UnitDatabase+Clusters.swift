import UnitpackCore
import UnitpackSQLite

extension UnitDatabase {
    /// The unit that reads best for `value` of `unit` in `region` (a CLDR
    /// code: `US`, `GB`, `001` for the rest of the world) and `usage`
    /// (`default`, `person-height`, `road`, ...), with the value in it:
    /// 1 m -> 3.28084 ft in the US, 5 mi -> 8.04672 km elsewhere.
    ///
    /// The list is `units-src/clusters.tsv`'s for the category, usage and
    /// region; the first unit in which the value is at least the unit's
    /// threshold wins, else the list's last. A region without a list of its
    /// own uses `001`'s; a usage without one falls back as CLDR's does
    /// (`road-small` -> `road` -> `default`). Nil when the category has no
    /// list at all.
    public func bestTarget(for value: Double, in unit: Unit, region: String, usage: String = "default")
        throws(UnitDatabaseError) -> (unit: Unit, value: Double)?
    {
        let list = try preferenceList(category: unit.category, region: region, usage: usage)
        guard let last = list.last else { return nil }
        for entry in list.dropLast() {
            let target = try self.unit(entry.unit)
            let converted = try convert(value, from: unit, to: target)
            // A hair of tolerance: 10,000 m² is 1 ha even if the division rounds below.
            if abs(converted) >= entry.atLeast * (1 - 1e-12) { return (target, converted) }
        }
        let target = try self.unit(last.unit)
        return (target, try convert(value, from: unit, to: target))
    }

    /// `bestTarget(for:in:region:usage:)` for a measurement system: metric
    /// reads as the world (`001`), US customary as `US`, imperial as `GB`.
    public func bestTarget(for value: Double, in unit: Unit, system: MeasurementSystem, usage: String = "default")
        throws(UnitDatabaseError) -> (unit: Unit, value: Double)?
    {
        try bestTarget(for: value, in: unit, region: system.preferenceRegion ?? "001", usage: usage)
    }

    struct PreferenceEntry: Sendable {
        var unit: UnitID
        var atLeast: Double
    }

    /// The (category, usage, region) list after CLDR's fallbacks, by rank.
    func preferenceList(category: String, region: String, usage: String) throws(UnitDatabaseError) -> [PreferenceEntry] {
        var usages = [usage]
        var current = Substring(usage)
        while let dash = current.lastIndex(of: "-") {
            current = current[..<dash]
            usages.append(String(current))
        }
        if usages.last != "default" { usages.append("default") }
        return try withState { state throws(UnitDatabaseError) in
            try sqlite { () throws(SQLiteError) -> [PreferenceEntry] in
                let query = try state.connection.prepare(
                    """
                    SELECT k.unit, k.at_least FROM clusters k JOIN categories c ON c.id = k.category
                    WHERE c.key = ? AND k.usage = ? AND k.region = ? ORDER BY k.rank
                    """)
                for usage in usages {
                    for candidate in region == "001" ? ["001"] : [region, "001"] {
                        try query.reset()
                        try query.bind(.text(category), at: 1)
                        try query.bind(.text(usage), at: 2)
                        try query.bind(.text(candidate), at: 3)
                        var entries: [PreferenceEntry] = []
                        while try query.step() {
                            entries.append(PreferenceEntry(unit: UnitID(rawValue: query.int(at: 0)), atLeast: query.double(at: 1)))
                        }
                        if !entries.isEmpty { return entries }
                    }
                }
                return []
            }
        }
    }
}
