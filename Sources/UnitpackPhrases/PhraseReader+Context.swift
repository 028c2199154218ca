import UnitpackCore
import UnitpackDatabase

/// Words around the request that name nothing (`tire pressure 32 psi to
/// bar`, `250 g flour in ounces`, `thermostat says 68F whats that in
/// celsius`): before the quantity, or between it and the marker or filler
/// that leads to its target. They are left out only where the rest reads
/// whole with a target, and the answer names them as a guess
/// (`PhraseGuess.Kind.context`): a word between a number and its unit is
/// never one, nor a number, nor a span that names a unit (docs/phrases.md,
/// "Context words").
extension PhraseReader {
    /// The most words left out at one place: a context noun and its
    /// article or verb (`my car does`, `how tall is that`); a bound on the
    /// places a target is looked for after them.
    static let mostContextWords = 6

    /// The most words of one word of kind `context` (`درجة الحرارة`).
    static let longestContextWord = 3

    /// Whether `word` may be left out as context (`leading`: before the
    /// quantity; an article may open it there: `un tubo de 3 pulgadas`): no
    /// digit, no word of a number (`one`, `hundred`, `half`: it would change the value), and,
    /// in a script written without spaces, no name cut short (`华氏` of
    /// `华氏度`: `completesName`). The first word of a
    /// name of several may be one (`speed` of `speed of light` in `speed
    /// of sound 343 m/s in mph`): the words left out name nothing together.
    func isContextWord(_ word: Phrase.Word, leading: Bool, _ reader: inout Reader) throws(UnitDatabaseError) -> Bool {
        reader.countStep()
        if word.text.unicodeScalars.contains(where: NumberReader.isNumeral) { return false }
        // Part of a word of what is measured: `درجة` of `درجة الحرارة`, temperature.
        if reader.isInContextWord(word) { return true }
        // A sign apart from its number (`- 20 degrees`) is the number's, not
        // context; after the quantity it is a dash (`30 psi - це скільки бар`).
        if leading, word.text.unicodeScalars.allSatisfy({ "-+−–".unicodeScalars.contains($0) }) { return false }
        let isNumberWord = reader.words.meanings(word).contains { meaning in
            switch meaning.kind {
            case .number, .numberAfter, .multiplier, .scale, .fraction, .denominator, .prefix, .minus: true
            // A difference word has made the phrase one (`PhraseReader.parse`):
            // it is left out as context is, before the quantity or after it
            // (`dropped 15 degrees celsius, how much is that change in fahrenheit`).
            case .difference: !reader.difference
            // After the quantity, a word of an expression may be the quantity's
            // unit's (`5 m per s in km` is not 5 m); before it, a preposition (`в шинах`).
            case .powerBefore, .powerAfter, .per: !leading
            default: false
            }
        }
        if isNumberWord { return false }
        let folded = Self.trimmingPunctuation(word.folded)
        guard !folded.isEmpty else { return true }
        // A word of kind `context` says what is measured: never a unit.
        if reader.words.meanings(folded: folded).contains(where: { $0.kind == .context }) { return true }
        // A system word says which unit (`receta americana: 3/4 taza`): left
        // out of the quantity's words, it is read of the unit (`withSystemOfContext`).
        if reader.words.meanings(folded: Self.withoutBrackets(folded)).contains(where: { $0.kind == .system }) { return true }
        // A unit's name in an asked language names something: `ora` (the
        // Italian hour) is no context. A symbol or a synonym may be (`a` of
        // `forno a 400`, `ha` of `una pizza ha 800 kcal`), and so may a word
        // of the language's phrases (`drop`, a difference word and a unit).
        if reader.words.meanings(folded: folded).isEmpty,
            try isUnitsName(folded: folded, reader)
        {
            return false
        }
        let scalars = reader.phrase.scalars[word.range]
        guard Self.holdsUnspacedLetter(scalars), !scalars.contains(where: Self.isSpacedScriptLetter), try namePrefixExists(folded)
        else { return true }
        if folded.unicodeScalars.count > 1 { return false }
        return try !completesName(word, folded, &reader)
    }

    /// Whether `word`, one letter that starts a name, is that name with a
    /// word after it in the phrase (the question's word written inside the
    /// name, as `华氏` and `度` in `华氏多少度`). One letter is too little of
    /// a name to be one cut short (`地`, land, of `一亩地`, starts `地球半径`):
    /// completed by none of the words after it, it names nothing here. Two
    /// or more (`摄氏` of `摄氏度`) are a name cut short, never context.
    private func completesName(_ word: Phrase.Word, _ folded: String, _ reader: inout Reader) throws(UnitDatabaseError) -> Bool {
        guard let index = reader.phrase.words.firstIndex(where: { $0.range == word.range }) else { return true }
        for later in reader.phrase.words[(index + 1)...].prefix(Self.mostContextWords) {
            if reader.countStepIsOver() { return true }
            let name = folded + Self.trimmingPunctuation(later.folded)
            if try !database.candidates(for: name, folded: name, preferring: reader.languages).units.isEmpty { return true }
        }
        return false
    }

