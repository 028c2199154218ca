import UnitpackCore

/// The parser's promise (Formula.swift): for every formula it produces,
/// `Formula(parsing: f.canonicalText) == f`; evaluating never traps.
enum FormulaProperties {
    static func check(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        guard let formula = try? Formula(parsing: text) else { return nil }
        let canonical = formula.canonicalText
        let reparsed: Formula
        do {
            reparsed = try Formula(parsing: canonical)
        } catch {
            return "\(text.debugDescription) prints as \(canonical.debugDescription), which does not parse: \(error)"
        }
        guard reparsed == formula else {
            return "\(text.debugDescription) prints as \(canonical.debugDescription), which parses to another formula"
        }
        guard reparsed.canonicalText == canonical else {
            return "\(canonical.debugDescription) prints as \(reparsed.canonicalText.debugDescription)"
        }
        for x in [0, 1, -1, 0.5, 1e300, -1e-300, .infinity, .nan] { _ = try? formula.evaluate(x: x) }
        return nil
    }
}
