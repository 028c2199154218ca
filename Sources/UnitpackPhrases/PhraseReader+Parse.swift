import UnitpackCore
import UnitpackDatabase
import UnitpackSQLite
import UnitpackStore

extension PhraseReader {
    /// Reads a typed, pasted or dictated phrase: a quantity (a number in
    /// digits or words and its unit, or several such pairs of one category,
    /// largest first: `6 ft 2 in`, `2 hours and 45 minutes`), and optionally a
    /// marker word and the units to convert to: `27 psi in bar`, `thirty-four
    /// feet in meters`, `180 cm in feet and inches`, `three quarters of a cup
    /// in ml`, `5'8"`; or the target first: `how many feet in a mile`, `в
    /// метрах 34 фута`, `сколько футов в метре` (a question without a number
    /// asks about one). A difference word (`temperature difference of 20 °C
    /// in °F`) reads scales as their differences; a unit that does not
    /// convert to the other is read as the unit its word also names, when
    /// that one does (`12 oz in ml`). `languages` say whose number, marker
    /// and filler words and decimal separator count, the first preferred (a
    /// Russian phrase parses while the interface is English when both are
    /// given). Units are found by any of their names, forms, symbols and
    /// synonyms in any language. A marker such as `in` is a marker when a
    /// unit follows it, and the inch only when nothing does. `numbers` turns
    /// on `0x1F` and Roman numerals for front ends that want them.
    ///
    /// A phrase longer than `maxPhraseBytes` of UTF-8 is not read: it is
    /// `.notUnderstood`, with a reason that gives the limit.
    ///
    /// - Parameter languages: the languages to read the phrase in, the first
    ///   deciding how a number such as `1.500` reads; nil (the default) for
    ///   every language of the database (`defaultPhraseLanguages()`).
    /// - Throws: `.noLanguagesAsked` for an empty list (nil asks for all);
    ///   `.unknownLanguage`, `.damaged` or `.corrupt` when the words cannot be read.
    public func parse(_ text: String, languages: [String]? = nil, numbers options: NumberReader.Options = [])
        throws(UnitDatabaseError) -> PhraseResult
    {
        var work = 0
        return try parse(text, languages: try askedLanguages(languages), numbers: options, work: &work)
    }

    /// The languages `parse` reads a phrase in when it is given none:
    /// English (the fallback language) first when the database has its
    /// words, so that `1.500` is one and a half, then every other language
    /// with phrase words, as `unitpack convert` reads a phrase without
    /// `--lang`.
    /// - Complexity: a read of the languages table, kept in the object cache.
    public func defaultPhraseLanguages() throws(UnitDatabaseError) -> [String] {
        let all = try database.phraseLanguages()
        guard all.contains(UnitDatabase.fallbackLanguage) else { return all }
        return [UnitDatabase.fallbackLanguage] + all.filter { $0 != UnitDatabase.fallbackLanguage }
    }

    /// `languages`, or every language for nil; an empty list is refused.
    func askedLanguages(_ languages: [String]?) throws(UnitDatabaseError) -> [String] {
        guard let languages else { return try defaultPhraseLanguages() }
        if languages.isEmpty { throw .noLanguagesAsked }
        return languages
    }

