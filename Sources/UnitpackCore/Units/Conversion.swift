/// How one unit converts to and from its category's base unit. The compiler
/// checks it, the database stores it, the runtime evaluates it: one definition
/// of the semantics for all three.
public enum Conversion: Sendable, Hashable {
    /// `base = X × factor`.
    case linear(factor: Double)
    /// An inverse-scale unit with a coefficient: `base = factor / X`.
    case reciprocal(factor: Double)
    /// `base = toBase(X)`, `X = fromBase(base)`.
    case formulas(toBase: Formula, fromBase: Formula)

    /// A value of this unit in the base unit.
    /// - Throws: `.underflow` for a subnormal `value` or result, or a
    ///   result of 0 from a value that is not (see `normal(_:from:)`); the
    ///   formula's errors; `.overflow`, `.divisionByZero`, `.notFinite`.
    public func toBase(_ value: Double) throws(FormulaEvaluationError) -> Double {
        try Self.normalInput(value)
        switch self {
        case .linear(let factor): return try Self.normal(Self.finite(value * factor), from: value)
        case .reciprocal(let factor):
            guard value != 0 else { throw .divisionByZero }
            return try Self.normal(Self.finite(factor / value), from: value)
        case .formulas(let toBase, _): return try Self.normal(toBase.evaluate(x: value), from: nil)
        }
    }

    /// A value in the base unit expressed in this unit.
    /// - Throws: what `toBase(_:)` throws.
    public func fromBase(_ value: Double) throws(FormulaEvaluationError) -> Double {
        try Self.normalInput(value)
        switch self {
        case .linear(let factor): return try Self.normal(Self.finite(value / factor), from: value)
        case .reciprocal(let factor):
            guard value != 0 else { throw .divisionByZero }
            return try Self.normal(Self.finite(factor / value), from: value)
        case .formulas(_, let fromBase): return try Self.normal(fromBase.evaluate(x: value), from: nil)
        }
    }

    /// A subnormal value (0 < |x| < 2.2250738585072014e-308) has fewer
    /// than a Double's 53 bits: it is not the number it was read from
    /// (1e-322 is held as 9.88131291682493e-323), so no result of it is.
    private static func normalInput(_ value: Double) throws(FormulaEvaluationError) {
        if value.isSubnormal { throw .underflow }
    }

    /// `result` unless it underflowed: a subnormal result has lost digits
    /// (a conversion of 1e-300 pm to Pm is 1e-327, not a Double), and a
    /// factor (linear or inverse: `from` is the value) never turns a value
    /// that is not 0 into 0, so a 0 from one is all digits lost. A formula's
    /// 0 (`from` nil) may be its value (273.15 K is 0 °C); inside a formula
    /// underflow is no error (docs/formulas.md), only its result is checked.
    package static func normal(_ result: Double, from value: Double?) throws(FormulaEvaluationError) -> Double {
        if result.isSubnormal { throw .underflow }
        if result == 0, let value, value != 0 { throw .underflow }
        return result
    }

    private static func finite(_ value: Double) throws(FormulaEvaluationError) -> Double {
        if value.isNaN { throw .notFinite }
        if value.isInfinite { throw .overflow }
        return value
    }
}
