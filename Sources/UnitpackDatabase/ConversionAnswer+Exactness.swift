import UnitpackCore

/// `=` or `≈`: whether a result as shown is the result. One rule for the
/// command line and every front end (docs/cli.md, "Precision"): the digits
/// written are the exact binary value of the double result rounded half to
/// even to 15 significant digits (`DecimalDigits.isExact(of:)`). Digits
/// rounded to fewer, or trimmed of binary noise (0 °C in °F is shown `32`,
/// the double being 31.999999999999943), or 16 or 17 of them, are a rounding
/// of the result, and a front end writes them after `≈`.
extension ConversionAnswer {
    /// Whether the result written with at most `significantDigits` (1 to
    /// 17) significant digits, as `UnitDatabase.format` writes it, is the
    /// result: its exact value rounded to 15 digits. For a mixed result,
    /// whether every part as written (the last as the answer's rounding
    /// left it) is the result split without rounding; `significantDigits`
    /// is not used then. `1 ft` in inches shown with 6 digits is exact
    /// (12); `1 mi` in km (1.609344) with 6 is not (1.60934), with 7 it is.
    public func isExact(significantDigits: Int) -> Bool {
        if let mixedIsExact { return mixedIsExact }
        let digits = min(17, max(1, significantDigits))
        return DecimalDigits(result, significantDigits: digits).isExact(of: result)
    }

    /// Whether `rounded` (a split as asked) is `unrounded` (the same split
    /// to 17 digits, whose last part is the remainder itself): the same
    /// sign and whole parts, and the last part's digits as written (every
    /// digit of it: whole, `10 7/8` as 10.875, or the digits kept) its
    /// exact value to 15 digits. A rounding that carried (11.96 in to 1 ft
    /// 0 in) changed a whole part: not exact.
    static func isExact(_ rounded: MixedQuantity, unrounded: MixedQuantity) -> Bool {
        guard rounded.isNegative == unrounded.isNegative, rounded.parts.count == unrounded.parts.count,
            let shown = rounded.parts.last?.value, let exact = unrounded.parts.last?.value
        else { return false }
        for (one, other) in zip(rounded.parts.dropLast(), unrounded.parts.dropLast()) where one.value != other.value {
            return false
        }
        return DecimalDigits(shown, significantDigits: 17).isExact(of: exact)
    }
}
