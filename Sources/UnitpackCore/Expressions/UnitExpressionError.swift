/// Why a text is not a unit expression, with where (Unicode scalar offsets
/// into the text) so that a caller can point at it.
public struct UnitExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why an expression cannot be read, each with what was written where it matters.
    public enum Reason: Hashable, Sendable {
        /// Nothing to read.
        case empty
        /// A `(` without its `)`, or a `)` without its `(`.
        case unbalancedParenthesis
        /// An operator (`*`, `/`, `per`) with nothing on one side.
        case missingOperand(String)
        /// A power that is 0, not an integer or beyond ±`UnitExpressionGrammar.powerLimit`.
        case badPower(String)
        /// Words no unit is named by (the resolver found none).
        case unknownUnit(String)
        /// A power word (`square`, `squared`) with no unit to apply to.
        case danglingPower(String)
        /// A number that is not a positive decimal below 10^15 of at most 20 characters.
        case badNumber(String)
        /// The text nests parentheses deeper than `UnitExpressionGrammar.depthLimit`.
        case tooDeep
        /// More than `UnitExpressionGrammar.termLimit` terms.
        case tooManyTerms
        /// The units multiply to a size no Double holds (`ly^9*ly^9*ly^9`), or below
        /// the smallest normal one.
        case outOfRange
        /// A prefix on a unit that takes none (`kft`, `kilofoot`), or binary
        /// prefixes on a unit that is not of information: the prefix's name
        /// and the unit's.
        case prefixNotTaken(prefix: String, unit: String)
        /// A word this database leaves out (a slice: `ft` without length,
        /// `al`, Spanish for the light-year, without Spanish), which is
        /// therefore not read as a prefix and a held unit (`f` + `t`,
        /// femtotonnes): the word as written and the keys of its units.
        case notHeld(word: String, units: [String])
    }

    /// Why the expression cannot be read.
    public var reason: Reason
    /// Unicode scalar offsets into the text.
    public var range: Range<Int>

    /// An error for `reason` at `range`, in Unicode scalar offsets into the text.
    public init(_ reason: Reason, at range: Range<Int>) {
        self.reason = reason
        self.range = range
    }

    public var description: String {
        switch reason {
        case .empty: "no unit written"
        case .unbalancedParenthesis: "parentheses do not balance"
        case .missingOperand(let op): "'\(op)' needs a unit on both sides"
        case .badPower(let text):
            "'\(text)' is not a power: write a whole number from -\(UnitExpressionGrammar.powerLimit) to \(UnitExpressionGrammar.powerLimit), not 0"
        case .unknownUnit(let text): "no unit named '\(text)'"
        case .danglingPower(let word): "'\(word)' names no unit to raise to a power"
        case .badNumber(let text): "'\(text)' is not a positive number"
        case .tooDeep: "parentheses nest deeper than \(UnitExpressionGrammar.depthLimit)"
        case .tooManyTerms: "more than \(UnitExpressionGrammar.termLimit) units and numbers"
        case .outOfRange: "the units multiply to a size beyond what a number here can hold"
        case .prefixNotTaken(let prefix, let unit): "'\(unit)' takes no prefix such as \(prefix)"
        case .notHeld(let word, let units):
            "'\(word)' is a word of \(units.joined(separator: ", ")) that this slice of the data leaves out (unitpack build --languages, --categories)"
        }
    }
}

extension UnitExpressionError.Reason {
    /// Whether it is `prefixNotTaken`.
    public var isPrefixRefusal: Bool {
        if case .prefixNotTaken = self { return true }
        return false
    }
}
