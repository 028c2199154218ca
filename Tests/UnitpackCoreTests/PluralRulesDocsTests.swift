import Foundation
import Testing
import UnitpackCore

/// docs/plural-rules.md held to the rules reader: its example file (shown
/// again in docs/source-format.md) is `locales/ru/plurals.txt` and
/// `locales/uk/plurals.txt` and reads without a finding, and its operands
/// table gives the operands `PluralOperands` computes.
@Suite struct PluralRulesDocsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rule lines (no comment) of the first code block of `page` that starts with `# CLDR`.
    static func example(in page: String) throws -> [Substring] {
        let start = try #require(page.range(of: "```\n# CLDR"))
        let block = page[page.index(start.lowerBound, offsetBy: 4)...]
        let end = try #require(block.range(of: "```"))
        return block[..<end.lowerBound].split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    @Test func theExampleIsTheRussianAndUkrainianFile() throws {
        for page in ["docs/plural-rules.md", "docs/source-format.md"] {
            let example = try Self.example(in: try Self.text(page))
            #expect(example.count == 4, "\(page): \(example)")
            for language in ["ru", "uk"] {
                let file = try Self.text("locales/\(language)/plurals.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }
                #expect(example == file, "\(page)'s example is not locales/\(language)/plurals.txt")
            }
            let (rules, diagnostics) = PluralRules.parse(example.joined(separator: "\n"), path: page)
            #expect(rules != nil && diagnostics.isEmpty, "\(diagnostics.map(\.rendered))")
        }
    }

    @Test func theOperandsTableIsWhatTheReaderComputes() throws {
        let page = try Self.text("docs/plural-rules.md")
        let lines = page.split(separator: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("| operand | meaning |") })
        let columns = lines[header].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = columns.dropFirst(2).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        #expect(numbers == ["1.50", "1.2c3"])
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.count == 7)
        for (index, number) in numbers.enumerated() {
            let operands = try #require(PluralOperands(number))
            func digits(_ d: [UInt8]) -> String { d.isEmpty ? "0" : d.map(String.init).joined() }
            let integer = digits(operands.integerDigits)
            let fraction = operands.fractionDigits
            let trimmed = Array(fraction.reversed().drop { $0 == 0 }.reversed())
            let n = fraction.isEmpty ? integer : integer + "." + digits(trimmed)
            let computed = [
                "`n`": n.hasSuffix(".0") ? String(n.dropLast(2)) : n,
                "`i`": integer, "`v`": String(operands.v), "`w`": String(operands.w),
                "`f`": String(Int(digits(fraction)) ?? 0), "`t`": String(Int(digits(trimmed)) ?? 0),
                "`c`, `e`": String(operands.exponent),
            ]
            for row in rows {
                #expect(row[2 + index] == computed[row[0]], "\(row[0]) of \(number): documented \(row[2 + index])")
            }
        }
    }
}
