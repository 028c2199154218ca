/// A unit written as a product of powers of units and numbers: `kg*m/s^2`,
/// `W/(m·K)`, `L/100 km`, `newton meters`, `ватт на метр-кельвин`
/// (docs/expressions.md). One grammar serves the build's checks (atoms are
/// rows of `units-src/`) and the runtime (atoms are units of the database):
/// the caller resolves the words, this type only knows the structure.
///
/// The terms are flat: parentheses, `/` and powers are distributed when the
/// text is read, so `W/(m·K)` is W¹·m⁻¹·K⁻¹ and two readings of one product
/// compare equal term by term.
public struct UnitExpression<Atom: Hashable & Sendable>: Hashable, Sendable {
    public enum Factor: Hashable, Sendable {
        /// A unit (as the resolver returned it).
        case atom(Atom)
        /// A positive number (`100` in `L/100 km`).
        case number(Double)
    }

    public struct Term: Hashable, Sendable {
        public var factor: Factor
        /// Never 0; within `UnitExpressionGrammar.powerLimit` of 0.
        public var power: Int
        /// Where the term's unit or number is in the text, in Unicode scalars.
        public var range: Range<Int>

        public init(factor: Factor, power: Int, range: Range<Int>) {
            self.factor = factor
            self.power = power
            self.range = range
        }
    }

    public var terms: [Term]

    public init(terms: [Term]) { self.terms = terms }

    /// Whether the expression is one unit to the first power: a name, not a compound.
    public var isSingleAtom: Bool {
        terms.count == 1 && terms[0].power == 1 && { if case .atom = terms[0].factor { true } else { false } }()
    }

    /// The terms in the canonical text's order: those with a positive power
    /// first, then the others, each group in the order written.
    public var canonicalTerms: [Term] { terms.filter { $0.power > 0 } + terms.filter { $0.power < 0 } }

    /// The canonical text: factors with a positive power joined by `*`, then
    /// `/` before each factor with a negative one, powers as `^N`
    /// (`kg*m/s^2`); with no factor of a positive power, signed powers (`s^-1`). `name` writes an atom. Reading the canonical text
    /// back, with a resolver that maps each name to its atom and the same
    /// `words`, gives `canonicalTerms` (ranges aside).
    ///
    /// A name of several words, or one that an operator word of `words`
    /// begins or ends, is written in parentheses: it was read as one name
    /// because it touched a symbol or a parenthesis (`(times x)`), and
    /// written bare after `*` its words would read as operators.
    public func canonicalText(name: (Atom) -> String, words: ExpressionWords = .none) -> String {
        func guarded(_ text: String) -> String {
            let parts = text.split(whereSeparator: { $0 == " " || $0.isWhitespace })
            let isOperator = { (part: Substring) in words.role(of: TextFolding.fold(String(part))) }
            guard parts.count > 1 || parts.first.map(isOperator) == true || parts.last.map(isOperator) == true else { return text }
            return "(" + text + ")"
        }
        func write(_ term: Term, power: Int) -> String {
            let base: String
            switch term.factor {
            case .atom(let atom): base = guarded(name(atom))
            case .number(let value): base = UnitExpressionGrammar.numberText(value)
            }
            return power == 1 ? base : base + "^" + String(power)
        }
        let up = terms.filter { $0.power > 0 }.map { write($0, power: $0.power) }
        // Nothing above the line: signed powers (`s^-1`), not an added `1/s`.
        if up.isEmpty { return terms.map { write($0, power: $0.power) }.joined(separator: "*") }
        let down = terms.filter { $0.power < 0 }.map { write($0, power: -$0.power) }
        var text = up.joined(separator: "*")
        for term in down { text += "/" + term }
        return text
    }

    /// The same terms with other atoms.
    public func map<Other: Hashable & Sendable>(_ transform: (Atom) throws -> Other) rethrows -> UnitExpression<Other> {
        UnitExpression<Other>(terms: try terms.map { term in
            switch term.factor {
            case .atom(let atom): .init(factor: .atom(try transform(atom)), power: term.power, range: term.range)
            case .number(let value): .init(factor: .number(value), power: term.power, range: term.range)
            }
        })
    }
}
