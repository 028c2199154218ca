import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackReview

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Write a built database as stable, reviewable text: one block per unit.",
        discussion: """
            Each block holds the unit's id and key, its factor or formulas, priority, system, \
            symbols and every name in every language and form. Units come in category display \
            order, then by id, so a dump kept in git changes only where the data did. \
            See docs/review.md.
            """)

    @Argument(help: "A dist/ directory or a units.sqlite file (the same as --data).")
    var database: String?

    @Option(name: .long, help: ArgumentHelp("Directory holding the built artifacts, as every command that reads them takes it (default: dist).", valueName: "dir"))
    var data: String?

    func validate() throws {
        if database != nil, data != nil {
            throw ValidationError("give the data once: either --data DIR or the positional path, not both")
        }
    }

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (a regular file, replaced whole, only on success) instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let text: String
        do {
            text = Dump.render(try DatabaseSnapshot.read(data ?? database ?? "dist"))
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        guard let output else {
            try StandardOutput.write(text)
            return
        }
        try OutputFile.failing(doing: "write the dump", path: output) {
            try OutputFile.write(Array(text.utf8), to: output, shown: "--output \(TextEscaping.visible(output))", option: "--output")
        }
    }
}
