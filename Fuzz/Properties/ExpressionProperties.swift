import UnitpackCore

/// The expression grammar's promise (UnitExpression+Parsing.swift): what
/// parses has powers within the limit and ranges inside the text, and its
/// canonical text parses back to the same terms and prints the same. Every
/// word is a unit here (the resolver takes any text), with a fixed set of
/// operator words in two languages.
enum ExpressionProperties {
    static let words = ExpressionWords(
        per: ["per", "на"], times: ["times"], powerBefore: ["square": 2, "cubic": 3, "квадратный": 2],
        powerAfter: ["squared": 2, "cubed": 3, "в квадрате": 2])

    static func check(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let count = text.unicodeScalars.count
        guard let expression = try? UnitExpression<String>.parse(text, words: words, resolve: { $0 }) else { return nil }
        for term in expression.terms {
            guard term.power != 0, abs(term.power) <= UnitExpressionGrammar.powerLimit else {
                return "\(text.debugDescription): a term has power \(term.power)"
            }
            guard term.range.lowerBound >= 0, term.range.upperBound <= count, !term.range.isEmpty else {
                return "\(text.debugDescription): a term's range \(term.range) is outside the text (\(count) scalars)"
            }
        }
        guard expression.terms.count <= UnitExpressionGrammar.termLimit else {
            return "\(text.debugDescription): \(expression.terms.count) terms"
        }
        let canonical = expression.canonicalText(name: { $0 }, words: words)
        let again: UnitExpression<String>
        do {
            again = try UnitExpression<String>.parse(canonical, words: words, resolve: { $0 })
        } catch {
            return "\(text.debugDescription) prints as \(canonical.debugDescription), which does not parse: \(error)"
        }
        func written(_ terms: [UnitExpression<String>.Term]) -> [String] { terms.map { "\($0.factor)^\($0.power)" } }
        guard written(again.terms) == written(expression.canonicalTerms) else {
            return "\(text.debugDescription) prints as \(canonical.debugDescription), which reads as other terms: "
                + "\(written(again.terms)) for \(written(expression.canonicalTerms))"
        }
        guard again.canonicalText(name: { $0 }, words: words) == canonical else {
            return "\(canonical.debugDescription) prints as \(again.canonicalText(name: { $0 }, words: words).debugDescription)"
        }
        return nil
    }
}
