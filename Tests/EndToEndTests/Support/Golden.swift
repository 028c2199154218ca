import Foundation
import Testing

/// Golden files: expected output committed next to the fixture it belongs to.
///
/// `UNITPACK_RECORD=1 swift test --filter EndToEndTests` (re)writes every
/// golden file from the actual output instead of comparing (the tests pass);
/// read the resulting diff before committing it. Without it, a missing golden
/// file is a failure, never a silent pass.
enum Golden {
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["UNITPACK_RECORD"] == "1"
    }

    static let recordHint = "record it with `UNITPACK_RECORD=1 swift test --filter EndToEndTests` and review the diff"

    /// Compares `actual` with the golden file at `path` (absolute, in the source tree).
    static func expect(
        _ actual: String, matches path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        if isRecording {
            do {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                    withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                Issue.record("cannot record golden file \(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("golden file \(path) is missing; \(recordHint)", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        Issue.record(
            """
            output differs from golden file \(path) \(firstDifference(expected, actual))
            --- expected
            \(expected)--- actual
            \(actual)---
            if the new output is right, \(recordHint)
            """,
            sourceLocation: sourceLocation)
    }

    /// "at line N" with both versions of that line.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(e.count, a.count) {
            let left = index < e.count ? String(e[index]) : "<end of file>"
            let right = index < a.count ? String(a[index]) : "<end of output>"
            if left != right {
                return "at line \(index + 1):\n  expected: \(left)\n  actual:   \(right)"
            }
        }
        return ""
    }
}
