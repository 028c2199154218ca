import Testing
import UnitpackSource

/// `BuildTimings` (`unitpack build --timings`): spans recorded only while
/// on, a piece inside another within it, and the table a line a span.
@Suite(.serialized) struct BuildTimingsTests {
    @Test func nothingIsRecordedWhileOff() {
        BuildTimings.stop()
        let value = BuildTimings.measure("off") { 42 }
        #expect(value == 42)
        #expect(BuildTimings.stop().isEmpty)
    }

    @Test func piecesAreRecordedWithinTheirCallerAndOnTheirThread() throws {
        BuildTimings.start()
        let total = BuildTimings.measure("timings-test outer") {
            Parallel.map(Array(0..<4)) { piece in
                BuildTimings.measure("timings-test piece \(piece)") { (0..<20_000).reduce(piece, &+) }
            }.reduce(0, &+)
        }
        let spans = BuildTimings.stop().filter { $0.name.hasPrefix("timings-test ") }
        #expect(total == 4 * (0..<20_000).reduce(0, +) + 6)
        let outer = try #require(spans.first { $0.name == "timings-test outer" })
        let pieces = spans.filter { $0.name.hasPrefix("timings-test piece ") }
        #expect(Set(pieces.map(\.name)) == Set((0..<4).map { "timings-test piece \($0)" }))
        for piece in pieces {
            #expect(piece.start >= outer.start && piece.end <= outer.end && piece.start <= piece.end, "\(piece) in \(outer)")
            #expect(piece.thread >= 1)
        }
        // Recording stopped: nothing more is kept.
        _ = BuildTimings.measure("timings-test after") { 0 }
        #expect(BuildTimings.stop().isEmpty)

        let table = BuildTimings.table(spans).split(separator: "\n").map(String.init)
        #expect(table.count == spans.count + 1)
        #expect(table.first?.hasPrefix("piece") == true && table.first?.hasSuffix("start     end  length  thread") == true)
        #expect(table[1].hasPrefix("timings-test outer "), "the first line is the span that started first: \(table)")
        #expect(table.dropFirst().allSatisfy { $0.count == table[0].count }, "columns aligned: \(table)")
    }
}
