// Significant-digit decimal formatting without Foundation.
//
// UnitpackCore is linked into the Foundation-free runtime, so neither
// NumberFormatter nor String(format:) is available. `DecimalDigits` is the
// reusable core (rounded digits + decimal exponent); `DecimalFormatting.format`
// renders them as plain ASCII text. Localized separators and digit grouping
// are meant to be layered on top of `DecimalDigits`, reusing
// `DecimalFormatting.usesScientificNotation(_:)` so every renderer switches
// to scientific notation at the same thresholds.

/// The decimal digits of a finite `Double`, rounded to a number of
/// significant digits.
///
/// The value represented is
///
///     (isNegative ? -1 : +1) × 0.d₁d₂d₃…dₙ × 10^exponent
///
/// where `digits == [d₁, d₂, …, dₙ]`; that is, the decimal point sits just
/// *before* the first digit. For example `1609.344` with 6 significant digits
/// is `digits == [1, 6, 0, 9, 3, 4]`, `exponent == 4`, and `0.000015` is
/// `digits == [1, 5]`, `exponent == -4`. The "scientific" exponent (the `e`
/// in `d₁.d₂… × 10^e`) is `exponent - 1`.
///
/// ## Rounding
///
/// Rounding is **round-half-even on the shortest round-trip decimal
/// representation** of the value (the digits of `value.description`: the
/// fewest digits that parse back to exactly the same `Double`), not on its
/// exact binary value. This matches what a user who typed the number expects:
/// `2.675` (stored as 2.67499999999999982236431605997495353221893310546875)
/// rounds to 3 digits as `2.68`, and `0.35` to 1 digit as `0.4`. Two
/// consequences worth knowing:
///
/// * With 17 significant digits no rounding ever happens (the shortest
///   representation never has more than 17 digits), so the digits always
///   round-trip to the identical `Double`; so with 16.
/// * With at most 15 (`noiseFreeDigits`), binary noise is trimmed first: a
///   value whose shortest representation has 16 or 17 digits, and whose
///   digits from some place through the 15th are all 9 or all 0 (two or
///   more), is read as the shorter decimal they round to
///   (31.999999999999943, which is 0 °C in °F computed through kelvin, is
///   32 at every precision up to 15, never 31.9999999999999). That moves the
///   result by at most one unit in the 15th digit. A number typed with 15
///   digits or fewer is its own shortest representation and is never
///   changed by it. The trimming is for showing a number: the digits may
///   then differ from the value's own (1.999999999999991 is shown `2`), so
///   whether digits *are* a value is `isExact(of:)`'s to say, on the exact
///   binary value (`DecimalDigits+Exact.swift`; issue 37).
/// * The least nonzero magnitude (exactly 4.94065645841246544…e-324) has the
///   shortest representation `5e-324`, so it yields `digits == [5]` at every
///   precision.
///
/// ## Canonical form
///
/// `digits` holds digit *values* `0...9` (not ASCII), has no leading or
/// trailing zeros, and is never empty. Zero (either sign) is
/// `digits == [0]`, `exponent == 0`, `isNegative == false`, so `0.0` and
/// `-0.0` produce equal values, mirroring `0.0 == -0.0`.
public struct DecimalDigits: Sendable, Hashable {
    /// The significant decimal digits, most significant first, each in
    /// `0...9`.
    ///
    /// At most `significantDigits` digits; trailing zeros are removed (so
    /// `1.5` to 6 digits is `[1, 5]`), there is no leading zero, and zero is
    /// `[0]`.
    public let digits: [UInt8]

    /// The power of ten that places the decimal point: the value is
    /// `0.d₁d₂d₃… × 10^exponent`.
    ///
    /// Equivalently, for a value ≥ 1 this is the number of digits before the
    /// decimal point, and for a value < 1 its negation is the number of zeros
    /// between the decimal point and the first significant digit. Ranges from
    /// -323 (least nonzero magnitude) to 309 (greatest finite magnitude); it is
    /// 0 for zero.
    public let exponent: Int

    /// Whether the value is less than zero. `false` for `0.0` and `-0.0`.
    public let isNegative: Bool

    /// Rounds a finite `Double` to `significantDigits` significant decimal
    /// digits (round-half-even on its shortest round-trip representation; see
    /// the type's documentation).
    ///
    /// Rounding may carry into a new leading digit: `9.9999996` to 6 digits
    /// gives `digits == [1]`, `exponent == 2` (that is, 10).
    ///
    /// - Parameters:
    ///   - value: A finite number. Passing infinity or NaN is a programming
    ///     error and traps.
    ///   - significantDigits: The maximum number of significant digits to
    ///     keep, in `1...17`; other values trap.
    /// - Complexity: O(1): at most 17 digits are examined.
    public init(_ value: Double, significantDigits: Int) {
        precondition(value.isFinite, "DecimalDigits requires a finite value, got \(value)")
        precondition(
            (1...17).contains(significantDigits),
            "significantDigits must be in 1...17, got \(significantDigits)")

        if value == 0 {
            self.digits = [0]
            self.exponent = 0
            self.isNegative = false
            return
        }

        var (digits, exponent) = DecimalDigits.shortestDigits(of: value.magnitude)
        if significantDigits <= Self.noiseFreeDigits, digits.count > Self.noiseFreeDigits,
            let trimmed = Self.withoutBinaryNoise(digits, exponent)
        {
            (digits, exponent) = trimmed
        }
        if digits.count > significantDigits {
            (digits, exponent) = Self.rounded(digits, exponent, to: significantDigits)
        }

        self.digits = digits
        self.exponent = exponent
        self.isNegative = value < 0
    }