    /// `parse`, counting in `work` the words and spans it looked at, and
    /// refusing the phrase past `limit` steps (tests give a small one).
    package func parse(
        _ text: String, languages: [String], numbers options: NumberReader.Options = [], work: inout Int,
        limit: Int = PhraseReader.workLimit
    ) throws(UnitDatabaseError) -> PhraseResult {
        if let problem = Self.phraseTooLong(text) { return .notUnderstood(reason: problem) }
        let words = try database.phraseWords(languages)
        var decimal: Character = "."
        if let first = languages.first { decimal = try database.decimalSeparator(first) }
        // Words written without spaces (`5公里等于多少英里`) cut into theirs.
        // A number inside a unit's name (`時速5キロメートル`) moved before it,
        // the quantity's and the target's (`時速何マイル`): a phrase has two.
        var moved = try partsWrittenTogether(
            Self.asidesApart(Self.degreeSignsAsTyped(Self.fullWidthAsTyped(text)), words), languages: languages)
        for _ in 0..<2 {
            guard let next = try numberMovedBeforeName(moved, words: words, languages: languages) else { break }
            moved = next
        }
        let phrase = try segmented(Phrase(moved), words: words, languages: languages, work: &work).lookingUpWords(in: words)
        // `convert`, `how much is`, `сколько будет`; `temperature difference of`.
        var start = 0
        var difference = false
        func isArticle(_ index: Int) -> Bool { words.meanings(phrase.words[index]).contains { $0.kind == .article } }
        /// Whether fillers from `index` lead to a difference word: `a
        /// (temperature) change of` opens a difference, not the number one.
        func leadsToDifference(_ index: Int) -> Bool {
            var next = index
            while next < phrase.words.count, words.isFiller(phrase.words[next]) { next += 1 }
            return next < phrase.words.count && words.isDifference(phrase.words[next])
        }
        while start < phrase.words.count {
            let word = phrase.words[start]
            if words.isDifference(word) {
                difference = true
                // `разница в 5 °C`: the difference's preposition, not a marker before a target.
                if start + 1 < phrase.words.count, words.isMarker(phrase.words[start + 1]) { start += 1 }
            } else if isArticle(start), leadsToDifference(start + 1) {
                // the article of the difference word
            } else if !words.isFiller(word) {
                break
            }
            start += 1
        }
        guard start < phrase.words.count else {
            return .notUnderstood(reason: phrase.words.isEmpty ? .empty : .noNumber(in: text))
        }
        // `the temperature dropped 15 degrees F`: a difference word among the
        // words before the first digits (context, left out) names one too.
        for word in phrase.words[start...].prefix(Self.mostContextWords) {
            if word.text.unicodeScalars.contains(where: { NumberReader.digit($0) != nil }) { break }
            if words.isDifference(folded: Self.trimmingPunctuation(word.folded)) { difference = true }
        }
        // `5℃は華氏で何度の差`: a difference word that ends the phrase, after its target.
        if let last = phrase.words.last, phrase.words.count > 2, words.isDifference(folded: Self.trimmingPunctuation(last.folded)) {
            difference = true
        }
        var reader = Reader(
            phrase: phrase, words: words, numbers: NumberReader(decimalSeparator: decimal, options: options),
            languages: languages, difference: difference, limit: limit)
        reader.work = work
        reader.memo.limit = limit
        // The work of cutting the phrase into words counts towards the limit too.
        defer { work = reader.work + reader.memo.work }

        let numbers = reader.phrase.numbers(at: start, words: words, reader: reader.numbers, work: &reader.work)
        var (readings, failure) =
            numbers.isEmpty
            ? try targetFirst(from: start, askedBy: start > 0, &reader)
            : try numberFirst(numbers, &reader)
        // `um metro em pés`: a filler of one language (German `um`) that is a
        // number word of another (Portuguese `um`, one) opens the number when
        // the rest reads as a quantity from it: one metre in feet, not the
        // question without a number that skipping it leaves (feet in a metre).
        if numbers.isEmpty, start > 0, let opener = (0..<start).first(where: { words.isNumberWord(phrase.words[$0]) }) {
            let early = reader.phrase.numbers(at: opener, words: words, reader: reader.numbers, work: &reader.work)
            if !early.isEmpty {
                let (found, _) = try numberFirst(early, &reader)
                if !found.isEmpty { (readings, failure) = (found, nil) }
            }
        }
        // `quante once sono 250 grammi`: a number word of one language may be
        // a unit's word in another (`once`, eleven in Spanish, ounces in
        // Italian): when the number read first leads nowhere, its words are
        // tried as the target named first.
        if readings.isEmpty, !numbers.isEmpty, numbers.allSatisfy({ $0.significantDigits == nil && $0.feetAndInches == nil }),
            !phrase.words[start].text.unicodeScalars.contains(where: NumberReader.isNumeral)
        {
            let (retried, reason) = try targetFirst(from: start, askedBy: start > 0, &reader)
            if !retried.isEmpty { (readings, failure) = (retried, nil) } else if failure == nil { failure = reason }
        }
        // `how many are in a hectare`: the last filler may be the target (the are).
        if readings.isEmpty, numbers.isEmpty, start > 0 {
            let retried = try targetFirst(from: start - 1, askedBy: true, &reader).0
            if !retried.isEmpty { (readings, failure) = (retried, nil) }
        }
        // `ميلان إلى كم`: no number, but a name that states one (the Arabic dual).
        if readings.isEmpty, numbers.isEmpty, let outcome = try statedQuantity(phrase.words[start...], &reader) {
            switch outcome {
            case .success(let found): (readings, failure) = (found, nil)
            case .failure(let reason): failure = failure ?? reason
            }
        }
        // `tire pressure 32 psi to bar`: words naming nothing before the quantity.
        // An article may open them (`un tubo de 3 pulgadas`: `un` read as one failed).
        if readings.isEmpty, numbers.isEmpty || isArticle(start), let found = try leadingContext(from: start, &reader) {
            (readings, failure) = (found, nil)
        }
        // Nothing read: again, with the last resorts (`Reader.lastResort`);
        // the lookups are the memo's. The first failure's reason stands.
        // Only for a phrase of a request's length: context on both sides of
        // a target spans at most `lastResortWords`, and a second pass over a
        // long run of words (the fuzzer's) doubles its time for nothing.
        if readings.isEmpty, !reader.isOverLimit, phrase.words.count <= Self.lastResortWords {
            reader.lastResort = true
            if !numbers.isEmpty {
                let found = try numberFirst(numbers, &reader).0
                if !found.isEmpty { (readings, failure) = (found, nil) }
            }
            // A number in words of another language (`four à 400 F`) may be context now.
            let inWords = numbers.allSatisfy { $0.significantDigits == nil && $0.feetAndInches == nil }
            if readings.isEmpty, numbers.isEmpty || isArticle(start) || inWords, let found = try leadingContext(from: start, &reader) {
                (readings, failure) = (found, nil)
            }
            if readings.isEmpty, numbers.isEmpty {
                let found = try targetFirst(from: start, askedBy: start > 0, &reader).0
                if !found.isEmpty { (readings, failure) = (found, nil) }
            }
        }
        // Over the limit, what was read so far may not be the best reading.
        if reader.isOverLimit { return .notUnderstood(reason: .tooMuchWork(limit: limit)) }
        guard !readings.isEmpty else {
            // A number typed past a Double's range is no number (`NumberReader`):
            // that is the reason, whatever else failed without it (`1e400 m in km`).
            if let outOfRange = reader.numberOutOfRange() { return .notUnderstood(reason: .numberOutOfRange(outOfRange)) }
            return .notUnderstood(reason: failure?.problem ?? .noUnitAfterNumber(in: text))
        }
        return .understood(try withEverydayReadings(try ordered(readings, phrase, words: words, asked: languages), phrase))
    }

