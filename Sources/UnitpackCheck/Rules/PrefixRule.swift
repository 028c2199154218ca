import UnitpackCore
import UnitpackSource

/// Prefixes (column 6 of a unit row, docs/expressions.md "Prefixes"): a
/// unit that takes them converts by a factor the prefix can multiply, binary
/// prefixes go only on units of information, and a row that names a
/// prefixed unit (`kilometer`, `kibibyte`) is worth exactly what the prefix
/// and its base say, so that `km` read as a row and `km` read as `k` + `m`
/// can never differ.
struct PrefixRule: CheckRule {
    static let tolerance = 1e-12

    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let bases = BaseDimension.table(tree)
        for file in tree.categoryFiles {
            var takers: [(unit: UnitRow, factor: Double, kinds: [UnitPrefix.Kind])] = []
            for unit in file.units where !unit.prefixes.isEmpty {
                if let problem = applicability(unit, dimension: bases[file.key]?.dimension) {
                    diagnostics.append(problem)
                    continue
                }
                if let factor = Self.factor(unit) { takers.append((unit, factor, unit.prefixes.map(\.value))) }
            }
            guard !takers.isEmpty else { continue }
            for unit in file.units {
                guard let declared = Self.factor(unit) else { continue }
                let name = unit.name.value.lowercased()
                for base in takers {
                    let baseName = base.unit.name.value.lowercased()
                    guard name.count > baseName.count, name.hasSuffix(baseName),
                        let prefix = UnitPrefix.named(String(name.dropLast(baseName.count))),
                        base.kinds.contains(prefix.kind)
                    else { continue }
                    let implied = prefix.factor * base.factor
                    guard abs(declared - implied) > Self.tolerance * implied else { continue }
                    let location: SourceLocation
                    if case .coefficient(let c)? = unit.definition { location = c.location } else { location = unit.location }
                    diagnostics.append(
                        Diagnostic(
                            .prefixedUnitMismatch,
                            "'\(unit.name.value)' is \(prefix.name) (\(format(prefix.factor))) + '\(base.unit.name.value)', "
                                + "which makes \(format(implied)), but its coefficient is \(format(declared))",
                            at: location,
                            hint: "a prefixed unit is worth its prefix times its base: fix the coefficient, or rename the unit"))
                }
            }
        }
        return diagnostics
    }

    /// Why the unit cannot take the prefixes its row gives, or nil.
    private func applicability(_ unit: UnitRow, dimension: QuantityDimension?) -> Diagnostic? {
        guard let first = unit.prefixes.first else { return nil }
        if unit.isInverse || Self.factor(unit) == nil {
            return Diagnostic(
                .prefixNotApplicable,
                "'\(unit.name.value)' \(unit.isInverse ? "grows as the quantity falls" : "converts by a formula"): a prefix has no factor to multiply",
                at: first.location, hint: "leave column 6 empty for this unit")
        }
        if let binary = unit.prefixes.first(where: { $0.value == .binary }),
            dimension.map({ $0.exponents.keys.contains("bit") }) != true
        {
            return Diagnostic(
                .prefixNotApplicable,
                "'\(unit.name.value)' is not a unit of information: binary prefixes (kibi, mebi) are only for bits and bytes (IEC 80000-13)",
                at: binary.location, hint: "write si, or leave column 6 empty")
        }
        return nil
    }

    /// The coefficient, when the unit has one.
    static func factor(_ unit: UnitRow) -> Double? {
        guard !unit.isInverse, case .coefficient(let c)? = unit.definition, let value = try? c.value.evaluate(x: 0),
            value.isFinite, value > 0
        else { return nil }
        return value
    }

    private func format(_ value: Double) -> String { DecimalFormatting.format(value, significantDigits: 12) }
}
