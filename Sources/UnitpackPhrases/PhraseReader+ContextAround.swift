import UnitpackCore
import UnitpackDatabase

/// The target among words of context after the quantity (`-15 °C, ну а в
/// Фаренгейтах сколько будет?`, `85 qm – die Wohnung, wie viel Quadratfuß
/// sind das ungefähr`): the last way `following` tries, when no marker
/// leads straight to the target and no single run of context sits before
/// or after it, and only in `parse`'s second pass (`Reader.lastResort`)
/// (docs/phrases.md, "Context words").
extension PhraseReader {
    /// The readings of `parts` with the first span of `words` that names a
    /// target they convert to, when every word before that span and after
    /// it may be left out as context is (`isContextWord`: no unit's name in
    /// an asked language, no word of a number or an expression), at
    /// most `mostContextWords` before it and as many after it, and the
    /// words left out on each side name nothing together. The words of
    /// context left out are a guess, shown. Nil when no span does.
    ///
    /// The work is bounded: at most `mostContextWords + 1` starts, each
    /// trying `longestUnitName` spans, and each word is checked once.
    func contextAroundTarget(_ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, stems: Bool, _ reader: inout Reader)
        throws(UnitDatabaseError) -> Outcome?
    {
        guard reader.lastResort else { return nil }
        // Whether each word may be left out, known once: `nil` not yet asked.
        var skippable = [Bool?](repeating: nil, count: words.count)
        func mayLeaveOut(_ index: Int, _ reader: inout Reader) throws(UnitDatabaseError) -> Bool {
            let offset = index - words.startIndex
            if let known = skippable[offset] { return known }
            // Words of the request too: a marker that is also a word of an
            // expression (`per`, Italian's marker) may be the quantity's unit's,
            // unless the word after it names no unit (`perLeftOut`).
            var result = try isContextWord(words[index], leading: false, &reader)
            if !result { result = try perLeftOut(words, index, &reader) }
            skippable[offset] = result
            return result
        }
        /// The words of `span` left out that are context, not the words of
        /// the request (`wie viel`, `in`, `and`) nor punctuation alone.
        func context(_ span: ArraySlice<Phrase.Word>, _ reader: Reader) -> ArraySlice<Phrase.Word>? {
            var first = span.startIndex, last = span.endIndex
            while first < last, Self.isRequest(span[first], reader.words) { first += 1 }
            while last > first, Self.isRequest(span[last - 1], reader.words) { last -= 1 }
            return first < last ? span[first..<last] : nil
        }
        var start = words.startIndex
        while start < words.endIndex, start - words.startIndex <= Self.mostContextWords {
            if reader.countStepIsOver() { return nil }
            if start > words.startIndex, try !mayLeaveOut(start - 1, &reader) { return nil }
            let before = words[words.startIndex..<start]
            // Words of the request are left out whatever else they are; words
            // that name a unit are no context, though with the next word they
            // may be (`ну а` names nothing).
            if let left = context(before, reader),
                try lookup(left, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) != nil
            {
                start += 1
                continue
            }
            for count in stride(from: min(words.endIndex - start, Self.longestUnitName), through: 1, by: -1) {
                let after = words[(start + count)...]
                guard after.count <= Self.mostContextWords else { break }
                let span = words[start..<(start + count)]
                // A span opened or closed by a word of the request is found without it.
                if Self.isRequest(span[span.startIndex], reader.words) || Self.isRequest(span[span.endIndex - 1], reader.words) {
                    continue
                }
                var afterIsContext = true
                for index in after.indices where try !mayLeaveOut(index, &reader) {
                    afterIsContext = false
                    break
                }
                guard afterIsContext else { continue }
                if let left = context(after, reader),
                    try lookup(left, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) != nil
                {
                    continue
                }
                guard let found = try targets(span, &reader, stems: stems),
                    case .success(var readings) = try assemble(parts, found, &reader)
                else { continue }
                if let left = context(after, reader) { readings = try withContext(readings, left, &reader) }
                if let left = context(before, reader) { readings = try withContext(readings, left, &reader) }
                if !readings.isEmpty { return .success(readings) }
            }
            start += 1
        }
        return nil
    }

    /// A word of the request itself, never context: a filler, a marker, a
    /// conjunction, or the sentence's punctuation alone.
    static func isRequest(_ word: Phrase.Word, _ dictionary: NumberWords) -> Bool {
        let folded = trimmingPunctuation(word.folded)
        return folded.isEmpty || dictionary.isFiller(folded: folded) || dictionary.isMarker(folded: folded)
            || dictionary.isConjunction(folded: folded)
    }
}
