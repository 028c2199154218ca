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

    @Flag(name: [.short, .long], help: "Print only the resulting number.")
    var terse = false

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
            let number = DecimalFormatting.format(result.value, significantDigits: precision)
            if terse {
                print(number)
            } else {
                let input = DecimalFormatting.format(value, significantDigits: 17)
                print("\(input) \(result.from.name) = \(number) \(result.to.name)")
            }
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
    }
}