    /// The most words of a phrase that `parse` reads a second time with its
    /// last resorts: context, a quantity, context, a target and context,
    /// each at its longest.
    static let lastResortWords = 3 * mostContextWords + 2 * longestUnitName + 4

    /// What one parse reads with, and what its lookups found so far.
    struct Reader {
        /// The first number of the phrase typed past a Double's range, which
        /// the number reader read as no number; nil when there is none.
        func numberOutOfRange() -> NumberOutOfRange? {
            for word in phrase.words {
                if let found = numbers.scan(phrase.scalars[word.range.lowerBound...]).outOfRange { return found }
            }
            return nil
        }

        let phrase: Phrase
        let words: NumberWords
        let numbers: NumberReader
        let languages: [String]
        /// The phrase named a difference (`a change of 10 °F`).
        let difference: Bool
        /// The most steps of work this parse does (`PhraseReader.workLimit`).
        let limit: Int
        /// The readings tried only once nothing else read (`parse`'s second
        /// pass): the target among context on both sides
        /// (`contextAroundTarget`), a number alone before a scale
        /// (`unitlessToScale`). Inside a phrase that reads, every failed
        /// way of a span would try them: a tenth more work a parse.
        var lastResort = false
        var memo = LookupMemo()
        /// `Phrase.mayStartNumber` of each word, by its first scalar (1 yes,
        /// 0 no, -1 not asked yet): asked after every unit the quantity's
        /// words may name (a tenth of a parse when asked afresh each time).
        var startsNumber: [Int8] = []
        /// The first scalars of the words that are part of a word of kind
        /// `context` of several (`درجة الحرارة`: `درجة` is also the
        /// degree's name), found at the first word of context asked about.
        var inContextWords: Set<Int>?

