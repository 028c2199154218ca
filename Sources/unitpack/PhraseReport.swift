import Foundation
import UnitpackRuntime
import UnitpackCore

/// The JSON line of `convert --json PHRASE`, for scripts.
struct PhraseReport: Encodable {
    struct UnitRef: Encodable {
        let id: Int
        let key: String
        let name: String
        init(_ unit: UnitpackRuntime.MeasureUnit) {
            id = unit.id.rawValue
            key = unit.key
            name = unit.name
        }
    }

    /// A number in a unit: a part of the value as read, or of a mixed result.
    struct Part: Encodable {
        let value: Double
        let unit: UnitRef
    }

    /// How a reading's units fit the words: `asWritten`, `difference`,
    /// `targetAsDifference`, `otherMeaning` (with the unit the words name
    /// first), `sameQuantity`; and why, in a sentence.
    struct Fit: Encodable {
        let kind: String
        let written: UnitRef?
        let explanation: String

        init(_ fit: PhraseFit) {
            switch fit {
            case .asWritten: (kind, written) = ("asWritten", nil)
            case .difference: (kind, written) = ("difference", nil)
            case .targetAsDifference: (kind, written) = ("targetAsDifference", nil)
            case .otherMeaning(let unit): (kind, written) = ("otherMeaning", UnitRef(unit))
            case .sameQuantity: (kind, written) = ("sameQuantity", nil)
            }
            explanation = fit.explanation
        }
    }

    /// Another way to read the phrase, with what it would answer.
    struct Reading: Encodable {
        init(
            value: Double, from: UnitRef, read: [Part], to: [UnitRef], result: Double?, fit: Fit, numberReadBy: [String]? = nil
        ) {
            (self.value, self.from, self.read, self.to, self.result, self.fit) = (value, from, read, to, result, fit)
            self.numberReadBy = numberReadBy
        }

        init(_ reading: PhraseReading, _ answer: ConversionAnswer?) {
            self.init(
                value: reading.value, from: UnitRef(reading.from),
                read: reading.parts.map { Part(value: $0.value, unit: UnitRef($0.unit)) },
                to: (answer?.targets ?? reading.targets).map(UnitRef.init), result: answer?.result, fit: Fit(reading.fit),
                numberReadBy: reading.separator == nil ? nil : reading.separatorLanguages)
        }

        let value: Double
        let from: UnitRef
        let read: [Part]
        let to: [UnitRef]
        let result: Double?
        let fit: Fit
        /// The languages of the phrase that read its number so, when it
        /// reads two ways (`1.500`: `de` for 1500); absent otherwise.
        var numberReadBy: [String]? = nil
    }

    var understood: Bool
    var reason: String?
    var value: Double?
    var from: UnitRef?
    /// The value's parts as read (`6 ft`, `2 in`).
    var read: [Part]?
    /// The first unit of the result.
    var to: UnitRef?
    /// Every unit of the result, largest first (several for a mixed result).
    var targets: [UnitRef]?
    /// The result in `to`, at full precision.
    var result: Double?
    /// A mixed result's parts, zeros included, as `split` rounded them.
    var parts: [Part]?
    /// Set when a mixed result is negative (the parts are magnitudes).
    var negative: Bool?
    var fit: Fit?
    /// The other ways to read the phrase, each with its result.
    var otherReadings: [Reading]?
    /// Why the first reading is the answer.
    var chosen: String?
    /// The language of the unit names the phrase used; absent for symbols only.
    var language: String?
    /// The languages of the phrase that read the number as the answer does,
    /// when it reads two ways (`1.500`).
    var numberReadBy: [String]?
    /// Both readings of a number that the phrase's languages read two ways
    /// (`1.500 m in ft`), when nothing decided between them.
    var ambiguous: [Reading]?
    /// When the phrase named no target: how it was chosen.
    var choice: Choice?

    /// How a target was chosen for a phrase that named none: the usage and
    /// the lists read, each with why (`given`, `language`, `unit`,
    /// `otherSystem`, `default`), and up to three alternatives.
    struct Choice: Encodable {
        struct Alternative: Encodable {
            let targets: [UnitRef]
            let result: Double
        }
        let usage: String
        let usageFrom: String
        let reader: String
        let readerFrom: String
        let alternatives: [Alternative]

        init(_ choice: ExpectedTarget) {
            usage = choice.usage
            usageFrom = choice.usageSource.rawValue
            reader = choice.reader
            readerFrom = choice.readerSource.rawValue
            alternatives = choice.alternatives.map { Alternative(targets: $0.units.map(UnitRef.init), result: $0.value) }
        }
    }

    /// A word read as another (issue 23): the first, and every one when
    /// there are several (`corrections`).
    var corrected: Correction?
    var corrections: [Correction]?

    struct Correction: Encodable {
        let from: String
        let to: String
    }

