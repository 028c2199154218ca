import UnitpackCore
import UnitpackDatabase

/// Why `UnitDatabase.parse` did not understand a phrase, or why a reading
/// it understood has no answer (`noPreferredUnits`): one case per reason,
/// with what it names as fields. `description` is the reason in
/// words, as `unitpack convert` prints it.
public enum PhraseProblem: Sendable, Hashable, CustomStringConvertible {
    /// The phrase has no word.
    case empty
    /// The phrase is `bytes` bytes of UTF-8, over `limit` (`UnitDatabase.maxPhraseBytes`): it is not read.
    case tooLong(bytes: Int, limit: Int)
    /// Reading the phrase took more than `limit` steps of work
    /// (`PhraseReader.workLimit`): it is refused rather than read in part, so
    /// that no phrase can hold up the caller (docs/phrases.md, "Work").
    case tooMuchWork(limit: Int)
    /// `word` names no unit, and a guess would read it as `guess`, but it is
    /// as close to `others` (names of other units): the reader refuses rather
    /// than pick one (issue 37). `guess` is nil when no guess stood out.
    case unsureGuess(word: String, guess: String?, others: [String])
    /// `word` is no symbol as written, and only the case of its letters
    /// tells the units it may be apart: `symbols` are the spellings
    /// (`mW`, `MW`; `UnitDatabase.caseReadings`). Reading one would be a
    /// guess of a factor of a billion, so the phrase is refused unless the
    /// rest of it leaves one (`1 pa in kPa`: only `Pa` converts; issue 37).
    case caseDecides(word: String, symbols: [String])
    /// No number in `text` (the phrase), and no question that asks about one.
    case noNumber(in: String)
    /// A number typed past what a Double holds (`1e400`, `1e-400`): it is
    /// refused rather than read as infinity, 0 or a number with fewer digits.
    case numberOutOfRange(NumberOutOfRange)
    /// A number and no unit after it; `text` is the phrase when the reason
    /// is the phrase's as a whole, nil when one reading of it ended so.
    case noUnitAfterNumber(in: String?)
    /// `word` (a marker) is followed by no unit.
    case noUnitAfter(word: String)
    /// No unit has the name `name` (the words as typed); `nearest` are the
    /// search pack's keys nearest to its unknown word ("did you mean"),
    /// empty when the phrase was parsed without the pack or it has none.
    case noUnitNamed(String, nearest: [String])
    /// `text` (the words as typed) follows the quantity of a phrase whose
    /// target came first (`in meters 34 feet in yards`).
    case nothingMayFollowTarget(String)
    /// A part of a quantity is not of the category of the part before
    /// (`previous`); `other` is the unit its words name, nil when none.
    case notOneCategory(previous: MeasureUnit, other: MeasureUnit?)
    /// `unit` follows `previous` in a quantity but has an offset (a scale such as °C): it cannot be added.
    case hasOffset(previous: MeasureUnit, unit: MeasureUnit)
    /// `unit` is not smaller than `previous`, the part before it: parts go from the largest unit down.
    case notDescending(previous: MeasureUnit, unit: MeasureUnit)
    /// `unit` follows `previous` in a quantity but belongs to another
    /// measurement system (metric and imperial or US: `1 m 75 in`).
    case mixedSystems(previous: MeasureUnit, unit: MeasureUnit)
    /// A part after the first has a sign (`value` `unit`).
    case signedPart(value: Double, unit: MeasureUnit)
    /// The value's unit `from` does not convert to the target `to`.
    case cannotConvert(from: MeasureUnit, to: MeasureUnit)
    /// A number written with colons (`1:30`) before a unit that is neither
    /// of time nor a pace: hours and minutes, or minutes and seconds, of what?
    case clockNotTime(unit: MeasureUnit)
    /// A point on a scale asked as a difference, or the other way (`UnitDatabaseError.absoluteAndDifference`).
    case scaleAndDifference(UnitDatabaseError)
    /// A word written as an expression that does not read (`W/(m*K`).
    case expression(UnitDatabaseError)
    /// The reading names no target, and the category of its unit has no
    /// preferred units to choose one from (`units-src/clusters.tsv`):
    /// `PhraseReader.answer(for:request:rounding:)` is nil.
    case noPreferredUnits(MeasureUnit)

    /// The reason in words: `no unit named 'flurbs'`.
    public var description: String {
        switch self {
        case .empty: "the phrase is empty"
        case .tooLong(let bytes, let limit): "the phrase is \(bytes) bytes long, over the limit of \(limit) bytes of UTF-8; shorten it"
        case .tooMuchWork(let limit): "the phrase has too many ways to be read (over \(limit) steps); shorten it or write fewer parts"
        case .unsureGuess(let word, let guess, let others):
            "'\(TextEscaping.visible(word))' names no unit, and it is as close to "
                + Self.alternatives((guess.map { [$0] } ?? []) + others) + ": write the name you mean in full"
        case .caseDecides(let word, let symbols):
            "'\(TextEscaping.visible(word))' is no symbol as written, and its case decides the unit: \(Self.alternatives(symbols)); "
                + "write the symbol in its case, or the unit's name"
        case .noNumber(let text): "no number in '\(TextEscaping.visible(text))'"
        case .numberOutOfRange(let problem): problem.description
        case .noUnitAfterNumber(nil): "no unit after the number"
        case .noUnitAfterNumber(let text?): "no unit after the number in '\(TextEscaping.visible(text))'"
        case .noUnitAfter(let word): "no unit after '\(TextEscaping.visible(word))'"
        case .noUnitNamed(let name, let nearest):
            "no unit named '\(TextEscaping.visible(name))'" + (nearest.isEmpty ? "" : "; did you mean \(Self.alternatives(nearest))?")
        case .nothingMayFollowTarget(let text): "nothing may follow the quantity after a target named first: '\(TextEscaping.visible(text))'"
        case .notOneCategory(let previous, let other):
            "\(previous.name) (\(previous.category)) and \(other.map { "\($0.name) (\($0.category))" } ?? "?") are not of one category: "
                + "the parts of a quantity must be"
        case .hasOffset(let previous, let unit):
            "\(previous.name) and \(unit.name) (\(unit.category)) cannot be added: only units without an offset make a mixed quantity"
        case .notDescending(let previous, let unit):
            "\(previous.name) before \(unit.name): the parts of a quantity go from the largest unit down (6 ft 2 in, 2 h 45 min)"
        case .mixedSystems(let previous, let unit):
            "\(previous.name) and \(unit.name) are of two systems: the parts of a quantity are of one (6 ft 2 in, 1 m 80 cm)"
        case .signedPart(let value, let unit): "only the first part of a quantity may have a sign: '\(value) \(unit.name)'"
        case .cannotConvert(let from, let to): "\(from.name) (\(from.category)) cannot be converted to \(to.name) (\(to.category))"
        case .clockNotTime(let unit):
            "a number written with colons (1:30) is hours and minutes or minutes and seconds: \(unit.name) (\(unit.category)) is no unit of time nor a pace"
        case .scaleAndDifference(let error): error.description
        case .expression(let error): error.description
        case .noPreferredUnits(let unit):
            "\(unit.name) has no preferred units to convert to (units-src/clusters.tsv): name the target in the phrase"
        }
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    private static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "'\(TextEscaping.visible($0))'" }
        return quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
