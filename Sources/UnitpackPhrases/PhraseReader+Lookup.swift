import UnitpackCore
import UnitpackDatabase

/// Finding the units a run of a phrase's words names: as written, without
/// the sentence's punctuation, `^2` as `²`, else with a case ending dropped.
extension PhraseReader {
    /// Unit names run to a few words (`pound-force per square inch`, `метр водяного столба`).
    static let longestUnitName = 6

    /// The most words a span that names units has: a name, or an
    /// expression of names (`kilogram meter squared per second squared`).
    /// A longer span is no unit, and is not looked up: a target asked about
    /// at each word of a long phrase would otherwise cost the square of it.
    static let longestSpan = 2 * longestUnitName

    /// The units a span names, and the language of the name.
    struct Found {
        var units: [MeasureUnit]
        var language: String? = nil
        /// The guess the span was read by (an ending cut), nil when as written.
        var guess: PhraseGuess? = nil
        /// The word, when it is a symbol only ignoring case and its case
        /// decides the unit (`mw`), and the spellings whose units `units`
        /// holds: a reading must leave one (`caseDecided`).
        var caseDecides: (word: String, readings: [UnitDatabase.CaseReading])? = nil
        /// The words that named the units, when a lookup of the phrase found
        /// them: the other units those words name are tried when the
        /// reading as found does not convert (`assemble`).
        var words: ArraySlice<Phrase.Word>? = nil
    }

    /// What the lookups of one parse found, by span: the same span is asked
    /// about for each reading of the number, and as written before stemmed.
    struct LookupMemo {
        var written = SpanTable<Found?>()
        /// Stemmed spans, asked about only when a span names nothing as written.
        var stemmed = SpanTable<Found?>()
        /// Whether a name starts with the span's words, by span.
        var starts = SpanTable<Bool>()
        /// The object cache's key prefix for the asked languages, joined once a parse.
        var languageKey: String?
        /// Words of the spans asked about (see `Reader.work`).
        var work = 0
        /// The reader's other steps (`Reader.work`), and the parse's limit:
        /// past it a lookup finds nothing and costs nothing, so no step of
        /// the parse goes on far past the limit (the parse is then refused).
        var steps = 0
        var limit = Int.max
        var isOverLimit: Bool { steps + work > limit }
        /// Why a word did not read, by the offset of the span's first word:
        /// written as an expression that does not read (`W/(m*K`); a better
        /// reason than "no unit named".
        var wordProblems: [Int: PhraseProblem] = [:]
    }

    /// The units a span of the phrase names: as written, without trailing
    /// punctuation, with `^2` as `²`; with `stems`, else with a case ending
    /// dropped from one word (`в метрах` -> `метра`), which only counts when
    /// that makes a name the database has.
    func lookup(
        _ span: ArraySlice<Phrase.Word>, languages: [String], stems: Bool, words: NumberWords, memo: inout LookupMemo
    ) throws(UnitDatabaseError) -> Found? {
        guard !memo.isOverLimit else { return nil }
        memo.work += min(span.count, Self.longestSpan + 1)
        guard span.count <= Self.longestSpan else { return nil }
        let key = Phrase.Span(span)
        var written: Found?
        let languageKey = memo.languageKey ?? database.candidatesKeyPrefix(languages)
        memo.languageKey = languageKey
        if let known = memo.written[key] {
            written = known
        } else {
            let named = try startsName(span, &memo) ? try lookupWritten(span, languages: languages, key: languageKey, &memo) : nil
            if let named {
                written = named
            } else if let system = try lookupSystemWord(span, languages: languages, key: languageKey, words: words) {
                written = system
            } else if span.count == 1, span.first!.text.utf8Contains(UInt8(ascii: "-")), Self.joinsNames(span.first!.text),
                let apart = try lookup(Self.hyphenated(span.first!)[...], languages: languages, stems: true, words: words, memo: &memo)
            {
                // `US-Gallone`: words joined by hyphens that name a unit apart
                // (a system word and a name), before any expression of them.
                written = apart
            } else if span.count == 2, words.prefixWords.contains(span.first!.folded),
                let joined = try prefixApart(span, languages: languages, key: languageKey)
            {
                // `كيلو واط`: a prefix's word written apart from the name.
                written = joined
            } else {
                written = try lookupExpression(span, languages: languages, words: words, memo: &memo)
                // `degrees f` reads as an expression (degree × farad); a degree
                // word before a scale's word is the scale.
                // Also when no expression reads (a data slice without the unit `c`
                // names first), unless a word is a phrase word (`feet in`, `in bar`:
                // the spans of two words a typical phrase asks about).
                if span.count == 2, written != nil || !span.contains(where: { words.isPhraseWord($0) }),
                    let scale = try degreeAndScale(span, languages: languages, key: languageKey, &memo)
                {
                    written = scale
                }
            }
            written?.words = span
            memo.written.insert(written, for: key)
        }
        if written != nil || !stems { return written }
        if let known = memo.stemmed[key] { return known }
        var stemmed = try lookupStemmed(
            span, languages: languages, key: languageKey, words: words, work: &memo.work, most: memo.limit - memo.steps)
        stemmed?.words = span
        memo.stemmed.insert(stemmed, for: key)
        return stemmed
    }

