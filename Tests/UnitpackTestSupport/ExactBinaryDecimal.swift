import UnitpackCore

/// The exact decimal value of a Double, for tests that hold the runtime's
/// `=` to it (issue 37): written apart from the runtime's own expansion
/// (`DecimalDigits(exactly:significantDigits:)`, which multiplies by powers
/// of 5 in limbs of nine digits), by another road: the significand's digits
/// multiplied or divided by 2^20 at a time, by long division as on paper.
public enum ExactBinaryDecimal {
    /// `value`'s magnitude (finite) as every decimal digit of it: the
    /// digits before the point and after it (no trailing zeros after it).
    public static func expansion(_ value: Double) -> (integer: [UInt8], fraction: [UInt8]) {
        precondition(value.isFinite)
        let magnitude = value.magnitude
        var significand = magnitude.significandBitPattern
        var power = -1074
        if magnitude.isNormal {
            significand |= 1 << 52
            power = Int(magnitude.exponentBitPattern) - 1075
        }
        var integer: [UInt8] = Array(String(significand).utf8.map { $0 - 48 })
        var fraction: [UInt8] = []
        // Up to 20 bits at a time: a digit times 2^20 plus a carry, or a
        // remainder below 2^20 times 10 plus a digit, fits an Int easily.
        var left = power.magnitude
        while left > 0 {
            let bits = Int(min(20, left))
            if power > 0 {
                integer = multiplied(integer, by: 1 << bits)
            } else {
                (integer, fraction) = divided(integer, fraction, by: 1 << bits)
            }
            left -= UInt(bits)
        }
        while fraction.last == 0 { fraction.removeLast() }
        return (integer, fraction)
    }

    /// `value` rounded half to even to `digits` significant digits, on its
    /// exact value, as plain text without trailing zeros: `0.1` to 17 digits
    /// is `0.10000000000000001`, 31.999999999999943 to 15 is `31.9999999999999`.
    /// The sign is left out; 0 is `0`.
    public static func rounded(_ value: Double, significantDigits digits: Int) -> String {
        let (integer, fraction) = expansion(value)
        var all = integer + fraction
        var point = integer.count
        // Leading zeros off, the point kept in place.
        while all.count > 1, all[0] == 0 {
            all.removeFirst()
            point -= 1
        }
        if all == [0] { return "0" }
        if all.count > digits {
            let rest = all[digits...]
            let first = rest.first!
            let above = first > 5 || (first == 5 && rest.dropFirst().contains { $0 != 0 })
            let tie = first == 5 && !rest.dropFirst().contains { $0 != 0 }
            all.removeSubrange(digits...)
            if above || (tie && all[digits - 1] % 2 == 1) {
                var index = digits - 1
                while index >= 0, all[index] == 9 {
                    all[index] = 0
                    index -= 1
                }
                if index < 0 {
                    all.insert(1, at: 0)
                    point += 1
                } else {
                    all[index] += 1
                }
            }
        }
        // Write: integer digits (zeros padded), then the fraction.
        var text = ""
        if point <= 0 {
            text = "0." + String(repeating: "0", count: -point) + all.map(String.init).joined()
        } else if point >= all.count {
            text = all.map(String.init).joined() + String(repeating: "0", count: point - all.count)
        } else {
            text = all[..<point].map(String.init).joined() + "." + all[point...].map(String.init).joined()
        }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    static func multiplied(_ digits: [UInt8], by factor: Int) -> [UInt8] {
        var result = digits
        var carry = 0
        for index in result.indices.reversed() {
            let product = Int(result[index]) * factor + carry
            result[index] = UInt8(product % 10)
            carry = product / 10
        }
        while carry > 0 {
            result.insert(UInt8(carry % 10), at: 0)
            carry /= 10
        }
        return result
    }

    /// (integer, fraction) / `divisor` (a power of two): long division from
    /// the left, the remainder carried into each next digit and, past the
    /// last, into new fraction digits until none is left (a power of two
    /// divides a power of ten, so it ends).
    static func divided(_ integer: [UInt8], _ fraction: [UInt8], by divisor: Int) -> ([UInt8], [UInt8]) {
        var remainder = 0
        var newInteger: [UInt8] = []
        for digit in integer {
            let current = remainder * 10 + Int(digit)
            newInteger.append(UInt8(current / divisor))
            remainder = current % divisor
        }
        var newFraction: [UInt8] = []
        for digit in fraction {
            let current = remainder * 10 + Int(digit)
            newFraction.append(UInt8(current / divisor))
            remainder = current % divisor
        }
        while remainder > 0 {
            let current = remainder * 10
            newFraction.append(UInt8(current / divisor))
            remainder = current % divisor
        }
        while newInteger.count > 1, newInteger[0] == 0 { newInteger.removeFirst() }
        return (newInteger, newFraction)
    }
}

extension DecimalDigits {
    /// The digits as plain text (`0.10000000000000001`, `1152921504606847000`),
    /// the form `ExactBinaryDecimal`'s rounded digits are compared in.
    public var plainText: String {
        let digits = self.digits.map(String.init).joined()
        if self.digits == [0] { return "0" }
        if exponent <= 0 { return "0." + String(repeating: "0", count: -exponent) + digits }
        if exponent >= digits.count { return digits + String(repeating: "0", count: exponent - digits.count) }
        let point = digits.index(digits.startIndex, offsetBy: exponent)
        return digits[..<point] + "." + digits[point...]
    }
}
