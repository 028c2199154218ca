import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackRuntime

extension ConvertCommand {
    /// How the last part of a mixed result is rounded: `--fraction`, else
    /// `--precision` significant digits, else to a whole number. A
    /// `--fraction` also writes a one-unit result in fractions of it.
    var mixedRounding: MixedRounding {
        if let fraction { return .fraction(denominator: fraction) }
        if let precision { return .significantDigits(precision) }
        return .whole
    }

    /// VALUE FROM TO (TO may be mixed: `ft+in`), or VALUE FROM and the best
    /// unit for `--region`/`--system`: the runtime's answer
    /// (`UnitDatabase.answer`). FROM and TO may be unit keys
    /// (`length/foot`), as scripts' `--batch` lines give them.
    func convert(_ value: Double, from: String, in database: UnitDatabase) throws -> ConversionAnswer {
        // The digits typed, by the phrase reader's rule (docs/phrases.md, Precision).
        let typed = input.flatMap(NumberReader.significantDigits(in:))
        return try namingOptions {
            if let to {
                return try database.answer(value, from: from, to: to, significantDigits: typed, rounding: mixedRounding)
            }
            return try database.answer(value, from: from, request: targetRequest, significantDigits: typed, rounding: mixedRounding)
        }
    }

    /// `body`'s answer, its reason said in this command's options where it
    /// is about one: a result in fractions of a scale is `--fraction`'s.
    func namingOptions<Answer>(_ body: () throws -> Answer) throws -> Answer {
        do {
            return try body()
        } catch UnitDatabaseError.noAnswer(.fractionOfScale(let unit)) {
            throw ConvertError(
                "--fraction writes a result in fractions of its unit, and \(unit.name) is a scale with an offset or an inverse one: give --precision instead")
        }
    }

    /// The reader's region: `--region`, else the region of `--lang`'s tag; nil
    /// for none (a `--system` is no region).
    var readerRegion: String? {
        region ?? lang.flatMap(UnitDatabase.region(of:)).flatMap(UnitDatabase.regionCode)
    }

    /// Who asks for a target, for a value or a reading that names none
    /// (`TargetRequest`): `--system`, else `--region`, else the region of
    /// `--lang`'s tag, else the unit's other system; `--usage`, else the
    /// usage the unit implies.
    var targetRequest: TargetRequest {
        var request = TargetRequest(usage: usage)
        if let system { request.system = MeasurementSystem(rawValue: system) }
        if let region {
            request.region = region
        } else if let tagRegion = lang.flatMap(UnitDatabase.region(of:)).flatMap(UnitDatabase.regionCode) {
            request.region = tagRegion
            request.regionSource = .language
        }
        return request
    }

