/// One token of formula text. Offsets count Unicode scalars.
struct FormulaToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A number literal, already converted (always finite).
        case number(Double)
        /// A name: `X`, `pi`, a function name, or an unknown one.
        case identifier(String)
        /// One of `+ - * / ^ ( ) ,`.
        case symbol(Unicode.Scalar)
        /// The end of the text.
        case end
        /// Text the lexer cannot read; the parser throws the error when it
        /// reaches this token, so errors come out in text order.
        case invalid(FormulaSyntaxError)
    }

    var kind: Kind
    /// Offset of the token's first scalar.
    var offset: Int
    /// The token as written (empty for `.end`).
    var text: String

    func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
        if case .symbol(let s) = kind { return s == scalar }
        return false
    }
}

/// Splits formula text into tokens (see `docs/formulas.md`, "Tokens").
/// Stops at the first unreadable character with an `.invalid` token;
/// otherwise the last token is `.end`.
struct FormulaLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    static func tokenize(_ scalars: [Unicode.Scalar]) -> [FormulaToken] {
        var lexer = FormulaLexer(scalars)
        var tokens: [FormulaToken] = []
        while true {
            let token: FormulaToken
            do {
                token = try lexer.next()
            } catch {
                tokens.append(FormulaToken(kind: .invalid(error), offset: error.offset, text: ""))
                return tokens
            }
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func scalar(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func text(_ range: Range<Int>) -> String {
        var string = ""
        string.unicodeScalars.append(contentsOf: scalars[range])
        return string
    }

    mutating func next() throws(FormulaSyntaxError) -> FormulaToken {
        while let s = scalar(at: position), s == " " || s == "\t" {
            position += 1
        }
        let start = position
        guard let first = scalar(at: position) else {
            return FormulaToken(kind: .end, offset: start, text: "")
        }
        if Self.isDigit(first) || (first == "." && scalar(at: position + 1).map(Self.isDigit) == true) {
            return try number()
        }
        if Self.isNameStart(first) {
            position += 1
            while let s = scalar(at: position), Self.isNameStart(s) || Self.isDigit(s) {
                position += 1
            }
            return FormulaToken(kind: .identifier(text(start..<position)), offset: start, text: text(start..<position))
        }
        switch first {
        case "+", "-", "*", "/", "^", "(", ")", ",":
            position += 1
            return FormulaToken(kind: .symbol(first), offset: start, text: String(first))
        case ".":
            throw FormulaSyntaxError(offset: start + 1, message: "expected a digit after '.'")
        default:
            throw FormulaSyntaxError(offset: start, message: Self.unexpectedCharacterMessage(first))
        }
    }

    /// `digits ["." digits] [exponent] | "." digits [exponent]`,
    /// exponent = `("e"|"E") ["+"|"-"] digits`.
    private mutating func number() throws(FormulaSyntaxError) -> FormulaToken {
        let start = position
        skipDigits()
        if scalar(at: position) == "." {
            position += 1
            guard let s = scalar(at: position), Self.isDigit(s) else {
                throw FormulaSyntaxError(
                    offset: position, message: "expected a digit after '.' in the number '\(text(start..<position))'")
            }
            skipDigits()
        }
        if let s = scalar(at: position), s == "e" || s == "E" {
            position += 1
            if let sign = scalar(at: position), sign == "+" || sign == "-" {
                position += 1
            }
            guard let s = scalar(at: position), Self.isDigit(s) else {
                throw FormulaSyntaxError(
                    offset: position,
                    message: "expected a digit in the exponent of the number '\(text(start..<position))'")
            }
            skipDigits()
        }
        let literal = text(start..<position)
        if scalar(at: position) == "." {
            throw FormulaSyntaxError(offset: position, message: "unexpected '.' after the number '\(literal)'")
        }
        // The stdlib conversion rounds correctly to the nearest Double; it
        // gives infinity for a literal too large, 0 or a subnormal for one
        // too small.
        guard let value = Double(literal), value.isFinite else {
            throw FormulaSyntaxError(offset: start, message: "the number '\(literal)' is too large for a Double")
        }
        return FormulaToken(kind: .number(value), offset: start, text: literal)
    }

    private mutating func skipDigits() {
        while let s = scalar(at: position), Self.isDigit(s) {
            position += 1
        }
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        s >= "0" && s <= "9"
    }

    static func isNameStart(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_"
    }

    /// `unexpected character '#'`, naming invisible and look-alike
    /// characters by code point and suggesting the ASCII operator.
    static func unexpectedCharacterMessage(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let properties = s.properties
        let invisible = s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) || properties.isWhitespace
            || properties.generalCategory == .format || properties.generalCategory == .control
        var message: String
        if invisible {
            message = "unexpected character \(codePoint)"
        } else if s.isASCII {
            message = "unexpected character '\(s)'"
        } else {
            message = "unexpected character '\(s)' (\(codePoint))"
        }
        if properties.isWhitespace {
            message += "; only spaces and tabs may separate tokens"
        } else if let ascii = lookAlikes[s] {
            message += "; did you mean '\(ascii)'?"
        }
        return message
    }

    private static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{00D7}": "*", "\u{00B7}": "*", "\u{22C5}": "*", "\u{2217}": "*",  // × · ⋅ ∗
        "\u{00F7}": "/", "\u{2215}": "/",  // ÷ ∕
        "\u{2212}": "-", "\u{2013}": "-", "\u{2014}": "-",  // − – —
        "\u{FF0C}": ",", "[": "(", "]": ")", "{": "(", "}": ")",
    ]
}
