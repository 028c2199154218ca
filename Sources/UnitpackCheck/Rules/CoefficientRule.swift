import UnitpackCore
import UnitpackSource

/// A coefficient evaluates to a finite number greater than zero, inside the
/// normal range of a Double both ways: conversions multiply by it and, to
/// convert back (and for inverse units), divide by it. A subnormal coefficient
/// (1e-320) keeps only a few significant bits, and one whose reciprocal is
/// subnormal or overflows (above ~4.5e307) loses them on the way back, so
/// such a unit would convert wrongly without any error.
struct CoefficientRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        tree.units.compactMap { unit -> Diagnostic? in
            guard case .coefficient(let formula)? = unit.definition else { return nil }
            let value: Double
            do throws(FormulaEvaluationError) {
                value = try formula.value.evaluate(x: 0)
            } catch {
                return Diagnostic(
                    .nonFiniteCoefficient, "coefficient of '\(unit.name.value)' cannot be computed: \(error.description)",
                    at: formula.location)
            }
            if !value.isFinite {
                return Diagnostic(
                    .nonFiniteCoefficient, "coefficient of '\(unit.name.value)' is not finite", at: formula.location)
            }
            if value <= 0 {
                return Diagnostic(
                    .nonPositiveCoefficient,
                    "coefficient of '\(unit.name.value)' is \(value == 0 ? "zero" : "negative (\(DecimalFormatting.format(value, significantDigits: 15)))")",
                    at: formula.location,
                    hint: value == 0
                        ? "a coefficient says how many base units one unit is worth; it must be greater than zero"
                        : "units with an offset or a sign change need FORMULAE(to_base,from_base)")
            }
            if !value.isNormal || !(1 / value).isNormal {
                let small = !value.isNormal
                return Diagnostic(
                    .coefficientOutOfRange,
                    "coefficient of '\(unit.name.value)' is \(DecimalFormatting.format(value, significantDigits: 15)), "
                        + (small ? "below the normal range of a Double (subnormal): it keeps only a few significant digits"
                               : "so large that its reciprocal is not a normal Double: converting back loses precision"),
                    at: formula.location,
                    hint: "check the exponent: a coefficient (base units in one unit) must lie between about 2.2e-308 and 4.5e307")
            }
            return nil
        }
    }
}
