import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackRuntime

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a value between two units of one category.",
        discussion: """
            FROM and TO are unit names or symbols ("knot", "kn", "meter per second", "m/s"); \
            TO may be a mixed unit, largest first: ft+in, st+lb, h+min (180 cm ft+in: 5 feet 11 inches). \
            Symbols are case-sensitive (M is Mach, m is metre); names are not. \
            A phrase is answered in the language of its unit names unless --lang says otherwise; \
            its target may follow it as a second argument: unitpack convert "ten miles" m. \
            A negative value needs no --: unitpack convert -40 °C °F, unitpack convert "-40 °C in °F".

            Without TO, --region or --system picks the unit that reads best for the value \
            (units-src/clusters.tsv, CLDR's preferences): unitpack convert 10 km --region US \
            gives miles; --usage narrows the choice (person-height, road, weather, ...).

            --batch reads lines from standard input, each VALUE<TAB>FROM<TAB>TO (TO may be \
            left out with --region or --system) or a whole phrase, and prints for each line what \
            convert prints for it with the same options, on one line: the result, or "error: ..." \
            (--terse for numbers only). FROM and TO may also be unit keys, category/name \
            (temperature/degree Celsius).

            A result keeps at least as many significant digits as the value typed, from 6 up \
            to 15 (1234567.5 m in ft: 4050418.3 feet); --precision N sets them. A result shown \
            rounded is written after "≈", an exact one after "=".
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The value to convert (1.5, 1e3), or a whole phrase in quotes: \"27 psi in bar\", \"тридцать четыре фута в метрах\".", valueName: "value-or-phrase"))
    var input: String?

    /// The value when `input` is a plain number (VALUE FROM TO).
    var value: Double? {
        guard let input else { return nil }
        return Double(input.hasPrefix(Self.minus) ? "-" + input.dropFirst() : input)
    }

    /// What `protectingNegativeValues` writes for a leading `-`: the
    /// phrase reader takes it as a minus sign, `value` turns it back.
    static let minus = "\u{2212}"

    /// `convert -40 °C °F` and `convert "-40 °C in °F"` without `--`: an
    /// argument that starts with `-` and a digit is a value, not an option
    /// (no option is spelled so), so its `-` becomes U+2212 before
    /// ArgumentParser sees it. Other commands' arguments are left alone.
    static func protectingNegativeValues(_ arguments: [String]) -> [String] {
        guard arguments.first == configuration.commandName else { return arguments }
        var result = arguments
        for index in result.indices.dropFirst() {
            let argument = result[index]
            if argument == "--" { break }
            let rest = argument.utf8.dropFirst()
            guard argument.hasPrefix("-"), let next = rest.first,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) || next == UInt8(ascii: ".")
            else { continue }
            result[index] = minus + argument.dropFirst()
        }
        return result
    }

    @Flag(name: .long, help: "With a phrase: print the value, the units (ids, keys, names) and the result as JSON.")
    var json = false

    @Argument(help: "The unit to convert from (name or symbol).")
    var from: String?

    @Argument(help: "The unit to convert to (name or symbol); omit it with --region or --system.")
    var to: String?

    @Option(name: .long, help: "Without TO: convert to the unit that reads best in this region (a CLDR code: US, GB, DE, 001).")
    var region: String?

    @Option(name: .long, help: "Without TO: convert to the unit that reads best in this system (metric, us, imperial).")
    var system: String?

    @Option(name: .long, help: "Without TO: what the value measures (CLDR's usages: person-height, road, fluid, weather, ...); default: the usage the unit implies (a cup: fluid), else CLDR's default; --usage default reads CLDR's default lists.")
    var usage: String?

    @Option(name: .long, help: "Significant digits of the result (1-17; default: those of the value typed, 6 to 15); of the last part of a mixed result (default: whole).")
    var precision: Int?

    @Option(name: .long, help: "Write the result, or the last part of a mixed result, to the nearest 1/N (2, 4, 8, 16, 32 or 64): 5 ft 10 7/8 in.")
    var fraction: Int?

    @Flag(name: .long, help: "Convert each line of standard input (VALUE<TAB>FROM<TAB>TO, or a phrase) as convert would, one result a line.")
    var batch = false

    @Flag(name: [.short, .long], help: "Print only the resulting number: plain digits, or as the language writes it with --lang.")
    var terse = false

    @Option(name: .long, help: "Write the result in this language (a tag of locales/: en, ru). Default: en when the database has it.")
    var lang: String?

    @Flag(name: .long, help: "Write units with their symbols (5 km) rather than their names (5 kilometers).")
    var symbols = false

    @Flag(
        inversion: .prefixedNo,
        help: "Group digits as the language writes them (1 500 метров, 1,234.5 meters), the default; --no-group-digits writes plain digits, for scripts.")
    var groupDigits = true

    func validate() throws {
        try InputLimits.checkOption(region, "--region")
        try InputLimits.checkOption(system, "--system")
        try InputLimits.checkOption(usage, "--usage")
        try InputLimits.checkOption(lang, "--lang")
        if let precision, !(1...17).contains(precision) {
            throw ValidationError("--precision must be between 1 and 17, got \(precision)")
        }
        if let fraction, !MixedRounding.fractionDenominators.contains(fraction) {
            throw ValidationError("--fraction must be 2, 4, 8, 16, 32 or 64, got \(fraction)")
        }
        if fraction != nil && precision != nil { throw ValidationError("give --fraction or --precision, not both") }
        if region != nil && system != nil { throw ValidationError("give --region or --system, not both") }
        if let region { _ = try OptionValues.region(region) }
        if let system { _ = try OptionValues.system(system) }
        if batch {
            guard input == nil else { throw ValidationError("--batch reads its conversions from standard input: give no VALUE FROM TO") }
            return
        }
        try validateInput()
    }

    /// The checks of one conversion's VALUE FROM TO or phrase: the
    /// arguments', and each line's of `--batch` (whose lines are VALUE FROM
    /// TO or a phrase alone: `phraseTarget` false).
    func validateInput(phraseTarget: Bool = true) throws {
        try InputLimits.checkQuery(input, from == nil && value == nil ? "the phrase" : "the value")
        try InputLimits.checkQuery(from, "the unit to convert from")
        try InputLimits.checkQuery(to, "the unit to convert to")
        if let input, from == nil, value == nil {
            // A phrase: "27 psi in bar".
            guard !input.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the phrase is empty") }
            return
        }
        if phraseTarget, let input, let from, value == nil, to == nil, !picksTargetOption {
            // `convert "ten miles" m`: a phrase, then its target apart.
            guard !input.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the phrase is empty") }
            guard !from.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the target unit is empty") }
            return
        }
        if json { throw ValidationError("--json is for phrases: unitpack convert --json \"27 psi in bar\"") }
        let picksTarget = region != nil || system != nil || usage != nil
        if picksTarget && to != nil { throw ValidationError("--region, --system and --usage choose the target unit: give VALUE FROM without TO") }
        let missing = input == nil ? "<value>" : from == nil ? "<from>" : to == nil && !picksTarget ? "<to>" : nil
        if let missing {
            throw ValidationError("Missing expected argument '\(missing)' (give VALUE FROM TO, e.g. 1 km mi, or VALUE FROM --region US)")
        }
        guard let value else {
            throw ValidationError("'\(TextEscaping.visible(input ?? ""))' is not a number: give VALUE FROM TO, or the whole phrase in quotes")
        }
        // 1e-400 reads as 0 and 1e400 as infinity: refused as typed, never echoed as another number.
        if let input, let problem = NumberReader.outOfRange(literal: input.hasPrefix(Self.minus) ? "-" + input.dropFirst() : input) {
            throw ValidationError("the value: \(problem)")
        }
        guard value.isFinite else { throw ValidationError("the value must be a finite number") }
    }

    /// Whether an option chooses the target (`--region`, `--system`, `--usage`).
    var picksTargetOption: Bool { region != nil || system != nil || usage != nil }

    func run() throws {
        let database: UnitDatabase
        let command: ConvertCommand
        do {
            database = try UnitDatabase(directory: data.data)
            command = try resolvingOptions(database)
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
        if batch { return try command.runBatch(database) }
        let outcome = command.outcome(database)
        if let output = outcome.output { try StandardOutput.line(output) }
        if let error = outcome.error { printError(error) }
        if outcome.failed { throw ExitCode.failure }
    }

    /// This command with `--lang`, `--region`, `--system` and `--usage` as
    /// the database spells them (`OptionValues`): checked once, before any
    /// conversion, by every way in (arguments, phrase, `--batch`).
    func resolvingOptions(_ database: UnitDatabase) throws -> ConvertCommand {
        var command = self
        if let lang {
            // The database's spelling, and the region kept: it picks the
            // numbering system formatting uses (`ar-MA` writes 5, `ar-EG` ٥).
            command.lang = try OptionValues.language(lang, in: database)
                + (UnitDatabase.region(of: lang).map { "-" + $0 } ?? "")
        }
        if let region { command.region = try OptionValues.region(region) }
        if let system { command.system = try OptionValues.system(system).rawValue }
        // The default needs no look-up: every database's lists fall back to it.
        if let usage { command.usage = TextFolding.fold(usage) == "default" ? "default" : try OptionValues.usage(usage, in: database) }
        return command
    }

    /// `--lang`, else the language the phrase was written in, else English
    /// when the database has languages, else nil.
    func language(in database: UnitDatabase, phraseLanguage: String? = nil) throws(UnitDatabaseError) -> String? {
        if let lang { return try OptionValues.language(lang, in: database) }
        if let phraseLanguage { return try database.language(phraseLanguage).code }
        do {
            return try database.language(UnitDatabase.fallbackLanguage).code
        } catch .unknownLanguage {
            return nil
        }
    }
}

struct ConvertError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
