import Foundation
import Testing

/// The original app's `speed.tsv`, unchanged, checked against format 1. It mixes
/// both directions (docs/source-format.md, "Direction"); the dimensional
/// cross-check must find exactly the rows that are wrong under the one
/// documented direction, and leave the inverse-scale paces alone.
@Suite struct SeedSampleTests {
    static let directory = Paths.fixture("seed-sample")
    static let sharedSample = "/work/shared/samples/speed.tsv"

    @Test func checkPinsTheSamplesDiagnostics() throws {
        let result = try CLI.run(["check", "--source", "."], in: Self.directory)
        #expect(result.exitedNormally)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        Golden.expect(result.stderr, matches: Self.directory + "/expected.txt")

        let diagnostics = DiagnosticOutput.diagnostics(in: result.stderr)
        // The sample has no `meter per second` row, the base of speed.
        #expect(diagnostics.filter { $0.code == "E303" }.map(\.location) == ["units-src/categories.tsv:4:10"])

        // Written in the other direction: meters per minute in one m/s, and so on.
        let inverted = diagnostics.filter { $0.code == "E501" && $0.message.hasSuffix("inverted?") }
        #expect(inverted.map(\.location) == ["units-src/speed.tsv:5:18", "units-src/speed.tsv:6:23"])
        #expect(inverted.first?.message == "declared 60, but its symbol m/min implies 0.0166667 meter per second: inverted?")
        #expect(inverted.last?.message == "declared 100, but its symbol cm/s implies 0.01 meter per second: inverted?")

        // The paces (^, FORMULAE(k/X,k/X)) follow the convention: never "inverted?".
        let paces = diagnostics.filter { $0.message.contains("min/km") || $0.message.contains("min/mi") }
        #expect(!paces.contains { $0.message.hasSuffix("inverted?") })
        #expect(!paces.contains { $0.message.contains("min/km") }, "16.666666667 is 1000/60 to 1e-11")
        // The sample's 26.805555556 is not 1609.344/60 = 26.8224 (0.06% off): a
        // wrong constant, not a wrong direction, so it is reported as a plain mismatch.
        #expect(
            paces.map(\.message) == [
                "declared 26.8056, but its symbol min/mi implies 26.8224 meter per second"
            ])

        #expect(diagnostics.allSatisfy { $0.code == "E303" || $0.code == "E501" })
        #expect(diagnostics.count == 4)
    }

    @Test func aBuildOfTheSampleFailsAndWritesNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let build = try CLI.run(["build", "--source", ".", "--output", temporary.path("dist")], in: Self.directory)
        #expect(build.status == 1, "\(build)")
        #expect(build.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: temporary.path("dist")), "build created dist/")
    }

    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: SeedSampleTests.sharedSample),
        "needs the original sample at /work/shared/samples/speed.tsv"))
    func theFixtureIsAByteForByteCopyOfTheSample() throws {
        #expect(try Files.bytes(Self.directory + "/units-src/speed.tsv") == Files.bytes(Self.sharedSample))
    }
}
