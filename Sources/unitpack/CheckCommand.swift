import ArgumentParser
import UnitpackCheck
import UnitpackCompiler
import UnitpackCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the sources and report every problem.",
        discussion: """
            Prints diagnostics as path:line:column: severity: message [code] on standard \
            error. Exits with status 1 if there is any error; warnings do not fail. Writes nothing (with a budgets.tsv, the artifacts are built in a scratch directory to be measured). \
            Codes are explained in docs/diagnostics.md.
            """)

    @OptionGroup var source: SourceOptions

    @Flag(name: .long, help: "Also print, per language, how many units have all their names, and which do not.")
    var coverage = false

    @Option(name: .long, help: "How to report: text (for people, on standard error), json or github (Actions annotations), both on standard output.")
    var format: DiagnosticFormat = .text

    func validate() throws {
        if coverage && format != .text { throw ValidationError("--coverage prints text: use it with --format text") }
    }

    func run() throws {
        // Over-budget artifacts are errors of the sources too: measured by a
        // scratch build when budgets.tsv exists and nothing else is wrong.
        let (tree, diagnostics) = try BuildPipeline.checkWithBudgets(source: source.source)
        switch format {
        case .text:
            break
        case .json:
            try StandardOutput.line(DiagnosticReport(diagnostics, units: tree.units.count, categories: tree.categoryFiles.count,
                                   languages: tree.languages.count).json)
            if diagnostics.hasErrors { throw ExitCode.failure }
            return
        case .github:
            for diagnostic in diagnostics { try StandardOutput.line(GitHubAnnotations.render(diagnostic)) }
            if diagnostics.hasErrors { throw ExitCode.failure }
            return
        }
        DiagnosticPrinter.print(diagnostics)
        if coverage {
            try StandardOutput.write(CoverageReport.render(LanguageCoverage.report(tree)))
            try StandardOutput.write(CoverageReport.render(DimensionalCoverage.report(tree)))
            try StandardOutput.write(CoverageReport.render(ClusterCoverage.report(tree)))
        }
        if diagnostics.hasErrors { throw ExitCode.failure }
        let units = DiagnosticPrinter.plural(tree.units.count, "unit")
        let categories = DiagnosticPrinter.plural(tree.categoryFiles.count, "category", "categories")
        let languages = tree.languages.isEmpty ? "" : ", " + DiagnosticPrinter.plural(tree.languages.count, "language")
        try StandardOutput.line("ok: \(units) in \(categories)\(languages)")
    }
}