        /// Whether `word` is part of a word of kind `context` of several words.
        mutating func isInContextWord(_ word: Phrase.Word) -> Bool {
            if inContextWords == nil {
                var found: Set<Int> = []
                let all = phrase.words
                for start in all.indices where words.contextOpenings.contains(all[start].folded) {
                    for count in 2...PhraseReader.longestContextWord where start + count <= all.count {
                        memo.steps += 1
                        let span = all[start..<(start + count)]
                        let joined = PhraseReader.trimmingPunctuation(Phrase.joined(span, folded: true))
                        if words.meanings(folded: joined).contains(where: { $0.kind == .context }) {
                            for each in span { found.insert(each.range.lowerBound) }
                        }
                    }
                }
                inContextWords = found
            }
            return inContextWords!.contains(word.range.lowerBound)
        }

        /// Whether a number may start at `word` (`Phrase.mayStartNumber`), once a word.
        mutating func mayStartNumber(_ word: Phrase.Word) -> Bool {
            let at = word.range.lowerBound
            if startsNumber.isEmpty { startsNumber = Array(repeating: -1, count: phrase.scalars.count + 1) }
            guard at < startsNumber.count else { return phrase.mayStartNumber(word, words: words, reader: numbers) }
            if startsNumber[at] >= 0 { return startsNumber[at] == 1 }
            let found = phrase.mayStartNumber(word, words: words, reader: numbers)
            startsNumber[at] = found ? 1 : 0
            return found
        }

        /// Words and spans looked at: how tests tell the work is linear in
        /// the phrase (a clock is too noisy on a shared machine). Kept in
        /// `memo`, so that a lookup past the limit does nothing.
        var work: Int {
            get { memo.steps }
            set { memo.steps = newValue }
        }
    }

    /// `27 psi in bar`, `6 ft 2 in in meters`: the quantity, then nothing, or
    /// a marker and the target, or the target.
    func numberFirst(_ numbers: [Phrase.Number], _ reader: inout Reader) throws(UnitDatabaseError)
        -> ([PhraseReading], PhraseFailure?)
    {
        var readings: [PhraseReading] = []
        var failure: PhraseFailure?
        for number in try plainFirst(numbers, &reader) {
            let rest = reader.phrase.words(from: number.end)
            // Names as written first; case endings dropped only when nothing
            // parses so (a number read before may have: `one hundred and five
            // pounds` leaves `and five pounds` after `one hundred` unread).
            var outcome = try quantity(number, then: rest[...], target: nil, stems: false, &reader)
            if case .failure = outcome, readings.isEmpty {
                outcome = try quantity(number, then: rest[...], target: nil, stems: true, &reader)
            }
            switch outcome {
            case .success(let found): Self.append(found, with: number.separator, to: &readings)
            case .failure(let reason): failure = failure ?? reason
            }
        }
        return (readings, failure)
    }

    /// Appends `found` to `readings`, each with the way its number took a
    /// lone separator, marked in place rather than copied into a new list.
    static func append(_ found: consuming [PhraseReading], with separator: NumberReader.Separator?, to readings: inout [PhraseReading]) {
        var found = found
        for index in found.indices { found[index].separator = separator }
        if readings.isEmpty { readings = found } else { readings += found }
    }

