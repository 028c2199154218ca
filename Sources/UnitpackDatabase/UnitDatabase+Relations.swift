import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Units and categories that belong together although they are not one
/// category (`units-src/relations.tsv`, the `relations` table).
extension UnitDatabase {
    /// The unit of differences of `unit`, a point on a scale: degree Celsius
    /// (difference) for degree Celsius. A change of 10 °F is 10 of the
    /// difference unit of °F, which converts as a difference (5.56 Δ°C), not
    /// as a temperature (−12.2 °C).
    /// - Returns: nil when `unit` has none (it is not a point on a scale).
    public func differenceUnit(of unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
        guard let id = try relations().differences.first(where: { $0.absolute == unit.id })?.difference else { return nil }
        return try relatedUnit(id)
    }

    /// The points on a scale that `relations.tsv` gives a difference unit
    /// (kelvin, degree Celsius, degree Fahrenheit...): what a phrase's
    /// degree word before a scale's word names (`degrees F`).
    package func scaleUnits() throws(UnitDatabaseError) -> [MeasureUnit] {
        var units: [MeasureUnit] = []
        for row in try relations().differences { units.append(try relatedUnit(row.absolute)) }
        return units
    }

    /// The unit whose differences `unit` measures: degree Celsius for degree
    /// Celsius (difference).
    /// - Returns: nil when `unit` is no difference unit, or the difference
    ///   unit of no scale (millikelvin).
    public func absoluteUnit(ofDifference unit: MeasureUnit) throws(UnitDatabaseError) -> MeasureUnit? {
        guard let id = try relations().differences.first(where: { $0.difference == unit.id })?.absolute else { return nil }
        return try relatedUnit(id)
    }

    /// The units that a name or symbol of `unit` may also mean when the other
    /// unit of a conversion is of their category: the US fluid ounce and the
    /// ounce-force for the ounce (`12 oz in ml`, `5 oz in N`). At most one per
    /// category (the checks see to it), by id.
    /// - Returns: empty when the unit has no other reading.
    public func alsoReadings(of unit: MeasureUnit) throws(UnitDatabaseError) -> [MeasureUnit] {
        var readings: [MeasureUnit] = []
        for row in try relations().also where row.unit == unit.id { readings.append(try relatedUnit(row.reading)) }
        return readings
    }

    /// How many base units of category `to` one base unit of category `from`
    /// is worth, for categories that measure one quantity in other units
    /// (`rotation-speed` to `frequency`: 1/(2π), since 1 rad/s is 1/(2π)
    /// revolutions a second). The reverse of a declared pair gives the
    /// reciprocal; only pairs declared in `relations.tsv` are related (no chains).
    /// - Parameters: category keys (`MeasureUnit.category`).
    /// - Returns: 1 for one category, nil for categories that do not convert.
    public func sameQuantityFactor(from: String, to: String) throws(UnitDatabaseError) -> Double? {
        try relations().factor(from: from, to: to)
    }

    /// Every pair that `also` readings make of units named in two other
    /// categories: `oz` read as the US fluid ounce before `ml`, `lb` as the
    /// pound-force before `N`, either side being the one read otherwise
    /// (`written`: the unit its word names first). Sources' readings first.
    package func alsoPairs(_ sources: [MeasureUnit], _ targets: [MeasureUnit]) throws(UnitDatabaseError)
        -> [(from: MeasureUnit, to: MeasureUnit, written: MeasureUnit)]
    {
        var found: [(from: MeasureUnit, to: MeasureUnit, written: MeasureUnit)] = []
        for source in sources {
            for reading in try alsoReadings(of: source) {
                for target in targets where target.category == reading.category { found.append((reading, target, source)) }
            }
        }
        for target in targets {
            for reading in try alsoReadings(of: target) {
                for source in sources where source.category == reading.category { found.append((source, reading, target)) }
            }
        }
        return found
    }

    /// The one pair of `alsoPairs`; nil when there is none, or more than one.
    func alsoPair(_ sources: [MeasureUnit], _ targets: [MeasureUnit]) throws(UnitDatabaseError) -> (from: MeasureUnit, to: MeasureUnit)? {
        let found = try alsoPairs(sources, targets)
        return found.count == 1 ? (found[0].from, found[0].to) : nil
    }

    /// The factor that takes a value in `from`'s base unit to `to`'s, for units
    /// of two categories: `convert(_:from:to:)` once the categories differ.
    /// - Throws: `.absoluteAndDifference` for a point on a scale and a
    ///   difference (°C and Δ°F), `.incompatibleUnits` for the rest.
    func crossCategoryFactor(from: MeasureUnit, to: MeasureUnit) throws(UnitDatabaseError) -> Double {
        if let factor = try relations().factor(from: from.category, to: to.category) { return factor }
        throw try scaleAndDifference(from, to)
            ?? .incompatibleUnits(from: from.name, fromCategory: from.category, to: to.name, toCategory: to.category)
    }

    /// The error for a point on a scale against a difference (°C and Δ°F),
    /// naming the difference units to use instead; nil for any other pair.
    package func scaleAndDifference(_ from: MeasureUnit, _ to: MeasureUnit) throws(UnitDatabaseError) -> UnitDatabaseError? {
        let relations = try relations()
        guard relations.separates(from.category, to.category) else { return nil }
        // Suggest the difference unit of whichever side is the point on a scale.
        let fromIsAbsolute = relations.differenceSides.contains { $0.absolute == from.category }
        guard let difference = try differenceUnit(of: fromIsAbsolute ? from : to) else { return nil }
        return .absoluteAndDifference(
            from: from.name, to: to.name, differenceFrom: fromIsAbsolute ? difference.name : from.name,
            differenceTo: fromIsAbsolute ? to.name : difference.name)
    }

