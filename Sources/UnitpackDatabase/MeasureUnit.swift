import UnitpackCore

/// A unit as the database describes it.
public struct MeasureUnit: Sendable, Hashable {
    /// The unit's id: stable across builds, never reused (`units-src/ids.tsv`).
    public let id: UnitID
    /// The English name, also the unit's key inside its category.
    public let name: String
    /// The key of the unit's category (`length`); `dimension ...` for an expression of no category.
    public let category: String
    /// Symbols, most preferred first.
    public let symbols: [String]
    /// How a value converts to and from the category's base unit.
    public let conversion: Conversion
    /// How common the unit is, as `units-src/` ranks it: search ranks by it, a name read two ways prefers it.
    public let priority: Double
    /// The measurement system the unit belongs to.
    public let system: MeasurementSystem
    /// How the unit is offered: 0 for everyday units, higher for rarer ones a
    /// front end may list after the rest (docs/database.md, `units.tier`).
    public let tier: Int
    /// What the unit is and takes: inverse, converted by a formula, SI or binary prefixes.
    public let flags: UnitFlags
    /// The usage a value of the unit implies when no target is given
    /// (`units-src/usages.tsv`: `fluid` for a cup, `land` for an acre), nil
    /// for none. `expectedTarget` reads that usage's lists.
    public let impliedUsage: String?

    /// `category/name`.
    public var key: String { UnitKey.make(category: category, name: name) }
    /// Whether the unit's value falls as the quantity grows (the cotton count, `Ne`).
    public var isInverse: Bool { flags.contains(.inverse) }
    /// Whether the unit is a multiple of its base (no offset, not inverse):
    /// only such a unit is split into parts or written in fractions
    /// (`split`, `MixedRounding.fraction`).
    public var isProportional: Bool {
        if case .linear = conversion { return true }
        return false
    }
}

/// A value converted between two units given by name
/// (`UnitDatabase.convert(_:from:to:)` with strings): the result, and the
/// units the names were read as, which a front end shows or keeps.
public struct ConvertedValue: Sendable, Hashable {
    /// The value in `to`.
    public var value: Double
    /// The unit the source name was read as.
    public var from: MeasureUnit
    /// The unit the target name was read as.
    public var to: MeasureUnit

    /// A converted value and the units of the conversion.
    public init(value: Double, from: MeasureUnit, to: MeasureUnit) {
        self.value = value
        self.from = from
        self.to = to
    }
}
