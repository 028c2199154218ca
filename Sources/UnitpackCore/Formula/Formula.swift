/// A conversion formula in the variable `X`, e.g. `(X-32)*5/9+273.15`, parsed
/// once into a syntax tree. `docs/formulas.md` is the language's reference.
///
/// Parse with `Formula(parsing:)`, evaluate with `evaluate(x:)`, print with
/// `canonicalText`. For every formula the parser produces,
/// `Formula(parsing: f.canonicalText) == f`.
public struct Formula: Sendable, Hashable, CustomStringConvertible {
    /// The formula's syntax tree, as parsed.
    public let expression: FormulaExpression

    /// The deepest syntax tree the parser accepts (a lone number or `X` is 1
    /// deep), which is also the deepest parentheses may nest. Deeper input is
    /// a `FormulaSyntaxError`, so the recursive parser, evaluator and printer
    /// can never run out of stack on text read from a file.
    public static let maximumDepth = 64

    /// Parses `text` (the whole of it: trailing text is an error).
    public init(parsing text: String) throws(FormulaSyntaxError) {
        var parser = FormulaParser(text)
        self.expression = try parser.parseFormula()
    }

    /// Wraps a syntax tree built in code. Nothing is checked: evaluation
    /// reports a bad tree (a non-finite number, a call with the wrong number of
    /// arguments) as a `FormulaEvaluationError`.
    public init(_ expression: FormulaExpression) {
        self.expression = expression
    }

    /// Evaluates with X bound to `x`.
    public func evaluate(x: Double) throws(FormulaEvaluationError) -> Double {
        try expression.evaluate(x: x)
    }

    /// True when the expression mentions X.
    public var usesVariable: Bool { expression.usesVariable }

    /// Canonical text: minimal parentheses, numbers in their shortest form
    /// that parses back to the identical `Double`, `X` upper-case, no spaces,
    /// e.g. `(X-32)*5/9+273.15`.
    public var canonicalText: String { expression.canonicalText }

    /// The canonical text.
    public var description: String { canonicalText }
}

/// A node of a formula's syntax tree.
///
/// The parser reads a minus sign written directly before a number literal
/// as part of the number (`-2` is `.number(-2)`), except before `^`
/// (`-2^2` is `.negate(2^2)`), and never makes nodes for unary plus or
/// parentheses.
public indirect enum FormulaExpression: Sendable, Hashable {
    /// A number written in the formula (`459.67`).
    case number(Double)
    /// `X` (the parser also accepts lower-case `x`).
    case variable
    /// `-e`: the expression negated.
    case negate(FormulaExpression)
    /// `a op b`: an operator and its two operands, left first.
    case binary(FormulaOperator, FormulaExpression, FormulaExpression)
    /// `f(a, ...)`: a function and its arguments, as many as its `arity`.
    case call(FormulaFunction, [FormulaExpression])

    /// True when the expression mentions X.
    public var usesVariable: Bool {
        switch self {
        case .number: return false
        case .variable: return true
        case .negate(let operand): return operand.usesVariable
        case .binary(_, let left, let right): return left.usesVariable || right.usesVariable
        case .call(_, let arguments): return arguments.contains { $0.usesVariable }
        }
    }

    /// The depth of the tree: 1 for a number or `X`, one more than the
    /// deepest operand for every other node.
    public var depth: Int {
        switch self {
        case .number, .variable: return 1
        case .negate(let operand): return 1 + operand.depth
        case .binary(_, let left, let right): return 1 + max(left.depth, right.depth)
        case .call(_, let arguments): return 1 + (arguments.map(\.depth).max() ?? 0)
        }
    }
}

/// A binary operator. `^` is exponentiation.
public enum FormulaOperator: String, Sendable, Hashable, CaseIterable {
    /// The operators of docs/formulas.md, by the character written: `+`, `-`, `*`,
    /// `/` and `^` (a power, right-associative).
    case add = "+", subtract = "-", multiply = "*", divide = "/", power = "^"
}

/// A function callable as `name(arguments)`. Names are lower-case and
/// case-sensitive; angles are in radians; `ln` is the natural logarithm.
public enum FormulaFunction: String, Sendable, Hashable, CaseIterable {
    /// The functions of docs/formulas.md, each named as a formula writes it
    /// (`sqrt(X)`); angles in radians.
    case sqrt, cbrt, exp, ln, log10, log2, pow, abs, sin, cos, tan, asin, acos, atan

    /// How many arguments a call takes.
    public var arity: Int {
        switch self {
        case .pow: return 2
        default: return 1
        }
    }
}

/// Why a formula's text does not parse.
public struct FormulaSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 0-based offset, counted in Unicode scalars from the start of the parsed
    /// text, of the offending character (the end offset for "unexpected end").
    public let offset: Int
    /// One line of human text, e.g. `unexpected character '#'`.
    public let message: String

    /// An error at `offset` (in Unicode scalars) with what is wrong there.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `offset N: message`.
    public var description: String { "offset \(offset): \(message)" }
}

/// Why evaluating a formula failed. Evaluation never returns NaN or ±infinity.
public enum FormulaEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A divisor was zero (`X/0`, `1/(X-X)`).
    case divisionByZero
    /// A finite computation produced ±infinity (`exp(1000)`, `1e308*10`).
    case overflow
    /// A function, or `^`, was applied outside its domain: `ln(-1)`,
    /// `sqrt(-2)`, `asin(2)`, `pow(-8,0.5)`, `0^-1`. `^` is reported as
    /// `"pow"`, and for it `argument` is the base.
    case domain(function: String, argument: Double)
    /// A conversion's value or result is below the least normal magnitude
    /// of a Double (2.2250738585072014e-308) but not 0, or a factor made 0 of
    /// a value that is not: its digits are lost, so it is no result
    /// (`Conversion`; formulas themselves never throw it: docs/formulas.md).
    case underflow
    /// NaN produced some other way: X bound to NaN or ±infinity, or a tree
    /// built in code with a non-finite number or a wrong argument count.
    case notFinite

    /// Human text, e.g. `division by zero`, `ln is undefined for -1`.
    public var description: String {
        switch self {
        case .divisionByZero:
            return "division by zero"
        case .overflow:
            return "overflow: a result is too large for a Double"
        case .underflow:
            return "underflow: a value or result is too small for a Double (below 2.2250738585072014e-308), its digits lost"
        case .domain(let function, let argument):
            let value = FormulaPrinter.describe(argument)
            if function == FormulaFunction.pow.rawValue {
                return "pow is undefined for base \(value) with this exponent"
            }
            return "\(function) is undefined for \(value)"
        case .notFinite:
            return "the result is not a finite number"
        }
    }
}