    /// Digits scaled by the word after them (`10 mil`), after the digits
    /// alone when that word also names a unit: `5 mil in mm` is five mils,
    /// `10 mil na kilometry` ten Polish miles; `10 mil metros` still reads
    /// as ten thousand, the digits alone naming no unit then.
    private func plainFirst(_ numbers: [Phrase.Number], _ reader: inout Reader) throws(UnitDatabaseError) -> [Phrase.Number] {
        var numbers = numbers
        var index = 0
        while index + 1 < numbers.count {
            if let word = numbers[index].scaleWord, numbers[index + 1].end <= word.lowerBound,
                try lookup(reader.phrase.words[reader.phrase.firstWord(endingAfter: word.lowerBound)...].prefix(1),
                    languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) != nil
            {
                numbers.swapAt(index, index + 1)
                index += 1
            }
            index += 1
        }
        return numbers
    }

    /// `how many feet in a mile`, `в метрах 34 фута`: the target, markers or
    /// fillers, then the quantity, which ends the phrase. Without a number,
    /// a question (`asked`: it opened with a filler) asks about one:
    /// `сколько футов в метре`.
    private func targetFirst(from start: Int, askedBy asked: Bool, _ reader: inout Reader) throws(UnitDatabaseError)
        -> ([PhraseReading], PhraseFailure?)
    {
        let phrase = reader.phrase
        let text = phrase.original
        func read(_ numbers: [Phrase.Number], _ target: [Found]) throws(UnitDatabaseError) -> ([PhraseReading], PhraseFailure?) {
            var readings: [PhraseReading] = []
            var failure: PhraseFailure?
            for number in numbers {
                let rest = phrase.words(from: number.end)
                if rest.isEmpty && number.feetAndInches == nil { continue }
                switch try quantity(number, then: rest[...], target: target, stems: true, &reader) {
                case .success(let found): Self.append(found, with: number.separator, to: &readings)
                case .failure(let reason): failure = failure ?? reason
                }
            }
            return (readings, readings.isEmpty ? failure ?? .problem(.noUnitAfterNumber(in: text)) : nil)
        }
        // Why the first number read nothing, kept while a later number is
        // tried after a target and its context.
        var first: PhraseFailure?
        for index in (start + 1)..<max(start + 1, phrase.words.count) {
            if reader.countStepIsOver() { return ([], .problem(.tooMuchWork(limit: reader.limit))) }
            // Past a target and its context, no later number is the quantity.
            if first != nil, index - start > Self.longestUnitName + Self.mostContextWords { break }
            guard reader.mayStartNumber(phrase.words[index]) else { continue }
            let numbers = phrase.numbers(at: index, words: reader.words, reader: reader.numbers, work: &reader.work)
            guard !numbers.isEmpty else { continue }
            if first == nil {
                if let target = try target(phrase.words[start..<index], &reader) {
                    let (readings, failure) = try read(numbers, target)
                    if !readings.isEmpty { return (readings, nil) }
                    first = failure
                } else {
                    first = .noUnitNamed(trimmed(phrase.words[start..<index], reader.words))
                    // `quelle est la vitesse en km/h de 15 m/s`: context, then a
                    // marker and the target (a last resort).
                    if let (target, context) = try contextThenTarget(phrase.words[start..<index], &reader) {
                        let found = try withContext(try read(numbers, target).0, context, &reader)
                        if !found.isEmpty { return (found, nil) }
                    }
                }
            } else {
                // `how many liters in a 5 gallon bucket`: the article read as
                // one opened no quantity; the target, its marker and the
                // article, then this number.
                var span = phrase.words[start..<index]
                while span.count > 1, let last = span.last,
                    reader.words.meanings(last).contains(where: { $0.kind == .article || ($0.kind == .number && $0.value == 1) })
                {
                    span = span.dropLast()
                }
                if span.count < index - start, let target = try target(span, &reader) {
                    let (readings, _) = try read(numbers, target)
                    if !readings.isEmpty { return (readings, nil) }
                }
            }
            // `quantos cm tem uma TV de 50 polegadas`: the target, then words
            // about what is measured (`uma` read as one opens no quantity: on
            // to the next number).
            if let (target, context) = try targetThenContext(phrase.words[start..<index], &reader) {
                let found = try withContext(try read(numbers, target).0, context, &reader)
                if !found.isEmpty { return (found, nil) }
            }
        }
        if let first { return ([], first) }
        // A question without a number: the target, a marker, the unit of one.
        if asked {
            // A marker (`сколько футов в метре`) or a filler, a verb
            // (`ile sekund ma doba`: how many seconds has a day).
            for index in (start + 1)..<max(start + 1, phrase.words.count - 1)
            where reader.words.isMarker(phrase.words[index]) || reader.words.isFiller(phrase.words[index]) {
                if reader.countStepIsOver() { return ([], .problem(.tooMuchWork(limit: reader.limit))) }
                guard let target = try target(phrase.words[start..<index], &reader) else { continue }
                let rest = phrase.words[(index + 1)...]
                guard var sources = try lookup(rest, languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo)
                else { continue }
                // One, unless the name states its count (`كم قدمًا في ميلان`: two miles).
                var value = 1.0
                if let stated = try statedCount(rest, sources) { (value, sources) = stated }
                if case .success(let readings) = try assemble([FoundPart(value: value, units: sources)], target, &reader),
                    !readings.isEmpty
                {
                    return (readings, nil)
                }
            }
        }
        return ([], .problem(.noNumber(in: text)))
    }

