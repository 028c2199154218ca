import UnitpackCore

/// Who asked for a target, as a front end knows it: a region, a measurement
/// system, a usage, each optional. What is not given is guessed from the
/// value's own unit (docs/preferences.md, "The unit a person expects").
public struct TargetRequest: Sendable, Hashable {
    /// A CLDR region code (`US`, `GB`, `001`), as `UnitDatabase.regionCode`
    /// spells it; nil when none is known.
    public var region: String?
    /// Where `region` came from: `.given` (the person chose it) or
    /// `.language` (the region of the interface's language tag, `en-GB`).
    public var regionSource: TargetChoiceSource
    /// A measurement system; it wins over `region` when both are set.
    public var system: MeasurementSystem?
    /// A usage of the database (`UnitDatabase.knownUsage`); nil to take the
    /// one the unit implies. `default` asks for CLDR's default lists even
    /// where the unit implies a usage.
    public var usage: String?

    /// A request: a region (a CLDR code, checked by `expectedTarget`) and where it
    /// came from, a measurement system, which wins over the region, and a usage;
    /// nil for what is not given.
    public init(
        region: String? = nil, regionSource: TargetChoiceSource = .given, system: MeasurementSystem? = nil, usage: String? = nil
    ) {
        self.region = region
        self.regionSource = regionSource
        self.system = system
        self.usage = usage
    }
}

/// Why a usage or a reader's region was used.
public enum TargetChoiceSource: String, Sendable, Hashable {
    /// The request gave it.
    case given
    /// The region of the request's language tag (`en-GB`).
    case language
    /// The usage the value's unit implies (`units-src/usages.tsv`).
    case unit
    /// Nothing was given: the unit's other measurement system (a metric unit
    /// reads in the US's list, any other in the world's).
    case otherSystem
    /// Nothing was given and the unit implies nothing: CLDR's `default`.
    case `default`
}

/// What `expectedTarget` chose, with what it read and the alternatives a
/// front end may offer with one tap.
public struct ExpectedTarget: Sendable, Hashable {
    /// The unit the value reads best in, with the value in it.
    public let target: PreferredTarget
    /// The usage whose lists were read (before CLDR's fallbacks: `road-small`
    /// may have read `road`'s list).
    public let usage: String
    /// Where the usage came from: given, the unit's, or the default.
    public let usageSource: TargetChoiceSource
    /// The lists read: a CLDR region (`US`, `001`) or a measurement system's
    /// own lists (`metric`, `us`, `imperial`).
    public let reader: String
    /// Where the reader came from: given, the language's region, the other system.
    public let readerSource: TargetChoiceSource
    /// Up to three other targets, best first: the units beside the chosen
    /// one in its list (larger, then smaller), then the unit the source's own
    /// measurement system reads the value in. Never the chosen unit, nor the
    /// source unit itself.
    public let alternatives: [PreferredTarget]
}

extension UnitDatabase {
    /// The unit a person expects `value` of `unit` in when they name no
    /// target: the usage the request gives, else the one the unit implies,
    /// else `default`; the lists of the request's system, else its region,
    /// else of the unit's other system (a metric unit reads in the US's
    /// list, any other in the world's); each list completed for readable
    /// magnitudes (`clusters.completed`), and read by the rule of
    /// `bestTarget`: the first unit whose threshold the value reaches. Nil
    /// when the category has no lists.
    ///
    /// `1 cup` -> 236.588 milliliters (a cup implies `fluid`: the world's
    /// fluid list); `15 psi` -> 1.03421 bars (the world's pressure list with
    /// its completions); `7 L/100km` for `US` -> 33.6 miles per US gallon.
    /// `bestTarget(for:in:region:usage:)` stays CLDR's choice exactly.
    /// - Parameter alternatives: how many alternatives to look for, at most
    ///   three; 0 when only the target is wanted (it halves the work).
    /// - Throws: `.invalidRegion` and `.unknownUsage` for a request's region
    ///   or usage that is not one (checked as `bestTarget` checks them).
    public func expectedTarget(
        for value: Double, in unit: MeasureUnit, request: TargetRequest = TargetRequest(), alternatives wanted: Int = 3
    ) throws(UnitDatabaseError) -> ExpectedTarget? {
        var request = request
        if let region = request.region { request.region = try Self.checkedRegion(region) }
        if let usage = request.usage { request.usage = try checkedUsage(usage) }
        guard unit.hasCategoryRow else { return nil }
        var usage: (String, TargetChoiceSource) =
            if let given = request.usage { (given, .given) }
            else if let implied = unit.impliedUsage { (implied, .unit) }
            else { ("default", .default) }
        let reader: (name: String, regions: [String], source: TargetChoiceSource)
        if let system = request.system {
            reader = (system.preferenceSystem ?? system.preferenceRegion ?? "001", Self.regions(of: system), .given)
        } else if let region = request.region, region == unit.system.preferenceRegion {
            // A source asked for in its own system's region stays in that
            // system's units: 2 long tons for GB are long tons, although
            // CLDR's GB mass list is the US one (short tons).
            reader = (region, Self.regions(of: unit.system), request.regionSource)
        } else if let region = request.region {
            reader = (region, region == "001" ? ["001"] : [region, "001"], request.regionSource)
        } else {
            let region = unit.system == .metric ? "US" : "001"
            reader = (region, region == "001" ? ["001"] : [region, "001"], .otherSystem)
        }
        var list = try preferenceList(category: unit.category, regions: reader.regions, usage: usage.0, completed: true)
        guard var chosen = try chosenEntry(for: value, in: unit, list: list) else { return nil }
        // `1 barrel`: the usage the unit implies (oil) lists the unit itself,
        // and a unit converted to itself answers nothing: the default list
        // then (158.987 litres). A usage the caller gave is kept.
        if chosen.target.units == [unit], usage.1 == .unit {
            let defaults = try preferenceList(category: unit.category, regions: reader.regions, usage: "default", completed: true)
            if let other = try chosenEntry(for: value, in: unit, list: defaults), other.target.units != [unit] {
                (list, chosen, usage) = (defaults, other, ("default", .default))
            }
        }

        var alternatives: [PreferredTarget] = []
        func offer(_ target: PreferredTarget) {
            guard alternatives.count < min(wanted, 3), target.units != chosen.target.units, target.units != [unit],
                !alternatives.contains(where: { $0.units == target.units })
            else { return }
            alternatives.append(target)
        }
        for index in [chosen.index - 1, chosen.index + 1] where wanted > 0 && list.indices.contains(index) {
            offer(try target(list[index], for: value, in: unit))
        }
        if wanted > alternatives.count, unit.system.preferenceSystem != nil {
            let own = try preferenceList(category: unit.category, regions: Self.regions(of: unit.system), usage: usage.0, completed: true)
            if let best = try chosenEntry(for: value, in: unit, list: own) { offer(best.target) }
        }
        return ExpectedTarget(
            target: chosen.target, usage: usage.0, usageSource: usage.1, reader: reader.name, readerSource: reader.source,
            alternatives: alternatives)
    }

    /// The lists a reader of `system` reads, in order: the system's own, then
    /// its CLDR region's, then the world's.
    static func regions(of system: MeasurementSystem) -> [String] {
        let region = system.preferenceRegion ?? "001"
        return (system.preferenceSystem.map { [$0] } ?? []) + (region == "001" ? ["001"] : [region, "001"])
    }
}
