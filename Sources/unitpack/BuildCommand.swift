import ArgumentParser
import UnitpackCompiler
import UnitpackCore

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check the sources and write the database.",
        discussion: """
            Writes OUTPUT/units.sqlite atomically: if any check fails, nothing in OUTPUT changes. \
            Building the same sources twice gives byte-identical files.
            """)

    @OptionGroup var source: SourceOptions

    @Option(name: .long, help: ArgumentHelp("Directory to write the artifacts to.", valueName: "dir"))
    var output: String = "dist"

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try BuildPipeline.build(source: source.source, output: output)
        DiagnosticPrinter.print(outcome.diagnostics)
        guard let summary = outcome.summary else {
            printError("build failed: \(output)/ was left unchanged")
            throw ExitCode.failure
        }
        let elapsed = clock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        print("unitpack build: \(summary.units) units in \(summary.categories) categories")
        if !summary.languages.isEmpty {
            print("  languages   \(summary.languages.joined(separator: ", "))")
        }
        print("  sources     \(summary.sourceFiles) files, \(grouped(summary.sourceBytes)) bytes, sha256 \(summary.sourceHash.prefix(12))")
        for artifact in summary.artifacts {
            var line = "  wrote       \(artifact.path)  \(grouped(artifact.bytes)) bytes"
            if let budget = artifact.budget {
                line += " of \(grouped(budget)) budgeted (\(artifact.bytes * 100 / budget)%)"
            }
            print(line)
        }
        print("  time        \(DecimalFormatting.format(milliseconds, significantDigits: 3)) ms")
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
