/// Limits and spellings of the expression grammar (docs/expressions.md).
public enum UnitExpressionGrammar {
    /// The largest power, up or down: `m^9`; `m^10` is refused.
    public static let powerLimit = 9
    /// Parentheses nest at most this deep, so reading cannot exhaust the stack.
    public static let depthLimit = 16
    /// At most this many units and numbers in one expression.
    public static let termLimit = 32
    /// A unit's name spans at most this many words and hyphen-joined parts
    /// (`pound-force foot` is three), which keeps reading linear.
    public static let namePieceLimit = 6

    static let multiply: Set<Unicode.Scalar> = ["*", "·", "⋅", "×", "∙"]
    static let divide: Set<Unicode.Scalar> = ["/", "÷", "∕"]
    static let superscriptDigits: [Unicode.Scalar: Int] = [
        "⁰": 0, "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5, "⁶": 6, "⁷": 7, "⁸": 8, "⁹": 9,
    ]
    static let superscriptMinus: Set<Unicode.Scalar> = ["⁻"]
    static let minus: Set<Unicode.Scalar> = ["-", "−"]

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }
    public static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    /// Whether a scalar ends a word: an operator, a parenthesis, a power, a space.
    static func endsWord(_ s: Unicode.Scalar) -> Bool {
        isSpace(s) || multiply.contains(s) || divide.contains(s) || s == "(" || s == ")" || s == "^"
            || superscriptDigits[s] != nil || superscriptMinus.contains(s)
    }

    /// Whether a scalar is an operator or a power of the grammar: a word
    /// holding one may be an expression (`N*m`, `W/(m·K)`, `m^2`).
    public static func isOperator(_ s: Unicode.Scalar) -> Bool {
        // Below U+2070 without hashing: asked of every letter of a phrase's spans.
        switch s.value {
        case 0..<0x80: return s == "*" || s == "/" || s == "(" || s == ")" || s == "^"
        case 0xB2, 0xB3, 0xB7, 0xB9, 0xD7, 0xF7: return true  // ² ³ · ¹ × ÷
        case 0x80..<0x2070: return false
        default: break
        }
        return multiply.contains(s) || divide.contains(s) || s == "(" || s == ")" || s == "^"
            || superscriptDigits[s] != nil || superscriptMinus.contains(s)
    }

    /// A number as the grammar reads it back: plain decimal digits, no exponent.
    public static func numberText(_ value: Double) -> String {
        var text = String(value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        let exponent = Int(text[text.index(after: e)...]) ?? 0
        var mantissa = String(text[..<e])
        var point = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
        mantissa.removeAll { $0 == "." }
        point += exponent
        if point <= 0 { return "0." + String(repeating: "0", count: -point) + mantissa }
        if point >= mantissa.count { return mantissa + String(repeating: "0", count: point - mantissa.count) }
        let index = mantissa.index(mantissa.startIndex, offsetBy: point)
        return String(mantissa[..<index]) + "." + String(mantissa[index...])
    }

    /// `value` to a small integer power by repeated multiplication: no libm
    /// (the core has no Foundation), and as exact as the powers allow.
    public static func power(_ value: Double, _ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= value }
        return exponent < 0 ? 1 / result : result
    }

    /// `n` in superscript digits, with `⁻` when negative (`m²`, `s⁻¹`): how
    /// expressions and dimensions are shown, and a power the lexer reads back.
    public static func superscript(_ n: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return (n < 0 ? "⁻" : "") + String(String(abs(n)).map { digits[Int($0.asciiValue! - 48)] })
    }
}
