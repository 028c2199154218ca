import ArgumentParser
import UnitpackCore
import UnitpackRuntime

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find units by what a user types: a prefix of any name, form, symbol or synonym.",
        discussion: """
            Prints one match per line, best first: the unit's display name (in the first --lang, \
            else English), its key, the word that matched and how (exact or prefix, language, form). \
            Reads dist/search.pack and dist/units.sqlite.
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: "What the user typed, e.g. мет or km/h.")
    var text: String

    @Option(name: .long, parsing: .upToNextOption, help: "Only words of these languages (and units-src symbols), the first preferred.")
    var lang: [String] = []

    @Option(name: .long, help: "At most this many matches (1-1000).")
    var limit = 20

    @Option(name: .long, help: ArgumentHelp("Bytes the searcher may keep in memory.", valueName: "bytes"))
    var budget = 64 * 1024

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000, got \(limit)") }
        guard budget >= 0 else { throw ValidationError("--budget must not be negative") }
    }

    func run() throws {
        do {
            let pack = try SearchPack(path: data.data + "/" + SearchPackFormat.fileName, budget: budget)
            let database = try UnitDatabase(directory: data.data)
            let matches = try pack.search(text, languages: lang.isEmpty ? nil : lang, limit: limit)
            let shown = lang.first ?? UnitDatabase.fallbackLanguage
            for match in matches {
                let unit = try database.unit(match.unit)
                let display = (try? database.names(of: unit, in: shown).display) ?? unit.name
                let how = [match.isExact ? "exact" : "prefix", match.language ?? "symbol", "\(match.form)"]
                print("\(display)\t\(unit.key)\t\"\(match.key)\"\t\(how.joined(separator: ", "))")
            }
            if matches.isEmpty { printError("no unit matches '\(text)'") }
        } catch let error as SearchPackError {
            printError("error: \(error.description)")
            throw ExitCode.failure
        } catch let error as UnitDatabaseError {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
    }
}
