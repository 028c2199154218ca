import ArgumentParser
import UnitpackCore
import UnitpackRuntime

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a value between two units of one category.",
        discussion: """
            FROM and TO are unit names or symbols ("knot", "kn", "meter per second", "m/s"). \
            Symbols are case-sensitive (M is Mach, m is metre); names are not. \
            For a negative value put -- first: unitpack convert -- -40 °C °F
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: "The value to convert, e.g. 1.5 or 1e3.")
    var value: Double

    @Argument(help: "The unit to convert from (name or symbol).")
    var from: String

    @Argument(help: "The unit to convert to (name or symbol).")
    var to: String

    @Option(name: .long, help: "Significant digits of the result (1-17).")
    var precision: Int = 6

    @Flag(name: [.short, .long], help: "Print only the resulting number: plain digits, or as the language writes it with --lang.")
    var terse = false

    @Option(name: .long, help: "Write the result in this language (a tag of locales/: en, ru). Default: en when the database has it.")
    var lang: String?

    @Flag(name: .long, help: "Write units with their symbols (5 km) rather than their names (5 kilometers).")
    var symbols = false

    @Flag(name: .long, help: "Group digits as the language does (5 000). Off by default, so output stays easy to parse.")
    var groupDigits = false

    func validate() throws {
        guard (1...17).contains(precision) else {
            throw ValidationError("--precision must be between 1 and 17, got \(precision)")
        }
        guard value.isFinite else { throw ValidationError("the value must be a finite number") }
    }

    func run() throws {
        do {
            let database = try UnitDatabase(directory: data.data)
            let result = try database.convert(value, from: from, to: to)
            let plain = DecimalFormatting.format(result.value, significantDigits: precision)
            if terse && lang == nil {
                // For scripts: the plain number, whatever languages the database has.
                print(plain)
                return
            }
            guard let language = try language(in: database) else {
                // A database built without locales/: plain numbers, units-src names.
                let input = DecimalFormatting.format(value, significantDigits: 17)
                print("\(input) \(result.from.name) = \(plain) \(result.to.name)")
                return
            }
            let output = try database.format(
                result.value, result.to, language: language,
                options: .init(significantDigits: precision, grouping: groupDigits))
            if terse {
                print(output.number)
                return
            }
            let input = try database.format(
                value, result.from, language: language, options: .init(significantDigits: 17, grouping: groupDigits))
            print(symbols ? "\(input.short) = \(output.short)" : "\(input.long) = \(output.long)")
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
    }

    /// `--lang`, else English when the database has languages, else nil.
    private func language(in database: UnitDatabase) throws(UnitDatabaseError) -> String? {
        if let lang { return try database.language(lang).code }
        do {
            return try database.language(UnitDatabase.fallbackLanguage).code
        } catch .unknownLanguage {
            return nil
        }
    }
}
