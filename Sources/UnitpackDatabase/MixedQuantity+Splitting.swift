import UnitpackCore

extension MixedRounding {
    /// The problem with this rounding's parameter, if any.
    var problem: MixedQuantityProblem? {
        switch self {
        case .whole: return nil
        case .significantDigits(let digits): return (1...17).contains(digits) ? nil : .significantDigits(digits)
        case .fraction(let denominator):
            return Self.fractionDenominators.contains(denominator) ? nil : .fractionDenominator(denominator)
        }
    }
}

extension MixedQuantity {
    /// The arithmetic of a split, apart from the database: `magnitude` (at
    /// least 0, finite, in the smallest unit) as a whole count of each unit
    /// and a rounded last part. `ratios[i]` is how many of unit `i + 1` make
    /// one of unit `i`: whole numbers of at least 2.
    ///
    /// The last part is rounded first and the rest carried from it, so the
    /// whole value is converted once and no part's error feeds the next, and a
    /// rounding that reaches the next unit carries into it (11.96 in is 1 ft
    /// 0 in, never 12 in).
    package static func split(magnitude: Double, ratios: [Double], rounding: MixedRounding)
        -> (values: [Double], fraction: Fraction?)
    {
        let lastRatio = ratios.last
        var last: Double
        // The whole number of the second smallest unit (0 with one unit).
        var above: Double = 0
        switch rounding {
        case .whole, .fraction:
            // The parts above the last are whole numbers of the last unit, so
            // rounding the last part is rounding the whole value to the step.
            var steps = 1.0
            if case .fraction(let denominator) = rounding { steps = Double(denominator) }
            // A power of two: both the product and the quotient are exact.
            let rounded = (magnitude * steps).rounded(.toNearestOrAwayFromZero) / steps
            if let ratio = lastRatio {
                let whole = rounded.rounded(.down)
                let lastWhole = whole.truncatingRemainder(dividingBy: ratio)
                last = lastWhole + (rounded - whole)
                // Exact below 2^53; beyond, rounded down so that it stays whole.
                above = ((whole - lastWhole) / ratio).rounded(.down)
            } else {
                last = rounded
            }
        case .significantDigits(let digits):
            // The step depends on the last part's own size, so split first.
            if let ratio = lastRatio {
                let raw = magnitude.truncatingRemainder(dividingBy: ratio)
                above = ((magnitude - raw) / ratio).rounded(.down)
                last = roundedToSignificantDigits(raw, digits)
                // 59.6 min to 2 digits is 60: one more hour and 0 min. Reaching
                // past the ratio (15.6 oz to 1 digit is 20) carries one as well:
                // 1 lb 0 oz is nearer the value than 1 lb 4 oz.
                if last >= ratio {
                    last = 0
                    above += 1
                }
            } else {
                last = roundedToSignificantDigits(magnitude, digits)
            }
        }
        var values = [Double](repeating: 0, count: ratios.count + 1)
        values[ratios.count] = last
        if ratios.count > 0 {
            for index in stride(from: ratios.count - 1, to: 0, by: -1) {
                let ratio = ratios[index - 1]
                let part = above.truncatingRemainder(dividingBy: ratio)
                values[index] = part
                above = ((above - part) / ratio).rounded(.down)
            }
            values[0] = above
        }
        return (values, fraction(of: last, rounding: rounding))
    }

    /// The fraction of `last` in lowest terms, for `.fraction` roundings.
    private static func fraction(of last: Double, rounding: MixedRounding) -> Fraction? {
        guard case .fraction(let denominator) = rounding else { return nil }
        var numerator = Int(((last - last.rounded(.down)) * Double(denominator)).rounded())
        guard numerator > 0, numerator < denominator else { return nil }
        var reduced = denominator
        // Both are powers of two times an odd numerator: halve while even.
        while numerator % 2 == 0 {
            numerator /= 2
            reduced /= 2
        }
        return Fraction(numerator: numerator, denominator: reduced)
    }

    /// `value` to `digits` significant digits, rounded as the formatter rounds
    /// (half to even on the shortest decimal form), so the number kept is the
    /// number shown.
    static func roundedToSignificantDigits(_ value: Double, _ digits: Int) -> Double {
        guard value != 0 else { return 0 }
        let decimal = DecimalDigits(value, significantDigits: digits)
        var text = decimal.isNegative ? "-0." : "0."
        for digit in decimal.digits { text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + digit)) }
        text += "e" + String(decimal.exponent)
        // A correctly rounded parse: the nearest Double to the digits.
        return Double(text) ?? value
    }
}
