import UnitpackCore
import UnitpackSource

/// The dimensional cross-check. Many symbols spell their definition (`m/min`,
/// `km/h`, `ft²`, `kcal_IT/(h·m²·°C)`): when a symbol reads as an expression
/// of known units (`AtomTable`: as the runtime reads one) into the
/// category's own dimension, the factor it implies must equal the declared
/// one. This is how a coefficient written in the wrong direction (the seed
/// sample's `meter per minute 60`) is caught, and a symbol that says another
/// calorie than its row.
struct DimensionRule: CheckRule {
    static let tolerance = 1e-6

    func check(_ tree: SourceTree) -> [Diagnostic] {
        let table = AtomTable(tree)
        var diagnostics: [Diagnostic] = []
        let bases = BaseDimension.table(tree)
        for unit in tree.units {
            guard let base = bases[unit.category], let declared = declaredFactor(unit) else { continue }
            let categoryDimension = base.dimension
            for symbol in unit.symbols {
                guard let (implied, dimension) = table.evaluate(symbol.value) else { continue }
                let expected = unit.isInverse ? categoryDimension.inverted : categoryDimension
                guard dimension == expected else { continue }
                // An inverse unit's symbol spells the reciprocal: min/km is s/m,
                // and its coefficient c in base = c / X is 1 / implied. The
                // implied factor is in coherent SI; the base may be scaled.
                let impliedFactor = unit.isInverse ? 1 / (implied * base.scale) : implied / base.scale
                guard abs(declared - impliedFactor) > Self.tolerance * impliedFactor else { continue }
                let inverted = abs(declared * impliedFactor - 1) <= Self.tolerance
                let baseName = tree.categories.first { $0.key.value == unit.category }?.baseUnitName.value ?? "base unit"
                diagnostics.append(
                    Diagnostic(
                        .dimensionMismatch,
                        "declared \(format(declared)), but its symbol \(symbol.value) implies \(format(impliedFactor)) \(baseName)\(inverted ? ": inverted?" : "")",
                        at: symbol.location,
                        hint: inverted
                            ? "a coefficient says how many base units ONE unit is worth; write \(format(impliedFactor)) (or 1/\(format(declared)))"
                            : "fix the coefficient, or the symbol if it does not spell the definition"))
                break
            }
        }
        return diagnostics
    }

    /// The unit's factor to the base, when it has one: a coefficient, or a
    /// formula pair that is a pure scaling (`X*k` or `k/X` for inverse units).
    /// How many units have a factor and a symbol that spells it: the units
    /// this check covers.
    static func coverage(_ tree: SourceTree) -> (covered: Int, total: Int) {
        let rule = DimensionRule()
        let table = AtomTable(tree)
        let bases = BaseDimension.table(tree)
        let covered = tree.units.filter { unit in
            guard let categoryDimension = bases[unit.category]?.dimension, rule.declaredFactor(unit) != nil else {
                return false
            }
            let expected = unit.isInverse ? categoryDimension.inverted : categoryDimension
            return unit.symbols.contains { symbol in
                guard let (_, dimension) = table.evaluate(symbol.value) else { return false }
                return dimension == expected
            }
        }.count
        return (covered, tree.units.count)
    }

    /// Symbols that look like expressions (`AtomTable.looksLikeExpression`)
    /// but do not read as one of known units, so E501 cannot check them:
    /// `check --coverage` lists them with the reason and place.
    static func unreadSymbols(_ tree: SourceTree) -> [UnreadSymbol] {
        let table = AtomTable(tree)
        var unread: [UnreadSymbol] = []
        for unit in tree.units {
            for symbol in unit.symbols where AtomTable.looksLikeExpression(symbol.value) {
                guard case .failure(let error)? = table.read(symbol.value) else { continue }
                unread.append(UnreadSymbol(unit: unit.key, symbol: symbol.value, reason: error.description, location: symbol.location))
            }
        }
        return unread
    }

    private func declaredFactor(_ unit: UnitRow) -> Double? {
        switch unit.definition {
        case .coefficient(let c)?:
            return try? c.value.evaluate(x: 0)
        case .formulae(let to, _)?:
            guard let one = try? to.value.evaluate(x: 1), let two = try? to.value.evaluate(x: 2) else { return nil }
            let expectedTwo = unit.isInverse ? one / 2 : one * 2
            return abs(two - expectedTwo) <= 1e-12 * abs(expectedTwo) ? one : nil
        case nil:
            return nil
        }
    }

    private func format(_ value: Double) -> String { DecimalFormatting.format(value, significantDigits: 6) }
}

/// A symbol written as an expression that does not read as one.
public struct UnreadSymbol: Sendable, Hashable {
    public var unit: String
    public var symbol: String
    public var reason: String
    public var location: SourceLocation
}

