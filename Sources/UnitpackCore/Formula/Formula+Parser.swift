/// A recursive-descent parser for the grammar in `docs/formulas.md`:
///
///     formula = sum END
///     sum     = product { ("+" | "-") product }
///     product = unary { ("*" | "/") unary }
///     unary   = { "+" | "-" } power
///     power   = primary [ "^" unary ]
///     primary = NUMBER | "X" | "x" | "pi" | "e" | NAME "(" [ sum { "," sum } ] ")" | "(" sum ")"
///
/// Every parse function returns the subtree with its depth, and the parser
/// refuses a tree deeper than `Formula.maximumDepth` or parentheses nested
/// deeper than that, so its recursion is bounded.
struct FormulaParser {
    private typealias Parsed = (expression: FormulaExpression, depth: Int)

    private let tokens: [FormulaToken]
    private var index = 0
    /// How many parentheses (grouping or call) are open.
    private var openParentheses = 0
    /// How many `^` wait for their exponent: each adds a level to the tree.
    private var pendingPowers = 0

    static let constants: [String: Double] = ["pi": Double.pi, "e": 2.718281828459045]

    init(_ text: String) {
        self.tokens = FormulaLexer.tokenize(Array(text.unicodeScalars))
    }

    mutating func parseFormula() throws(FormulaSyntaxError) -> FormulaExpression {
        let first = try token(0)
        if first.kind == .end {
            throw FormulaSyntaxError(offset: first.offset, message: "empty formula")
        }
        let parsed = try parseSum()
        let next = try token(0)
        switch next.kind {
        case .end:
            return parsed.expression
        case .symbol(")"):
            throw FormulaSyntaxError(offset: next.offset, message: "unexpected ')' without a matching '('")
        case .symbol(","):
            throw FormulaSyntaxError(offset: next.offset, message: "unexpected ',' outside a function call")
        case .number, .identifier, .symbol("("):
            throw FormulaSyntaxError(
                offset: next.offset,
                message: "unexpected text after the end of the expression; write '*' to multiply")
        default:
            throw FormulaSyntaxError(offset: next.offset, message: "unexpected text after the end of the expression")
        }
    }

    // MARK: Tokens

    /// The token `ahead` places after the current one; throws the lexer's
    /// error on reaching unreadable text.
    private func token(_ ahead: Int) throws(FormulaSyntaxError) -> FormulaToken {
        let token = tokens[min(index + ahead, tokens.count - 1)]
        if case .invalid(let error) = token.kind { throw error }
        return token
    }

    private func isSymbol(_ scalar: Unicode.Scalar, ahead: Int = 0) throws(FormulaSyntaxError) -> Bool {
        try token(ahead).isSymbol(scalar)
    }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private func tooDeep(at offset: Int) -> FormulaSyntaxError {
        FormulaSyntaxError(
            offset: offset, message: "the formula is nested too deeply (more than \(Formula.maximumDepth) levels)")
    }

    private func node(_ expression: FormulaExpression, depth: Int, at offset: Int) throws(FormulaSyntaxError) -> Parsed {
        guard depth <= Formula.maximumDepth else { throw tooDeep(at: offset) }
        return (expression, depth)
    }

    // MARK: Grammar

    private mutating func parseSum() throws(FormulaSyntaxError) -> Parsed {
        var left = try parseProduct()
        while true {
            let op = try token(0)
            let kind: FormulaOperator
            if op.isSymbol("+") { kind = .add } else if op.isSymbol("-") { kind = .subtract } else { return left }
            advance()
            let right = try parseProduct()
            left = try node(.binary(kind, left.expression, right.expression),
                            depth: 1 + max(left.depth, right.depth), at: op.offset)
        }
    }

    private mutating func parseProduct() throws(FormulaSyntaxError) -> Parsed {
        var left = try parseUnary()
        while true {
            let op = try token(0)
            let kind: FormulaOperator
            if op.isSymbol("*") { kind = .multiply } else if op.isSymbol("/") { kind = .divide } else { return left }
            advance()
            let right = try parseUnary()
            left = try node(.binary(kind, left.expression, right.expression),
                            depth: 1 + max(left.depth, right.depth), at: op.offset)
        }
    }

    /// Signs are read in a loop, not by recursion, so `-----X` costs no stack.
    /// A `-` written directly before a number literal that is not the base of
    /// `^` becomes part of the number: `-2` is `.number(-2)`.
    private mutating func parseUnary() throws(FormulaSyntaxError) -> Parsed {
        var minusOffsets: [Int] = []
        var lastSignIsMinus = false
        while true {
            let sign = try token(0)
            if sign.isSymbol("-") {
                minusOffsets.append(sign.offset)
                lastSignIsMinus = true
            } else if sign.isSymbol("+") {
                lastSignIsMinus = false
            } else {
                break
            }
            advance()
        }
        var result: Parsed
        if lastSignIsMinus, case .number(let value) = try token(0).kind, !(try isSymbol("^", ahead: 1)) {
            advance()
            minusOffsets.removeLast()
            result = (.number(-value), 1)
        } else {
            result = try parsePower()
        }
        for offset in minusOffsets.reversed() {
            result = try node(.negate(result.expression), depth: result.depth + 1, at: offset)
        }
        return result
    }

