import Foundation
import Testing
import UnitpackFuzzing

/// docs/fuzzing.md's table of targets names every `FuzzTarget` as
/// `Scripts/fuzz` takes it, and no other.
@Suite struct FuzzingDocsTests {
    @Test func theTargetsTableNamesEveryTarget() throws {
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/fuzzing.md")
        let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("| target |") })
        // "| `categories-file`, `ids-file` | ..." names two.
        let documented = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.flatMap { line in
            line.split(separator: "|")[0].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        #expect(documented.sorted() == FuzzTarget.allCases.map(\.rawValue).sorted())
        #expect(Set(documented).count == documented.count, "a target documented twice: \(documented)")
    }
}
