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
    public func toBase(_ value: Double) throws(FormulaEvaluationError) -> Double {
        switch self {
        case .linear(let factor): return try Self.finite(value * factor)
        case .reciprocal(let factor):
            guard value != 0 else { throw .divisionByZero }
            return try Self.finite(factor / value)
        case .formulas(let toBase, _): return try toBase.evaluate(x: value)
        }
    }

    /// A value in the base unit expressed in this unit.
    public func fromBase(_ value: Double) throws(FormulaEvaluationError) -> Double {
        switch self {
        case .linear(let factor): return try Self.finite(value / factor)
        case .reciprocal(let factor):
            guard value != 0 else { throw .divisionByZero }
            return try Self.finite(factor / value)
        case .formulas(_, let fromBase): return try fromBase.evaluate(x: value)
        }
    }

    private static func finite(_ value: Double) throws(FormulaEvaluationError) -> Double {
        if value.isNaN { throw .notFinite }
        if value.isInfinite { throw .overflow }
        return value
    }
}