    /// `^` is right-associative and its exponent may carry signs:
    /// `2^-X^2` is `2^(-(X^2))`.
    private mutating func parsePower() throws(FormulaSyntaxError) -> Parsed {
        let base = try parsePrimary()
        let op = try token(0)
        guard op.isSymbol("^") else { return base }
        // The exponent of the k-th pending `^` sits at least k+1 levels deep.
        guard pendingPowers + 1 < Formula.maximumDepth else { throw tooDeep(at: op.offset) }
        advance()
        pendingPowers += 1
        let exponent = try parseUnary()
        pendingPowers -= 1
        return try node(.binary(.power, base.expression, exponent.expression),
                        depth: 1 + max(base.depth, exponent.depth), at: op.offset)
    }

    private mutating func parsePrimary() throws(FormulaSyntaxError) -> Parsed {
        let current = try token(0)
        switch current.kind {
        case .number(let value):
            advance()
            return (.number(value), 1)
        case .identifier(let name):
            if try isSymbol("(", ahead: 1) {
                return try parseCall(name: name, at: current.offset)
            }
            advance()
            if name == "X" || name == "x" { return (.variable, 1) }
            if let value = Self.constants[name] { return (.number(value), 1) }
            if FormulaFunction(rawValue: name) != nil {
                let next = try token(0)
                throw FormulaSyntaxError(offset: next.offset, message: "expected '(' after the function name '\(name)'")
            }
            var message = "unknown name '\(name)'"
            if let suggestion = Suggestion.closest(to: name, among: ["X", "pi", "e"]) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw FormulaSyntaxError(offset: current.offset, message: message)
        case .symbol("("):
            advance()
            let inner = try parseParenthesized(openedAt: current.offset)
            let close = try token(0)
            guard close.isSymbol(")") else {
                throw FormulaSyntaxError(
                    offset: close.offset, message: "expected ')' to close '(' at offset \(current.offset)")
            }
            advance()
            return inner
        default:
            throw expectedExpression(at: current)
        }
    }

    private mutating func parseParenthesized(openedAt offset: Int) throws(FormulaSyntaxError) -> Parsed {
        guard openParentheses < Formula.maximumDepth else {
            throw FormulaSyntaxError(
                offset: offset, message: "parentheses nest too deeply (more than \(Formula.maximumDepth) levels)")
        }
        openParentheses += 1
        defer { openParentheses -= 1 }
        return try parseSum()
    }

    /// `name(` has been seen but not consumed.
    private mutating func parseCall(name: String, at offset: Int) throws(FormulaSyntaxError) -> Parsed {
        guard let function = FormulaFunction(rawValue: name) else {
            throw FormulaSyntaxError(offset: offset, message: Self.unknownFunctionMessage(name))
        }
        advance()  // the name
        let open = try token(0)
        advance()  // "("
        var arguments: [FormulaExpression] = []
        var depth = 1
        if try isSymbol(")") {
            guard openParentheses < Formula.maximumDepth else {
                throw FormulaSyntaxError(
                    offset: open.offset,
                    message: "parentheses nest too deeply (more than \(Formula.maximumDepth) levels)")
            }
        } else {
            while true {
                let argument = try parseParenthesized(openedAt: open.offset)
                arguments.append(argument.expression)
                depth = max(depth, argument.depth + 1)
                if try isSymbol(",") {
                    advance()
                    continue
                }
                break
            }
        }
        let close = try token(0)
        guard close.isSymbol(")") else {
            throw FormulaSyntaxError(
                offset: close.offset, message: "expected ')' to close '\(name)(' at offset \(offset)")
        }
        advance()
        guard arguments.count == function.arity else {
            let noun = function.arity == 1 ? "argument" : "arguments"
            throw FormulaSyntaxError(
                offset: offset, message: "'\(name)' takes \(function.arity) \(noun), got \(arguments.count)")
        }
        return try node(.call(function, arguments), depth: depth, at: offset)
    }

    // MARK: Messages

    private func expectedExpression(at current: FormulaToken) -> FormulaSyntaxError {
        guard index > 0 else {
            return FormulaSyntaxError(offset: current.offset, message: "expected an expression")
        }
        let previous = tokens[index - 1]
        if previous.isSymbol("*") && current.isSymbol("*") {
            return FormulaSyntaxError(
                offset: current.offset, message: "'**' is not an operator; write '^' for a power")
        }
        return FormulaSyntaxError(offset: current.offset, message: "expected an expression after '\(previous.text)'")
    }

    static func unknownFunctionMessage(_ name: String) -> String {
        if name == "X" || name == "x" || constants[name] != nil {
            return "'\(name)' is not a function; write '*' to multiply"
        }
        var message = "unknown function '\(name)'"
        if name == "log" {
            message += "; write 'ln' for the natural logarithm or 'log10' for base 10"
        } else if let suggestion = Suggestion.closest(to: name, among: FormulaFunction.allCases.map(\.rawValue)) {
            message += "; did you mean '\(suggestion)'?"
        }
        return message
    }
}
