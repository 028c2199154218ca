import Foundation
import Testing
import UnitpackCore

/// docs/formulas.md held to the formula language it describes: its function
/// table names every function with its arity, its constants table gives the
/// constants' values, its nesting limit is the parser's, and each row of its
/// Examples table parses to the canonical text and evaluates (at X = 10) to
/// the value or the error it shows.
@Suite struct FormulaDocsTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/formulas.md")

    /// The cells of the rows of the Markdown table whose header starts with `| first |`.
    static func table(_ first: String) throws -> [[String]] {
        let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("| \(first) |") }, "formulas.md has no `| \(first) |` table")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The backticked pieces of a cell: "`sin(a)` `cos(a)`" is ["sin(a)", "cos(a)"].
    static func code(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theFunctionTableIsTheLanguages() throws {
        var documented: [String: Int] = [:]
        for row in try Self.table("function") {
            for call in Self.code(row[0]) {
                documented[String(call.prefix { $0 != "(" })] = Int(row[1])
            }
        }
        #expect(documented == Dictionary(uniqueKeysWithValues: FormulaFunction.allCases.map { ($0.rawValue, $0.arity) }))
    }

    @Test func theConstantsAreTheParsers() throws {
        let rows = try Self.table("name")
        #expect(rows.map { Self.code($0[0]).first ?? "" } == ["pi", "e"])
        for row in rows {
            let name = Self.code(row[0])[0]
            // "π, the `Double` 3.141592653589793"
            let stated = try #require(row[1].split(separator: " ").last.flatMap { Double($0) }, "\(row)")
            #expect(try Formula(parsing: name).evaluate(x: 0) == stated, "\(name)")
            #expect(try Formula(parsing: name).canonicalText == row[1].split(separator: " ").last.map(String.init), "\(name)")
        }
    }

    @Test func theNestingLimitIsTheParsers() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(text.contains("more than **\(Formula.maximumDepth)** levels deep"))
        #expect(text.contains("nest more than **\(Formula.maximumDepth)** deep"))
    }

    @Test func theExamplesParseAndEvaluateAsShown() throws {
        let rows = try Self.table("text | canonical text")
        #expect(rows.count >= 10)
        for row in rows {
            let text = try #require(Self.code(row[0]).first)
            let formula = try Formula(parsing: text)
            #expect(formula.canonicalText == Self.code(row[1]).first, "\(text)")
            let shown = row[2]
            if shown.hasPrefix("error: ") {
                #expect(throws: (any Error).self, "\(text)") { try formula.evaluate(x: 10) }
                do {
                    _ = try formula.evaluate(x: 10)
                } catch {
                    #expect(Self.code(shown).first == "\(error)", "\(text)")
                }
                continue
            }
            // "260.92777…" is the value cut after its last digit shown; "-441.67" the value itself.
            let number = String(shown.split(separator: " ")[0])
            let truncated = number.hasSuffix("…")
            let digits = number.replacingOccurrences(of: "…", with: "")
            let stated = try #require(Double(digits), "\(text): \(shown)")
            let value = try formula.evaluate(x: 10)
            let decimals = digits.split(separator: ".").dropFirst().first?.count ?? 0
            let tolerance = truncated ? pow(10, -Double(decimals)) : 1e-9 * max(1, abs(stated))
            #expect(abs(value - stated) <= tolerance, "\(text): shows \(shown), evaluates to \(value)")
        }
    }
}
