/// A language's cardinal plural rules, parsed once, evaluated for any number
/// as it is shown (see `PluralOperands`). The grammar and the checks are in
/// docs/plural-rules.md.
public struct PluralRules: Sendable, Hashable {
    /// One condition per category except `other`, in CLDR order.
    public let rules: [Rule]

    /// One category's rule: the category, and its condition (`or` of `and`s of relations).
    public struct Rule: Sendable, Hashable {
        /// The category this rule selects.
        public let category: PluralCategory
        /// Alternatives (`or`) of conjunctions (`and`) of relations.
        public let condition: [[Relation]]
    }

    /// The operands of CLDR's rules (TR35, "Plural Operand Meanings"): `n` the
    /// absolute value, `i` its integer digits, `v`/`w` the visible fraction digits
    /// with and without trailing zeros, `f`/`t` those digits as a number, `c`/`e`
    /// the exponent of compact and scientific forms.
    public enum Operand: String, Sendable, Hashable, CaseIterable {
        /// The operands, named as CLDR's rules write them.
        case n, i, v, w, f, t, c, e
    }

    /// One relation of a condition: `operand [% modulus] (= | != | within) ranges`.
    public struct Relation: Sendable, Hashable {
        /// How the operand's value is compared with the ranges.
        public enum Kind: Sendable, Hashable {
            /// `=`, `in`, `is`: the value is one of the integers listed.
            case `in`
            /// `within`: the value lies in one of the ranges, integer or not.
            case within
        }

        /// The operand compared (`n`, `i`, `v`, ...).
        public let operand: Operand
        /// The modulus applied first (`n % 10`); nil for none.
        public let modulus: UInt64?
        /// Whether the value must be one of the integers (`in`) or within a range.
        public let kind: Kind
        /// Whether the relation is negated (`!=`, `not in`).
        public let negated: Bool
        /// The values and ranges compared with (`2..4, 6` is `[2...4, 6...6]`).
        public let ranges: [ClosedRange<UInt64>]
    }

    /// The categories the language has, `other` last.
    public var categories: [PluralCategory] { rules.map(\.category) + [.other] }

    init(rules: [Rule]) {
        self.rules = rules.sorted { $0.category < $1.category }
    }

    /// The category of the first rule whose condition holds, else `other`.
    public func category(for operands: PluralOperands) -> PluralCategory {
        // By index: binding each rule, conjunction and relation to a name
        // retains its arrays, which cost most of an evaluation (a format
        // evaluates this for every number it writes).
        for r in rules.indices {
            for c in rules[r].condition.indices {
                var holds = true
                for k in rules[r].condition[c].indices where !rules[r].condition[c][k].holds(for: operands) {
                    holds = false
                    break
                }
                if holds { return rules[r].category }
            }
        }
        return .other
    }

    /// The category of a number written in ASCII digits (`1`, `1.50`, `1.2c3`).
    public func category(for text: some StringProtocol) -> PluralCategory? {
        PluralOperands(text).map(category(for:))
    }
}

extension PluralRules.Relation {
    func holds(for operands: PluralOperands) -> Bool {
        let value = self.value(of: operands)
        let inRanges = ranges.contains { range in
            guard let whole = value.whole else { return false }
            switch kind {
            case .in:
                return value.isInteger && range.contains(whole)
            case .within:
                // whole + fraction in [lower, upper]: a fraction only fits below the upper bound.
                return whole >= range.lowerBound
                    && (whole < range.upperBound || (whole == range.upperBound && value.isInteger))
            }
        }
        return inRanges != negated
    }

    /// The operand's value, reduced by the modulus: its integer part (`nil`
    /// when larger than any bound) and whether it has a fraction (only `n` can).
    private func value(of operands: PluralOperands) -> (whole: UInt64?, isInteger: Bool) {
        let integer: PluralInteger
        var isInteger = true
        switch operand {
        case .n:
            integer = PluralInteger(digits: operands.integerDigits[...])
            isInteger = operands.isInteger
        case .i:
            integer = PluralInteger(digits: operands.integerDigits[...])
        case .f:
            integer = PluralInteger(digits: operands.fractionDigits[...])
        case .t:
            integer = PluralInteger(digits: operands.significantFraction)
        case .v:
            return (reduced(UInt64(operands.v)), true)
        case .w:
            return (reduced(UInt64(operands.w)), true)
        case .c, .e:
            return (reduced(UInt64(operands.exponent)), true)
        }
        if let modulus { return (integer.remainder(modulus), isInteger) }
        return (integer.value, isInteger)
    }

    private func reduced(_ value: UInt64) -> UInt64 {
        modulus.map { value % $0 } ?? value
    }
}

// MARK: - Canonical text

extension PluralRules {
    /// One `category: condition` line per category, `other` last, without
    /// samples: what the database stores and `init(canonicalText:)` reads.
    public var canonicalText: String {
        (rules.map { "\($0.category.rawValue): \($0.conditionText)" } + ["other:"]).joined(separator: "\n")
    }

    /// Reads `canonicalText` (or any rules text without diagnostics). The
    /// compiler checked that every category is reached; this is not checked
    /// again at each load of a language.
    public init(canonicalText: String) throws(PluralRulesError) {
        let (rules, diagnostics) = PluralRules.parse(canonicalText, path: "plural_rules", checkingReachability: false)
        if let first = diagnostics.first {
            throw PluralRulesError(line: first.location.line, column: first.location.column, message: first.message)
        }
        guard let rules else {
            throw PluralRulesError(line: 1, column: 1, message: "no rules")
        }
        self = rules
    }
}

extension PluralRules.Rule {
    var conditionText: String {
        condition.map { $0.map(\.text).joined(separator: " and ") }.joined(separator: " or ")
    }
}

extension PluralRules.Relation {
    var text: String {
        var text = operand.rawValue
        if let modulus { text += " % \(modulus)" }
        switch kind {
        case .in: text += negated ? " != " : " = "
        case .within: text += negated ? " not within " : " within "
        }
        return text + ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
            .joined(separator: ",")
    }
}

/// Why stored plural rules do not parse: the database is damaged or was not
/// written by the compiler.
public struct PluralRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the rules' text the error is on, from 1.
    public let line: Int
    /// The column of the error on its line, from 1, in characters.
    public let column: Int
    /// What is wrong, in a sentence.
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}
