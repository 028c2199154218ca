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
///
/// Only a sample outside the formula's domain (a division by zero, `ln` of a
/// negative number) is skipped. One that overflows is E405: skipping it let
/// `FORMULAE(X*1e300*1e300,X)` pass on its one finite sample, 0, and then
/// convert 1 m to 1 nm. So is a round trip that gets not even the first
/// digit back, which the amplification allowance above would otherwise excuse
/// (an offset of 1e20 turns every value below 1e4 into 0).
struct FormulaPairRule: CheckRule {
    static let tolerance = 1e-9
    /// A round trip off by this much relative to |x| has lost its first
    /// significant digit. The repository's worst (Fahrenheit at 1e-9) is ~7e-5.
    static let lostPrecision = 0.1

    /// max(|x|, |b·fromBase′(b)|), the derivative estimated by a relative step.
    static func scale(x: Double, base: Double, back: Double, from: Formula) -> Double {
        max(abs(x), amplification(of: from, at: base, value: back), .leastNormalMagnitude)
    }

    /// |b·f′(b)|, estimated by a relative step of b up, or down where up
    /// leaves f's domain (a formula defined up to a bound, `ln(pi/2-abs(X))`
    /// near pi/2); 0 when f is defined on neither side.
    static func amplification(of formula: Formula, at base: Double, value: Double) -> Double {
        let step = 1e-7
        guard base != 0 else { return 0 }
        for direction in [1.0, -1.0] {
            if let nudged = try? formula.evaluate(x: base * (1 + direction * step)) { return abs(nudged - value) / step }
        }
        return 0
    }

    /// Overflow is a failure of the formula; a domain error or division by
    /// zero means the value is not one the unit takes.
    static func overflows(_ error: FormulaEvaluationError) -> Bool {
        switch error {
        case .overflow, .notFinite: true
        // Underflow is a conversion's refusal, never a formula's (docs/formulas.md).
        case .divisionByZero, .domain, .underflow: false
        }
    }

    /// The base-unit values a category is converted from: every unit's
    /// to-base value at every sample. A unit's from-base formula must not
    /// overflow at any of them, since any of them may be converted into it.
    static func baseValues(of category: CategoryFile) -> [Double] {
        var values = Set<Double>()
        for unit in category.units {
            for x in formulaSamples {
                switch unit.definition {
                case .coefficient(let formula)?:
                    guard let c = try? formula.value.evaluate(x: 0), c.isNormal else { continue }
                    let base = unit.isInverse ? (x == 0 ? nil : c / x) : x * c
                    if let base, base.isFinite { values.insert(base) }
                case .formulae(let to, _)?:
                    if let base = try? to.value.evaluate(x: x) { values.insert(base) }
                case nil:
                    continue
                }
            }
        }
        return values.sorted()
    }

    func check(_ tree: SourceTree) -> [Diagnostic] {
        tree.categoryFiles.flatMap { category -> [Diagnostic] in
            let hasFormulas = category.units.contains { if case .formulae? = $0.definition { true } else { false } }
            let baseValues = hasFormulas ? Self.baseValues(of: category) : []
            // What checkBack tries, the same for every unit of the category: sorted once.
            let backValues = Self.backValues(baseValues)
            return category.units.compactMap { check($0, baseValues: baseValues, backValues: backValues) }
        }
    }

    /// The samples and the base values, each once, nearest zero first
    /// (negative before positive): where checkBack looks for a failure.
    static func backValues(_ baseValues: [Double]) -> [Double] {
        Set(formulaSamples + baseValues).sorted(by: { (abs($0), $0) < (abs($1), $1) })
    }