    /// A phrase: its first reading, converted to the units it names or to the
    /// best unit for `--region`/`--system` (the other system's when neither is given).
    func convertPhrase(_ phrase: String, _ database: UnitDatabase, target: String? = nil) throws -> ConvertOutcome {
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
            let asked = try self.lang.map { try OptionValues.language($0, in: database) }
            if let lang = languages.first, lang == asked {
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
        if let target {
            // `convert "ten miles" m`: the target given apart, read as TO is
            // read in the category of the phrase's unit; the phrase must not
            // name one of its own.
            if let named = readings[0].to {
                throw ConvertError(
                    "the phrase names its target (\(named.name)) and '\(TextEscaping.visible(target))' is another: give the phrase alone, or the phrase without its target and the target")
            }
            // Every reading whose unit converts to it, best first (`-40 F`
            // C: the farad read first does not); else the first one's error.
            var aimed: [PhraseReading] = []
            var failure: Error?
            for reading in readings where reading.targets.isEmpty {
                do {
                    var reading = reading
                    reading.targets = try answer(for: reading, to: target, database).targets
                    aimed.append(reading)
                } catch {
                    failure = failure ?? error
                }
            }
            guard !aimed.isEmpty else { throw failure ?? ConvertError("the phrase has no reading to convert") }
            readings = aimed
        }
        let answers = try readings.map { reading in try answer(for: reading, database) }
        guard let first = answers[0] else {
            // `90 degrees`: what was read, then why no target could be chosen.
            let read = readings[0].parts.map { "\(UnitExpressionGrammar.numberText($0.value)) × \($0.unit.name)" }.joined(separator: " + ")
            throw ConvertError(
                "read \(read) (\(readings[0].from.category)); \(PhraseProblem.noPreferredUnits(readings[0].from).description)"
                    + " or after it (unitpack convert \"\(TextEscaping.visible(phrase))\" UNIT)" + Self.guessMarker(readings[0].guesses))
        }
        if json {
            var report = PhraseReport(first, readings: readings, answers: answers)
            if let regionalRegion {
                report.chosen = ReadingPrecedence.regional(written: readings[1].from, read: readings[0].from, region: regionalRegion).description
            }
            report.mark(corrections)
            return ConvertOutcome(output: report.json)
        }
        let shown = try show(first, database, phraseLanguage: readings[0].language) + Self.guessMarker(readings[0].guesses)
        return ConvertOutcome(output: shown, error: Self.correctionNote(corrections))
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

    /// The target `text` names for `reading`'s unit, read as TO is read
    /// after a FROM (a name on the other side of a unit key is read in its
    /// category; `ft+in` is mixed).
    private func answer(for reading: PhraseReading, to text: String, _ database: UnitDatabase) throws -> ConversionAnswer {
        try namingOptions { try database.answer(reading.value, from: reading.from.key, to: text, rounding: mixedRounding) }
    }

    /// A reading converted to its targets, else to the best unit; nil when
    /// it has neither (`PhraseReader.answer(for:request:rounding:)`).
    private func answer(for reading: PhraseReading, _ database: UnitDatabase) throws -> ConversionAnswer? {
        try namingOptions {
            try PhraseReader(database: database).answer(for: reading, request: targetRequest, rounding: mixedRounding)
        }
    }

    /// The significant digits a result is shown with: `--precision`, else
    /// those of the value typed, at least 6 and at most 15 (words and
    /// fractions state none: 6).
    func shownDigits(_ answer: ConversionAnswer) -> Int {
        if let precision { return precision }
        let typed = answer.significantDigits ?? Self.defaultDigits
        return min(DecimalDigits.noiseFreeDigits, max(Self.defaultDigits, typed))
    }

    /// The significant digits of a result when the value typed has fewer.
    static let defaultDigits = 6

    /// `=` when the result shown is the result, `≈` when it is a rounding of
    /// it: the runtime's rule (`ConversionAnswer.isExact(significantDigits:)`,
    /// docs/cli.md, "Precision"), so that apps and this command agree.
    /// `1 knot ≈ 0.514444 meters per second`, `1 foot = 12 inches`.
    func relation(_ answer: ConversionAnswer, digits: Int) -> String {
        answer.isExact(significantDigits: digits) ? "=" : "≈"
    }

    /// `value FROM = result TO` (or `≈`) in the language asked for, else the
    /// phrase's (`phraseLanguage`); the number alone with `--terse`.
    func show(_ answer: ConversionAnswer, _ database: UnitDatabase, phraseLanguage: String? = nil) throws -> String {
        let precision = shownDigits(answer)
        let plain = DecimalFormatting.format(answer.result, significantDigits: precision)
        // The tag as typed where `--lang` gave one: its region picks the
        // numbering system (`ar-EG` writes ٥, `ar-MA` 5), which the database's code alone loses.
        let language = try language(in: database, phraseLanguage: phraseLanguage).map { lang ?? $0 }
        if let mixed = answer.mixed {
            // Without languages, the units-src names stand in for every form.
            let output = try database.format(mixed, language: language ?? UnitDatabase.fallbackLanguage, grouping: groupDigits)
            if terse { return output.short }
            let relation = relation(answer, digits: precision)
            return "\(try input(answer, language, database)) \(relation) \(symbols ? output.short : output.long)"
        }
        // For scripts: the plain number, whatever languages the database has.
        if terse && lang == nil { return plain }
        let relation = relation(answer, digits: precision)
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
    private func input(_ answer: ConversionAnswer, _ language: String?, _ database: UnitDatabase) throws -> String {
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
