import Foundation
import Testing
import UnitpackCore

/// Every diagnostic code is documented, and the documentation names no code
/// that does not exist.
@Suite struct DiagnosticCodeDocsTests {
    // This file is Tests/UnitpackCoreTests/Diagnostics/DiagnosticCodeDocsTests.swift.
    static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/diagnostics.md")

    @Test func everyCodeHasARowInTheReference() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        for code in DiagnosticCode.allCases {
            #expect(text.contains("| \(code.rawValue) |"), "docs/diagnostics.md lacks \(code.rawValue)")
        }
    }

    @Test func theReferenceNamesOnlyRealCodes() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        let known = Set(DiagnosticCode.allCases.map(\.rawValue))
        for line in text.split(separator: "\n") where line.hasPrefix("| E") || line.hasPrefix("| W") {
            let code = line.dropFirst(2).prefix { $0 != " " }
            #expect(known.contains(String(code)), "docs/diagnostics.md documents unknown code \(code)")
        }
    }

    /// The reference has one row per code: a code documented twice says two
    /// things of one diagnostic. (The enum cannot repeat a raw value: the
    /// compiler refuses it, so the table is what can.)
    @Test func theReferenceDocumentsEachCodeOnce() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        var rows: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| E") || line.hasPrefix("| W") {
            rows[String(line.dropFirst(2).prefix { $0 != " " }), default: 0] += 1
        }
        #expect(rows.filter { $0.value > 1 }.isEmpty, "documented more than once: \(rows.filter { $0.value > 1 }.keys.sorted())")
        #expect(rows.count == DiagnosticCode.allCases.count)
    }
}
