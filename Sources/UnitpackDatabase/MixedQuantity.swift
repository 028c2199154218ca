/// A value shown in several units of one category, largest first: 5 ft 11 in,
/// 12 st 8 lb, 1 h 30 min, 10° 30′ 15″. Made by
/// `UnitDatabase.split(_:of:into:rounding:)`, written by
/// `UnitDatabase.format(_:language:grouping:)`.
public struct MixedQuantity: Sendable, Hashable {
    /// One unit's share of the value.
    public struct Part: Sendable, Hashable {
        /// At least 0 (the sign is the quantity's); a whole number in every
        /// part but the last.
        public let value: Double
        /// One of the units `split` was asked for, in their order.
        public let unit: MeasureUnit
    }

    /// A proper fraction in lowest terms: `7/8`.
    public struct Fraction: Sendable, Hashable {
        /// In `1..<denominator`.
        public let numerator: Int
        /// A power of two, 2 to 64.
        public let denominator: Int
    }

    /// Every unit asked for, largest first, zeros included (a front end may
    /// lay out one field per unit). All values are at least 0, all but the
    /// last are whole numbers, and every part but the first is less than one
    /// of the unit before it (`5 ft 11 in`, never `5 ft 12 in`).
    public let parts: [Part]
    /// The sign, written once before the first part shown. Never set when
    /// every part is 0: zero has no sign.
    public let isNegative: Bool
    /// How the last part was rounded, which also says how to write it.
    public let rounding: MixedRounding
    /// With `.fraction(denominator:)`, the last part's fraction (`7/8` of
    /// `10 7/8 in`, reduced); nil when the last part is a whole number or the
    /// rounding is another.
    public let fraction: Fraction?

    /// The parts a text shows: those that are not 0 (`6 ft`, not `6 ft 0 in`;
    /// `2 in`, not `0 ft 2 in`), or the last part alone when all are 0 (`0 in`).
    public var shownParts: [Part] { shownIndices.map { parts[$0] } }

    /// The indices of `shownParts` in `parts`.
    var shownIndices: [Int] {
        var nonZero: [Int] = []
        nonZero.reserveCapacity(parts.count)
        for index in parts.indices where parts[index].value != 0 { nonZero.append(index) }
        return nonZero.isEmpty ? [parts.count - 1] : nonZero
    }
}

/// How `UnitDatabase.split(_:of:into:rounding:)` rounds the last (smallest)
/// part. The parts above it are always whole numbers.
public enum MixedRounding: Sendable, Hashable {
    /// The last part to a whole number, halves away from zero: `5 ft 11 in`,
    /// `1 h 30 min`.
    case whole
    /// The last part to this many significant digits, in `1...17` (what
    /// `--precision N` means for a mixed result): `5 ft 10.8661 in` with 6.
    case significantDigits(Int)
    /// The last part to the nearest `1/denominator`, shown as `10 7/8`; the
    /// denominator is 2, 4, 8, 16, 32 or 64.
    case fraction(denominator: Int)

    /// The denominators `.fraction` accepts: the divisions of a ruler.
    public static let fractionDenominators = [2, 4, 8, 16, 32, 64]
}

/// A mixed quantity as a language writes it.
public struct FormattedMixedQuantity: Sendable, Hashable {
    /// Each part shown with its own plural form, one space between parts:
    /// `5 feet 11 inches`, `2 часа 1 минута`.
    public let long: String
    /// Each part shown with the language's symbol, a symbol that is one
    /// mark (`°`, `′`, `″`) written against its number: `1 ч 30 мин`,
    /// `10° 30′ 15″`, `5′ 11″` (English's symbols of the foot and the inch).
    public let short: String
    /// The parts shown (`MixedQuantity.shownParts`), the first carrying the
    /// sign; their `long` and `short` joined with spaces are this value's.
    public let parts: [FormattedQuantity]
}
