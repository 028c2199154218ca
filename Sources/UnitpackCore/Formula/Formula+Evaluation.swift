#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

extension FormulaExpression {
    /// Evaluates with X bound to `x`. Every intermediate result is checked,
    /// so the answer is always finite; see `FormulaEvaluationError` and
    /// `docs/formulas.md`, "Evaluation".
    public func evaluate(x: Double) throws(FormulaEvaluationError) -> Double {
        switch self {
        case .number(let value):
            guard value.isFinite else { throw .notFinite }
            return value
        case .variable:
            guard x.isFinite else { throw .notFinite }
            return x
        case .negate(let operand):
            return try -operand.evaluate(x: x)
        case .binary(let op, let left, let right):
            let a = try left.evaluate(x: x)
            let b = try right.evaluate(x: x)
            return try FormulaEvaluator.apply(op, a, b)
        case .call(let function, let arguments):
            guard arguments.count == function.arity else { throw .notFinite }
            var values: [Double] = []
            values.reserveCapacity(arguments.count)
            for argument in arguments {
                values.append(try argument.evaluate(x: x))
            }
            return try FormulaEvaluator.apply(function, values)
        }
    }
}

/// The arithmetic on finite operands, with its errors.
enum FormulaEvaluator {
    static func apply(_ op: FormulaOperator, _ a: Double, _ b: Double) throws(FormulaEvaluationError) -> Double {
        switch op {
        case .add: return try checked(a + b)
        case .subtract: return try checked(a - b)
        case .multiply: return try checked(a * b)
        case .divide:
            guard b != 0 else { throw .divisionByZero }
            return try checked(a / b)
        case .power: return try power(a, b)
        }
    }

    static func apply(_ function: FormulaFunction, _ values: [Double]) throws(FormulaEvaluationError) -> Double {
        let a = values[0]
        let name = function.rawValue
        func domain(unless valid: Bool) throws(FormulaEvaluationError) {
            if !valid { throw .domain(function: name, argument: a) }
        }
        let result: Double
        switch function {
        case .sqrt:
            try domain(unless: a >= 0)
            result = a.squareRoot()
        case .cbrt: result = cbrt(a)
        case .exp: result = exp(a)
        case .ln:
            try domain(unless: a > 0)
            result = log(a)
        case .log10:
            try domain(unless: a > 0)
            result = log10(a)
        case .log2:
            try domain(unless: a > 0)
            result = log2(a)
        case .pow: return try power(a, values[1])
        case .abs: result = Swift.abs(a)
        case .sin: result = sin(a)
        case .cos: result = cos(a)
        case .tan: result = tan(a)
        case .asin:
            try domain(unless: a >= -1 && a <= 1)
            result = asin(a)
        case .acos:
            try domain(unless: a >= -1 && a <= 1)
            result = acos(a)
        case .atan: result = atan(a)
        }
        if result.isNaN { throw .domain(function: name, argument: a) }
        return try checked(result)
    }

    /// `a^b` and `pow(a,b)`: undefined for a negative base with a non-integer
    /// exponent and for base 0 with a negative exponent; `0^0` is 1.
    static func power(_ a: Double, _ b: Double) throws(FormulaEvaluationError) -> Double {
        let name = FormulaFunction.pow.rawValue
        if a < 0 && b.rounded(.towardZero) != b { throw .domain(function: name, argument: a) }
        if a == 0 && b < 0 { throw .domain(function: name, argument: a) }
        let result = pow(a, b)
        if result.isNaN { throw .domain(function: name, argument: a) }
        return try checked(result)
    }

    /// Finite operands gave `value`: infinity is an overflow.
    static func checked(_ value: Double) throws(FormulaEvaluationError) -> Double {
        if value.isNaN { throw .notFinite }
        if value.isInfinite { throw .overflow }
        return value
    }
}