    /// The most significant digits a result keeps before binary noise is
    /// trimmed: a Double holds 15 decimal digits safely (15.95 in all).
    public static let noiseFreeDigits = 15

    /// The fewer digits a value of 16 or 17 (`digits`) is read as when its
    /// digits from some place through the 15th are all 9 or all 0, at least
    /// two of them (31.999999999999943, 0 °C in °F computed through kelvin:
    /// thirteen 9s, so 32; -40.00000000000006: fourteen 0s, so -40). Such a
    /// run is what the rounding of a few operations leaves on a short
    /// decimal; the digits read differ from the value's 15-digit rounding by
    /// at most one unit in the 15th digit. Nil when there is no such run:
    /// the digits are the value's, not noise (4050418.307086614 keeps them).
    static func withoutBinaryNoise(_ digits: [UInt8], _ exponent: Int) -> (digits: [UInt8], exponent: Int)? {
        let last = noiseFreeDigits - 1
        guard digits.count > noiseFreeDigits else { return nil }
        for count in 1..<last {
            let run = digits[count...last]
            if run.allSatisfy({ $0 == 9 }) || run.allSatisfy({ $0 == 0 }) { return rounded(digits, exponent, to: count) }
        }
        return nil
    }

    /// `digits` (canonical, more than `count` of them) rounded half-even to
    /// `count` significant digits, trailing zeros removed.
    static func rounded(_ digits: [UInt8], _ exponent: Int, to count: Int) -> (digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        guard digits.count > count else { return (digits, exponent) }
        let next = digits[count]
        let roundUp: Bool
        if next != 5 {
            roundUp = next > 5
        } else if digits.count > count + 1 {
            // Trailing zeros were stripped, so anything after the 5 is nonzero:
            // strictly above the halfway point.
            roundUp = true
        } else {
            // Exactly halfway: round to even.
            roundUp = digits[count - 1] % 2 == 1
        }
        digits.removeSubrange(count...)
        if roundUp {
            var index = count - 1
            while index >= 0 && digits[index] == 9 {
                digits[index] = 0
                index -= 1
            }
            if index >= 0 {
                digits[index] += 1
            } else {
                // 99…9 + 1 = 100…0: one more digit before the point.
                digits.insert(1, at: 0)
                exponent += 1
            }
        }
        while digits.count > 1 && digits[digits.count - 1] == 0 {
            digits.removeLast()
        }
        return (digits, exponent)
    }

    /// The canonical digits and exponent of the shortest round-trip decimal
    /// representation of a positive finite `magnitude`.
    ///
    /// Parses Swift's `Double.description`, which is the shortest
    /// representation that round-trips (closest to the exact value when
    /// several qualify), written either plainly (`1609.344`, `0.0001`,
    /// `1000000000000000.0`) or in exponent form (`1e-05`,
    /// `1.7976931348623157e+308`).
    private static func shortestDigits(of magnitude: Double) -> (digits: [UInt8], exponent: Int) {
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var integerDigitCount = 0
        var seenPoint = false
        var inExponent = false
        var exponentIsNegative = false
        var writtenExponent = 0

        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte &- UInt8(ascii: "0")
                if inExponent {
                    writtenExponent = writtenExponent * 10 + Int(digit)
                } else {
                    digits.append(digit)
                    if !seenPoint { integerDigitCount += 1 }
                }
            case UInt8(ascii: "."):
                seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            case UInt8(ascii: "-"):
                exponentIsNegative = true
            case UInt8(ascii: "+"):
                break
            default:
                preconditionFailure("unexpected character in Double.description: \(magnitude)")
            }
        }

        var exponent = integerDigitCount + (exponentIsNegative ? -writtenExponent : writtenExponent)

        // The magnitude is nonzero, so some digit is nonzero.
        let first = digits.firstIndex(where: { $0 != 0 })!
        let last = digits.lastIndex(where: { $0 != 0 })!
        exponent -= first
        if first > 0 || last < digits.count - 1 {
            digits = Array(digits[first...last])
        }
        return (digits, exponent)
    }
}

/// Plain-text rendering of numbers with a fixed number of significant digits,
/// without Foundation.
public enum DecimalFormatting {
    /// The largest scientific exponent printed in plain notation: values
    /// whose rounded magnitude is at least 10^15 print in scientific notation.
    public static let largestPlainScientificExponent = 14

