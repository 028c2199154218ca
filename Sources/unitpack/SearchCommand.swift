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

    @Option(name: .long, help: ArgumentHelp(
        "Bytes the runtime may hold (database and search together; UnitLibrary's budget).", valueName: "bytes"))
    var budget = 256 * 1024

    @Flag(name: .long, help: "Print what the runtime holds, part by part, on standard error.")
    var statistics = false

    func validate() throws {
        try InputLimits.checkQuery(text, "the query")
        for code in lang { try InputLimits.checkOption(code, "--lang") }
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000, got \(limit)") }
        guard budget >= 0 else { throw ValidationError("--budget must not be negative") }
    }

    func run() throws {
        try failingOnDataErrors {
            let library = try UnitLibrary(directory: data.data, budget: budget)
            let database = library.database
            // The database's spelling of each tag (`RU`, `ru_RU`: ru), as convert reads --lang.
            var languages: [String] = []
            for code in lang {
                let resolved = try OptionValues.language(code, in: database)
                if !languages.contains(resolved) { languages.append(resolved) }
            }
            let matches = try library.search.search(text, languages: languages.isEmpty ? nil : languages, limit: limit)
            let shown = languages.first ?? UnitDatabase.fallbackLanguage
            for match in matches {
                let unit = try database.unit(match.unit)
                // Damage to the names is an error, as in convert: never a
                // fallback word shown in silence (issue 37).
                let display = try database.names(of: unit, in: shown).display
                let how = [match.isCorrected ? "corrected (\(match.distance))" : match.isExact ? "exact" : "prefix", match.language ?? "symbol", "\(match.form)"]
                try StandardOutput.line("\(display)\t\(unit.key)\t\"\(match.key)\"\t\(how.joined(separator: ", "))")
            }
            if matches.isEmpty { printError("no unit matches '\(TextEscaping.visible(text))'") }
            if statistics { printError(Self.describe(library.statistics)) }
        }
    }

    static func describe(_ statistics: RuntimeStatistics) -> String {
        let database = statistics.database
        let search = statistics.search
        return """
            memory: \(statistics.bytesHeld) of \(statistics.budget) bytes
              sqlite open     \(database.openBytes)  (schema \(database.schemaBytes), statements \(database.statementBytes), lookaside \(database.lookasideBytes))
              page cache      \(database.pageCacheBytes) of \(database.pageCacheBudget)
              objects         \(database.objectBytes) of \(database.objectBudget)  (\(database.objectsHeld) held, \(database.hits) hits, \(database.misses) misses, \(database.evictions) evictions)
              search index    \(search.indexBytes)
              search shards   \(search.bytesHeld) of \(search.budget)  (\(search.shardsHeld) shards and \(search.resultsHeld) results held, \(search.shardsLoaded) loaded, \(search.hits) hits, \(search.misses) misses, \(search.evictions) evictions)
            """
    }
}
