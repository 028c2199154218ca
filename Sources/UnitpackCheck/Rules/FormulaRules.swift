import UnitpackCore
import UnitpackSource

/// The values at which formula pairs are sampled: large, small, negative, zero,
/// and the usual temperatures. A sample where the to-base formula is undefined
/// (e.g. 16.67/X at 0) is skipped: the formula does not allow that value.
let formulaSamples: [Double] = [
    -1e6, -1000, -459.67, -273.15, -100, -40, -1, -0.5, 0, 1e-9, 1e-3, 0.5, 1, 2, 37, 100, 1000, 1e6, 1e9,
]

/// `fromBase(toBase(x))` returns `x` to 1e-9 relative over the samples, and the
/// pair is finite somewhere in the sampled range.
///
/// The error is relative to the larger of |x| and |b·fromBase′(b)| at b = toBase(x):
/// the second is how much a rounding of b (one part in 2⁵³) moves the result,
/// so an offset such as +273.15, or a tiny scale with an offset, is not blamed
/// for the precision that floating point cannot give.
struct FormulaPairRule: CheckRule {
    static let tolerance = 1e-9

    /// max(|x|, |b·fromBase′(b)|), the derivative estimated by a relative step.
    static func scale(x: Double, base: Double, back: Double, from: Formula) -> Double {
        let step = 1e-7
        var amplification = 0.0
        if base != 0, let nudged = try? from.evaluate(x: base * (1 + step)) {
            amplification = abs(nudged - back) / step
        }
        return max(abs(x), amplification, .leastNormalMagnitude)
    }

    func check(_ tree: SourceTree) -> [Diagnostic] {
        tree.units.compactMap { unit -> Diagnostic? in
            guard case .formulae(let to, let from)? = unit.definition else { return nil }
            var worst: (x: Double, back: Double, error: Double)?
            var undefinedBack: (x: Double, base: Double, error: FormulaEvaluationError)?
            var finiteSamples = 0
            for x in formulaSamples {
                guard let base = try? to.value.evaluate(x: x) else { continue }
                let back: Double
                do throws(FormulaEvaluationError) {
                    back = try from.value.evaluate(x: base)
                } catch {
                    if undefinedBack == nil { undefinedBack = (x, base, error) }
                    continue
                }
                finiteSamples += 1
                let error = abs(back - x) / Self.scale(x: x, base: base, back: back, from: from.value)
                if error > (worst?.error ?? -1) { worst = (x, back, error) }
            }
            if let undefinedBack {
                return Diagnostic(
                    .notInversePair,
                    "formulas of '\(unit.name.value)' are not an inverse pair: to-base maps \(show(undefinedBack.x)) to \(show(undefinedBack.base)), where from-base fails: \(undefinedBack.error.description)",
                    at: from.location)
            }
            guard finiteSamples > 0, let worst else {
                return Diagnostic(
                    .formulaNotFinite,
                    "formulas of '\(unit.name.value)' give no finite value at any sampled point (\(formulaSamples.map(show).joined(separator: ", ")))",
                    at: to.location, hint: "check for a division by zero or a function outside its domain")
            }
            guard worst.error <= Self.tolerance else {
                return Diagnostic(
                    .notInversePair,
                    "formulas of '\(unit.name.value)' are not an inverse pair: from-base(to-base(\(show(worst.x)))) = \(show(worst.back)), relative error \(DecimalFormatting.format(worst.error, significantDigits: 3)) (worst of \(finiteSamples) samples)",
                    at: to.location,
                    hint: "the first formula converts X of this unit to the base unit, the second converts back")
            }
            return nil
        }
    }
}

/// An inverse unit (`^`) must decrease as its value grows; any other formula
/// unit must increase. A wrong direction would make "best unit" and sorting
/// by magnitude pick nonsense.
struct InverseDirectionRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        tree.units.compactMap { unit -> Diagnostic? in
            guard case .formulae(let to, _)? = unit.definition else { return nil }
            let points = formulaSamples.filter { $0 > 0 }.compactMap { x -> (Double, Double)? in
                guard let y = try? to.value.evaluate(x: x) else { return nil }
                return (x, y)
            }
            guard points.count >= 2 else { return nil }
            let increasing = zip(points, points.dropFirst()).allSatisfy { $0.1 < $1.1 }
            let decreasing = zip(points, points.dropFirst()).allSatisfy { $0.1 > $1.1 }
            if unit.isInverse && !decreasing {
                return Diagnostic(
                    .inverseUnitNotDecreasing,
                    "'\(unit.name.value)' is marked inverse (^) but its to-base formula does not decrease as X grows",
                    at: to.location, hint: "remove the ^ or fix the formula")
            }
            if !unit.isInverse && decreasing {
                return Diagnostic(
                    .inverseUnitNotDecreasing,
                    "to-base formula of '\(unit.name.value)' decreases as X grows, but the unit is not marked inverse",
                    at: unit.name.location, hint: "write ^ before the name of an inverse-scale unit")
            }
            return nil
        }
    }
}

func show(_ value: Double) -> String { DecimalFormatting.format(value, significantDigits: 10) }