    /// The smallest scientific exponent printed in plain notation: nonzero
    /// values whose rounded magnitude is below 10^-6 print in scientific
    /// notation.
    public static let smallestPlainScientificExponent = -6

    /// Formats `value` with at most `significantDigits` significant digits.
    ///
    /// The digits are those of ``DecimalDigits`` (round-half-even on the
    /// shortest round-trip representation). The text uses `.` as the decimal
    /// point, no digit grouping, no `+` sign for positive numbers, and no
    /// trailing zeros (nor a trailing `.`):
    ///
    /// | value              | 6 digits        |
    /// |--------------------|-----------------|
    /// | 1852.0 / 3600.0    | `0.514444`      |
    /// | 1609.344           | `1609.34`       |
    /// | 123456789          | `123457000`     |
    /// | 9.9999996          | `10`            |
    /// | -0.3048            | `-0.3048`       |
    /// | 0.000001           | `0.000001`      |
    /// | 1.5e-7             | `1.5e-07`       |
    /// | 1e21               | `1e+21`         |
    /// | 123456789e10       | `1.23457e+18`   |
    ///
    /// **Notation thresholds**, applied to the *rounded* value `r`:
    /// plain notation when `r == 0` or `1e-6 <= |r| < 1e15`; scientific
    /// notation otherwise, i.e. when `|r| >= 1e15` or `0 < |r| < 1e-6`. (So
    /// `999999999999999.9` rounds to `1e+15` with 6 digits but prints plainly
    /// as `999999999999999.9` with 16 or 17.) See
    /// ``usesScientificNotation(_:)``.
    ///
    /// **Scientific style** matches C's `%g`: one digit before the point, the
    /// remaining digits (if any) after it, then `e`, a mandatory sign, and at
    /// least two exponent digits: `1.5e-07`, `1e+21`, `1.79769e+308`.
    ///
    /// **Special values:** zero of either sign prints `0`; infinities print
    /// `inf` and `-inf`; every NaN prints `nan`.
    ///
    /// With `significantDigits == 17` the text always parses back (with
    /// `Double(_:)`) to exactly `value`, for every finite `value`.
    ///
    /// - Parameters:
    ///   - value: The number to format.
    ///   - significantDigits: The maximum number of significant digits, in
    ///     `1...17`; other values trap.
    /// - Returns: ASCII text as described above.
    /// - Complexity: O(1): the output is at most 24 characters.
    public static func format(_ value: Double, significantDigits: Int = 6) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }

        let decimal = DecimalDigits(value, significantDigits: significantDigits)
        let zero = UInt8(ascii: "0")
        var text: [UInt8] = []
        text.reserveCapacity(32)
        if decimal.isNegative {
            text.append(UInt8(ascii: "-"))
        }

        let digits = decimal.digits
        if usesScientificNotation(decimal) {
            text.append(zero + digits[0])
            if digits.count > 1 {
                text.append(UInt8(ascii: "."))
                for digit in digits.dropFirst() { text.append(zero + digit) }
            }
            let scientificExponent = decimal.exponent - 1
            text.append(UInt8(ascii: "e"))
            text.append(UInt8(ascii: scientificExponent < 0 ? "-" : "+"))
            let magnitude = scientificExponent.magnitude
            if magnitude < 10 { text.append(zero) }
            var exponentDigits: [UInt8] = []
            var rest = magnitude
            repeat {
                exponentDigits.append(zero + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            text.append(contentsOf: exponentDigits.reversed())
        } else if decimal.exponent <= 0 {
            // Zero, or 0.000ddd.
            if digits == [0] {
                text.append(zero)
            } else {
                text.append(zero)
                text.append(UInt8(ascii: "."))
                for _ in 0 ..< -decimal.exponent { text.append(zero) }
                for digit in digits { text.append(zero + digit) }
            }
        } else if decimal.exponent >= digits.count {
            // ddd000: an integer.
            for digit in digits { text.append(zero + digit) }
            for _ in 0 ..< decimal.exponent - digits.count { text.append(zero) }
        } else {
            // ddd.ddd
            for digit in digits[..<decimal.exponent] { text.append(zero + digit) }
            text.append(UInt8(ascii: "."))
            for digit in digits[decimal.exponent...] { text.append(zero + digit) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether ``format(_:significantDigits:)`` renders `decimal` in
    /// scientific notation.
    ///
    /// True when the rounded value is nonzero and its scientific exponent
    /// (`decimal.exponent - 1`) is greater than
    /// ``largestPlainScientificExponent`` (14) or less than
    /// ``smallestPlainScientificExponent`` (-6); that is, when
    /// `|value| >= 1e15` or `0 < |value| < 1e-6`. Localized renderers should
    /// use the same test so all output switches notation at the same points.
    ///
    /// - Complexity: O(1).
    public static func usesScientificNotation(_ decimal: DecimalDigits) -> Bool {
        if decimal.digits == [0] { return false }
        let scientificExponent = decimal.exponent - 1
        return scientificExponent > largestPlainScientificExponent
            || scientificExponent < smallestPlainScientificExponent
    }
}