    /// `quantos cm tem uma TV de`, `Wie viel PS hat ein Auto mit`: the
    /// longest start of `words` (without the markers and fillers around
    /// them) that names a target, and the rest, at most `mostContextWords`
    /// words that name nothing together, each a word of context
    /// (`isContextWord`) or an article (`uma`, `ein`: a number word, but
    /// one the words after it left unread). Nil when no start is a target
    /// or the rest is no context.
    /// After the quantity (`leading` false: `2 TB in GiB sind das wirklich`),
    /// the rest may not hold a word of an expression (`per`, `square`).
    func targetThenContext(_ words: ArraySlice<Phrase.Word>, leading: Bool = true, _ reader: inout Reader) throws(UnitDatabaseError)
        -> ([Found], ArraySlice<Phrase.Word>)?
    {
        let span = trimmed(words, reader.words)
        guard span.count > 1 else { return nil }
        for cut in stride(from: min(span.count - 1, Self.longestSpan), through: 1, by: -1) {
            if reader.countStepIsOver() { return nil }
            let context = span[(span.startIndex + cut)...]
            guard context.count <= Self.mostContextWords, let target = try target(span.prefix(cut), &reader) else { continue }
            for index in context.indices {
                let word = context[index]
                let isArticle = reader.words.meanings(word).contains {
                    $0.kind == .article || ($0.kind == .number && $0.value == 1)
                }
                if isArticle { continue }
                guard try isContextWord(word, leading: leading, &reader) else { return nil }
                // After the target, a unit's symbol would be a second target (`5 km in miles ml`).
                if !leading,
                    try lookup(context[index...index], languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) != nil
                {
                    return nil
                }
            }
            guard try lookup(context, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) == nil
            else { return nil }
            return (target, context)
        }
        return nil
    }

    /// `la vitesse en km/h de`: at most `mostContextWords` words of context
    /// (`isContextWord`) that name nothing together, then a marker or a
    /// filler, and the target named first; the target and the context.
    /// Only a last resort (`Reader.lastResort`); nil when `words` are no such run.
    func contextThenTarget(_ words: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError)
        -> ([Found], ArraySlice<Phrase.Word>)?
    {
        guard reader.lastResort, words.count > 2 else { return nil }
        for cut in 1...min(words.count - 2, Self.mostContextWords) {
            if reader.countStepIsOver() { return nil }
            let last = words[words.startIndex + cut - 1]
            if !Self.isRequest(last, reader.words), try !isContextWord(last, leading: true, &reader) { return nil }
            let glue = words[words.startIndex + cut]
            guard reader.words.isMarker(glue) || reader.words.isFiller(glue) else { continue }
            let context = words.prefix(cut)
            guard try lookup(context, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) == nil,
                let target = try target(words.dropFirst(cut + 1), &reader)
            else { continue }
            return (target, context)
        }
        return nil
    }

