import UnitpackCore
import UnitpackSource

/// `units-src/relations.tsv`: every row names units or categories that exist
/// (E931) in two different categories (E932); a difference unit is as large
/// as one step of its absolute unit (E933); and nothing is declared twice,
/// both ways, or so that a name or a unit would have two readings (E935).
struct RelationRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let names = RelationNames(tree)
        var declared: [String: RelationRow] = [:]
        // A unit's difference unit, a difference unit's absolute unit, and a
        // unit's `also` reading in a category: one each, or a reader could not
        // choose.
        var differenceOf: [String: RelationRow] = [:]
        var absoluteOf: [String: RelationRow] = [:]
        var alsoIn: [String: RelationRow] = [:]
        var regionalIn: [String: RelationRow] = [:]
        var everydayOf: [String: RelationRow] = [:]
        var absoluteCategoryRow: [String: RelationRow] = [:]
        var differenceCategoryRow: [String: RelationRow] = [:]

        func duplicate(
            _ row: RelationRow, _ message: String, first: RelationRow, note: String = "declared here first", hint: String
        ) {
            diagnostics.append(
                Diagnostic(.duplicateRelation, message, at: row.location, notes: [.init(note, at: first.location)], hint: hint))
        }

        for row in tree.relations {
            let kind = row.kind.value
            if kind.relatesCategories {
                let first = names.category(row.first), second = names.category(row.second)
                diagnostics += [first.problem, second.problem].compactMap { $0 }
                guard let a = first.value, let b = second.value else { continue }
                guard a != b else {
                    diagnostics.append(
                        Diagnostic(
                            .relationWithinCategory, "a category is the same quantity as itself: '\(a)' with '\(b)'",
                            at: row.second.location, hint: "remove the row; 'same' relates two different categories"))
                    continue
                }
                if let earlier = declared["same\t\(a)\t\(b)"] {
                    duplicate(row, "'\(a)' and '\(b)' are related twice", first: earlier, hint: "remove one of the rows")
                } else if let earlier = declared["same\t\(b)\t\(a)"] {
                    duplicate(
                        row, "'\(a)' and '\(b)' are related both ways", first: earlier,
                        hint: "remove this row: the reverse of a 'same' row is implied, with the factor's reciprocal")
                } else {
                    declared["same\t\(a)\t\(b)"] = row
                }
                continue
            }

            let first = names.unit(row.first), second = names.unit(row.second)
            diagnostics += [first.problem, second.problem].compactMap { $0 }
            guard let a = first.value, let b = second.value else { continue }
            if kind.withinCategory {
                guard a.category == b.category, a.key.lowercased() != b.key.lowercased() else {
                    diagnostics.append(
                        Diagnostic(
                            .relationWithinCategory,
                            a.category == b.category
                                ? "a unit is read as itself: '\(a.key)'"
                                : "'\(a.key)' and '\(b.key)' are in different categories",
                            at: row.second.location,
                            hint: kind == .everyday
                                ? "'everyday' reads a name as another unit of its own category: the calorie's words as the food calorie"
                                : "'regional' reads a name as another unit of its own category: the US pint's names as the imperial pint in GB"))
                    continue
                }
            } else if a.category == b.category {
                diagnostics.append(
                    Diagnostic(
                        .relationWithinCategory,
                        "'\(a.name.value)' and '\(b.name.value)' are both in '\(a.category)'",
                        at: row.second.location,
                        hint: kind == .difference
                            ? "a difference unit is in a category of its own (temperature-difference for temperature), or the two would convert into each other"
                            : "units of one category convert anyway; 'also' reads a name as a unit of another category"))
                continue
            }
            let aKey = a.key.lowercased(), bKey = b.key.lowercased()
            if let earlier = declared["\(kind.rawValue)\t\(aKey)\t\(bKey)"] {
                duplicate(row, "this row is declared twice", first: earlier, hint: "remove one of the rows")
                continue
            }
            switch kind {
            case .difference:
                // Written the wrong way round: a category of difference units has
                // no differences of its own, and the other way round.
                if let earlier = differenceCategoryRow[a.category] {
                    duplicate(
                        row, "units of '\(a.category)' are difference units, so they have none of their own", first: earlier,
                        note: "a difference unit of '\(a.category)'",
                        hint: "write the absolute unit first: difference, then the point on a scale, then the unit of its differences")
                    continue
                }
                if let earlier = absoluteCategoryRow[b.category] {
                    duplicate(
                        row, "units of '\(b.category)' have difference units, so they are not difference units themselves",
                        first: earlier, note: "a unit of '\(b.category)' with a difference unit",
                        hint: "write the absolute unit first: difference, then the point on a scale, then the unit of its differences")
                    continue
                }
                if let earlier = differenceOf[aKey] {
                    duplicate(
                        row, "'\(a.key)' already has a difference unit", first: earlier,
                        hint: "an absolute unit has one difference unit: remove one of the rows")
                    continue
                }
                if let earlier = absoluteOf[bKey] {
                    duplicate(
                        row, "'\(b.key)' is already the difference unit of another unit", first: earlier,
                        hint: "a difference unit belongs to one absolute unit at most: give each scale its own")
                    continue
                }
                differenceOf[aKey] = row
                absoluteOf[bKey] = row
                if absoluteCategoryRow[a.category] == nil { absoluteCategoryRow[a.category] = row }
                if differenceCategoryRow[b.category] == nil { differenceCategoryRow[b.category] = row }
                if let mismatch = Self.sizeMismatch(absolute: a, difference: b, row: row, names: names) {
                    diagnostics.append(mismatch)
                }
            case .also:
                let slot = aKey + "\t" + b.category
                if let earlier = alsoIn[slot] {
                    duplicate(
                        row, "'\(a.key)' is already also read as a unit of '\(b.category)'", first: earlier,
                        hint: "a name is read as one unit of a category, or a reader could not choose: remove one of the rows")
                    continue
                }
                alsoIn[slot] = row
            case .regional:
                // One reading of a unit's names per region, or a reader could not choose.
                var twice = false
                for region in row.regions {
                    let slot = aKey + "\t" + region.value
                    if let earlier = regionalIn[slot] {
                        duplicate(
                            row, "'\(a.key)' is already read as another unit in \(region.value)", first: earlier,
                            hint: "a region reads a name as one unit: remove \(region.value) from one of the rows")
                        twice = true
                        break
                    }
                    regionalIn[slot] = row
                }
                if twice { continue }
            case .everyday:
                // One everyday reading of a unit's words, or a reader could not choose.
                if let earlier = everydayOf[aKey] {
                    duplicate(
                        row, "'\(a.key)' is already read as another unit every day", first: earlier,
                        hint: "a unit's words are read as one unit every day: remove one of the rows")
                    continue
                }
                everydayOf[aKey] = row
            case .same:
                break
            }
            declared["\(kind.rawValue)\t\(aKey)\t\(bKey)"] = row
        }
        return diagnostics
    }

    /// The values at which an absolute unit's step is measured: the usual
    /// temperatures, small enough that `toBase(x + 1) - toBase(x)` keeps its
    /// digits (at 1e9 a step of 5/9 would lose seven of them).
    static let stepSamples: [Double] = [-100, -40, 0, 1, 37, 100, 1000]
    static let tolerance = 1e-9

    /// E933: the difference unit is a plain coefficient, and that coefficient
    /// is the magnitude of the absolute unit's step at every sample (Delisle
    /// counts downwards: its step is -2/3 K, its difference unit 2/3 K).
    static func sizeMismatch(absolute: UnitRow, difference: UnitRow, row: RelationRow, names: RelationNames) -> Diagnostic? {
        guard case .coefficient(let coefficient)? = difference.definition, !difference.isInverse else {
            guard difference.definition != nil else { return nil }
            return Diagnostic(
                .differenceFactorMismatch,
                "the difference unit '\(difference.key)' is \(difference.isInverse ? "inverse" : "converted by formulas")",
                at: row.second.location, notes: [.init("defined here", at: difference.location)],
                hint: "a difference has no offset and grows with what it measures: give the unit a coefficient, the size of one step of '\(absolute.name.value)'")
        }
        guard let size = try? coefficient.value.evaluate(x: 0) else { return nil }
        for x in stepSamples {
            guard let low = absolute.valueInBase(x), let high = absolute.valueInBase(x + 1), low.isFinite, high.isFinite
            else { continue }
            let step = abs(high - low)
            guard abs(step - size) > tolerance * max(step, size) else { continue }
            let base = names.baseUnit(of: absolute.category).map { " " + $0 } ?? ""
            let differenceBase = names.baseUnit(of: difference.category).map { " " + $0 } ?? ""
            return Diagnostic(
                .differenceFactorMismatch,
                "one step of '\(absolute.name.value)' (from \(show(x)) to \(show(x + 1))) is \(show(step))\(base), but '\(difference.name.value)' is \(show(size))\(differenceBase)",
                at: row.second.location, notes: [.init("its coefficient", at: coefficient.location)],
                hint: "a difference unit's coefficient is the size of one step of its absolute unit: write \(show(step)) in units-src/\(difference.category).tsv, or relate the right unit")
        }
        return nil
    }
}