    private func check(_ unit: UnitRow, baseValues: [Double], backValues: [Double]) -> Diagnostic? {
        guard case .formulae(let to, let from)? = unit.definition else { return nil }
        let name = unit.name.value
        var worst: (x: Double, back: Double, error: Double)?
        var undefinedBack: (x: Double, base: Double, error: FormulaEvaluationError)?
        var finiteSamples = 0
        for x in formulaSamples {
            let base: Double
            do throws(FormulaEvaluationError) {
                base = try to.value.evaluate(x: x)
            } catch {
                guard Self.overflows(error) else { continue }
                return Diagnostic(
                    .formulaOverflow, "to-base formula of '\(name)' overflows at X = \(show(x)): \(error.description)",
                    at: to.location, hint: Self.overflowHint)
            }
            // A subnormal result has already lost most of its digits, however
            // the way back scales it.
            if x != 0, base != 0, !base.isNormal {
                return Diagnostic(
                    .formulaOverflow,
                    "to-base formula of '\(name)' underflows at X = \(show(x)): \(show(base)) is below the normal range of a Double and keeps few digits",
                    at: to.location, hint: Self.overflowHint)
            }
            let back: Double
            do throws(FormulaEvaluationError) {
                back = try from.value.evaluate(x: base)
            } catch {
                if Self.overflows(error) {
                    return Diagnostic(
                        .formulaOverflow,
                        "from-base formula of '\(name)' overflows at X = \(show(base)) (to-base of \(show(x))): \(error.description)",
                        at: from.location, hint: Self.overflowHint)
                }
                if undefinedBack == nil { undefinedBack = (x, base, error) }
                continue
            }
            finiteSamples += 1
            let error = abs(back - x) / Self.scale(x: x, base: base, back: back, from: from.value)
            // Within the allowance but not a digit right: the pair is correct
            // on paper (else E402 below), the numbers cannot carry the value.
            if error <= Self.tolerance, x != 0, abs(back - x) >= Self.lostPrecision * abs(x) {
                return Diagnostic(
                    .formulaOverflow,
                    "formulas of '\(name)' lose all precision: from-base(to-base(\(show(x)))) = \(show(back)) (to-base gives \(show(base)))",
                    at: to.location,
                    hint: "an offset or scale this far from 1 leaves no digit of the value; choose numbers a Double can carry")
            }
            if error > (worst?.error ?? -1) { worst = (x, back, error) }
        }
        for base in baseValues {
            do throws(FormulaEvaluationError) {
                _ = try from.value.evaluate(x: base)
            } catch {
                guard Self.overflows(error) else { continue }
                return Diagnostic(
                    .formulaOverflow,
                    "from-base formula of '\(name)' overflows at X = \(show(base)), a value of the base unit that the category's units convert to: \(error.description)",
                    at: from.location, hint: Self.overflowHint)
            }
        }
        if let undefinedBack {
            return Diagnostic(
                .notInversePair,
                "formulas of '\(name)' are not an inverse pair: to-base maps \(show(undefinedBack.x)) to \(show(undefinedBack.base)), where from-base fails: \(undefinedBack.error.description)",
                at: from.location)
        }
        guard finiteSamples > 0, let worst else {
            return Diagnostic(
                .formulaNotFinite,
                "formulas of '\(name)' give no finite value at any sampled point (\(formulaSamples.map(show).joined(separator: ", ")))",
                at: to.location, hint: "check for a division by zero or a function outside its domain")
        }
        guard worst.error <= Self.tolerance else {
            return Diagnostic(
                .notInversePair,
                "formulas of '\(name)' are not an inverse pair: from-base(to-base(\(show(worst.x)))) = \(show(worst.back)), relative error \(DecimalFormatting.format(worst.error, significantDigits: 3)) (worst of \(finiteSamples) samples)",
                at: to.location,
                hint: "the first formula converts X of this unit to the base unit, the second converts back")
        }
        return checkBack(name: name, to: to.value, from: from, backValues: backValues)
    }

    /// The other way round (E406): wherever from-base gives a value, to-base
    /// must take it back, `to_base(from_base(b)) = b` to 1e-9 relative (to
    /// the larger of |b| and |x·to_base′(x)| at x = from_base(b)), at every
    /// sample and every base value of the category. A from-base formula that
    /// answers for a base value that no value of the unit has, such as the
    /// square of a negative length (`FORMULAE(sqrt(X),X^2)`: -4 m would be 16
    /// units, which are 4 m), converts it to a wrong number; it must fail
    /// there (a domain error), as `X^2+0*sqrt(X)` does. A from-base value
    /// that is 0 or subnormal is skipped: an exponential's underflow, not a
    /// value of the unit.
    private func checkBack(name: String, to: Formula, from: Located<Formula>, backValues: [Double]) -> Diagnostic? {
        // The failure nearest zero is the one a reader follows best (-1, not -1e9).
        var failure: (base: Double, x: Double, back: Double?)?
        for base in backValues {
            guard let x = try? from.value.evaluate(x: base), x.isNormal else { continue }
            let back: Double
            do throws(FormulaEvaluationError) {
                back = try to.evaluate(x: x)
            } catch {
                if Self.overflows(error) { continue }
                failure = (base, x, nil)
                break
            }
            let amplification = Self.amplification(of: to, at: x, value: back)
            let error = abs(back - base) / max(abs(base), amplification, .leastNormalMagnitude)
            if error > Self.tolerance {
                failure = (base, x, back)
                break
            }
        }
        guard let failure else { return nil }
        let landing = failure.back.map { "which to-base takes back to \(show($0))" } ?? "where to-base fails"
        return Diagnostic(
            .fromBaseNotInverse,
            "formulas of '\(name)' are not an inverse pair the other way: from-base takes \(show(failure.base)) (a value of the base unit) to \(show(failure.x)), \(landing)",
            at: from.location,
            hint: "from-base must fail where the unit has no value (make it undefined there: X^2+0*sqrt(X) refuses negative values), or convert back what to-base gives")
    }

    static let overflowHint =
        "every sample from -1e6 to 1e9 must convert to a finite Double both ways; check the exponents of the constants"
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
