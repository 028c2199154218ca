import ArgumentParser
import UnitpackCompiler
import UnitpackCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the sources and report every problem.",
        discussion: """
            Prints diagnostics as path:line:column: severity: message [code] on standard \
            error. Exits with status 1 if there is any error; warnings do not fail. Writes nothing. \
            Codes are explained in docs/diagnostics.md.
            """)

    @OptionGroup var source: SourceOptions

    func run() throws {
        let (tree, diagnostics) = BuildPipeline.check(source: source.source)
        DiagnosticPrinter.print(diagnostics)
        if diagnostics.hasErrors { throw ExitCode.failure }
        let units = DiagnosticPrinter.plural(tree.units.count, "unit")
        let categories = DiagnosticPrinter.plural(tree.categoryFiles.count, "category", "categories")
        print("ok: \(units) in \(categories)")
    }
}
