// The exact decimal value of a Double, for the one claim a result's `=`
// makes: that the digits written are the result, not a rounding of it.
//
// `DecimalDigits(_:significantDigits:)` rounds the *shortest* round-trip
// decimal and trims binary noise: right for showing a number, wrong for
// deciding whether what is shown is the number (1.999999999999991 to 15
// digits is shown `2`, but the double's 15 digits are 1.99999999999999).
// Every Double is a finite binary fraction m × 2^e, so its decimal expansion
// is finite (at most 767 significant digits) and can be written out exactly
// with a small big integer, no Foundation.

extension DecimalDigits {
    /// The digits of a Double written in full are a rounding of its value
    /// only past this many: what `=` promises of a result (`isExact(of:)`).
    public static let exactDigits = noiseFreeDigits

    /// A finite `Double`'s **exact** binary value rounded half to even to
    /// `significantDigits` significant digits: no shortest representation,
    /// no trimming of binary noise (0.1 to 17 digits is
    /// 0.10000000000000001, 31.999999999999943 to 15 is 31.9999999999999).
    ///
    /// - Parameters:
    ///   - value: A finite number; infinity or NaN traps.
    ///   - significantDigits: In `1...17`; other values trap.
    /// - Complexity: O(1) for a normal value whose shortest representation
    ///   has at most `significantDigits` ≤ 15 digits; else the expansion, at
    ///   most 767 digits, a few microseconds.
    public init(exactly value: Double, significantDigits: Int) {
        precondition(value.isFinite, "DecimalDigits requires a finite value, got \(value)")
        precondition(
            (1...17).contains(significantDigits),
            "significantDigits must be in 1...17, got \(significantDigits)")
        // With 17 digits nothing is rounded or trimmed: the shortest representation.
        let shortest = DecimalDigits(value, significantDigits: 17)
        // A normal value's shortest representation S of at most 15 digits is
        // within half an ulp (< 2^-53·2|x| ≈ 2.2e-16·|x|) of the value, and
        // half a step of the 15-digit grid around S is at least 5e-16·|S|: the
        // exact value rounds to S itself. (Not so for 16 or 17 digits, whose
        // steps are finer than an ulp: 0.1 is 0.10000000000000001 to 17.)
        if value == 0 || (value.isNormal && significantDigits <= Self.noiseFreeDigits && shortest.digits.count <= significantDigits) {
            self = shortest
            return
        }
        var (digits, exponent) = ExactDecimal.digits(of: value.magnitude)
        if digits.count > significantDigits {
            // The expansion is exact and has no trailing zeros, so `rounded`
            // sees a tie only when the value is one.
            (digits, exponent) = Self.rounded(digits, exponent, to: significantDigits)
        }
        self.init(digits: digits, exponent: exponent, isNegative: value < 0)
    }

    /// Digits already canonical (no leading or trailing zeros; zero is `[0]`, exponent 0, not negative).
    init(digits: [UInt8], exponent: Int, isNegative: Bool) {
        self.digits = digits
        self.exponent = exponent
        self.isNegative = isNegative
    }

    /// Whether these digits, as written, are `value`: its exact binary value
    /// rounded half to even to `exactDigits` (15) significant digits is
    /// these digits (trailing zeros aside). What a result written after `=`
    /// must be; any other is written after `≈`. Digits rounded to fewer, or
    /// trimmed of binary noise, or 16 or 17 of them, are not.
    public func isExact(of value: Double) -> Bool {
        value.isFinite && self == DecimalDigits(exactly: value, significantDigits: Self.exactDigits)
    }
}

/// The exact decimal expansion of a positive finite Double.
enum ExactDecimal {
    /// `magnitude` (> 0, finite) as canonical `DecimalDigits` digits and
    /// exponent (0.d₁d₂… × 10^exponent), every digit of it, no trailing zeros.
    static func digits(of magnitude: Double) -> (digits: [UInt8], exponent: Int) {
        // magnitude = significand × 2^power, significand a whole number.
        let significand: UInt64
        let power: Int
        if magnitude.isNormal {
            significand = magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
            power = Int(magnitude.exponentBitPattern) - 1075
        } else {
            significand = magnitude.significandBitPattern
            power = -1074
        }
        var number = BigDecimalInteger(significand)
        // m × 2^p for p ≥ 0; m × 2^p = m × 5^-p / 10^-p for p < 0: both whole
        // numbers, then the decimal point moved by -p places.
        if power >= 0 {
            number.multiply(byPowerOf: 2, power, chunk: 31)
        } else {
            number.multiply(byPowerOf: 5, -power, chunk: 13)
        }
        var digits = number.decimalDigits()
        var exponent = digits.count - max(0, -power)
        let first = digits.firstIndex { $0 != 0 } ?? 0
        exponent -= first
        let last = digits.lastIndex { $0 != 0 } ?? first
        digits = Array(digits[first...last])
        return (digits, exponent)
    }
}

/// A non-negative whole number in limbs of nine decimal digits, least
/// significant first: enough arithmetic (times a small number) for
/// `ExactDecimal`, and digits for free.
struct BigDecimalInteger {
    static let limbBase: UInt64 = 1_000_000_000
    private(set) var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % Self.limbBase)
            rest /= Self.limbBase
        } while rest > 0
    }

    /// Times `factor` (below 2^32: a limb times it plus a carry stays below 2^64).
    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.limbBase
            carry = product / Self.limbBase
        }
        while carry > 0 {
            limbs.append(carry % Self.limbBase)
            carry /= Self.limbBase
        }
    }

    /// Times `base`^`exponent`, `chunk` powers at a time (`base`^`chunk` below 2^32).
    mutating func multiply(byPowerOf base: UInt64, _ exponent: Int, chunk: Int) {
        var left = exponent
        while left > 0 {
            let step = min(chunk, left)
            var factor: UInt64 = 1
            for _ in 0..<step { factor *= base }
            multiply(by: factor)
            left -= step
        }
    }

    /// The decimal digits, most significant first (no leading zeros but for 0).
    func decimalDigits() -> [UInt8] {
        var digits: [UInt8] = []
        digits.reserveCapacity(limbs.count * 9)
        for (position, limb) in limbs.enumerated().reversed() {
            var group = [UInt8](repeating: 0, count: 9)
            var rest = limb
            for index in stride(from: 8, through: 0, by: -1) {
                group[index] = UInt8(rest % 10)
                rest /= 10
            }
            // The most significant limb without its leading zeros.
            if position == limbs.count - 1 {
                digits += group.drop { $0 == 0 }
            } else {
                digits += group
            }
        }
        return digits.isEmpty ? [0] : digits
    }
}
