/// A quantity's dimension: a product of powers of base dimensions, each
/// named by its SI base unit's symbol (`m`, `kg`, `s`, `A`, `K`, `mol`, `cd`),
/// plus the ones this database keeps apart from pure numbers (`rad`, `sr`,
/// `bit`: a radian is not a ratio here, docs/expressions.md). The bases are
/// whatever `units-src/categories.tsv` writes, not a list in code.
public struct QuantityDimension: Hashable, Sendable, CustomStringConvertible {
    /// Base symbol → exponent; never holds a zero exponent.
    public private(set) var exponents: [String: Int]

    /// A dimension of these base symbols and exponents; zero exponents are dropped.
    /// The empty dimension (the default) is a pure number.
    public init(_ exponents: [String: Int] = [:]) {
        self.exponents = exponents.filter { $0.value != 0 }
    }

    /// A pure number's dimension (`ratio`).
    public static let none = QuantityDimension()

    /// Whether this is no dimension at all: a pure number (a ratio, a count).
    public var isNone: Bool { exponents.isEmpty }

    /// `self` times `other` raised to `power`.
    public func multiplied(by other: QuantityDimension, power: Int = 1) -> QuantityDimension {
        var result = exponents
        for (base, exponent) in other.exponents {
            let sum = (result[base] ?? 0) + exponent * power
            result[base] = sum == 0 ? nil : sum
        }
        return QuantityDimension(result)
    }

    /// The SI bases in the order the SI writes them, then any other alphabetically.
    private static let order = ["kg", "m", "s", "A", "K", "mol", "cd", "rad", "sr", "bit"]

    /// `kg·m²·s⁻²`; `1` for none.
    public var description: String {
        guard !exponents.isEmpty else { return "1" }
        let bases = exponents.keys.sorted { a, b in
            let i = Self.order.firstIndex(of: a) ?? Self.order.count
            let j = Self.order.firstIndex(of: b) ?? Self.order.count
            return i != j ? i < j : a < b
        }
        return bases.map { base in
            let exponent = exponents[base]!
            return exponent == 1 ? base : base + UnitExpressionGrammar.superscript(exponent)
        }.joined(separator: "·")
    }

    /// A category's `dimension` column (`kg*m/s^2`, `1000000/m^2`,
    /// `0.0254/72*m`): its base unit in base units. Every word is a base.
    /// - Returns: how many coherent base units one of the category's base
    ///   unit is (1 for most; 1e6 for `1000000/m^2`), and the dimension.
    public static func parse(_ text: String) throws(UnitExpressionError) -> (factor: Double, dimension: QuantityDimension) {
        let expression = try UnitExpression<String>.parse(text) { word in
            word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } ? word : nil
        }
        var factor = 1.0
        var dimension = QuantityDimension.none
        for term in expression.terms {
            switch term.factor {
            case .number(let value): factor *= UnitExpressionGrammar.power(value, term.power)
            case .atom(let base): dimension = dimension.multiplied(by: QuantityDimension([base: 1]), power: term.power)
            }
        }
        return (factor, dimension)
    }
}
