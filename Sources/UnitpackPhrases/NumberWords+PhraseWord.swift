import UnitpackDatabase

/// What a word of a phrase means, from its entry when the parse looked it
/// up (`Phrase.lookingUpWords`), else from its folded text: the same
/// meanings either way, found once a parse instead of at each ask.
extension NumberWords {
    func meanings(_ word: Phrase.Word) -> ArraySlice<Meaning> {
        switch word.entry {
        case 0: meanings(folded: word.folded)
        case 1: []
        default: meanings(ofEntry: Int(word.entry) - 2)
        }
    }

    func isMarker(_ word: Phrase.Word) -> Bool { Self.isMarker(meanings(word)) }
    func isFiller(_ word: Phrase.Word) -> Bool { Self.isFiller(meanings(word)) }
    func isPhraseWord(_ word: Phrase.Word) -> Bool { Self.isPhraseWord(meanings(word)) }
    func stopsExpression(_ word: Phrase.Word) -> Bool { Self.stopsExpression(meanings(word)) }
    func isConjunction(_ word: Phrase.Word) -> Bool { Self.isConjunction(meanings(word)) }
    func isDifference(_ word: Phrase.Word) -> Bool { Self.isDifference(meanings(word)) }
    func isNumberWord(_ word: Phrase.Word) -> Bool { Self.isNumberWord(meanings(word)) }
    func isSystemWord(_ word: Phrase.Word) -> Bool { Self.isSystemWord(meanings(word)) }
}