    /// The units of two words, a word for a prefix (`compounds.tsv`) and a
    /// name, written together (`كيلو واط`, `kilo watts`, `mega bytes`): a
    /// name of the database, else a prefixed name (`UnitDatabase.prefixedAtom`).
    /// Asked only when the first word is one (`NumberWords.prefixWords`); nil
    /// when together they name nothing.
    private func prefixApart(_ span: ArraySlice<Phrase.Word>, languages: [String], key: String) throws(UnitDatabaseError) -> Found? {
        guard let first = span.first, let last = span.last else { return nil }
        let text = first.text + Self.trimmingPunctuation(last.text)
        let named = try database.candidates(for: text, folded: TextFolding.fold(text), preferring: languages, keyPrefix: key)
        if !named.units.isEmpty, !named.ignoringCase { return Found(units: named.units, language: named.language) }
        do {
            guard let units = try database.expressionUnits(text, languages: languages) else { return nil }
            return Found(units: units, language: nil)
        } catch .badExpression, .notInExpression {
            return nil
        }
    }

    /// The units of a span no name has, read as an expression (`N*m`,
    /// `W/(m·K)`, `newton meters`): a word with an operator or a power, or
    /// several words none of which is a word of phrases (so that `feet in`
    /// stays a unit and a marker, never feet times inches).
    private func lookupExpression(
        _ span: ArraySlice<Phrase.Word>, languages: [String], words dictionary: NumberWords, memo: inout LookupMemo
    ) throws(UnitDatabaseError) -> Found? {
        let looksLikeOne: Bool
        let hasOperator = span.count == 1 && span.first!.text.unicodeScalars.contains(where: UnitExpressionGrammar.isOperator)
        if span.count == 1 {
            // An operator, names joined by a hyphen (`ватт-секунда`), or a
            // prefix on a unit no row names (`kN`, `megaparsec`).
            looksLikeOne = hasOperator || Self.joinsNames(span.first!.text) || Self.mayBePrefixed(span.first!.text)
        } else {
            // A number between names is a count of the next part (`5 feet 4
            // inches`), not a factor: only an operator writes one (`L/100 km`).
            // A word of phrases next to an operator written apart is its
            // operand (`A * s`, `W / A`: `a` is also the article), and
            // only there: in `A * s in C` the `in` still ends the span.
            // (Asked of the span in place: a copy of its words was a fiftieth
            // of a parse. Asked first: a marker ends most spans asked.)
            func isOperator(_ index: Int) -> Bool {
                span.indices.contains(index) && !span[index].text.isEmpty
                    && span[index].text.unicodeScalars.allSatisfy(UnitExpressionGrammar.isOperator)
            }
            if span.indices.contains(where: { index in
                dictionary.stopsExpression(span[index]) && !isOperator(index - 1) && !isOperator(index + 1)
            }) {
                return nil
            }
            // The sentence's comma, question or exclamation mark after a word
            // ends what the word says (`-15 °C, а за Фаренгейтом`: no °C·a
            // per °F). A dot or colon may end an abbreviation (`рт. ст.`).
            if span.dropLast().contains(where: { $0.needsVariants && Self.endsClause($0.text) }) { return nil }
            // A word in brackets of its own is an aside (`feet (ft)`), no factor.
            if span.contains(where: { Self.bracketed($0.text) != nil }) { return nil }
            looksLikeOne = !span.contains { $0.text.unicodeScalars.first.map(UnitExpressionGrammar.isDigit) == true }
        }
        guard looksLikeOne else { return nil }
        var text = ""
        for word in span { text += (text.isEmpty ? "" : " ") + word.text }
        do {
            guard let units = try database.expressionUnits(Self.trimmingPunctuation(text), languages: languages) else { return nil }
            return Found(units: units, language: nil)
        } catch .badExpression(let text, let error) {
            // Only a word written with an operator was surely meant as an expression.
            if hasOperator, let first = span.first { memo.wordProblems[first.range.lowerBound] = .expression(.badExpression(text, error)) }
            return nil
        } catch .notInExpression(let text, let unit) {
            if let first = span.first { memo.wordProblems[first.range.lowerBound] = .expression(.notInExpression(text, unit: unit)) }
            return nil
        }
    }

