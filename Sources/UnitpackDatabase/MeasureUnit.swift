import UnitpackCore

/// A unit as the database describes it.
///
/// Its fields live in one shared object: a parse copies units into every
/// reading it weighs, and a struct of strings and arrays took a retain and
/// a release of each field at each copy (a tenth of a warm parse went to
/// copying and destroying units). Equality and hashing are the fields'.
public struct MeasureUnit: Sendable, Hashable {
    /// The unit's id: stable across builds, never reused (`units-src/ids.tsv`).
    public var id: UnitID { storage.id }
    /// The English name, also the unit's key inside its category.
    public var name: String { storage.name }
    /// The key of the unit's category (`length`); `dimension ...` for an expression of no category.
    public var category: String { storage.category }
    /// Symbols, most preferred first.
    public var symbols: [String] { storage.symbols }
    /// How a value converts to and from the category's base unit.
    public var conversion: Conversion { storage.conversion }
    /// How common the unit is, as `units-src/` ranks it: search ranks by it, a name read two ways prefers it.
    public var priority: Double { storage.priority }
    /// The measurement system the unit belongs to.
    public var system: MeasurementSystem { storage.system }
    /// How the unit is offered: 0 for everyday units, higher for rarer ones a
    /// front end may list after the rest (docs/database.md, `units.tier`).
    public var tier: Int { storage.tier }
    /// What the unit is and takes: inverse, converted by a formula, SI or binary prefixes.
    public var flags: UnitFlags { storage.flags }
    /// The usage a value of the unit implies when no target is given
    /// (`units-src/usages.tsv`: `fluid` for a cup, `land` for an acre), nil
    /// for none. `expectedTarget` reads that usage's lists.
    public var impliedUsage: String? { storage.impliedUsage }

    private let storage: Storage

    /// The fields, immutable once read.
    private final class Storage: Sendable {
        let id: UnitID
        let name: String
        let category: String
        let symbols: [String]
        let conversion: Conversion
        let priority: Double
        let system: MeasurementSystem
        let tier: Int
        let flags: UnitFlags
        let impliedUsage: String?

        init(
            id: UnitID, name: String, category: String, symbols: [String], conversion: Conversion, priority: Double,
            system: MeasurementSystem, tier: Int, flags: UnitFlags, impliedUsage: String?
        ) {
            self.id = id
            self.name = name
            self.category = category
            self.symbols = symbols
            self.conversion = conversion
            self.priority = priority
            self.system = system
            self.tier = tier
            self.flags = flags
            self.impliedUsage = impliedUsage
        }
    }

    init(
        id: UnitID, name: String, category: String, symbols: [String], conversion: Conversion, priority: Double,
        system: MeasurementSystem, tier: Int, flags: UnitFlags, impliedUsage: String?
    ) {
        storage = Storage(
            id: id, name: name, category: category, symbols: symbols, conversion: conversion, priority: priority, system: system,
            tier: tier, flags: flags, impliedUsage: impliedUsage)
    }

    /// The same fields, whether or not the object is shared.
    public static func == (a: MeasureUnit, b: MeasureUnit) -> Bool {
        if a.storage === b.storage { return true }
        return a.id == b.id && a.name == b.name && a.category == b.category && a.symbols == b.symbols && a.conversion == b.conversion
            && a.priority == b.priority && a.system == b.system && a.tier == b.tier && a.flags == b.flags
            && a.impliedUsage == b.impliedUsage
    }

    /// Hashes the fields in order, as the derived conformance did.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(category)
        hasher.combine(symbols)
        hasher.combine(conversion)
        hasher.combine(priority)
        hasher.combine(system)
        hasher.combine(tier)
        hasher.combine(flags)
        hasher.combine(impliedUsage)
    }

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
