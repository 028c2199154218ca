import UnitpackCore

/// What a value and its unit convert to, as a converter answers it: the
/// value as given, the units it was converted to, the result in the first of
/// them and, for a mixed target (`ft+in`) or a result in fractions, the
/// parts; and, when no target was given, how one was chosen.
///
/// Made by `UnitDatabase.answer(_:from:to:given:rounding:)` and its
/// siblings, and by `PhraseReader.answer(for:request:rounding:)` for a
/// phrase's reading: the command line, the example app and any front end
/// get the same answer by one call. The result is at full precision: how
/// many digits to show is the front end's choice, and
/// `isExact(significantDigits:)` says whether what it shows is the result
/// (`=`) or a rounding of it (`≈`).
public struct ConversionAnswer: Sendable, Hashable {
    /// The value's parts as given, largest first (`6 ft`, `2 in`); one for a
    /// plain value. Each keeps the significant digits it was typed with.
    public let parts: [PhraseQuantity]
    /// The whole value, in `from`: `6 ft 2 in` is 6.1667 ft.
    public let value: Double
    /// The unit of the value.
    public let from: MeasureUnit
    /// The result's units, largest first: one, or several for a mixed result
    /// (`foot`, `inch`). Never empty.
    public let targets: [MeasureUnit]
    /// The result in `targets[0]` (`to`), at full precision.
    public let result: Double
    /// The result split into `targets` (`split`), when there are several,
    /// or when the rounding asked for a fraction (`10 5/16 inches`); nil for
    /// a plain result.
    public let mixed: MixedQuantity?
    /// How the target was chosen when none was given (`expectedTarget`); nil
    /// when the targets were given.
    public let choice: ExpectedTarget?

    /// The first unit of the result.
    public var to: MeasureUnit { targets[0] }

    /// The most significant digits any part was typed with (`6 ft 2.25 in`:
    /// 3); nil when no part states a precision. A front end shows the result
    /// with at least as many.
    public var significantDigits: Int? { parts.compactMap(\.significantDigits).max() }

    /// With `mixed`: whether its parts, as written, are the result split
    /// without rounding (`ConversionAnswer+Exactness.swift`); nil without.
    let mixedIsExact: Bool?

    init(
        parts: [PhraseQuantity], value: Double, from: MeasureUnit, targets: [MeasureUnit], result: Double, mixed: MixedQuantity?,
        mixedIsExact: Bool? = nil, choice: ExpectedTarget?
    ) {
        self.mixedIsExact = mixedIsExact
        self.parts = parts
        self.value = value
        self.from = from
        self.targets = targets
        self.result = result
        self.mixed = mixed
        self.choice = choice
    }
}