    /// The units a target named first is: its words without the markers and
    /// fillers around them, as written, else with a case ending dropped; a
    /// mixed target (`в футах и дюймах`) is several.
    func target(_ words: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError) -> [Found]? {
        let span = trimmed(words, reader.words)
        // A lone marker is no target: `in 34 feet` is not a question about inches.
        guard let only = span.first, span.count > 1 || words.count > 1 || !reader.words.isMarker(only)
        else { return nil }
        return try targets(span, &reader)
    }

    /// `words` without the markers and fillers around them (`в метрах`, `feet are in`).
    func trimmed(_ words: ArraySlice<Phrase.Word>, _ dictionary: NumberWords) -> ArraySlice<Phrase.Word> {
        func isGlue(_ word: Phrase.Word) -> Bool {
            dictionary.isMarker(word) || dictionary.isFiller(word)
        }
        var span = words
        while span.count > 1, let last = span.last, isGlue(last) { span = span.dropLast() }
        // A word is kept: `how many in in a foot` asks about `in`, the inch.
        while span.count > 1, let first = span.first, isGlue(first) { span = span.dropFirst() }
        return span
    }

    /// `text` with the degree signs people type for `°` read as `°`: the
    /// ordinal indicator `º` and the ring `˚` (`37ºC`, `20˚F`: the keys
    /// next to it on Spanish, Portuguese and Italian keyboards and on
    /// phones), and the one-character `℃` and `℉` (`20℃`: common in
    /// Chinese and Japanese text, Unicode's compatibility forms of `°C` and
    /// `°F`). `text` itself when it holds none, which is nearly always.
    /// `1h30`, `1m80`, `5ft11`: digits, a unit's symbol or name in Latin
    /// letters, digits, written as one word: the two parts of a mixed
    /// quantity, spaced (`1 h 30`), when the letters name a unit as written.
    /// Not `1e10` (an exponent), nor letters in a script without spaces
    /// (cut by `segmented`). `text` itself when it holds none.
    func partsWrittenTogether(_ text: String, languages: [String]) throws(UnitDatabaseError) -> String {
        // Nearly every phrase has no digit with a Latin letter right after
        // it: known from its bytes (in place: the UTF-8 view's iterator cost
        // several times the loop), with no copy of its scalars.
        var bytesOf = text
        let digitThenLetter = bytesOf.withUTF8 { bytes in
            var previousIsDigit = false
            for byte in bytes {
                if previousIsDigit, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A { return true }
                previousIsDigit = byte >= 0x30 && byte <= 0x39
            }
            return false
        }
        guard digitThenLetter else { return text }
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index < scalars.count && scalars[index].value >= 0x30 && scalars[index].value <= 0x39 }
        func isLetter(_ index: Int) -> Bool {
            guard index < scalars.count else { return false }
            let value = scalars[index].value | 0x20
            return value >= 0x61 && value <= 0x7A
        }
        var cuts: [Int] = []
        var index = 0
        while index < scalars.count {
            // A word's start: digits right after a space or the text's start.
            guard isDigit(index), index == 0 || Phrase.isSpace(scalars[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while isDigit(end) { end += 1 }
            var letters = end
            while isLetter(letters) { letters += 1 }
            var digits = letters
            while isDigit(digits) { digits += 1 }
            defer { index = max(digits, index + 1) }
            guard letters > end, digits > letters, digits == scalars.count || Phrase.isSpace(scalars[digits]) || !scalars[digits].properties.isAlphabetic
            else { continue }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[end..<letters])
            let name = String(view)
            if name == "e" || name == "E" || name == "x" || name == "X" { continue }
            let found = try database.candidates(
                for: name, folded: TextFolding.fold(name), preferring: languages, keyPrefix: database.candidatesKeyPrefix(languages))
            guard !found.units.isEmpty, !found.ignoringCase else { continue }
            // `60m2`: letters and digits that name a unit as written (a power
            // typed plain) are that unit, not two parts, unless the letters'
            // unit has a mixed unit after it that is no power of ten apart:
            // `5ft2` is five feet two inches (`1 m 2` would be refused).
            view.append(contentsOf: scalars[letters..<digits])
            let whole = String(view)
            let named = try database.candidates(
                for: whole, folded: TextFolding.fold(whole), preferring: languages, keyPrefix: database.candidatesKeyPrefix(languages))
            var together = !named.units.isEmpty && !named.ignoringCase
            for unit in found.units where together {
                guard let next = try database.impliedPart(after: unit) else { continue }
                if !Self.isPowerOfTen(try database.convert(1, from: unit, to: next).rounded()) { together = false }
            }
            cuts += together ? [end] : [end, letters]
        }
        guard !cuts.isEmpty else { return text }
        return Self.spaced(scalars, before: Set(cuts))
    }