/// E934: once a category has a `difference` row, every unit of it has one, so
/// that a front end can turn any of its values into a difference (a change
/// of 10 °F is 10 Δ°F).
struct DifferenceCoverageRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        let names = RelationNames(tree)
        var covered = Set<String>()
        // The difference category of each absolute category (its first row's), for the hint.
        var differenceCategory: [String: String] = [:]
        // A category on both sides has a row the wrong way round, which E935
        // reports; asking each of its units for a difference would bury it.
        var differenceSides = Set<String>()
        for row in tree.relations where row.kind.value == .difference {
            // A row for the unit covers it even when its other side is wrong
            // (E931, E932): that side is the finding, not a missing row.
            guard let a = names.unit(row.first).value else { continue }
            covered.insert(a.key.lowercased())
            guard let b = names.unit(row.second).value, a.category != b.category else { continue }
            differenceSides.insert(b.category)
            if differenceCategory[a.category] == nil { differenceCategory[a.category] = b.category }
        }
        return tree.units.compactMap { unit in
            guard let target = differenceCategory[unit.category], !differenceSides.contains(unit.category),
                !covered.contains(unit.key.lowercased())
            else { return nil }
            return Diagnostic(
                .missingDifferenceUnit,
                "'\(unit.name.value)' has no difference unit, while other units of '\(unit.category)' have one",
                at: unit.name.location,
                hint: "add a row 'difference<TAB>\(unit.key)<TAB>\(target)/NAME' to units-src/relations.tsv, with a unit of \(target) as large as one step of this one")
        }
    }
}

