import Foundation
import Testing
import UnitpackCore

/// Every diagnostic code is documented, and the documentation names no code
/// that does not exist.
@Suite struct DiagnosticCodeDocsTests {
    static let reference = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/diagnostics.md")

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

    @Test func codesAreUnique() {
        let raw = DiagnosticCode.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
    }
}
