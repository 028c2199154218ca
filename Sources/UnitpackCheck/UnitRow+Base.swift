import UnitpackSource

extension UnitRow {
    /// `value` of this unit in its category's base unit, when its definition
    /// evaluates (the rules that compare magnitudes across units use it).
    func valueInBase(_ value: Double) -> Double? {
        switch definition {
        case .coefficient(let c)?:
            guard let factor = try? c.value.evaluate(x: 0) else { return nil }
            return isInverse ? factor / value : factor * value
        case .formulae(let to, _)?:
            return try? to.value.evaluate(x: value)
        case nil:
            return nil
        }
    }

    /// Whether the unit is converted by a factor (not by a formula pair).
    var isCoefficient: Bool {
        if case .coefficient? = definition { return true }
        return false
    }
}
