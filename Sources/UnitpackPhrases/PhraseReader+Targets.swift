import UnitpackCore
import UnitpackDatabase

/// The target a phrase names: one unit, or the parts of a mixed target
/// (`in feet and inches`, `ft+in`), with or without the fillers of a
/// question or a command around it.
extension PhraseReader {
    /// The target of a command whose verb ends it: `in Meilen umrechnen`,
    /// `rechne 5 km in Meilen um`, or of a question whose words end it
    /// (`换算成英里是多少`: `是多少`, a marker, after the target). Nil when no
    /// filler or marker ends the span.
    func targets(withoutTrailingFillers span: ArraySlice<Phrase.Word>, _ reader: inout Reader, stems: Bool)
        throws(UnitDatabaseError) -> [Found]?
    {
        var trimmed = span
        // A filler or marker with the sentence's punctuation (`umrechnen?`), or the punctuation alone (`？`).
        while trimmed.count > 1, let last = trimmed.last,
            reader.words.isFiller(last) || reader.words.isFiller(folded: Self.trimmingPunctuation(last.folded))
                || reader.words.isMarker(folded: Self.trimmingPunctuation(last.folded))
                || Self.trimmingPunctuation(last.folded).isEmpty
                || (reader.difference && reader.words.isDifference(folded: Self.trimmingPunctuation(last.folded)))
        {
            trimmed = trimmed.dropLast()
        }
        guard trimmed.count < span.count else { return nil }
        return try targets(trimmed, &reader, stems: stems)
    }

    /// The target after the fillers of a question that open it, and a marker
    /// after them: `等于 多少 英里`, `は 何 マイル ですか` (then without
    /// fillers at its end too).
    /// Nil when no filler opens the span.
    func targets(withoutLeadingFillers span: ArraySlice<Phrase.Word>, _ reader: inout Reader, stems: Bool)
        throws(UnitDatabaseError) -> [Found]?
    {
        var trimmed = span
        while trimmed.count > 1, let first = trimmed.first, reader.words.isFiller(first) {
            trimmed = trimmed.dropFirst()
        }
        guard trimmed.count < span.count else { return nil }
        // Then the marker of the target (`كم يساوي بالفهرنهايت`: how much is it, in Fahrenheit).
        if trimmed.count > 1, let first = trimmed.first, reader.words.isMarker(first) { trimmed = trimmed.dropFirst() }
        if let found = try targets(trimmed, &reader, stems: stems) { return found }
        return try targets(withoutTrailingFillers: trimmed, &reader, stems: stems)
    }

    /// The units a target span names: one unit (`meters`), or the parts of a
    /// mixed target joined by conjunctions or `+` (`feet and inches`,
    /// `футах и дюймах`, `ft+in`).
    func targets(_ span: ArraySlice<Phrase.Word>, _ reader: inout Reader, stems: Bool = true) throws(UnitDatabaseError)
        -> [Found]?
    {
        if var whole = try lookup(span, languages: reader.languages, stems: stems, words: reader.words, memo: &reader.memo) {
            // `in km por hora`: the unit the expression is (`km/h`), not the expression.
            if whole.units.count == 1, whole.units[0].isExpression {
                if let named = try database.namedUnit(equalTo: whole.units[0]) {
                    whole.units = [named]
                } else if let divided = try dividedTarget(span, &reader) {
                    // `Meilen pro US-Gallone`: names read apart name a unit the expression is not.
                    return [divided]
                }
            }
            return [whole]
        }
        // `w min na km`: two units and a word of `per` (here also a marker).
        if let divided = try dividedTarget(span, &reader) { return [divided] }
        // Cut at the conjunctions, and words at `+`.
        var pieces: [[Phrase.Word]] = [[]]
        for word in span {
            // A mixed target is at most `mostParts` names of at most
            // `longestSpan` words each: past that the span names no target,
            // and the rest of it is not looked at. It was, at every step of
            // a parse that asks the rest of the phrase for a target: 100
            // words took 0.23 s, 1.2 under the address sanitizer (found by
            // fuzzing). Each word looked at is a step of the parse's work
            // (`PhraseBoundsTests` holds it linear).
            guard pieces.count <= Self.mostParts, pieces[pieces.count - 1].count <= Self.longestSpan else { return nil }
            reader.countStep()
            if reader.words.isConjunction(word) {
                pieces.append([])
                continue
            }
            var start = word.range.lowerBound
            // `ft+in`, `days, hours`: a conjunction that is one mark (not a
            // letter: `и` is a word) cuts a word.
            for index in word.range
            where !reader.phrase.scalars[index].properties.isAlphabetic
                && reader.words.isConjunction(folded: String(reader.phrase.scalars[index]))
            {
                if index > start { pieces[pieces.count - 1].append(reader.phrase.word(start..<index)) }
                pieces.append([])
                start = index + 1
            }
            if start < word.range.upperBound { pieces[pieces.count - 1].append(reader.phrase.word(start..<word.range.upperBound)) }
        }
        guard pieces.count > 1, pieces.count <= Self.mostParts, pieces.allSatisfy({ !$0.isEmpty && $0.count <= Self.longestSpan }) else {
            return nil
        }
        var found: [Found] = []
        for piece in pieces {
            guard let units = try lookup(piece[...], languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo) else {
                return nil
            }
            found.append(units)
        }
        return found
    }
}
