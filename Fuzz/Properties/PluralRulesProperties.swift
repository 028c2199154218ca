import UnitpackCore

/// `PluralRules.parse` of any text finds its errors or gives rules that
/// place every number somewhere; `PluralOperands` reads any text or refuses it.
enum PluralRulesProperties {
    static let numbers = ["0", "1", "2", "3", "5", "11", "21", "101", "1000000", "0.5", "1.0", "1.50", "2.1", "1c6", "1.2e3"]

    static func check(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let (rules, diagnostics) = PluralRules.parse(text, path: "plurals.txt")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        if let bad = diagnostics.first(where: { $0.location.line < 1 || $0.location.line > lines || $0.location.column < 1 }) {
            return "\(text.debugDescription): a diagnostic at \(bad.location), outside the text's \(lines) lines"
        }
        if rules == nil, !diagnostics.contains(where: { $0.severity == .error }) {
            return "\(text.debugDescription): no rules and no error"
        }
        // The text's last line as a number too: any text must read or be refused.
        let last = text.split(separator: "\n").last.map(String.init) ?? text
        for number in numbers + [last] { _ = rules?.category(for: number) ?? PluralOperands(number).map { _ in .other } }
        return nil
    }
}
