import Foundation
import Testing

/// The helper every end-to-end test runs commands with (Support/CLI.swift):
/// a child that writes much on both streams does not block, and one that
/// hangs fails its test with a message instead of stopping the run.
@Suite struct CLIRunnerTests {
    /// Each stream gets several times a Linux pipe's 64 KiB, the other one
    /// written after it: read one pipe to its end before the other, and the
    /// child blocks on the second.
    @Test func muchOutputOnBothStreamsDoesNotBlock() throws {
        let count = 300_000
        let result = try CLI.run(
            ["-c", "head -c \(count) /dev/zero | tr '\\0' o; head -c \(count) /dev/zero | tr '\\0' e >&2; exit 3"],
            executable: "/bin/sh", hangLimit: .seconds(120))
        #expect(result.exitedNormally && result.status == 3, "\(result.status)")
        #expect(result.stdout.utf8.count == count && result.stdout.allSatisfy { $0 == "o" })
        #expect(result.stderr.utf8.count == count && result.stderr.allSatisfy { $0 == "e" })
    }

    @Test func aHangIsStoppedAndFailsSayingSo() throws {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let result = try CLI.run(
                ["-c", "echo started; exec sleep 60"], executable: "/bin/sh", hangLimit: .milliseconds(500))
            Issue.record("a run past its limit returned: \(result)")
        } catch let error as CLIError {
            #expect(error.description.hasPrefix("/bin/sh -c echo started; exec sleep 60 did not finish in 0.5 seconds"), "\(error)")
            #expect(error.description.contains("(signal)\n--- stdout\nstarted\n"), "\(error)")
        }
        #expect(clock.now - start < .seconds(30), "the run was not stopped at its limit")
    }

    /// A test that asks for a timeout gets the stopped run's result to judge.
    @Test func anAskedForTimeoutReturnsTheStoppedRun() throws {
        let result = try CLI.run(["60"], timeout: .milliseconds(500), executable: "/bin/sleep")
        #expect(!result.exitedNormally)
        #expect(result.status == SIGKILL)
    }
}