    /// `scalars` as text, with a space before each of the offsets `before`.
    static func spaced(_ scalars: [Unicode.Scalar], before offsets: Set<Int>) -> String {
        var view = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() {
            if offsets.contains(offset) { view.append(" ") }
            view.append(scalar)
        }
        return String(view)
    }

    /// `text` with a word of the phrases in brackets written apart from the
    /// words around it (`mpg（美制）`, `加仑(英制)是多少升`): an aside, as
    /// `45 mpg (uk)` is, not a bracket of the name before it. Brackets of an
    /// expression stay (`W/(m·K)`: `m·K` is no word of the phrases). `text`
    /// itself when it has no such aside, which is nearly always.
    static func asidesApart(_ text: String, _ words: NumberWords) -> String {
        guard text.utf8Contains(UInt8(ascii: "(")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var spaced: Set<Int> = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "(", let close = scalars[index...].firstIndex(of: ")") else {
                index += 1
                continue
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[(index + 1)..<close])
            let inside = String(view)
            if !inside.isEmpty, !inside.unicodeScalars.contains(where: Phrase.isSpace),
                !words.meanings(folded: TextFolding.fold(inside)).isEmpty
            {
                if index > 0, !Phrase.isSpace(scalars[index - 1]) { spaced.insert(index) }
                if close + 1 < scalars.count, !Phrase.isSpace(scalars[close + 1]) { spaced.insert(close + 1) }
            }
            index = close + 1
        }
        guard !spaced.isEmpty else { return text }
        return Self.spaced(scalars, before: spaced)
    }

    static func degreeSignsAsTyped(_ text: String) -> String {
        guard !Phrase.isASCII(text), text.unicodeScalars.contains(where: { $0 == "º" || $0 == "˚" || $0 == "℃" || $0 == "℉" }) else { return text }
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "º", "˚": view.append("°")
            case "℃": view.append(contentsOf: "°C".unicodeScalars)
            case "℉": view.append(contentsOf: "°F".unicodeScalars)
            default: view.append(scalar)
            }
        }
        return String(view)
    }

    /// `text` with the full-width digits, Latin letters and brackets of
    /// Chinese and Japanese input methods (`２５６ＧＢ`, `mpg（美制）`:
    /// U+FF10–U+FF19, U+FF21–U+FF3A, U+FF41–U+FF5A, U+FF08–U+FF09) as the
    /// ASCII ones they are (NFKC's mapping), so that a symbol reads in its
    /// case (`GB`, not `gb`, which the gigabit's `Gb` also is), digits part
    /// from it and an aside is one. `text` itself when it holds none.
    static func fullWidthAsTyped(_ text: String) -> String {
        func isFullWidth(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0xFF08...0xFF09, 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: true
            default: false
            }
        }
        guard !Phrase.isASCII(text), text.unicodeScalars.contains(where: isFullWidth) else { return text }
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            view.append(isFullWidth(scalar) ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar)
        }
        return String(view)
    }
}
