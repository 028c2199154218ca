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
    var from: UnitpackRuntime.MeasureUnit
    /// The result's units, largest first: several for a mixed result.
    var targets: [UnitpackRuntime.MeasureUnit]
    /// The result in `targets[0]`, at full precision.
    var result: Double
    /// The result split into `targets`, when there are several.
    var mixed: MixedQuantity?
    var fit: PhraseFit = .asWritten
    /// How the target was chosen, when the input named none.
    var choice: ExpectedTarget?
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
        _ parts: [PhraseQuantity], _ value: Double, _ from: UnitpackRuntime.MeasureUnit, _ targets: [UnitpackRuntime.MeasureUnit],
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
    /// unit for `--region`/`--system`. FROM and TO may be unit keys
    /// (`length/foot`), as scripts' `--batch` lines give them.
    func convert(_ value: Double, from: String, in database: UnitDatabase) throws -> ConvertAnswer {
        // The digits typed, by the phrase reader's rule (docs/phrases.md, Precision).
        let typed = input.flatMap(NumberReader.significantDigits(in:))
        func quantity(_ unit: UnitpackRuntime.MeasureUnit) -> [PhraseQuantity] {
            [PhraseQuantity(value: value, unit: unit, significantDigits: typed)]
        }
        if let keyed = try keyedPair(from, to, database) {
            return try answer(quantity(keyed.from), value, keyed.from, [keyed.to], database)
        }
        if let to {
            let pieces = to.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            guard pieces.count > 1, !pieces.contains(where: \.isEmpty) else {
                let result = try database.convert(value, from: from, to: to)
                return try answer(quantity(result.from), value, result.from, [result.to], database)
            }
            let first = try database.convert(value, from: from, to: pieces[0])
            var targets = [first.to]
            for piece in pieces.dropFirst() {
                let candidates = try database.candidates(for: piece)
                guard let unit = candidates.first(where: { $0.category == first.to.category }) else {
                    if candidates.isEmpty { throw UnitDatabaseError.unknownUnit(piece) }
                    throw ConvertError("\(TextEscaping.visible(piece)) is not a unit of \(first.to.category): the parts of a mixed unit are of one category (ft+in)")
                }
                targets.append(unit)
            }
            return try answer(quantity(first.from), value, first.from, targets, database)
        }
        var sources = try Self.unit(key: from, database).map { [$0] } ?? database.candidatesOrExpression(from)
        if let region = readerRegion {
            sources = try sources.map { try database.regionalReading(of: $0, words: from, region: region) ?? $0 }
        }
        guard !sources.isEmpty else { throw UnitDatabaseError.unknownUnit(from) }
        // `cm` is a length and a typographic unit: of the readings that have
        // preferred units, the unit with the higher priority is the one meant.
        let readings = try sources.compactMap { source in try expectedTarget(value, source, database).map { (source, $0) } }
            .sorted { $0.0.priority > $1.0.priority }
        guard let (source, choice) = readings.first else {
            if sources.count > 1 { throw UnitDatabaseError.ambiguousUnit(from, candidates: sources.map(\.key)) }
            throw ConvertError("no preferred units for \(sources[0].category) (units-src/clusters.tsv): give the target unit")
        }
        if readings.count > 1 && readings[1].0.priority == source.priority {
            throw UnitDatabaseError.ambiguousUnit(from, candidates: readings.map(\.0.key))
        }
        var result = try answer(quantity(source), value, source, choice.target.units, database)
        result.choice = choice
        return result
    }

    /// The unit whose key (`category/name`) `text` is; nil for a name or symbol.
    static func unit(key text: String, _ database: UnitDatabase) throws -> UnitpackRuntime.MeasureUnit? {
        guard text.contains("/"), try database.candidates(for: text).isEmpty else { return nil }
        return try? database.unit(key: text)
    }

    /// FROM and TO when either is a unit key: the key's unit, and for the
    /// other a name's reading in the key's category (`1 length/foot in`),
    /// else its one unit. Nil when neither is a key, or TO is none or mixed.
    private func keyedPair(_ from: String, _ to: String?, _ database: UnitDatabase) throws
        -> (from: UnitpackRuntime.MeasureUnit, to: UnitpackRuntime.MeasureUnit)?
    {
        guard let to else { return nil }
        let fromKey = try Self.unit(key: from, database)
        let toKey = try Self.unit(key: to, database)
        guard fromKey != nil || toKey != nil else { return nil }
        func resolve(_ text: String, _ keyed: UnitpackRuntime.MeasureUnit?, like other: UnitpackRuntime.MeasureUnit?) throws -> UnitpackRuntime.MeasureUnit {
            if let keyed { return keyed }
            let found = try database.candidatesOrExpression(text)
            if let other, let fit = found.first(where: { $0.category == other.category }) { return fit }
            // An expression of several categories (N·m) keeps the first when nothing says which.
            if found.count == 1 || found.allSatisfy(\.isExpression) { return found[0] }
            return try database.unit(named: text)
        }
        return (try resolve(from, fromKey, like: toKey), try resolve(to, toKey, like: fromKey))
    }

    /// The reader's region: `--region`, else the region of `--lang`'s tag; nil
    /// for none (a `--system` is no region).
    var readerRegion: String? {
        region ?? lang.flatMap(UnitDatabase.region(of:)).flatMap(UnitDatabase.regionCode)
    }

    /// The units a person expects `value` of `unit` in (`expectedTarget`):
    /// for `--system`, else `--region`, else the region of `--lang`'s tag,
    /// else the unit's other system; for `--usage`, else the usage the unit
    /// implies.
    func expectedTarget(_ value: Double, _ unit: UnitpackRuntime.MeasureUnit, _ database: UnitDatabase) throws -> ExpectedTarget? {
        var request = TargetRequest(usage: usage)
        if let system { request.system = MeasurementSystem(rawValue: system) }
        if let region {
            request.region = region
        } else if let tagRegion = lang.flatMap(UnitDatabase.region(of:)).flatMap(UnitDatabase.regionCode) {
            request.region = tagRegion
            request.regionSource = .language
        }
        return try database.expectedTarget(for: value, in: unit, request: request)
    }

    /// A phrase: its first reading, converted to the units it names or to the
    /// best unit for `--region`/`--system` (the other system's when neither is given).
    func convertPhrase(_ phrase: String, _ database: UnitDatabase) throws -> ConvertOutcome {
        // --lang first, else English (the interface's language), then every
        // language with phrase words: a phrase in any of them is understood.
        var languages: [String] = []
        if let lang { languages.append(try OptionValues.language(lang, in: database)) }
        let phraseLanguages = try database.phraseLanguages()
        if languages.isEmpty, phraseLanguages.contains(UnitDatabase.fallbackLanguage) { languages.append(UnitDatabase.fallbackLanguage) }
        for code in phraseLanguages where !languages.contains(code) { languages.append(code) }
        var readings: [PhraseReading]
        let parsed = try parseForgiving(phrase, database, languages: languages)
        let (result, corrections) = (parsed.result, parsed.corrections)
        switch result {
        case .notUnderstood(let reason):
            if json { return ConvertOutcome(output: PhraseReport(understood: false, reason: reason.description).json, failed: true) }
            return ConvertOutcome(error: "error: not understood: \(reason)", failed: true)
        case .understood(let found):
            readings = found
        }
        if let ways = result.ambiguity {
            // 1.500: --lang says how it reads; else both readings are named, never one picked.
            if let lang = languages.first, lang == self.lang.flatMap({ try? OptionValues.language($0, in: database) }) {
                let decimal = try database.language(lang).numbers.decimal.first ?? "."
                readings = readings.filter { $0.separator.map { $0.agrees(withDecimal: decimal) } ?? true }
            } else {
                return try ambiguous(ways, database)
            }
        }
        // A name that means another unit in the reader's region (a pint in GB):
        // that reading first, the one as the words name it kept as another reading.
        var regionalRegion: String?
        if let region = readerRegion, let regional = try database.regionalReading(of: readings[0], phrase: phrase, region: region) {
            readings.insert(regional, at: 0)
            regionalRegion = region
        }
        let answers = try readings.map { reading in try answer(for: reading, database) }
        guard let first = answers[0] else {
            throw ConvertError("\(readings[0].from.name) has no preferred units to convert to (units-src/clusters.tsv): name the target in the phrase")
        }
        if json {
            var report = PhraseReport(first, readings: readings, answers: answers, language: readings[0].language)
            if let regionalRegion {
                report.chosen = "\(readings[1].from.key) is read as \(readings[0].from.key) in \(regionalRegion) (units-src/relations.tsv, regional)"
            }
            report.mark(corrections)
            return ConvertOutcome(output: report.json)
        }
        return ConvertOutcome(output: try show(first, database, phraseLanguage: readings[0].language), error: Self.correctionNote(corrections))
    }

    /// A number that the phrase's languages read two ways (`1.500 m in ft`):
    /// refused, the reason naming both readings, their results and the
    /// languages that read each; `--json` lists both.
    private func ambiguous(_ ways: [PhraseReading], _ database: UnitDatabase) throws -> ConvertOutcome {
        let answers = try ways.map { try answer(for: $0, database) }
        let typed = ways[0].separator?.typed ?? ""
        var texts: [String] = []
        for (reading, answer) in zip(ways, answers) {
            let result = try answer.map { try show($0, database, phraseLanguage: reading.language) } ?? "\(reading.value) \(reading.from.name)"
            texts.append("\(result) (\(reading.separatorLanguages.joined(separator: ", ")))")
        }
        let reason = "the number '\(typed)' reads two ways: \(texts.joined(separator: " or "))"
            + "; write it so that it reads one way, or give --lang"
        if json {
            var report = PhraseReport(understood: false, reason: reason)
            report.ambiguous = zip(ways, answers).map { PhraseReport.Reading($0, $1) }
            return ConvertOutcome(output: report.json, failed: true)
        }
        return ConvertOutcome(error: "error: ambiguous: \(reason)", failed: true)
    }

    /// A reading converted to its targets, else to the best unit; nil when
    /// it has neither.
    private func answer(for reading: PhraseReading, _ database: UnitDatabase) throws -> ConvertAnswer? {
        if !reading.targets.isEmpty {
            return try answer(reading.parts, reading.value, reading.from, reading.targets, fit: reading.fit, database)
        }
        guard let choice = try expectedTarget(reading.value, reading.from, database) else { return nil }
        var result = try answer(reading.parts, reading.value, reading.from, choice.target.units, fit: reading.fit, database)
        result.choice = choice
        return result
    }

    /// The significant digits a result is shown with: `--precision`, else
    /// those of the value typed, at least 6 and at most 15 (words and
    /// fractions state none: 6).
    func shownDigits(_ answer: ConvertAnswer) -> Int {
        if let precision { return precision }
        let typed = answer.parts.compactMap(\.significantDigits).max() ?? Self.defaultDigits
        return min(DecimalDigits.noiseFreeDigits, max(Self.defaultDigits, typed))
    }

    /// The significant digits of a result when the value typed has fewer.
    static let defaultDigits = 6

    /// `=` when the result shown is the result (to the 15 digits a Double
    /// holds without binary noise), `≈` when it is rounded: `1 knot ≈
    /// 0.514444 meters per second`, `1 foot = 12 inches`.
    func relation(_ answer: ConvertAnswer, digits: Int, _ database: UnitDatabase) throws -> String {
        func same(_ one: Double, _ other: Double) -> Bool {
            DecimalDigits(one, significantDigits: DecimalDigits.noiseFreeDigits)
                == DecimalDigits(other, significantDigits: DecimalDigits.noiseFreeDigits)
        }
        if let mixed = answer.mixed {
            let full = try database.split(
                answer.value, of: answer.from, into: answer.targets, rounding: .significantDigits(DecimalDigits.noiseFreeDigits))
            let exact = mixed.isNegative == full.isNegative
                && zip(mixed.parts, full.parts).allSatisfy { same($0.value, $1.value) }
            return exact ? "=" : "≈"
        }
        if digits >= DecimalDigits.noiseFreeDigits { return "=" }
        let shown = DecimalDigits(answer.result, significantDigits: digits)
        return shown == DecimalDigits(answer.result, significantDigits: DecimalDigits.noiseFreeDigits) ? "=" : "≈"
    }

    /// `value FROM = result TO` (or `≈`) in the language asked for, else the
    /// phrase's (`phraseLanguage`); the number alone with `--terse`.
    func show(_ answer: ConvertAnswer, _ database: UnitDatabase, phraseLanguage: String? = nil) throws -> String {
        let precision = shownDigits(answer)
        let plain = DecimalFormatting.format(answer.result, significantDigits: precision)
        // The tag as typed where `--lang` gave one: its region picks the
        // numbering system (`ar-EG` writes ٥, `ar-MA` 5), which the database's code alone loses.
        let language = try language(in: database, phraseLanguage: phraseLanguage).map { lang ?? $0 }
        if let mixed = answer.mixed {
            // Without languages, the units-src names stand in for every form.
            let output = try database.format(mixed, language: language ?? UnitDatabase.fallbackLanguage, grouping: groupDigits)
            if terse { return output.short }
            let relation = try relation(answer, digits: precision, database)
            return "\(try input(answer, language, database)) \(relation) \(symbols ? output.short : output.long)"
        }
        // For scripts: the plain number, whatever languages the database has.
        if terse && lang == nil { return plain }
        let relation = try relation(answer, digits: precision, database)
        guard let language else {
            // A database built without locales/: plain numbers, units-src names.
            return "\(try input(answer, nil, database)) \(relation) \(plain) \(answer.targets[0].name)"
        }
        let output = try database.format(
            answer.result, answer.targets[0], language: language,
            options: .init(significantDigits: precision, grouping: groupDigits))
        if terse { return output.number }
        return "\(try input(answer, language, database)) \(relation) \(symbols ? output.short : output.long)"
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
