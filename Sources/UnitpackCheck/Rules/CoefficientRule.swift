import UnitpackCore
import UnitpackSource

/// A coefficient evaluates to a finite number greater than zero.
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
            return nil
        }
    }
}
