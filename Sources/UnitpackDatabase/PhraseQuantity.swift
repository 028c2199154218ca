import UnitpackCore

/// A number and its unit as a person gives them: `6 ft` and `2 in` in the
/// phrase `6 ft 2 in`, or the VALUE FROM of a conversion. A phrase's
/// reading holds its parts as these, and an answer keeps them
/// (`ConversionAnswer.parts`); in this module so that an app that converts
/// without reading phrases has them too.
public struct PhraseQuantity: Sendable, Hashable {
    /// The number of this part.
    public var value: Double
    /// The unit of this part.
    public var unit: MeasureUnit
    /// The significant digits the number was typed with (`1234567.5`: 8);
    /// nil when it states none: words, fractions, `5'8"` (docs/phrases.md,
    /// Precision). A result keeps at least as many.
    public var significantDigits: Int?

    /// A part: a value in a unit, and the significant digits typed (nil when none were: words, fractions).
    public init(value: Double, unit: MeasureUnit, significantDigits: Int? = nil) {
        self.value = value
        self.unit = unit
        self.significantDigits = significantDigits
    }
}
