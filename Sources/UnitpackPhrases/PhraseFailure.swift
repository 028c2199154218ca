import UnitpackDatabase
/// Why a way of reading a phrase failed. A parse tries many ways and keeps
/// the first reason only when none succeeds, so words are joined into the
/// problem's text only then (`problem`): building the reason for every
/// failed try was a tenth of a parse.
enum PhraseFailure {
    /// A problem that names no words of the phrase.
    case problem(PhraseProblem)
    /// `PhraseProblem.noUnitNamed`, its words not joined yet.
    case noUnitNamed(ArraySlice<Phrase.Word>)
    /// `PhraseProblem.nothingMayFollowTarget`, its words not joined yet.
    case nothingMayFollowTarget(ArraySlice<Phrase.Word>)

    var problem: PhraseProblem {
        switch self {
        case .problem(let problem): problem
        case .noUnitNamed(let words): .noUnitNamed(Phrase.joined(words, folded: false), nearest: [])
        case .nothingMayFollowTarget(let words): .nothingMayFollowTarget(Phrase.joined(words, folded: false))
        }
    }
}
