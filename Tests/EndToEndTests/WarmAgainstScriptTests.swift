import Foundation
import Testing

/// `Scripts/warm-against` (docs/benchmarks.md): what it refuses before it
/// builds anything. Measuring builds two trees or more (minutes) and times
/// them (Scripts/bench's business, not a test's); what is checked here is
/// that a mistyped command stops at once, with a reason and status 64,
/// and that its help names the figures' program.
@Suite struct WarmAgainstScriptTests {
    /// The script with `arguments`; a minute is far more than a refusal takes (it builds nothing).
    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let result = try CLI.run(arguments, executable: RepositoryData.root + "/Scripts/warm-against", hangLimit: .seconds(60))
        return (result.status, result.stdout, result.stderr)
    }

    @Test func refusesAMistypedCommandBeforeBuildingAnything() throws {
        let cases: [(arguments: [String], says: String)] = [
            ([], "name at least one commit"),
            (["no-such-commit-anywhere"], "'no-such-commit-anywhere' names no commit"),
            (["--runs", "0", "HEAD"], "--runs takes a positive whole number, not '0'"),
            (["--rounds", "many", "HEAD"], "--rounds takes a positive whole number, not 'many'"),
            (["--fast", "HEAD"], "unknown option --fast"),
        ]
        for (arguments, says) in cases {
            let (status, out, err) = try run(arguments)
            #expect(status == 64, "\(arguments): \(err)")
            #expect(err.hasPrefix("Scripts/warm-against: error: ") && err.contains(says), "\(arguments): \(err)")
            #expect(out.isEmpty, "\(arguments) printed figures: \(out)")
        }
    }

    @Test func helpNamesTheProgramThatMeasures() throws {
        let (status, out, _) = try run(["--help"])
        #expect(status == 0)
        #expect(out.contains("Scripts/warm-against [--runs R] [--rounds N] REV [REV ...]"))
        #expect(out.contains("WarmFigures"))
        // The program it names is where the help says.
        #expect(
            FileManager.default.fileExists(atPath: RepositoryData.root + "/Benchmarks/RuntimeBench/Sources/WarmFigures/main.swift"))
    }
}
