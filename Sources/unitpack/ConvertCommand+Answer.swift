import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackRuntime

/// What `convert` answers: the value as read, and the result in one unit or
/// in the parts of a mixed unit.
struct ConvertAnswer {
    /// The value's parts as given (`6 ft`, `2 in`); one for a plain value.
    var parts: [PhraseQuantity]
    /// The whole value, in `from`.
    var value: Double
    var from: UnitpackRuntime.Unit
    /// The result's units, largest first: several for a mixed result.
    var targets: [UnitpackRuntime.Unit]
    /// The result in `targets[0]`, at full precision.
    var result: Double
    /// The result split into `targets`, when there are several.
    var mixed: MixedQuantity?
    var fit: PhraseFit = .asWritten
}

extension ConvertCommand {
    /// How the last part of a mixed result is rounded: `--fraction`, else
    /// `--precision` significant digits, else to a whole number.
    var mixedRounding: MixedRounding {
        if let fraction { return .fraction(denominator: fraction) }
        if let precision { return .significantDigits(precision) }
        return .whole
    }

    /// The answer for `value` of `from` in `targets`: one unit, or the parts
    /// of a mixed one.
    func answer(
        _ parts: [PhraseQuantity], _ value: Double, _ from: UnitpackRuntime.Unit, _ targets: [UnitpackRuntime.Unit],
        fit: PhraseFit = .asWritten, _ database: UnitDatabase
    ) throws -> ConvertAnswer {
        let result = try database.convert(value, from: from, to: targets[0])
        var answer = ConvertAnswer(parts: parts, value: value, from: from, targets: targets, result: result, fit: fit)
        // A mixed result, or one unit written to a ruler's fraction (26.2 cm in --fraction 16: 10 5/16 inches).
        if targets.count == 1, fraction != nil, !targets[0].isProportional {
            throw ConvertError(
                "--fraction writes a result in fractions of its unit, and \(targets[0].name) is a scale with an offset or an inverse one: give --precision instead")
        }
        if targets.count > 1 || fraction != nil {
            answer.mixed = try database.split(value, of: from, into: targets, rounding: mixedRounding)
        }
        return answer
    }

    /// VALUE FROM TO (TO may be mixed: `ft+in`), or VALUE FROM and the best
    /// unit for `--region`/`--system`.
    func convert(_ value: Double, from: String, in database: UnitDatabase) throws -> ConvertAnswer {
        if let to {
            let pieces = to.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            guard pieces.count > 1, !pieces.contains(where: \.isEmpty) else {
                let result = try database.convert(value, from: from, to: to)
                return try answer([PhraseQuantity(value: value, unit: result.from)], value, result.from, [result.to], database)
            }
            let first = try database.convert(value, from: from, to: pieces[0])
            var targets = [first.to]
            for piece in pieces.dropFirst() {
                let candidates = try database.candidates(for: piece)
                guard let unit = candidates.first(where: { $0.category == first.to.category }) else {
                    if candidates.isEmpty { throw UnitDatabaseError.unknownUnit(piece) }
                    throw ConvertError("\(piece) is not a unit of \(first.to.category): the parts of a mixed unit are of one category (ft+in)")
                }
                targets.append(unit)
            }
            return try answer([PhraseQuantity(value: value, unit: first.from)], value, first.from, targets, database)
        }
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
        return try answer([PhraseQuantity(value: value, unit: source)], value, source, target.units, database)
    }

    /// The units that read best for `value` of `unit` in `--system`, else
    /// `--region`, else in the other system: a metric unit in US units, any
    /// other in the world's (`001`, metric).
    func bestTarget(_ value: Double, _ unit: UnitpackRuntime.Unit, _ database: UnitDatabase) throws -> PreferredTarget? {
        if let system, let measurement = MeasurementSystem(rawValue: system) {
            return try database.bestTarget(for: value, in: unit, system: measurement, usage: usage)
        }
        let otherSystem = unit.system == .metric ? "US" : "001"
        return try database.bestTarget(for: value, in: unit, region: region ?? otherSystem, usage: usage)
    }

    /// A phrase: its first reading, converted to the units it names or to the
    /// best unit for `--region`/`--system` (the other system's when neither is given).
    func convertPhrase(_ phrase: String, _ database: UnitDatabase) throws {
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
        let answers = try readings.map { reading in try answer(for: reading, database) }
        guard let first = answers[0] else {
            throw ConvertError("\(readings[0].from.name) has no preferred units to convert to (units-src/clusters.tsv): name the target in the phrase")
        }
        if json {
            print(PhraseReport(first, readings: readings, answers: answers, language: readings[0].language).json)
            return
        }
        try show(first, database, phraseLanguage: readings[0].language)
    }

    /// A reading converted to its targets, else to the best unit; nil when
    /// it has neither.
    private func answer(for reading: PhraseReading, _ database: UnitDatabase) throws -> ConvertAnswer? {
        if !reading.targets.isEmpty {
            return try answer(reading.parts, reading.value, reading.from, reading.targets, fit: reading.fit, database)
        }
        guard let best = try bestTarget(reading.value, reading.from, database) else { return nil }
        return try answer(reading.parts, reading.value, reading.from, best.units, fit: reading.fit, database)
    }

    /// Prints `value FROM = result TO` in the language asked for, else the
    /// phrase's (`phraseLanguage`).
    func show(_ answer: ConvertAnswer, _ database: UnitDatabase, phraseLanguage: String? = nil) throws {
        let precision = self.precision ?? 6
        let plain = DecimalFormatting.format(answer.result, significantDigits: precision)
        let language = try language(in: database, phraseLanguage: phraseLanguage)
        if let mixed = answer.mixed {
            // Without languages, the units-src names stand in for every form.
            let output = try database.format(mixed, language: language ?? UnitDatabase.fallbackLanguage, grouping: groupDigits)
            if terse {
                print(output.short)
                return
            }
            print("\(try input(answer, language, database)) = \(symbols ? output.short : output.long)")
            return
        }
        if terse && lang == nil {
            // For scripts: the plain number, whatever languages the database has.
            print(plain)
            return
        }
        guard let language else {
            // A database built without locales/: plain numbers, units-src names.
            print("\(try input(answer, nil, database)) = \(plain) \(answer.targets[0].name)")
            return
        }
        let output = try database.format(
            answer.result, answer.targets[0], language: language,
            options: .init(significantDigits: precision, grouping: groupDigits))
        if terse {
            print(output.number)
            return
        }
        print("\(try input(answer, language, database)) = \(symbols ? output.short : output.long)")
    }

    /// The value as given: each part with its own form (`6 feet 2 inches`).
    private func input(_ answer: ConvertAnswer, _ language: String?, _ database: UnitDatabase) throws -> String {
        var texts: [String] = []
        for part in answer.parts {
            guard let language else {
                texts.append("\(DecimalFormatting.format(part.value, significantDigits: 17)) \(part.unit.name)")
                continue
            }
            let formatted = try database.format(
                part.value, part.unit, language: language, options: .init(significantDigits: 17, grouping: groupDigits))
            texts.append(symbols ? formatted.short : formatted.long)
        }
        return texts.joined(separator: " ")
    }
}

extension UnitpackRuntime.Unit {
    /// Whether the unit is a multiple of its base (no offset, not inverse):
    /// only such a unit is written in fractions or in parts.
    var isProportional: Bool {
        if case .linear = conversion { return true }
        return false
    }
}
