/// The operands of a number as it is shown (TR35 "Plural Operand Meanings"),
/// computed from its decimal text so that `1` and `1.0` differ (`v`), and
/// exactly for any number of digits: the rules take remainders of `i` and `f`,
/// which a `Double` would round away.
public struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
    /// The integer digits, without leading zeros (empty for 0).
    public let integerDigits: [UInt8]
    /// The visible fraction digits, trailing zeros included.
    public let fractionDigits: [UInt8]
    /// The compact decimal exponent (`c`/`e`): 3 for `1.2c3`.
    public let exponent: Int

    /// `1.50`, `-3`, `1.2c3` (= 1200, e = 3), `1.0000001c6`. `nil` for text
    /// that is not such a number.
    public init?(_ text: some StringProtocol) {
        self.init(String(text))
    }

    /// `init(_:)` for a `String`: not generic, and reading bytes, since a
    /// format picks a plural form for every number it writes.
    public init?(_ text: String) {
        var mantissaInteger: [UInt8] = []
        var mantissaFraction: [UInt8] = []
        var exponent = 0
        var exponentDigits = 0
        var seenPoint = false
        var inExponent = false
        for (offset, byte) in text.utf8.enumerated() {
            if offset == 0 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) { continue }
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                let digit = byte - UInt8(ascii: "0")
                if inExponent {
                    exponentDigits += 1
                    guard exponentDigits <= 4 else { return nil }
                    exponent = exponent * 10 + Int(digit)
                } else if seenPoint {
                    mantissaFraction.append(digit)
                } else {
                    mantissaInteger.append(digit)
                }
            } else if inExponent {
                return nil
            } else if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if byte == UInt8(ascii: "c") || byte == UInt8(ascii: "e") {
                inExponent = true
            } else {
                return nil
            }
        }
        guard !mantissaInteger.isEmpty, !(seenPoint && mantissaFraction.isEmpty), !inExponent || exponentDigits > 0
        else { return nil }
        self.exponent = exponent
        if exponent == 0 {
            // The usual case: the digits as they are, no copies.
            self.integerDigits = mantissaInteger.first == 0 ? Array(mantissaInteger.drop { $0 == 0 }) : mantissaInteger
            self.fractionDigits = mantissaFraction
            return
        }
        // The exponent moves the point right: 1.2c3 is 1200 with no visible fraction.
        let shift = min(exponent, mantissaFraction.count)
        var integer = mantissaInteger + mantissaFraction.prefix(shift)
        integer += [UInt8](repeating: 0, count: exponent - shift)
        self.integerDigits = Array(integer.drop { $0 == 0 })
        self.fractionDigits = Array(mantissaFraction.dropFirst(shift))
    }

    /// `v`: the number of visible fraction digits.
    public var v: Int { fractionDigits.count }
    /// `w`: visible fraction digits without trailing zeros.
    public var w: Int { significantFraction.count }
    /// Whether `n` is an integer (`1.0` is).
    public var isInteger: Bool { significantFraction.isEmpty }

    var significantFraction: ArraySlice<UInt8> {
        var digits = fractionDigits[...]
        while digits.last == 0 { digits = digits.dropLast() }
        return digits
    }

    public var description: String {
        var text = integerDigits.isEmpty ? "0" : String(integerDigits.map { Character(String($0)) })
        if !fractionDigits.isEmpty { text += "." + String(fractionDigits.map { Character(String($0)) }) }
        return exponent == 0 ? text : text + " (c\(exponent))"
    }
}

/// A non-negative integer as decimal digits, read as the rules need it: its
/// remainder by a modulus, and its value when it is small enough to compare.
struct PluralInteger {
    let digits: ArraySlice<UInt8>

    /// Numbers longer than this never equal a range bound (bounds are `UInt64`).
    static let maxDigits = 18

    func remainder(_ modulus: UInt64) -> UInt64 {
        var result: UInt64 = 0
        for digit in digits {
            // result < modulus <= 10^18, so result * 10 + 9 does not overflow.
            result = (result * 10 + UInt64(digit)) % modulus
        }
        return result
    }

    var value: UInt64? {
        let significant = digits.drop { $0 == 0 }
        guard significant.count <= Self.maxDigits else { return nil }
        return significant.reduce(0) { $0 * 10 + UInt64($1) }
    }
}
