import ArgumentParser
import UnitpackReview

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "List what changed between two builds and fail on a changed or reused unit id.",
        discussion: """
            Prints one line per added (+), removed (-) or changed (~) unit, name, factor, \
            language or category, then a summary. Exits with status 1 when a unit's id changed \
            or an id now names another unit (front ends store ids), or when either side cannot \
            be read; 0 otherwise. See docs/review.md for its use in CI.
            """)

    @Argument(help: "The earlier build: a dist/ directory or a units.sqlite file.")
    var old: String

    @Argument(help: "The later build.")
    var new: String

    func run() throws {
        let diff: SnapshotDiff
        do {
            diff = SnapshotDiff(old: try DatabaseSnapshot.read(old), new: try DatabaseSnapshot.read(new))
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        try StandardOutput.write(diff.render())
        if diff.hasViolations { throw ExitCode.failure }
    }
}