    /// A letter of a script without case that still puts spaces between
    /// words (Arabic, Hebrew): there a word that starts a name of several is
    /// a whole word (`ضغط` of `ضغط جوي`, as `speed` of `speed of light`), not
    /// a name cut short.
    static func isSpacedScriptLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x05FF, 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }

    /// `readings`, each with the guess that `words` were left out.
    /// A reading whose target is its own unit is dropped: words left out
    /// that leave a unit converted to itself took the words that said what
    /// to convert (`摄氏37度等于华氏多少度` without `摄氏`, `华氏`).
    static func withContext(_ readings: [PhraseReading], _ words: ArraySlice<Phrase.Word>) -> [PhraseReading] {
        let guess = PhraseGuess(kind: .context, word: Phrase.joined(words, folded: false), readAs: "")
        // The sentence's punctuation alone (`，` of `8升，换算成mpg`) is no word left out.
        let isPunctuation = words.allSatisfy { trimmingPunctuation($0.folded).isEmpty }
        return readings.filter { $0.targets != [$0.from] }.map { reading in
            guard !isPunctuation else { return reading }
            var reading = reading
            reading.guesses.insert(guess, at: 0)
            return reading
        }
    }

    /// `withContext(_:_:)`, without the readings in which a word left out
    /// continues a name of two words with the word next to it, a name of a
    /// unit the reading does not read (`скільки метрів у морській милі`,
    /// `1 milę morską`: the nautical mile, not the mile with `морській`
    /// left out). Such a reading answers for another unit: refused.
    func withContext(_ readings: [PhraseReading], _ words: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError)
        -> [PhraseReading]
    {
        let kept = try withSystemOfContext(Self.withContext(readings, words), words, &reader)
        guard !kept.isEmpty, let first = words.first, let last = words.last else { return kept }
        let phrase = reader.phrase
        let firstIndex = phrase.firstWord(endingAfter: first.range.lowerBound)
        let nextIndex = phrase.firstWord(endingAfter: last.range.upperBound)
        var pairs: [(Phrase.Word, Phrase.Word, context: Phrase.Word)] = []
        if firstIndex > 0 { pairs.append((phrase.words[firstIndex - 1], first, first)) }
        if nextIndex < phrase.words.count, phrase.words[nextIndex].range.lowerBound >= last.range.upperBound {
            pairs.append((last, phrase.words[nextIndex], last))
        }
        var others: Set<UnitID> = []
        for (before, after, context) in pairs {
            guard let head = try stem(before, of: context, &reader), let tail = try stem(after, of: context, &reader) else { continue }
            for name in try database.namesOfTwoWords(firstWordStarting: head, then: tail) { others.insert(name.unit) }
        }
        guard !others.isEmpty else { return kept }
        return kept.filter { reading in
            var read: Set<UnitID> = [reading.from.id]
            for unit in reading.targets { read.insert(unit.id) }
            for part in reading.parts { read.insert(part.unit.id) }
            return others.isSubset(of: read)
        }
    }

    /// `inflectionStem` of `word` for `withContext(_:_:_:)`: at least three
    /// letters, four for the word of `context` (a shorter one says too
    /// little: `for` of `pounds for my dog` also starts `force`).
    private func stem(_ word: Phrase.Word, of context: Phrase.Word, _ reader: inout Reader) throws(UnitDatabaseError) -> String? {
        reader.countStep()
        let shortest = word.range == context.range ? 4 : Self.shortestStem
        return Self.inflectionStem(Self.trimmingPunctuation(word.folded), shortest: shortest, reader.words)
    }

    /// `tire pressure 32 psi to bar`: the phrase from its first number on,
    /// when at most `mostContextWords` words before it (after the fillers
    /// at `start`) name nothing together and the quantity has a target;
    /// nil otherwise. The first number that leads to a quantity with a
    /// target counts: one that does not (`a` in `a marathon is 42.195 km`)
    /// is a word of the context.
    func leadingContext(from start: Int, _ reader: inout Reader) throws(UnitDatabaseError) -> [PhraseReading]? {
        let phrase = reader.phrase
        let end = min(phrase.words.count - 1, start + Self.mostContextWords)
        guard start < end else { return nil }
        for index in (start + 1)...end {
            if reader.countStepIsOver() { return nil }
            let word = phrase.words[index]
            // The context's first word may be its article, a word that reads as
            // one (`un tubo de 3 pulgadas`: one tube, which names no unit).
            // As a last resort, any word of a number (`four à 400 F`: the
            // French oven, not the English four; `vent de 25 nœuds`: the
            // wind, not the Italian twenty; `half marathon is 13.1 miles`)
            // when a word without digits follows.
            let isArticle = index - 1 == start
                && reader.words.meanings(phrase.words[start]).contains { meaning in
                    meaning.kind == .article || (meaning.kind == .number && meaning.value == 1)
                        || (reader.lastResort && meaning.kind.isPartOfNumbers)
                }
                // `one and 1/2 cups`: a number's connector after it, never an article.
                && !reader.words.meanings(word).contains { $0.kind == .connector }
                && !(reader.lastResort && word.text.unicodeScalars.contains { NumberReader.digit($0) != nil })
            if !isArticle, try !isContextWord(phrase.words[index - 1], leading: true, &reader) { return nil }
            guard reader.mayStartNumber(word) else { continue }
            let numbers = phrase.numbers(at: index, words: reader.words, reader: reader.numbers, work: &reader.work)
            guard !numbers.isEmpty else { continue }
            let context = phrase.words[start..<index]
            // Words that name a target by a name are no context: `in meters 34
            // feet in yards` is refused. A symbol may be context when the
            // quantity has a target of its own (`TV da 65 pollici in cm`: `TV`,
            // the teravolt, is no second target). A word of what is measured
            // names none (`درجة الحرارة`, temperature, is no degree).
            let naming = context.filter { word in
                !reader.isInContextWord(word)
                    && !reader.words.meanings(folded: Self.trimmingPunctuation(word.folded)).contains { $0.kind == .context }
            }
            if !naming.isEmpty, try target(naming[...], &reader) != nil, try namesByName(naming, &reader) { return nil }
            let readings = try withContext(try numberFirst(numbers, &reader).0.filter { !$0.targets.isEmpty }, context, &reader)
            if !readings.isEmpty { return readings }
            // A word that may open a number but opens no quantity here (the
            // article `a` of `a marathon is 42.195 km`, Italian's marker `a`
            // of `forno a 400 gradi`, read as one) is context too: on to the
            // next word, within the bound.
        }
        return nil
    }

    /// Whether the word at `index` is a word of `per` that is also a word of
    /// the request, with a word after it that names no unit: nothing is per
    /// it (`na` of `450 kcal na corrida`: Portuguese `in the`, Polish `per`).
    /// Such a word is context after the quantity, as it is before it.
    func perLeftOut(_ words: ArraySlice<Phrase.Word>, _ index: Int, _ reader: inout Reader) throws(UnitDatabaseError) -> Bool {
        guard index + 1 < words.endIndex, Self.isRequest(words[index], reader.words),
            reader.words.meanings(words[index]).contains(where: { $0.kind == .per }),
            try isContextWord(words[index], leading: true, &reader)
        else { return false }
        return try lookup(words[(index + 1)...(index + 1)], languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo)
            == nil
    }

    /// Whether `folded` is a unit's name or a form of it (not a symbol nor a
    /// synonym) in an asked language.
    private func isUnitsName(folded: String, _ reader: Reader) throws(UnitDatabaseError) -> Bool {
        try nameLanguages(folded: folded).contains { !$0.isSymbol && !$0.isSynonym && reader.languages.contains($0.language) }
    }

    /// Whether a word of `words` is a unit's name or a form of it in an
    /// asked language (not only a symbol or a synonym): such words said
    /// what to convert to.
    private func namesByName(_ words: [Phrase.Word], _ reader: inout Reader) throws(UnitDatabaseError) -> Bool {
        for word in words {
            if reader.countStepIsOver() { return true }
            let folded = Self.trimmingPunctuation(word.folded)
            if try isUnitsName(folded: folded, reader) { return true }
        }
        return false
    }

    /// `250 g flour in ounces`, `68F whats that in celsius`, `10km run is
    /// how many miles`: after the quantity's `parts`, at most
    /// `mostContextWords` words that name nothing, then a marker or a
    /// filler and the target. Nil when `words` is no such run.
    func contextThenTarget(_ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, stems: Bool, _ reader: inout Reader)
        throws(UnitDatabaseError) -> Outcome?
    {
        var index = words.startIndex
        while index + 1 < words.endIndex, index - words.startIndex < Self.mostContextWords {
            if reader.countStepIsOver() { return nil }
            if try !isContextWord(words[index], leading: false, &reader), try !perLeftOut(words, index, &reader) { return nil }
            index += 1
            let word = words[index]
            guard reader.words.isMarker(word) || reader.words.isFiller(word) else { continue }
            // The fillers and markers that lead to the target: `whats that in`,
            // `is how many`; the last that is also a word of `per` may open a
            // target of its own (`це який темп на кілометр`: `perOnlyTarget`).
            var span = words[index...]
            var perSpan: ArraySlice<Phrase.Word>?
            while span.count > 1, let first = span.first,
                reader.words.isMarker(first) || reader.words.isFiller(first)
            {
                if reader.words.meanings(first).contains(where: { $0.kind == .per }) { perSpan = span }
                span = span.dropFirst()
            }
            let context = words[words.startIndex..<index]
            guard try lookup(context, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) == nil
            else { return nil }
            var outcome = try targetsThatConvert(parts, span, stems: stems, &reader)
            if case .success? = outcome {} else if let perSpan, let per = try perOnlyTarget(parts, perSpan, &reader) { outcome = per }
            guard case .success(let readings)? = outcome else { continue }
            let kept = try withContext(readings, context, &reader)
            if !kept.isEmpty { return .success(kept) }
        }
        return nil
    }
}