/// The units and categories a relation can name, looked up as the other
/// source files do: category keys exactly, unit names ignoring case.
struct RelationNames {
    struct Resolved<Value> {
        var value: Value?
        var problem: Diagnostic?
    }

    private let categories: [String: CategoryRow]
    private let units: [String: [String: UnitRow]]

    init(_ tree: SourceTree) {
        categories = Dictionary(tree.categories.map { ($0.key.value, $0) }, uniquingKeysWith: { a, _ in a })
        var units: [String: [String: UnitRow]] = [:]
        for unit in tree.units { units[unit.category, default: [:]][unit.name.value.lowercased()] = unit }
        self.units = units
    }

    func baseUnit(of category: String) -> String? { categories[category]?.baseUnitName.value }

    func category(_ side: Located<String>) -> Resolved<String> {
        if categories[side.value] != nil { return Resolved(value: side.value) }
        return Resolved(problem: unknownCategory(side.value, at: side.location))
    }

    func unit(_ side: Located<String>) -> Resolved<UnitRow> {
        guard let key = RelationRow.unitKey(side.value) else { return Resolved() }
        guard categories[key.category] != nil else {
            return Resolved(problem: unknownCategory(key.category, at: side.location))
        }
        let inCategory = units[key.category] ?? [:]
        if let unit = inCategory[key.name.lowercased()] { return Resolved(value: unit) }
        var hint = "name a unit of units-src/\(key.category).tsv by its name (not a symbol)"
        if let owner = inCategory.values.first(where: { $0.symbols.contains { $0.value == key.name } }) {
            hint = "'\(key.name)' is a symbol of \(owner.name.value): write \(key.category)/\(owner.name.value)"
        } else if let close = Suggestion.closest(to: key.name, among: inCategory.values.map(\.name.value).sorted()) {
            hint = "did you mean '\(key.category)/\(close)'?"
        }
        let nameColumn = side.location.advanced(by: key.category.unicodeScalars.count + 1)
        return Resolved(
            problem: Diagnostic(
                .unknownRelationTarget, "no unit '\(key.name)' in category '\(key.category)'", at: nameColumn, hint: hint))
    }

    private func unknownCategory(_ key: String, at location: SourceLocation) -> Diagnostic {
        var hint = "a category key of units-src/categories.tsv"
        if let close = Suggestion.closest(to: key, among: categories.keys.sorted()) { hint = "did you mean '\(close)'?" }
        return Diagnostic(.unknownRelationTarget, "no category '\(key)'", at: location, hint: hint)
    }

}
