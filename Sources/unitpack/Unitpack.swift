import ArgumentParser

@main
struct Unitpack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unitpack",
        abstract: "Compile unit-of-measure definitions into a packed database, and query it.",
        discussion: """
            Sources live in units-src/ (one TSV file per category) and locales/.
            See docs/source-format.md for the format.
            """,
        version: "0.1.0",
        subcommands: [
            BuildCommand.self, CheckCommand.self, ConvertCommand.self, SearchCommand.self, VerifyCommand.self,
            AssignIDsCommand.self, DumpCommand.self, DiffCommand.self, VectorsCommand.self,
        ])

    static func main() {
        // Before anything is written: output that cannot be written fails the command.
        ExitCheck.install()
        main(ConvertCommand.protectingNegativeValues(Array(CommandLine.arguments.dropFirst())))
    }
}

struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Directory holding units-src/ and locales/.", valueName: "dir"))
    var source: String = "."
}

struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Directory holding the built artifacts.", valueName: "dir"))
    var data: String = "dist"
}
