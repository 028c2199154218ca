import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackRuntime

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a value between two units of one category.",
        discussion: """
            FROM and TO are unit names or symbols ("knot", "kn", "meter per second", "m/s"). \
            Symbols are case-sensitive (M is Mach, m is metre); names are not. \
            A phrase is answered in the language of its unit names unless --lang says otherwise. \
            A negative value needs no --: unitpack convert -40 °C °F, unitpack convert "-40 °C in °F".

            Without TO, --region or --system picks the unit that reads best for the value \
            (units-src/clusters.tsv, CLDR's preferences): unitpack convert 10 km --region US \
            gives miles; --usage narrows the choice (person-height, road, weather, ...).

            --batch reads lines of VALUE<TAB>FROM<TAB>TO from standard input and prints one \
            result a line (15 significant digits unless --precision), or "error: ..." for that \
            line; FROM and TO may also be unit keys, category/name (temperature/degree Celsius).
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

    @Option(name: .long, help: "With --region or --system: what the value measures (CLDR's usages: default, person-height, road, weather, ...).")
    var usage: String = "default"

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
            guard input == nil else { throw ValidationError("--batch reads its conversions from standard input: give no VALUE FROM TO") }
            return
        }
        if let input, from == nil, value == nil {
            // A phrase: "27 psi in bar".
            guard !input.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the phrase is empty") }
            return
        }
        if json { throw ValidationError("--json is for phrases: unitpack convert --json \"27 psi in bar\"") }
        if region != nil && system != nil { throw ValidationError("give --region or --system, not both") }
        if let system, MeasurementSystem(rawValue: system) == nil {
            throw ValidationError("unknown system '\(system)': use metric, us or imperial")
        }
        let picksTarget = region != nil || system != nil
        if picksTarget && to != nil { throw ValidationError("--region and --system choose the target unit: give VALUE FROM without TO") }
        let missing = input == nil ? "<value>" : from == nil ? "<from>" : to == nil && !picksTarget ? "<to>" : nil
        if let missing {
            throw ValidationError("Missing expected argument '\(missing)' (give VALUE FROM TO, e.g. 1 km mi, or VALUE FROM --region US)")
        }
        guard let value else { throw ValidationError("'\(input ?? "")' is not a number: give VALUE FROM TO, or the whole phrase in quotes") }
        guard value.isFinite else { throw ValidationError("the value must be a finite number") }
    }

    func run() throws {
        if batch { return try runBatch() }
        guard let input else { return }
        do {
            let database = try UnitDatabase(directory: data.data)
            if let from, let value {
                try show(value, try convert(value, from: from, in: database), database)
            } else {
                try convertPhrase(input, database)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// Prints `value FROM = result TO` in the language asked for, else the
    /// phrase's (`phraseLanguage`).
    private func show(
        _ value: Double, _ result: (value: Double, from: UnitpackRuntime.Unit, to: UnitpackRuntime.Unit), _ database: UnitDatabase,
        phraseLanguage: String? = nil
    ) throws {
        let precision = self.precision ?? 6
        let plain = DecimalFormatting.format(result.value, significantDigits: precision)
        if terse && lang == nil {
            // For scripts: the plain number, whatever languages the database has.
            print(plain)
            return
        }
        guard let language = try language(in: database, phraseLanguage: phraseLanguage) else {
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
    }

    /// A phrase: its first reading, converted to the unit it names or to the
    /// best unit for `--region`/`--system` (the other system's when neither is given).
    private func convertPhrase(_ phrase: String, _ database: UnitDatabase) throws {
        var languages: [String] = []
        if let lang { languages.append(try database.language(lang).code) }
        for code in try database.phraseLanguages() where !languages.contains(code) { languages.append(code) }
        let readings: [PhraseReading]
        switch try database.parse(phrase, languages: languages) {
        case .notUnderstood(let reason):
            if json {
                print(PhraseReport(understood: false, reason: reason).json)
            } else {
                printError("error: not understood: \(reason)")
            }
            throw ExitCode.failure
        case .understood(let found):
            readings = found
        }
        let reading = readings[0]
        let result: (value: Double, from: UnitpackRuntime.Unit, to: UnitpackRuntime.Unit)
        if let to = reading.to {
            result = (try database.convert(reading.value, from: reading.from, to: to), reading.from, to)
        } else {
            guard let best = try bestTarget(reading.value, reading.from, database) else {
                throw ConvertError("\(reading.from.name) has no preferred units to convert to (units-src/clusters.tsv): name the target in the phrase")
            }
            // A mixed unit (foot+inch) is shown in its first part, as before format 4.
            result = (best.value, reading.from, best.unit)
        }
        if json {
            print(
                PhraseReport(
                    understood: true, value: reading.value, from: .init(result.from), to: .init(result.to),
                    result: result.value, otherReadings: readings.count - 1, language: reading.language
                ).json)
            return
        }
        try show(reading.value, result, database, phraseLanguage: reading.language)
    }

    /// The unit that reads best for `value` of `unit` in `--system`, else
    /// `--region`, else in the other system: a metric unit in US units, any
    /// other in the world's (`001`, metric).
    private func bestTarget(_ value: Double, _ unit: UnitpackRuntime.Unit, _ database: UnitDatabase) throws
        -> PreferredTarget?
    {
        if let system, let measurement = MeasurementSystem(rawValue: system) {
            return try database.bestTarget(for: value, in: unit, system: measurement, usage: usage)
        }
        let otherSystem = unit.system == .metric ? "US" : "001"
        return try database.bestTarget(for: value, in: unit, region: region ?? otherSystem, usage: usage)
    }

    /// To TO, or to the best unit for `--region`/`--system`.
    private func convert(_ value: Double, from: String, in database: UnitDatabase) throws -> (
        value: Double, from: UnitpackRuntime.Unit, to: UnitpackRuntime.Unit
    ) {
        if let to { return try database.convert(value, from: from, to: to) }
        let sources = try database.candidates(for: from)
        guard !sources.isEmpty else { throw UnitDatabaseError.unknownUnit(from) }
        // `cm` is a length and a typographic unit: of the readings that have
        // preferred units, the unit with the higher priority is the one meant.
        let readings = try sources.compactMap { source in try bestTarget(value, source, database).map { (source, $0) } }
            .sorted { $0.0.priority > $1.0.priority }
        guard let (source, target) = readings.first else {
            if sources.count > 1 { throw UnitDatabaseError.ambiguousUnit(from, candidates: sources.map(\.key)) }
            throw ConvertError("no preferred units for \(sources[0].category) (units-src/clusters.tsv): give the target unit")
        }
        if readings.count > 1 && readings[1].0.priority == source.priority {
            throw UnitDatabaseError.ambiguousUnit(from, candidates: readings.map(\.0.key))
        }
        // A mixed unit (foot+inch) is shown in its first part, as before format 4.
        return (target.value, source, target.unit)
    }

    /// `--lang`, else the language the phrase was written in, else English
    /// when the database has languages, else nil.
    private func language(in database: UnitDatabase, phraseLanguage: String? = nil) throws(UnitDatabaseError) -> String? {
        if let lang { return try database.language(lang).code }
        if let phraseLanguage { return try database.language(phraseLanguage).code }
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

/// The JSON line of `convert --json PHRASE`, for scripts.
struct PhraseReport: Encodable {
    struct UnitRef: Encodable {
        let id: Int
        let key: String
        let name: String
        init(_ unit: UnitpackRuntime.Unit) {
            id = unit.id.rawValue
            key = unit.key
            name = unit.name
        }
    }
    var understood: Bool
    var reason: String?
    var value: Double?
    var from: UnitRef?
    var to: UnitRef?
    var result: Double?
    /// Other ways to read the phrase (`1,234`: 1234 or 1.234); the first is shown.
    var otherReadings: Int?
    /// The language of the unit names the phrase used; absent for symbols only.
    var language: String?

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings, integers and finite doubles cannot fail to encode.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

struct ConvertError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
