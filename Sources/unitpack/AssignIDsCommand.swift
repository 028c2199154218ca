import ArgumentParser
import UnitpackCompiler
import UnitpackSource

struct AssignIDsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign-ids",
        abstract: "Give every unit without a stable id the next free one.",
        discussion: """
            Appends lines to units-src/ids.tsv; existing lines are never changed and retired ids \
            are never reused. Commit the registry together with the new units.
            """)

    @OptionGroup var source: SourceOptions

    @Flag(name: .long, help: "Print what would be assigned without writing.")
    var dryRun = false

    func run() throws {
        let tree = SourceReader.read(directory: source.source)
        let registryErrors = tree.diagnostics.filter { $0.location.path == tree.idsPath && $0.severity == .error }
        guard registryErrors.isEmpty else {
            DiagnosticPrinter.print(registryErrors)
            printError("fix \(tree.idsPath) first: ids are assigned after the largest id in it")
            throw ExitCode.failure
        }
        let assignments = IDRegistry.missingAssignments(in: tree)
        if !dryRun {
            do {
                try IDRegistry.append(assignments, to: tree.idsPath)
            } catch {
                printError("error: \(error.description)")
                throw ExitCode.failure
            }
        }
        // Printed once written: a failed write assigned nothing.
        for a in assignments {
            try StandardOutput.line("\(a.id)\t\(a.category)\t\(a.name)")
        }
        printError("\(assignments.count) id(s) \(dryRun ? "would be " : "")assigned in \(tree.idsPath)")
    }
}