    /// The unit a relation names: a unit the table names and no row has is
    /// damage (the table's rows say their units' categories, so the units
    /// are first read here, when used).
    package func relatedUnit(_ id: UnitID) throws(UnitDatabaseError) -> MeasureUnit {
        do {
            return try unit(id)
        } catch .unknownUnit {
            throw .damaged(path: path, damage: .missingRow(table: "units", key: "\(id.rawValue)", namedBy: "relations"))
        }
    }

    /// The whole table, from the object cache or read now.
    func relations() throws(UnitDatabaseError) -> RelationTable {
        try withState { state throws(UnitDatabaseError) in
            if case .relations(let table)? = state.objects.value(for: .relations) { return table }
            let path = path
            var rows: [RelationRow] = []
            do {
                let query = try state.prepare(
                    "SELECT \(DatabaseFormat.selectList(of: "relations")) FROM relations ORDER BY kind, first, second")
                let decoder = RowDecoder(statement: query, path: path)
                var read: [(kind: String, first: Int, second: Int, factor: Double?, regions: [String], categories: (first: Int, second: Int))] = []
                while try query.step() { read.append(try decoder.relation(at: 0)) }
                guard read.count == state.rowCount("relations") else {
                    throw decoder.damaged(.countMismatch(table: "relations", key: nil, found: read.count, stated: state.rowCount("relations")))
                }
                // Category keys from their own checked rows, each read once;
                // nil for an id that names none.
                let categoryQuery = try state.prepare(Self.categoryByIDSQL)
                var keys: [Int: String?] = [:]
                func key(ofCategory id: Int) throws -> String? {
                    if let known = keys[id] { return known }
                    let key = try categoryKey(id, categoryQuery)
                    keys[id] = key
                    return key
                }
                for row in read {
                    rows.append(
                        RelationRow(
                            kind: row.kind, first: row.first, second: row.second, factor: row.factor, regions: row.regions,
                            firstCategory: try key(ofCategory: row.categories.first),
                            secondCategory: try key(ofCategory: row.categories.second), firstCategoryID: row.categories.first,
                            secondCategoryID: row.categories.second))
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            let table = try Self.table(rows, path: path)
            state.objects.insert(.relations(table), for: .relations, cost: ApproximateSize.of(table))
            return table
        }
    }

    static let categoryByIDSQL = "SELECT \(DatabaseFormat.selectList(of: "categories")) FROM categories WHERE id = ?"

    /// The key of category `id` (by `categoryByIDSQL`), nil when no category has that id.
    private func categoryKey(_ id: Int, _ query: Statement) throws -> String? {
        try query.reset()
        try query.bind(.integer(Int64(id)), at: 1)
        guard try query.step() else { return nil }
        let category = try RowDecoder(statement: query, path: path).category(at: 0)
        guard category.id == id else { throw UnitDatabaseError.damaged(path: path, damage: .wrongKey(table: "categories", asked: "\(id)", found: "\(category.id)")) }
        return category.key
    }

    /// A row as read, before it is checked.
    struct RelationRow {
        var kind: String
        var first: Int
        var second: Int
        var factor: Double?
        var regions: [String] = []
        var firstCategory: String?
        var secondCategory: String?
        var firstCategoryID = 0
        var secondCategoryID = 0
    }

    static func table(_ rows: [RelationRow], path: String) throws(UnitDatabaseError) -> RelationTable {
        var table = RelationTable()
        for row in rows {
            // A kind this reader does not know is left alone, as a newer
            // writer's addition that a reader may ignore.
            guard let kind = RelationKind(rawValue: row.kind) else { continue }
            guard let firstCategory = row.firstCategory, let secondCategory = row.secondCategory else {
                let missing = row.firstCategory == nil ? row.firstCategoryID : row.secondCategoryID
                throw .damaged(path: path, damage: .missingRow(table: "categories", key: "\(missing)", namedBy: "relations"))
            }
            switch kind {
            case .difference:
                table.differences.append(.init(absolute: UnitID(rawValue: row.first), difference: UnitID(rawValue: row.second)))
                let sides = RelationTable.Sides(absolute: firstCategory, difference: secondCategory)
                if !table.differenceSides.contains(sides) { table.differenceSides.append(sides) }
            case .also:
                table.also.append(.init(unit: UnitID(rawValue: row.first), reading: UnitID(rawValue: row.second)))
            case .regional:
                guard firstCategory == secondCategory else {
                    throw .damaged(path: path, damage: .relationAcrossCategories(kind: row.kind, first: row.first, second: row.second))
                }
                table.regional.append(.init(unit: UnitID(rawValue: row.first), reading: UnitID(rawValue: row.second), regions: row.regions))
            case .everyday:
                guard firstCategory == secondCategory else {
                    throw .damaged(path: path, damage: .relationAcrossCategories(kind: row.kind, first: row.first, second: row.second))
                }
                table.everyday.append(.init(unit: UnitID(rawValue: row.first), reading: UnitID(rawValue: row.second), languages: row.regions))
            case .same:
                guard let factor = row.factor, factor.isFinite, factor > 0 else {
                    throw .damaged(path: path, damage: .invalidValue(table: "relations", column: "factor", key: row.kind, value: row.factor.map { "\($0)" }))
                }
                table.same.append(.init(first: firstCategory, second: secondCategory, factor: factor))
            }
        }
        return table
    }
}
