import UnitpackCore
import UnitpackDatabase

/// A number typed past what a Double holds: too large (`1e400`, read as
/// infinity) or too small (`1e-400`, read as 0; `1e-322`, read as the
/// subnormal 9.88131291682493e-323, with fewer bits than a Double's 53). Such
/// a number is refused, never read as another one: a value that changes
/// when read would be converted and echoed as something the user did not
/// type (issue 37).
public struct NumberOutOfRange: Sendable, Hashable, CustomStringConvertible {
    /// The number as typed, sign included: `1e-400`, `-1×10^400`.
    public var text: String
    /// Past the largest finite Double (else below the least normal one).
    public var isTooLarge: Bool
    /// What it would read as: ±infinity, 0 or a subnormal.
    public var read: Double

    /// A number out of range: as typed, which way, and what it would read as.
    public init(text: String, isTooLarge: Bool, read: Double) {
        self.text = text
        self.isTooLarge = isTooLarge
        self.read = read
    }

    /// `the number '1e-400' is too small for a Double ...`: the number as
    /// typed, the bound, and what it would have read as.
    public var description: String {
        let typed = TextEscaping.visible(text)
        if isTooLarge {
            return "the number '\(typed)' is too large for a Double (at most 1.7976931348623157e308)"
        }
        // A subnormal's shortest form may look like the number typed (1e-322): say what it lost instead.
        let becomes = read == 0 ? "read as 0" : "lose digits (a subnormal number)"
        return "the number '\(typed)' is too small for a Double (at least 2.2250738585072014e-308 unless 0): it would \(becomes)"
    }
}

extension NumberReader {
    /// The number at the start of `text` when it is typed past a Double's
    /// range and no reading of it is left (`readings(_:)` is then empty);
    /// nil when it reads, or is no number.
    public func outOfRange(_ text: Substring) -> NumberOutOfRange? {
        scan(Array(text.unicodeScalars.prefix(Self.longestNumber))[...]).outOfRange
    }

    /// The problem with `value`, which a mantissa of value `digits` and an
    /// exponent made (`typed` their text): infinite, or 0 or subnormal from
    /// digits that are not 0. Nil when `value` is what was typed.
    static func rangeProblem(_ digits: Double, _ value: Double, typed: ArraySlice<Unicode.Scalar>) -> NumberOutOfRange? {
        let tooLarge = value.isInfinite
        let tooSmall = value.isSubnormal || (value == 0 && digits != 0)
        guard tooLarge || tooSmall else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: typed)
        return NumberOutOfRange(text: text, isTooLarge: tooLarge, read: value)
    }

    /// The problem with a plain literal as `Double(_:)` reads one (`1e-400`,
    /// `-1e400`, what `unitpack convert VALUE FROM TO` is given): nil when
    /// it reads as itself (or as nothing: not a number, `inf` and `nan` are
    /// for the caller to refuse).
    public static func outOfRange(literal: String) -> NumberOutOfRange? {
        guard let value = Double(literal) else { return nil }
        // The mantissa's digits: before the exponent (`e`, or `p` after `0x`).
        var mantissa = Substring(literal.lowercased())
        if let sign = mantissa.first, sign == "-" || sign == "+" { mantissa = mantissa.dropFirst() }
        let isHex = mantissa.hasPrefix("0x")
        if isHex { mantissa = mantissa.dropFirst(2) }
        if let end = mantissa.firstIndex(of: isHex ? "p" : "e") { mantissa = mantissa[..<end] }
        let hexDigits = "123456789abcdef"
        let nonZero = mantissa.contains { isHex ? hexDigits.contains($0) : ("1"..."9").contains($0) }
        // `inf` and `nan` have no digits: not for this check.
        guard nonZero, !value.isNaN else { return nil }
        return rangeProblem(1, value, typed: Array(literal.unicodeScalars)[...])
    }
}