    /// A word that names units only ignoring case, read as a prefix written
    /// exactly on a unit (`ks`: the kilosecond before `kS`); nil otherwise.
    private func prefixedUnits(_ word: String, languages: [String]) throws(UnitDatabaseError) -> [MeasureUnit]? {
        do {
            return try database.expressionUnits(word, languages: languages)
        } catch .badExpression {
            return nil
        } catch .notInExpression {
            return nil
        }
    }

    /// Whether a word may be a prefix and a unit: letters (a prefix symbol
    /// such as `µ` included) and at least two of them.
    static func mayBePrefixed(_ word: String) -> Bool {
        var count = 0
        for scalar in word.unicodeScalars {
            guard scalar.properties.isAlphabetic || scalar == "Ω" || scalar == "°" else { return false }
            count += 1
        }
        return count >= 2
    }

    /// Whether a word is letters joined by hyphens (`ватт-секунда`), not a
    /// number word or a prefix glued to a name (`пол-литра` has letters on
    /// both sides too: it simply names no unit as an expression).
    static func joinsNames(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count > 1 && parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.first!.properties.isAlphabetic }
    }

    /// `ft 2 in in meters`: no name starts with `ft 2`, so no span of three
    /// words or more is asked about, nor `ft 2` itself. Asked only for three
    /// words or more: for two, asking costs what the lookup costs. The first words are as in every variant of a lookup
    /// unless they hold a `^` or end in punctuation.
    private func startsName(_ span: ArraySlice<Phrase.Word>, _ memo: inout LookupMemo) throws(UnitDatabaseError) -> Bool {
        guard span.count >= 2, case let head = span.prefix(2), !head.contains(where: \.needsVariants) else { return true }
        let key = Phrase.Span(head)
        if let known = memo.starts[key] { return known }
        // Two words: asked only when a longer span asked already.
        guard span.count >= 3 else { return true }
        let starts = try database.nameStarts(with: Phrase.joined(head, folded: true))
        memo.starts.insert(starts, for: key)
        return starts
    }

    func lookupWritten(
        _ span: ArraySlice<Phrase.Word>, languages: [String], key: String, _ memo: inout LookupMemo
    ) throws(UnitDatabaseError) -> Found? {
        if !span.contains(where: \.needsVariants) {
            // The folded form is only joined when the object cache has not seen the text.
            let found = try database.candidates(
                key: ByteString(Phrase.joined(span, folded: false, after: key)), text: Phrase.joined(span, folded: false),
                folded: Phrase.joined(span, folded: true), preferring: languages, acceptingWithoutAccents: true)
            if found.ignoringCase, span.count == 1, let prefixed = try prefixedUnits(span.first!.text, languages: languages) {
                return Found(units: prefixed)
            }
            if found.ignoringCase, span.count == 1, let decided = try caseDecided(span.first!.text, found.units, languages: languages) {
                return decided
            }
            return found.units.isEmpty ? nil : Self.found(found, span)
        }
        let (text, folded) = Phrase.joined(span)
        // As written first: some symbols end in a dot (`мм рт. ст.`, `л. с.`).
        var variants = [(text, folded)]
        var trimmed = (text, folded)
        if let last = text.unicodeScalars.last, Self.isPunctuation(last) {
            trimmed = (Self.trimmingPunctuation(text), Self.trimmingPunctuation(folded))
            if !trimmed.0.isEmpty { variants.append(trimmed) }
        }
        if trimmed.0.utf8Contains(UInt8(ascii: "^")) {
            let powers = Self.superscriptingPowers(trimmed.0)
            if powers != trimmed.0 { variants.append((powers, TextFolding.fold(powers))) }
        } else if span.count == 1, Self.endsInPlainPower(trimmed.0) {
            // `м2`, `см3`: a symbol's power typed as a plain digit (`m2` is an
            // English synonym; `м²` is the Russian symbol, `м2` in no file).
            var scalars = trimmed.0.unicodeScalars
            let power: Unicode.Scalar = scalars.removeLast() == "2" ? "²" : "³"
            scalars.append(power)
            let powers = String(scalars)
            variants.append((powers, TextFolding.fold(powers)))
        }
        for (text, folded) in variants {
            let found = try database.candidates(
                for: text, folded: folded, preferring: languages, keyPrefix: key, acceptingWithoutAccents: true)
            if found.ignoringCase, span.count == 1, let decided = try caseDecided(text, found.units, languages: languages) {
                return decided
            }
            if !found.units.isEmpty { return Self.found(found, span) }
        }
        return nil
    }

    /// The units a lookup of `span` found; a name found only without its
    /// accents (`metros cubicos`) is a guess, shown as a correction.
    private static func found(_ found: NameCandidates, _ span: ArraySlice<Phrase.Word>) -> Found {
        guard let accented = found.withoutAccents else { return Found(units: found.units, language: found.language) }
        let typed = trimmingPunctuation(Phrase.joined(span, folded: false))
        return Found(units: found.units, language: found.language, guess: PhraseGuess(kind: .correction, word: typed, readAs: accented))
    }

    /// The shortest stem an ending is cut from: `мил` of `милях`.
    static let shortestStem = 3

    /// The units a span names with one word's ending cut, or changed for
    /// another ending of the same language (kind `ending` of its
    /// `words.tsv`: `галлонах` as `галлон`, `пинтах` as `пинта`, `inchs` as
    /// `inch`; changed only in a span of one word), the last word first and
    /// the longest ending first, a guess
    /// (`PhraseGuess.Kind.cutEnding`). Nil when no ending of the asked
    /// languages makes a name, or when two endings make names of different
    /// units (a guess between two units is no guess). `work` counts the
    /// lookups; nil once it passes `most`.
    func lookupStemmed(
        _ span: ArraySlice<Phrase.Word>, languages: [String], key: String, words: NumberWords, work: inout Int,
        most: Int = .max
    ) throws(UnitDatabaseError) -> Found? {
        guard span.count <= 3, !words.endings.isEmpty else { return nil }
        var texts = span.map(\.text)
        var folds = span.map(\.folded)
        texts[texts.count - 1] = Self.trimmingPunctuation(texts[texts.count - 1])
        folds[folds.count - 1] = Self.trimmingPunctuation(folds[folds.count - 1])
        for index in texts.indices.reversed() {
            let text = texts[index].unicodeScalars, folded = folds[index].unicodeScalars
            guard let last = folded.last, last.properties.isAlphabetic else { continue }
            // A word of phrases (`тысячи`, `quarters`, `в`) reads as that word:
            // cutting its ending would ask dozens of names for nothing.
            guard !words.isPhraseWord(folded: folds[index]) else { continue }
            // Compared as UTF-8 (a suffix of whole scalars either way), the
            // word's length counted once: every language's endings are tried.
            let foldedBytes = Array(folds[index].utf8)
            let foldedCount = folded.count
            for (ending, language) in words.endings {
                let bytes = ending.utf8
                guard bytes.count < foldedBytes.count, foldedBytes[(foldedBytes.count - bytes.count)...].elementsEqual(bytes) else { continue }
                let count = ending.unicodeScalars.count
                guard foldedCount - count >= Self.shortestStem else { continue }
                let stem = (text: String(text.dropLast(count)), folded: String(folded.dropLast(count)))
                // The stem alone, then, for a word alone, with each other
                // ending of the language when some name starts with the stem
                // (in a name of several words, a changed ending makes another
                // phrase: `метров в секундах` is no `метров в секунду`).
                var replacements = [""]
                work += 1
                if span.count == 1, try namePrefixExists(stem.folded) {
                    for other in words.endings where other.language == language && other.ending != ending { replacements.append(other.ending) }
                }
                var read: (readAs: String, units: [MeasureUnit], language: String?)?
                for replacement in replacements {
                    work += 1
                    if work > most { return nil }
                    var stemmedTexts = texts, stemmedFolds = folds
                    stemmedTexts[index] = stem.text + replacement
                    stemmedFolds[index] = stem.folded + replacement
                    let found = try database.candidates(
                        for: stemmedTexts.joined(separator: " "), folded: stemmedFolds.joined(separator: " "),
                        preferring: languages, keyPrefix: key)
                    guard !found.units.isEmpty else { continue }
                    // A cut that leaves a symbol only its case tells is two guesses: none.
                    if found.ignoringCase, span.count == 1,
                        try caseDecided(stemmedTexts[index], found.units, languages: languages) != nil
                    {
                        continue
                    }
                    guard let first = read else {
                        read = (stemmedTexts[index], found.units, found.language)
                        continue
                    }
                    if Set(first.units.map(\.id)) != Set(found.units.map(\.id)) { return nil }
                }
                if let read {
                    // In a name of several words, the name read: its other
                    // words say which (`кінських силах` is no `слаг`).
                    var guess = PhraseGuess(kind: .cutEnding, word: span[span.startIndex + index].text, readAs: read.readAs)
                    if span.count > 1 {
                        var readAs = texts
                        readAs[index] = read.readAs
                        guess = PhraseGuess(kind: .cutEnding, word: texts.joined(separator: " "), readAs: readAs.joined(separator: " "))
                    }
                    return Found(units: read.units, language: read.language, guess: guess)
                }
            }
        }
        // `морській милі`, `milę morską`: a name of two words, both inflected.
        if span.count == 2 { return try bothInflected(span, folds, languages: languages, key: key, words: words, work: &work) }
        return nil
    }

    /// A span of two words read as a name of two words of an asked
    /// language whose words start as theirs do without their last two
    /// letters (at least `shortestStem`): `морській милі` as `морська
    /// миля`, `milę morską` as `mila morska`, both endings changed, which
    /// no cut of one ending makes. A guess (`cutEnding`), and only when all
    /// such names are of one unit; nil otherwise, or for a word of the
    /// phrases or a word with other than letters.
    private func bothInflected(
        _ span: ArraySlice<Phrase.Word>, _ folds: [String], languages: [String], key: String, words: NumberWords, work: inout Int
    ) throws(UnitDatabaseError) -> Found? {
        var stems: [String] = []
        for folded in folds {
            guard let stem = Self.inflectionStem(folded, shortest: Self.shortestStem, words) else { return nil }
            stems.append(stem)
        }
        work += 1
        // An ending changed, not a word completed: a name's word at most one
        // letter longer than the word typed (`pounds for` is no `pound force`).
        let names = try database.namesOfTwoWords(firstWordStarting: stems[0], then: stems[1]).filter { name in
            let words = name.name.split(separator: " ")
            return languages.contains(name.language)
                && zip(words, folds).allSatisfy { $0.unicodeScalars.count <= $1.unicodeScalars.count + 1 }
        }
        guard let unit = names.first?.unit, names.allSatisfy({ $0.unit == unit }) else { return nil }
        // Shown as the form closest to the words typed: the longest start in common.
        let typed = folds.joined(separator: " ")
        func common(_ name: String) -> Int { zip(name.unicodeScalars, typed.unicodeScalars).prefix { $0 == $1 }.count }
        guard let best = names.max(by: { common($0.name) < common($1.name) }) else { return nil }
        let found = try database.candidates(for: best.name, folded: best.name, preferring: languages, keyPrefix: key)
        let units = found.units.filter { $0.id == unit }
        guard !units.isEmpty else { return nil }
        let guess = PhraseGuess(kind: .cutEnding, word: Self.trimmingPunctuation(Phrase.joined(span, folded: false)), readAs: best.name)
        return Found(units: units, language: best.language, guess: guess)
    }

    /// The units of a word that names units only ignoring case when the
    /// case of its letters decides the unit (`mw`: `mW` or `MW`;
    /// `UnitDatabase.caseReadings`): those of every spelling, which the
    /// reading must narrow to one (`caseProblem`). Nil when the case decides
    /// nothing (`kw`: only `kW`; `Meter`: a name, whose case never counts).
    func caseDecided(_ text: String, _ units: [MeasureUnit], languages: [String]) throws(UnitDatabaseError) -> Found? {
        let readings = try database.caseReadings(text, units: units, languages: languages)
        guard !readings.isEmpty else { return nil }
        var found = Found(units: [], caseDecides: (text, readings))
        for reading in readings {
            for unit in reading.units where !found.units.contains(unit) { found.units.append(unit) }
        }
        return found
    }

    /// A word's units as found, and whether it named the target (else a
    /// part of the quantity).
    typealias CaseWord = (found: Found, isTarget: Bool)

    /// Why `readings` are no answer: a word of `founds` whose case decides
    /// the unit is read in more than one spelling (`1 mw in W`), or only in
    /// none of them once fitted. Nil when each such word is read in one
    /// (`1 pa in kPa`), or as another unit its letters name.
    static func caseProblem(_ readings: [PhraseReading], _ founds: [CaseWord]) -> PhraseProblem? {
        for (found, isTarget) in founds {
            guard let (word, spellings) = found.caseDecides else { continue }
            var read: [String] = []
            for spelling in spellings {
                // In its own place: a target's spelling is not read by the quantity's unit.
                let used = readings.contains { reading in
                    isTarget ? reading.targets.contains { spelling.units.contains($0) } : reading.parts.contains { spelling.units.contains($0.unit) }
                }
                if used { read.append(spelling.spelling) }
            }
            if read.count > 1 { return .caseDecides(word: word, symbols: read) }
            // None read: refused when nothing but the spellings could have been
            // (a reading fitted from them, as a difference or another meaning).
            if read.isEmpty, found.units.allSatisfy({ unit in spellings.contains { $0.units.contains(unit) } }) {
                return .caseDecides(word: word, symbols: spellings.map(\.spelling))
            }
        }
        return nil
    }

    /// `text` without the sentence's punctuation at its end (`in meters?`, `in kilograms:`).
    static func trimmingPunctuation(_ text: String) -> String {
        let scalars = text.unicodeScalars
        // Most words end in none: the text itself, not a copy of it.
        guard let last = scalars.last, isPunctuation(last) else { return text }
        var end = scalars.endIndex
        while end > scalars.startIndex, isPunctuation(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[..<end])
    }

    /// Whether `text` ends in punctuation that ends a clause, not an
    /// abbreviation: a comma, a semicolon, a question or exclamation mark.
    static func endsClause(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last else { return false }
        switch last {
        case "?", "!", ",", ";", "？", "！", "，", "；", "\u{061F}", "\u{060C}", "\u{061B}": return true
        default: return false
        }
    }

    /// The start a word's inflections share, for a name of two words
    /// (`bothInflected`, `withContext`): its folded letters without the last
    /// two, at least `shortest`. Nil for a word with other than letters, a
    /// word of the phrases (`in`, `how many`), or a shorter one.
    static func inflectionStem(_ folded: String, shortest: Int, _ words: NumberWords) -> String? {
        let scalars = folded.unicodeScalars
        guard scalars.count >= shortest, scalars.allSatisfy(\.properties.isAlphabetic), !words.isPhraseWord(folded: folded)
        else { return nil }
        return String(String.UnicodeScalarView(scalars.prefix(max(shortest, scalars.count - 2))))
    }

    /// The text inside the round brackets that open and close `text`
    /// (`(CV)`), or nil.
    static func bracketed(_ text: String) -> Substring? {
        guard text.utf8.first == UInt8(ascii: "("), text.utf8.last == UInt8(ascii: ")"), text.utf8.count > 2 else { return nil }
        return text.dropFirst().dropLast()
    }

    /// The words of `word` joined by hyphens, apart (`US-Gallone`: `US`,
    /// `Gallone`), each at its place in the phrase.
    static func hyphenated(_ word: Phrase.Word) -> [Phrase.Word] {
        var pieces: [Phrase.Word] = []
        var start = word.range.lowerBound
        var text = ""
        for scalar in word.text.unicodeScalars {
            if scalar == "-" {
                pieces.append(Phrase.Word(start..<(start + text.unicodeScalars.count), text: text))
                start += text.unicodeScalars.count + 1
                text = ""
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        pieces.append(Phrase.Word(start..<(start + text.unicodeScalars.count), text: text))
        return pieces
    }

    /// Whether `text` ends in a letter and a `2` or `3` (`м2`, `cm3`): a
    /// power typed without its superscript.
    static func endsInPlainPower(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let last = scalars.last, last == "2" || last == "3" else { return false }
        let before = scalars.index(before: scalars.endIndex)
        guard before > scalars.startIndex else { return false }
        return endsInPlainPower(last: last, beforeLast: scalars[scalars.index(before: before)])
    }

    /// `endsInPlainPower` of a text ending in `beforeLast` and `last` (a
    /// phrase's word, whose scalars the phrase holds).
    static func endsInPlainPower(last: Unicode.Scalar?, beforeLast: Unicode.Scalar?) -> Bool {
        (last == "2" || last == "3") && beforeLast?.properties.isAlphabetic == true
    }

    /// `^2` and `^3` written as `²` and `³` (`m^2` is looked up as `m²`), by
    /// scalars: `String.replacing` would need iOS 16 (string processing), and
    /// was slower.
    static func superscriptingPowers(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "^", let digit = pending, digit == "2" || digit == "3" {
                result.append(digit == "2" ? "²" : "³")
                pending = scalars.next()
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The sentence's punctuation, with the full-width forms and the ideographic
    /// full stop of text written without spaces (`英里？`, `マイル。`) and the
    /// Arabic question mark, comma and semicolon (`بالمتر؟`).
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "?", "!", ".", ",", ":", ";", "？", "！", "。", "，", "：", "；", "\u{061F}", "\u{060C}", "\u{061B}": true
        default: false
        }
    }
}