/// A category's base unit in SI terms, from the `dimension` column of
/// categories.tsv, read by the expression grammar the runtime reads it with
/// (`QuantityDimension.parse`): a dimension and the scale of the base unit to the
/// coherent SI unit of that dimension (`0.0254/72*m`: the typographic point;
/// `1000000/m^2`: kilometer per liter). Most bases are coherent (scale 1).
struct BaseDimension: Equatable {
    var scale: Double
    var dimension: QuantityDimension

    static func parse(_ text: String) -> BaseDimension? {
        if text == "1" { return BaseDimension(scale: 1, dimension: .none) }
        guard let (scale, dimension) = try? QuantityDimension.parse(text) else { return nil }
        return BaseDimension(scale: scale, dimension: dimension)
    }

    /// The categories whose dimension column parses, by key.
    static func table(_ tree: SourceTree) -> [String: BaseDimension] {
        var table: [String: BaseDimension] = [:]
        for category in tree.categories where table[category.key.value] == nil {
            if let base = parse(category.dimension.value) { table[category.key.value] = base }
        }
        return table
    }
}

extension QuantityDimension {
    var inverted: QuantityDimension { QuantityDimension(exponents.mapValues { -$0 }) }
}

/// The symbols of units as the runtime reads them inside an expression
/// (docs/expressions.md, "Resolution in the runtime"): a symbol that several
/// units share is the one `candidates(for:)` puts first (the highest
/// priority, then the lowest id), a point on a scale is its difference unit
/// (`°F` in `BTU/(h·ft·°F)`), a unit converted otherwise by a formula or
/// inversely is none, and a prefix goes on the units that take it (column 6)
/// where no unit owns the spelling. Symbols may hold spaces (`imp gal`).
struct AtomTable {
    private var atoms: [String: (factor: Double, dimension: QuantityDimension)] = [:]

    /// The symbols of `NameComposition.AtomUnits` (one reading of the
    /// rules: priority, then id; a point on a scale worth its difference
    /// unit; prefixed forms only where no unit owns the spelling, as the
    /// runtime) with their values, and the prefixed spellings two units
    /// share with one value, which a factor check may use.
    init(_ tree: SourceTree) {
        let units = NameComposition.AtomUnits(tree)
        for (symbol, atom) in units.atoms { atoms[symbol] = (atom.factor, atom.dimension) }
        for (symbol, value) in units.sharedValues { atoms[symbol] = value }
    }

    /// Whether a symbol is written as an expression (an operator, a power,
    /// parentheses, or a space: `km/h`, `ft²`, `L/100 km`), not a plain name.
    static func spellsExpression(_ symbol: String) -> Bool {
        symbol.unicodeScalars.contains { UnitExpressionGrammar.isOperator($0) || $0 == " " }
    }

    /// The factor to coherent SI and the dimension of a symbol that spells
    /// an expression (read by the runtime's grammar, `UnitExpression`), or
    /// nil when it is a plain symbol or an atom is unknown.
    func evaluate(_ symbol: String) -> (Double, QuantityDimension)? {
        guard Self.spellsExpression(symbol), case .success(let value)? = read(symbol) else { return nil }
        return value
    }

    /// Whether a symbol looks like an expression beyond a space: an operator,
    /// a power or parentheses (`kn/s`, `lb/(ft·h)`, `g/cm³`), not `kt TNT`.
    static func looksLikeExpression(_ symbol: String) -> Bool {
        symbol.unicodeScalars.contains { UnitExpressionGrammar.isOperator($0) }
    }

    /// A symbol read as an expression: its factor and dimension, or why it
    /// does not read (an atom no unit has, or several categories' units
    /// share: `unknownUnit`); nil when it is not written as one.
    func read(_ symbol: String) -> Result<(Double, QuantityDimension), UnitExpressionError>? {
        guard Self.spellsExpression(symbol) else { return nil }
        let expression: UnitExpression<String>
        do throws(UnitExpressionError) {
            expression = try UnitExpression<String>.parse(symbol, resolve: { atoms[$0] != nil ? $0 : nil })
        } catch {
            return .failure(error)
        }
        var factor = 1.0
        var dimension = QuantityDimension.none
        for term in expression.terms {
            switch term.factor {
            case .number(let n):
                factor *= UnitExpressionGrammar.power(n, term.power)
            case .atom(let symbol):
                let atom = atoms[symbol]!
                factor *= UnitExpressionGrammar.power(atom.factor, term.power)
                dimension = dimension.multiplied(by: atom.dimension, power: term.power)
            }
        }
        return .success((factor, dimension))
    }
}
