import UnitpackCore

/// Why a way of reading a phrase failed. A parse tries many ways and keeps
/// the first reason only when none succeeds, so the sentence is written only
/// then (`description`): building it for every failed try was a tenth of a
/// parse.
enum PhraseFailure: CustomStringConvertible {
    case noNumberIn(String)
    case noUnitAfterNumber
    case noUnitAfterNumberIn(String)
    case noUnitAfter(word: String)
    case noUnitNamed(ArraySlice<Phrase.Word>)
    case nothingMayFollowTarget(ArraySlice<Phrase.Word>)
    case notOneCategory(previous: MeasureUnit, other: MeasureUnit?)
    case hasOffset(previous: MeasureUnit, unit: MeasureUnit)
    case notDescending(previous: MeasureUnit, unit: MeasureUnit)
    case signedPart(value: Double, unit: MeasureUnit)
    case cannotConvert(from: MeasureUnit, to: MeasureUnit)
    case scaleAndDifference(UnitDatabaseError)
    /// A word written as an expression that does not read (`W/(m*K`).
    case expression(UnitDatabaseError)

    var description: String {
        switch self {
        case .noNumberIn(let text): "no number in '\(TextEscaping.visible(text))'"
        case .noUnitAfterNumber: "no unit after the number"
        case .noUnitAfterNumberIn(let text): "no unit after the number in '\(TextEscaping.visible(text))'"
        case .noUnitAfter(let word): "no unit after '\(TextEscaping.visible(word))'"
        case .noUnitNamed(let words): "no unit named '\(TextEscaping.visible(Phrase.joined(words, folded: false)))'"
        case .nothingMayFollowTarget(let words):
            "nothing may follow the quantity after a target named first: '\(TextEscaping.visible(Phrase.joined(words, folded: false)))'"
        case .notOneCategory(let previous, let other):
            "\(previous.name) (\(previous.category)) and \(other.map { "\($0.name) (\($0.category))" } ?? "?") are not of one category: the parts of a quantity must be"
        case .hasOffset(let previous, let unit):
            "\(previous.name) and \(unit.name) (\(unit.category)) cannot be added: only units without an offset make a mixed quantity"
        case .notDescending(let previous, let unit):
            "\(previous.name) before \(unit.name): the parts of a quantity go from the largest unit down (6 ft 2 in, 2 h 45 min)"
        case .signedPart(let value, let unit): "only the first part of a quantity may have a sign: '\(value) \(unit.name)'"
        case .cannotConvert(let from, let to): "\(from.name) (\(from.category)) cannot be converted to \(to.name) (\(to.category))"
        case .scaleAndDifference(let error): error.description
        case .expression(let error): error.description
        }
    }
}
