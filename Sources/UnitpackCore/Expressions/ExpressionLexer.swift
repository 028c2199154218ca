/// Splits a unit expression into tokens: words (unit names and operator
/// words alike: the parser tells them apart), numbers, `*`, `/`,
/// parentheses and powers. Offsets are Unicode scalars.
struct ExpressionToken: Sendable {
    enum Kind: Sendable, Equatable {
        case word(String)
        case number(Double)
        case times
        case per
        case open
        case close
        case power(Int)
    }
    var kind: Kind
    var range: Range<Int>
    /// Whether white space comes before it: words joined by a space may be one name.
    var spaceBefore: Bool
}

enum ExpressionLexer {
    typealias G = UnitExpressionGrammar

    static func tokens(_ scalars: [Unicode.Scalar]) throws(UnitExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var i = 0
        var space = false
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        while i < scalars.count {
            let s = scalars[i]
            let start = i
            if G.isSpace(s) {
                space = true
                i += 1
                continue
            }
            let kind: ExpressionToken.Kind
            if s == "*", i + 1 < scalars.count, scalars[i + 1] == "*" {
                i += 2
                kind = .power(try asciiPower(scalars, &i, start: start))
            } else if s == "^" {
                i += 1
                kind = .power(try asciiPower(scalars, &i, start: start))
            } else if G.multiply.contains(s) {
                i += 1
                kind = .times
            } else if G.divide.contains(s) {
                i += 1
                kind = .per
            } else if s == "(" {
                i += 1
                kind = .open
            } else if s == ")" {
                i += 1
                kind = .close
            } else if G.superscriptDigits[s] != nil || G.superscriptMinus.contains(s) {
                var negative = false
                if G.superscriptMinus.contains(s) { negative = true; i += 1 }
                var value = 0
                var digits = 0
                while i < scalars.count, let d = G.superscriptDigits[scalars[i]] {
                    if digits < 3 { value = value * 10 + d }
                    digits += 1
                    i += 1
                }
                guard digits > 0, digits <= 2, value != 0, value <= G.powerLimit else {
                    throw UnitExpressionError(.badPower(text(start..<i)), at: start..<i)
                }
                kind = .power(negative ? -value : value)
            } else if G.isDigit(s) {
                while i < scalars.count, G.isDigit(scalars[i]) { i += 1 }
                if i + 1 < scalars.count, scalars[i] == ".", G.isDigit(scalars[i + 1]) {
                    i += 1
                    while i < scalars.count, G.isDigit(scalars[i]) { i += 1 }
                }
                let literal = text(start..<i)
                // Below 10^15, so that the number writes back as plain digits the lexer reads.
                guard let value = Double(literal), value.isFinite, value > 0, value < 1e15, i - start <= 20 else {
                    throw UnitExpressionError(.badNumber(literal), at: start..<i)
                }
                kind = .number(value)
            } else {
                while i < scalars.count, !G.endsWord(scalars[i]) { i += 1 }
                kind = .word(text(start..<i))
            }
            tokens.append(ExpressionToken(kind: kind, range: start..<i, spaceBefore: space))
            space = false
        }
        return tokens
    }

    /// After `^` or `**`: an optional sign and one or two digits.
    private static func asciiPower(_ scalars: [Unicode.Scalar], _ i: inout Int, start: Int) throws(UnitExpressionError) -> Int {
        var negative = false
        if i < scalars.count, G.minus.contains(scalars[i]) || scalars[i] == "+" {
            negative = scalars[i] != "+"
            i += 1
        }
        var value = 0
        var digits = 0
        while i < scalars.count, G.isDigit(scalars[i]) {
            if digits < 3 { value = value * 10 + Int(scalars[i].value - 0x30) }
            digits += 1
            i += 1
        }
        // `m^2.5` is not a power: take the fraction in so the error shows it.
        if i + 1 < scalars.count, scalars[i] == ".", G.isDigit(scalars[i + 1]) {
            i += 1
            while i < scalars.count, G.isDigit(scalars[i]) { i += 1 }
            digits = 99
        }
        guard digits > 0, digits <= 2, value != 0, value <= G.powerLimit else {
            throw UnitExpressionError(
                .badPower(String(String.UnicodeScalarView(scalars[start..<i]))), at: start..<max(i, start + 1))
        }
        return negative ? -value : value
    }
}
