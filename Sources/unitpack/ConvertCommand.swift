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

            --batch reads lines of VALUE<TAB>FROM<TAB>TO from standard input and prints one \
            result a line (15 significant digits unless --precision), or "error: ..." for that \
            line; FROM and TO may also be unit keys, category/name (temperature/degree Celsius).
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: "The value to convert, e.g. 1.5 or 1e3.")
    var value: Double?

    @Argument(help: "The unit to convert from (name or symbol).")
    var from: String?

    @Argument(help: "The unit to convert to (name or symbol).")
    var to: String?

    @Option(name: .long, help: "Significant digits of the result (1-17; default 6, 15 with --batch).")
    var precision: Int?

    @Flag(name: .long, help: "Convert VALUE<TAB>FROM<TAB>TO lines of standard input, one result a line.")
    var batch = false

    @Flag(name: [.short, .long], help: "Print only the resulting number: plain digits, or as the language writes it with --lang.")
    var terse = false

    @Option(name: .long, help: "Write the result in this language (a tag of locales/: en, ru). Default: en when the database has it.")
    var lang: String?

    @Flag(name: .long, help: "Write units with their symbols (5 km) rather than their names (5 kilometers).")
    var symbols = false

    @Flag(name: .long, help: "Group digits as the language does (5 000). Off by default, so output stays easy to parse.")
    var groupDigits = false

    func validate() throws {
        if let precision, !(1...17).contains(precision) {
            throw ValidationError("--precision must be between 1 and 17, got \(precision)")
        }
        if batch {
            guard value == nil else { throw ValidationError("--batch reads its conversions from standard input: give no VALUE FROM TO") }
            return
        }
        let missing = value == nil ? "<value>" : from == nil ? "<from>" : to == nil ? "<to>" : nil
        if let missing { throw ValidationError("Missing expected argument '\(missing)' (give VALUE FROM TO, e.g. 1 km mi)") }
        guard let value else { return }
        guard value.isFinite else { throw ValidationError("the value must be a finite number") }
    }

    func run() throws {
        if batch { return try runBatch() }
        guard let value, let from, let to else { return }
        let precision = self.precision ?? 6
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

    /// `--batch`: one conversion a line of standard input, for scripts (the
    /// cross-check against GNU units sends thousands at once).
    func runBatch() throws {
        let precision = self.precision ?? 15
        let database: UnitDatabase
        do {
            database = try UnitDatabase(directory: data.data)
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        func unit(_ text: String) throws -> UnitpackRuntime.Unit {
            if text.contains("/"), let unit = try? database.unit(key: text) { return unit }
            return try database.unit(named: text)
        }
        var failures = 0
        while let line = readLine(strippingNewline: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let value = Double(fields[0]), value.isFinite else {
                print("error: expected VALUE<TAB>FROM<TAB>TO, got \(line.debugDescription)")
                failures += 1
                continue
            }
            do {
                let result = try database.convert(value, from: try unit(fields[1]), to: try unit(fields[2]))
                print(DecimalFormatting.format(result, significantDigits: precision))
            } catch {
                print("error: \(error)")
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
