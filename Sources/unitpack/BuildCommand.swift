import ArgumentParser
import Foundation
import UnitpackCompiler
import UnitpackCore
import UnitpackReview
import UnitpackSource

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check the sources and write the database.",
        discussion: """
            Writes a new generation into OUTPUT: the database and the search pack under names \
            derived from their SHA-256, then OUTPUT/manifest.tsv, renamed into place last, which \
            makes them current (docs/manifest.md). If any check fails, or the build stops \
            anywhere, the previous generation stays current and whole. Building the same \
            sources twice gives byte-identical files. --languages and --categories write a \
            slice: only those languages (en always among them) and categories (and the \
            temperature-difference units a temperature needs), each row as the full build writes \
            it (docs/database.md, "Slices").
            """)

    @OptionGroup var source: SourceOptions

    @Option(name: .long, help: ArgumentHelp("Directory to write the artifacts to.", valueName: "dir"))
    var output: String = "dist"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only these languages, separated by commas; en must be one of them (e.g. en,ru).", valueName: "codes"))
    var languages: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only these categories, separated by commas (e.g. volume,mass), and those they need.",
            valueName: "keys"))
    var categories: String?

    @Flag(
        name: .long,
        help: "Print to stderr when each piece of the build started and ended, and on which thread (to see what the build waits for).")
    var timings = false

    @Flag(name: .long, help: "After building, rebuild whenever a source file changes, printing only what changed (stop with Ctrl-C).")
    var watch = false

    /// The slice the options ask for; names are checked against the sources by the build.
    var slice: DataSlice {
        // Codes and keys are lower case in the sources; `EN,RU` means them.
        DataSlice(
            languages: languages.map { DataSlice.list($0.lowercased()) },
            categories: categories.map { DataSlice.list($0.lowercased()) })
    }

    func validate() throws {
        if let languages, DataSlice.list(languages).contains(where: \.isEmpty) {
            throw ValidationError(DataSlice.Problem.emptyName(option: "--languages").description)
        }
        if let categories, DataSlice.list(categories).contains(where: \.isEmpty) {
            throw ValidationError(DataSlice.Problem.emptyName(option: "--categories").description)
        }
    }

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let step = try Self.killHook()
        let outcome: BuildPipeline.Outcome
        do {
            outcome = try timed { try BuildPipeline.build(source: source.source, output: output, slice: slice, step: step) }
        } catch let problem as DataSlice.Problem {
            // A usage error, found only once the sources are read: nothing was written.
            printError("error: \(problem)")
            printError("build failed: the current generation in \(output)/ is unchanged")
            throw ExitCode.validationFailure
        } catch {
            printError(
                "error: "
                    + FileProblem.sentence(error, doing: "write the build", path: output, option: "--output", pathIsDirectory: true))
            printError("build failed: the current generation in \(output)/ is unchanged")
            throw ExitCode.failure
        }
        DiagnosticPrinter.print(outcome.diagnostics)
        if watch { try watchSources(first: outcome) }
        guard let summary = outcome.summary else {
            printError("build failed: \(output)/ was left unchanged")
            throw ExitCode.failure
        }
        try printSummary(summary, milliseconds: (clock.now - start).seconds * 1000)
    }

    /// `body()`, and with `--timings` its pieces' times on stderr, whether it
    /// succeeds or not.
    private func timed<T>(_ body: () throws -> T) rethrows -> T {
        guard timings else { return try body() }
        BuildTimings.start()
        defer { printError(BuildTimings.table(BuildTimings.stop())) }
        return try BuildTimings.measure("build", body)
    }

    /// The test hook of the fault-injection tests: with
    /// `UNITPACK_TEST_KILL_AT=POINT` (a `BuildStep`, e.g.
    /// `before-manifest-switch`), the build kills itself with SIGKILL at that
    /// point, as a power cut or `kill -9` would stop it there.
    static func killHook() throws -> (BuildStep) -> Void {
        guard let value = ProcessInfo.processInfo.environment["UNITPACK_TEST_KILL_AT"], !value.isEmpty else {
            return { _ in }
        }
        guard let point = BuildStep(rawValue: value) else {
            let points = BuildStep.allCases.map(\.rawValue).joined(separator: ", ")
            printError("error: UNITPACK_TEST_KILL_AT=\(value) is not a point of the build; the points are \(points)")
            throw ExitCode.failure
        }
        return { step in
            if step == point { raise(SIGKILL) }
        }
    }

    /// Rebuilds on every settled change. After a good build it prints the
    /// units that changed since the last good build (`unitpack diff`'s lines);
    /// after a failed one, its diagnostics. The last good `dist/` stays.
    private func watchSources(first: BuildPipeline.Outcome) throws -> Never {
        let watcher = SourceWatcher(directory: source.source)
        var stamps = watcher.snapshot()
        var previous: DatabaseSnapshot?
        if let summary = first.summary {
            previous = Self.snapshot(output)
            try StandardOutput.line("unitpack build: \(summary.units) units in \(summary.categories) categories; watching \(source.source) for changes")
        } else {
            printError("build failed: \(output)/ was left unchanged; watching \(source.source) for changes")
        }
        try StandardOutput.flush()
        let clock = ContinuousClock()
        while true {
            stamps = watcher.waitForChange(after: stamps)
            let start = clock.now
            let outcome: BuildPipeline.Outcome
            do {
                outcome = try BuildPipeline.build(source: source.source, output: output, slice: slice)
            } catch {
                printError(
                "error: "
                    + FileProblem.sentence(error, doing: "write the build", path: output, option: "--output", pathIsDirectory: true))
                continue
            }
            DiagnosticPrinter.print(outcome.diagnostics)
            let milliseconds = DecimalFormatting.format((clock.now - start).seconds * 1000, significantDigits: 3)
            guard let summary = outcome.summary else {
                printError("build failed: \(output)/ was left unchanged")
                continue
            }
            let current = Self.snapshot(output)
            var report = "rebuilt in \(milliseconds) ms: \(summary.units) units in \(summary.categories) categories\n"
            if let previous, let current { report += SnapshotDiff(old: previous, new: current).render() }
            try StandardOutput.write(report)
            try StandardOutput.flush()
            previous = current
        }
    }

    /// The build just written, read back for the list of changes; when it
    /// cannot be read (damaged, replaced since), a warning says so rather
    /// than a silently empty list.
    private static func snapshot(_ output: String) -> DatabaseSnapshot? {
        do {
            return try DatabaseSnapshot.read(output)
        } catch {
            printError("warning: cannot list the units that changed: \(error)")
            return nil
        }
    }

    private func printSummary(_ summary: BuildPipeline.Summary, milliseconds: Double) throws {
        try StandardOutput.line("unitpack build: \(summary.units) units in \(summary.categories) categories")
        if !summary.languages.isEmpty {
            try StandardOutput.line("  languages   \(summary.languages.joined(separator: ", "))")
        }
        if let categories = summary.slicedCategories {
            try StandardOutput.line("  categories  \(categories.joined(separator: ", ")) (a slice)")
        }
        try StandardOutput.line("  sources     \(summary.sourceFiles) files, \(grouped(summary.sourceBytes)) bytes, sha256 \(summary.sourceHash.prefix(12))")
        for artifact in summary.artifacts {
            var line = "  wrote       \(artifact.path)  (\(artifact.name))  \(grouped(artifact.bytes)) bytes"
            if let budget = artifact.budget {
                line += " of \(grouped(budget)) budgeted (\(artifact.bytes * 100 / budget)%)"
            }
            try StandardOutput.line(line)
        }
        try StandardOutput.line("  current     \(summary.manifest)")
        try StandardOutput.line("  time        \(DecimalFormatting.format(milliseconds, significantDigits: 3)) ms")
    }
}

/// 36864 -> "36,864", for summaries.
func grouped(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, character) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return result
}
