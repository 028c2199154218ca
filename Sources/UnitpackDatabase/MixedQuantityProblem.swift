import UnitpackCore

/// Why `UnitDatabase.split(_:of:into:rounding:)` refused its units or its
/// rounding (inside `UnitDatabaseError.invalidMixedQuantity`). Units are named
/// by their keys (`length/foot`).
public enum MixedQuantityProblem: Sendable, Hashable, CustomStringConvertible {
    /// No unit to split into.
    case noUnits
    /// The units are not largest first, or one is given twice.
    case notDescending(larger: String, smaller: String)
    /// One of the larger unit is not a whole number of the smaller (a mile
    /// and a kilometer): the parts could not carry.
    case notWholeMultiple(larger: String, smaller: String, ratio: Double)
    /// The unit is converted by a formula or an inverse scale (degrees
    /// Celsius, miles per gallon): parts of it do not add up.
    case notProportional(String)
    /// `.fraction(denominator:)` with a denominator that is not 2, 4, 8, 16,
    /// 32 or 64.
    case fractionDenominator(Int)
    /// `.significantDigits` outside `1...17`.
    case significantDigits(Int)

    /// The problem in words, for a message.
    public var description: String {
        switch self {
        case .noUnits:
            return "no units to split into"
        case .notDescending(let larger, let smaller):
            return "the units must go from the largest down, but \(larger) is not larger than \(smaller)"
        case .notWholeMultiple(let larger, let smaller, let ratio):
            return "one \(larger) is \(DecimalFormatting.format(ratio)) \(smaller), not a whole number of it"
        case .notProportional(let unit):
            return "\(unit) is converted by a formula or an inverse scale, so its parts do not add up"
        case .fractionDenominator(let denominator):
            let allowed = MixedRounding.fractionDenominators.map(String.init).joined(separator: ", ")
            return "a fraction's denominator must be one of \(allowed), not \(denominator)"
        case .significantDigits(let digits):
            return "significant digits must be in 1...17, not \(digits)"
        }
    }
}