    /// The words the first reading rests on a guess for (issue 37): an
    /// ending cut or a correction, each `kind`, `word` and `readAs`.
    var guesses: [Guess]?

    struct Guess: Encodable {
        let kind: String
        let word: String
        let readAs: String
    }

    mutating func mark(_ read: [PhraseCorrection]) {
        corrected = read.first.map { Correction(from: $0.from, to: $0.to) }
        if read.count > 1 { corrections = read.map { Correction(from: $0.from, to: $0.to) } }
    }

    init(understood: Bool, reason: String) {
        self.understood = understood
        self.reason = reason
    }

    /// The report of `answer`, the answer to `readings[0]`, with the other
    /// readings and their answers, and why the first is first.
    init(_ answer: ConversionAnswer, readings: [PhraseReading], answers: [ConversionAnswer?]) {
        understood = true
        value = answer.value
        from = UnitRef(answer.from)
        read = answer.parts.map { Part(value: $0.value, unit: UnitRef($0.unit)) }
        to = UnitRef(answer.targets[0])
        targets = answer.targets.map(UnitRef.init)
        result = answer.result
        if let mixed = answer.mixed {
            parts = mixed.parts.map { Part(value: $0.value, unit: UnitRef($0.unit)) }
            negative = mixed.isNegative
        }
        fit = Fit(readings[0].fit)
        choice = answer.choice.map(Choice.init)
        otherReadings = zip(readings, answers).dropFirst().map { reading, answer in
            Reading(
                value: reading.value, from: UnitRef(reading.from),
                read: reading.parts.map { Part(value: $0.value, unit: UnitRef($0.unit)) },
                to: (answer?.targets ?? reading.targets).map(UnitRef.init), result: answer?.result, fit: Fit(reading.fit),
                numberReadBy: reading.separator == nil ? nil : reading.separatorLanguages)
        }
        if readings.count > 1 { chosen = ReadingPrecedence(readings[0], before: readings[1]).description }
        language = readings[0].language
        if !readings[0].guesses.isEmpty {
            guesses = readings[0].guesses.map { Guess(kind: $0.kind.rawValue, word: $0.word, readAs: $0.readAs) }
        }
        if readings[0].separator != nil { numberReadBy = readings[0].separatorLanguages }
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings, integers and finite doubles cannot fail to encode.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

extension ConvertCommand {
    /// The phrase parsed forgivingly with the search pack of the
    /// generation the database is of (UnitDatabase.parse(_:languages:correctingWith:)).
    /// A pack that cannot be opened is an error, as in `search`: read as
    /// typed instead, a phrase with a typo would get another answer
    /// ("not understood") with nothing said about the damage (issue 37).
    func parseForgiving(_ phrase: String, _ database: UnitDatabase, languages: [String])
        throws -> CorrectedPhraseResult
    {
        let search = try Self.pack(of: database, in: data.data)
        return try database.parse(phrase, languages: languages, correctingWith: search)
    }

    /// What an answer that rests on guesses says after it, on the same line
    /// (text, `--terse` and every line of `--batch`, so that no script takes
    /// a guessed number for the phrase's): ` (a guess: 'poundl' read as
    /// 'pound', its ending cut)`; empty without guesses.
    static func guessMarker(_ guesses: [PhraseGuess]) -> String {
        guesses.isEmpty ? "" : " (" + guesses.map(\.description).joined(separator: "; ") + ")"
    }

    /// The search pack of `directory`'s generation, which must be the one
    /// `database` was opened from: the manifest is read again here, and a
    /// build may have switched generations since (the database's name is
    /// content-addressed, so the manifest naming it is of its build).
    static func pack(of database: UnitDatabase, in directory: String) throws -> SearchPack {
        do {
            let generation = try Generation.read(directory: directory)
            guard try generation.path(of: DatabaseFormat.fileName) == database.path else {
                throw GenerationSwitched(manifest: generation.manifestPath)
            }
            return try SearchPack(path: try generation.path(of: SearchPackFormat.fileName), budget: 1 << 16)
        } catch let error as GenerationError {
            throw SearchPackError.generation(error)
        }
    }

    /// What was read, for standard error: `note: read 'kilomters' as 'kilometers'`.
    static func correctionNote(_ corrections: [PhraseCorrection]) -> String? {
        guard !corrections.isEmpty else { return nil }
        return "note: read " + corrections.map { "'\(TextEscaping.visible($0.from))' as '\($0.to)'" }.joined(separator: ", ")
    }
}

/// A build made another generation current while `convert` read `dist/`:
/// its database and the new pack are of different builds, so neither is
/// used with the other.
struct GenerationSwitched: Error, CustomStringConvertible {
    let manifest: String
    var description: String {
        "\(TextEscaping.visible(manifest)) changed while convert read it (a build finished): run the command again"
    }
}
