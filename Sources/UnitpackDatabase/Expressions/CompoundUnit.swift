import UnitpackCore

/// A unit written as an expression of the database's units: `lbf·ft`,
/// `kg·m/s²`, `W/(m·K)`, `L/100 km` (docs/expressions.md). Made by
/// `UnitDatabase.compoundUnit(_:languages:)`; converted through the
/// `MeasureUnit`s of `UnitDatabase.units(of:)`, one for each category of its
/// dimension.
public struct CompoundUnit: Sendable, Hashable {
    /// One unit of the expression, with its prefix and power (`km²`: kilo, meter, 2).
    public struct Part: Sendable, Hashable {
        /// The unit as it is used: a point on a scale is read as its
        /// difference (`°F` in `BTU/(h·ft·°F)`), as handbooks mean it.
        public let unit: MeasureUnit
        /// The SI or binary prefix written on the unit (`k` in `kN`, `mega`
        /// in `megaparsec`), when no row names the prefixed unit.
        public let prefix: UnitPrefix?
        /// The power, negative in a denominator (`s` in `m/s²` is -2).
        public let power: Int
        /// The text it was read from.
        public let written: String
    }

    /// A word that named units of more than one category: the one taken
    /// (the best match, as `UnitDatabase.candidates(for:)` orders them) and the others.
    public struct Choice: Sendable, Hashable {
        /// The word as written in the expression (`oz`).
        public let written: String
        /// The unit it was read as.
        public let chosen: MeasureUnit
        /// The other units the word names, which the expression's dimension did not fit as well.
        public let others: [MeasureUnit]
    }

    /// The units of the expression, as written, numerator first.
    public let parts: [Part]
    /// The numbers of the expression, multiplied (0.01 in `L/100 km`).
    public let number: Double
    /// How many coherent base units one of it is: 1 for `kg·m/s²`, 1.3558… for `lbf·ft`.
    public let factor: Double
    /// The expression's dimension, in the database's base units (`kg·m²·s⁻²`).
    public let dimension: QuantityDimension
    /// The symbols of the parts: numerator joined by `·`, then `/` and the
    /// denominator, in parentheses when it has several parts.
    public let symbol: String
    /// The categories of its dimension, in display order (`energy`, `torque`
    /// for `N·m`); empty when no category has it (`m⁴`).
    public let categories: [String]
    /// The words that name several units, and which one each was read as.
    public let choices: [Choice]

    /// What `MeasureUnit.category` says for a unit of a dimension no category
    /// has: `dimension kg·m`, so that units of one such dimension share it.
    public static func categoryKey(of dimension: QuantityDimension) -> String { dimensionPrefix + dimension.description }

    /// Whether it is one unit of the database as it is (`m`): no power, no
    /// number, no prefix. Such a text is a name, not an expression.
    public var isSingleUnit: Bool { parts.count == 1 && parts[0].power == 1 && parts[0].prefix == nil && number == 1 }

    static let dimensionPrefix = "dimension "
}

extension MeasureUnit {
    /// Whether the unit is an expression's (`UnitDatabase.units(of:)`), not a row of the database.
    public var isExpression: Bool { flags.contains(.expression) }

    /// Whether `category` is a row of the database: false only for an
    /// expression of a dimension no category has (`m⁴`).
    var hasCategoryRow: Bool { !isExpression || !category.hasPrefix(CompoundUnit.dimensionPrefix) }
}
