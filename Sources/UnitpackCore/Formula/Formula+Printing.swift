extension FormulaExpression {
    /// Canonical text (see `Formula.canonicalText`).
    public var canonicalText: String {
        var output = ""
        FormulaPrinter.write(self, into: &output)
        return output
    }
}

/// Prints expressions with the fewest parentheses that parse back to the same
/// tree, and numbers in the shortest form that parses back to the same Double.
enum FormulaPrinter {
    /// Binding strength, weakest first, as in the grammar: an operand is
    /// parenthesized when it binds more weakly than its position requires.
    enum Level: Int, Comparable {
        case sum = 1, product, unary, power, primary

        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    static func level(of expression: FormulaExpression) -> Level {
        switch expression {
        case .number(let value):
            // A negative number prints with its sign, which the parser reads
            // as a unary minus folded into the literal.
            return value.isFinite && value.sign == .minus ? .unary : .primary
        case .variable, .call: return .primary
        case .negate: return .unary
        case .binary(let op, _, _):
            switch op {
            case .add, .subtract: return .sum
            case .multiply, .divide: return .product
            case .power: return .power
            }
        }
    }

    static func write(_ expression: FormulaExpression, into output: inout String) {
        switch expression {
        case .number(let value):
            output += number(value)
        case .variable:
            output += "X"
        case .negate(let operand):
            output += "-"
            // `-2` would parse as the number -2, so a negated non-negative
            // literal keeps its parentheses: `-(2)`.
            if case .number(let value) = operand, value.isFinite, value.sign == .plus {
                output += "(" + number(value) + ")"
            } else {
                write(operand, atLeast: .unary, into: &output)
            }
        case .binary(let op, let left, let right):
            switch op {
            case .add, .subtract:
                write(left, atLeast: .sum, into: &output)
                output += op.rawValue
                write(right, atLeast: .product, into: &output)
            case .multiply, .divide:
                write(left, atLeast: .product, into: &output)
                output += op.rawValue
                write(right, atLeast: .unary, into: &output)
            case .power:
                write(left, atLeast: .primary, into: &output)
                output += "^"
                write(right, atLeast: .unary, into: &output)
            }
        case .call(let function, let arguments):
            output += function.rawValue + "("
            for (position, argument) in arguments.enumerated() {
                if position > 0 { output += "," }
                write(argument, into: &output)
            }
            output += ")"
        }
    }

    private static func write(_ expression: FormulaExpression, atLeast required: Level, into output: inout String) {
        if level(of: expression) < required {
            output += "("
            write(expression, into: &output)
            output += ")"
        } else {
            write(expression, into: &output)
        }
    }

    /// The shortest decimal text that parses back to `value`: Swift's
    /// round-trip `description` without a trailing `.0` and with a plain
    /// exponent (`1e+16` -> `1e16`, `1e-05` -> `1e-5`). Numbers that cannot
    /// be written as a literal print as an expression that is never finite:
    /// `(1/0)`, `(-1/0)`, `(0/0)`.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "(0/0)" }
        if value.isInfinite { return value < 0 ? "(-1/0)" : "(1/0)" }
        let text = value.description
        var mantissa = Substring(text)
        var exponent: Substring = ""
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = text[text.index(after: e)...]
        }
        if mantissa.hasSuffix(".0") {
            mantissa = mantissa.dropLast(2)
        }
        guard !exponent.isEmpty else { return String(mantissa) }
        var negative = false
        if exponent.first == "+" || exponent.first == "-" {
            negative = exponent.first == "-"
            exponent = exponent.dropFirst()
        }
        while exponent.count > 1 && exponent.first == "0" {
            exponent = exponent.dropFirst()
        }
        return String(mantissa) + "e" + (negative ? "-" : "") + String(exponent)
    }

    /// A number for messages: as `number(_:)`, but `nan`, `inf` and `-inf`.
    static func describe(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return number(value)
    }
}
