import UnitpackCore
import UnitpackDatabase

/// Words written without spaces (`5公里等于多少英里`, `5キロメートルは何マイル`):
/// read as the known words they are made of, by longest match against the
/// database's unit names and symbols and the phrase words of `words.tsv`.
/// Nothing here knows a language: a word is cut when it holds a letter of a
/// script without case (general category Lo: Han, kana, also Arabic...) and
/// names nothing as a whole (docs/phrases.md, "Words written without spaces").
extension PhraseReader {
    /// The longest run of letters matched against unit names, in scalars:
    /// longer than any name (`斯堪的纳维亚英里` is 8), a bound on the work
    /// at each position.
    static let longestUnspacedName = 32

    /// `phrase` with each word written without spaces cut into the words it
    /// is made of; `phrase` itself when no word is cut. `work` counts the
    /// positions and prefixes looked at (linear in the phrase: each position
    /// tries at most `longestUnspacedName` prefixes).
    func segmented(_ phrase: Phrase, words: NumberWords, languages: [String], work: inout Int) throws(UnitDatabaseError)
        -> Phrase
    {
        // Attached words (Arabic `بالكيلومتر`): cut only where a word starts with one.
        let mayAttach = !words.attached.isEmpty && phrase.words.contains { words.startsWithAttached(folded: $0.folded) }
        guard mayAttach || phrase.words.contains(where: { Self.holdsUnspacedLetter(phrase.scalars[$0.range]) }) else { return phrase }
        let keyPrefix = database.candidatesKeyPrefix(languages)
        var ranges: [Range<Int>] = []
        var cut = false
        for index in phrase.words.indices {
            let word = phrase.words[index]
            work += 1
            let attaches = mayAttach && words.startsWithAttached(folded: word.folded)
            // A word of the phrases in brackets is an aside, whole (`(美制)`: `asidesApart`).
            if let inside = Self.bracketed(word.folded), !words.meanings(folded: String(inside)).isEmpty {
                ranges.append(word.range)
                continue
            }
            // A word that starts with an attached word and splits into number
            // words is cut after it first: `ونصف` is `و` and `نصف` (the
            // fraction after a conjunction), `وعشرون` reads either way.
            guard attaches || Self.holdsUnspacedLetter(phrase.scalars[word.range]),
                try !namesSomething(word, words: words, languages: languages, keyPrefix: keyPrefix, splits: !attaches),
                try !isWordOfLongerName(
                    word, after: ranges.suffix(Self.longestUnitName - 1).map { phrase.word($0) },
                    before: index + 1 < phrase.words.count ? phrase.words[index + 1] : nil, work: &work)
            else {
                ranges.append(word.range)
                continue
            }
            var pending = [word]
            if attaches, let pieces = try attachedPieces(of: word, in: phrase, words: words, languages: languages, keyPrefix: keyPrefix, work: &work) {
                pending = pieces.map { phrase.word($0) }
                cut = true
            }
            for piece in pending {
                let pieces = try unspacedPieces(of: piece, in: phrase, words: words, languages: languages, keyPrefix: keyPrefix, work: &work)
                cut = cut || pieces.count > 1
                ranges += pieces
            }
        }
        return cut ? Phrase(phrase, words: ranges) : phrase
    }

    /// A word written without spaces cut into the words it is made of; the
    /// word alone when it has no letter without case or names something whole.
    private func unspacedPieces(
        of word: Phrase.Word, in phrase: Phrase, words: NumberWords, languages: [String], keyPrefix: String, work: inout Int
    ) throws(UnitDatabaseError) -> [Range<Int>] {
        guard Self.holdsUnspacedLetter(phrase.scalars[word.range]),
            try !namesSomething(word, words: words, languages: languages, keyPrefix: keyPrefix)
        else { return [word.range] }
        let (pieces, unknown) = try self.pieces(
            of: word.range, in: phrase, words: words, languages: languages, keyPrefix: keyPrefix, work: &work)
        // A cut that leaves letters matching nothing, of a word that names
        // a unit with its ending dropped, is a name and its case ending
        // (an Arabic plural), not words written together: kept whole.
        if unknown, pieces.count > 1, try lookupStemmed([word][...], languages: languages, key: keyPrefix, words: words, work: &work) != nil {
            return [word.range]
        }
        return pieces
    }

    /// The most attached words one word starts with (Arabic `و` + `ب` + `ال`
    /// in `وبالكيلومتر`): a bound on the search, which may branch (`لل`, `ل`).
    static let mostAttached = 3

    /// Whether `word` is a word of a name of several words with the words
    /// before it (as cut so far) or the word after it (`الساعة` of `كيلومتر في
    /// الساعة`, `الألف` of `في الألف`): then it is neither cut after attached
    /// words nor into pieces.
    private func isWordOfLongerName(_ word: Phrase.Word, after previous: [Phrase.Word], before next: Phrase.Word?, work: inout Int)
        throws(UnitDatabaseError) -> Bool
    {
        for start in previous.indices {
            work += 1
            if try database.nameStarts(with: Phrase.joined((previous[start...] + [word])[...], folded: true)) { return true }
        }
        guard let next else { return false }
        work += 1
        return try database.nameStarts(with: Phrase.joined([word, next][...], folded: true))
    }

    /// The pieces of `word` when it starts with attached words (kind
    /// `attached`: Arabic `بالكيلومتر`, `الميل`, `وعشرون`), which names
    /// nothing as written and is no word of a longer name (the caller's
    /// checks), when the rest after them is a phrase word or names
    /// a unit (as written, else with a case ending dropped when the whole
    /// word does not name one so). An attached word that means nothing else
    /// (the article `ال`) is left out; `ب`, a marker, stays a word. Nil when
    /// the word is read whole.
    private func attachedPieces(
        of word: Phrase.Word, in phrase: Phrase, words: NumberWords, languages: [String], keyPrefix: String, work: inout Int
    ) throws(UnitDatabaseError) -> [Range<Int>]? {
        func reads(_ range: Range<Int>, stems: Bool) throws(UnitDatabaseError) -> Bool {
            let rest = phrase.word(range)
            if try namesSomething(rest, words: words, languages: languages, keyPrefix: keyPrefix) { return true }
            guard stems else { return false }
            return try lookupStemmed([rest][...], languages: languages, key: keyPrefix, words: words, work: &work) != nil
        }
        func peel(_ range: Range<Int>, depth: Int, stems: Bool) throws(UnitDatabaseError) -> [Range<Int>]? {
            guard depth < Self.mostAttached else { return nil }
            let folded = TextFolding.fold(phrase.word(range).text)
            // Folding drops scalars (the tatweel of `بـالمتر`, a vowel mark):
            // then an attached word's length folded is not its length as written.
            let foldingDrops = folded.unicodeScalars.count != range.count
            for attached in words.attached(startingFolded: folded) {
                work += 1
                var cut = range.lowerBound + attached.unicodeScalars.count
                if foldingDrops {
                    // The fewest scalars as written that fold to the attached word.
                    guard let end = (range.lowerBound + 1..<range.upperBound).first(where: {
                        TextFolding.fold(phrase.word(range.lowerBound..<$0).text) == attached
                    }) else { continue }
                    cut = end
                }
                guard cut < range.upperBound else { continue }
                let head = words.attachedReadsAsWord(folded: attached) ? [range.lowerBound..<cut] : []
                if try reads(cut..<range.upperBound, stems: stems) { return head + [cut..<range.upperBound] }
                if let deeper = try peel(cut..<range.upperBound, depth: depth + 1, stems: stems) { return head + deeper }
            }
            return nil
        }
        if let pieces = try peel(word.range, depth: 0, stems: false) { return pieces }
        // `كيلومترات` names the kilometre with its ending dropped, read whole
        // (below); `بالكيلومترات` is `ب` and that.
        guard try lookupStemmed([word][...], languages: languages, key: keyPrefix, words: words, work: &work) == nil else { return nil }
        return try peel(word.range, depth: 0, stems: true)
    }

    /// `text` with a number written inside a unit's name moved before the
    /// name: `時速5キロメートル` and `時速 5 キロメートル` read as `5 時速 キロメートル`,
    /// `华氏100度` as `100 华氏度`.
    /// CLDR puts the number there (`時速 {0} キロメートル`), and the names file
    /// holds the name with `{0}` taken out, so the data says it: the letters
    /// (without case, as in `segmented`) right before the number are a name's
    /// first word (some name starts with them and a space), and the letters
    /// after it complete that name. Nil when the text has no such number.
    func numberMovedBeforeName(_ text: String, words: NumberWords, languages: [String]) throws(UnitDatabaseError)
        -> String?
    {
        // Asked twice of every phrase: known without a copy of its scalars
        // (none, for a phrase of ASCII alone).
        guard !Phrase.isASCII(text), text.unicodeScalars.contains(where: { Self.isUnspacedScalar($0) }) else { return nil }
        let scalars = Array(text.unicodeScalars)
        let keyPrefix = database.candidatesKeyPrefix(languages)
        func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: slice)
            return String(view)
        }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }
        /// The length of the filler word of a question (`何`: how many) that `index` starts, or 0.
        func oneFiller(at index: Int) -> Int {
            var length = min(words.longestWord, scalars.count - index)
            while length > 0 {
                if words.isFiller(folded: TextFolding.fold(string(scalars[index..<(index + length)]))) { return length }
                length -= 1
            }
            return 0
        }
        /// The length of the run of fillers that `index` starts: a particle
        /// and the question's word (`華氏で何度`: `で`, in, and `何`), or 0.
        func filler(at index: Int) -> Int {
            var length = 0
            while index + length < scalars.count, length < Self.longestUnspacedName {
                let next = oneFiller(at: index + length)
                guard next > 0 else { break }
                length += next
            }
            return length
        }
        var index = 0
        while index < scalars.count {
            // The number: digits and the separators between them, or the
            // question's word for it (`時速何マイル`: how many miles per hour).
            var end = index
            if isDigit(scalars[index]), index == 0 || !isDigit(scalars[index - 1]) {
                while end < scalars.count,
                    isDigit(scalars[end])
                        || (end + 1 < scalars.count && ".,٫/".unicodeScalars.contains(scalars[end]) && isDigit(scalars[end + 1]))
                {
                    end += 1
                }
            } else if index > 0, Self.isUnspacedScalar(scalars[index - 1]) {
                end = index + filler(at: index)
            }
            guard end > index else {
                index += 1
                continue
            }
            defer { index = end }
            // A word below zero right before the digits is the number's
            // (`摂氏マイナス5度`: `マイナス5` moves before `摂氏度`).
            var opening = index
            if isDigit(scalars[index]) {
                for length in stride(from: min(words.longestWord, index), through: 1, by: -1)
                where words.meanings(folded: TextFolding.fold(string(scalars[(index - length)..<index]))).contains(where: { $0.kind == .minus }) {
                    opening = index - length
                    break
                }
            }
            // The letters before it (a space between allowed), the longest run that starts a name.
            var before = opening
            while before > 0, Phrase.isSpace(scalars[before - 1]) { before -= 1 }
            var first = before
            while first > 0, before - first < Self.longestUnspacedName, Self.isUnspacedScalar(scalars[first - 1]) { first -= 1 }
            var after = end
            while after < scalars.count, Phrase.isSpace(scalars[after]) { after += 1 }
            var last = after
            while last < scalars.count, last - after < Self.longestUnspacedName, Self.isUnspacedScalar(scalars[last]) { last += 1 }
            // `大さじ2`: a whole name, then digits, where the language's
            // pattern of that unit writes the number after its name
            // (`大さじ {0}`): the number moves before it as in a pattern's middle.
            if first < before, isDigit(scalars[index]) {
                for start in first..<before {
                    let head = string(scalars[start..<before])
                    if try writesNumberAfter(head, languages: languages, keyPrefix: keyPrefix) {
                        return string(scalars[..<start]) + string(scalars[opening..<end]) + " " + head + " " + string(scalars[end...])
                    }
                }
            }
            // Or a symbol in letters of another script (`時速10.5km`).
            var symbolEnd = after
            while symbolEnd < scalars.count, symbolEnd - after < Self.longestUnspacedName, scalars[symbolEnd].properties.isAlphabetic,
                !Self.isUnspacedScalar(scalars[symbolEnd])
            {
                symbolEnd += 1
            }
            guard first < before, after < last || after < symbolEnd else { continue }
            for start in first..<before {
                let head = string(scalars[start..<before])
                // The name's words with a space (`時速 キロメートル`, as CLDR
                // writes it) or without (`华氏100度`: `华氏度`).
                for space in [" ", ""] {
                    guard try namePrefixExists(TextFolding.fold(head + space)) else { continue }
                    for stop in stride(from: last, to: after, by: -1) {
                        let name = head + space + string(scalars[after..<stop])
                        if try !database.candidates(for: name, folded: TextFolding.fold(name), preferring: languages, keyPrefix: keyPrefix)
                            .units.isEmpty
                        {
                            return string(scalars[..<start]) + string(scalars[opening..<end]) + " " + name + " "
                                + string(scalars[stop...])
                        }
                    }
                    // The symbol's unit by its name in a language whose name the
                    // head starts (`時速 キロメートル` for `時速` and `km`).
                    if after < symbolEnd,
                        let name = try nameAfter(head + space, symbol: string(scalars[after..<symbolEnd]), languages: languages, keyPrefix: keyPrefix)
                    {
                        return string(scalars[..<start]) + string(scalars[opening..<end]) + " " + name + " "
                            + string(scalars[symbolEnd...])
                    }
                }
            }
        }
        return nil
    }

    /// `head` and a name, in one of `languages`, of a unit `symbol` names:
    /// the first that names a unit (`時速 キロメートル` for `時速 ` and `km`);
    /// nil when none does.
    private func nameAfter(_ head: String, symbol: String, languages: [String], keyPrefix: String) throws(UnitDatabaseError) -> String? {
        let found = try database.candidates(for: symbol, folded: TextFolding.fold(symbol), preferring: languages, keyPrefix: keyPrefix)
        for unit in found.units.prefix(2) {
            for language in languages {
                guard let names = try? database.names(of: unit, in: language), names.language == language else { continue }
                for form in Set([names.display] + names.forms.values) {
                    let name = head + form
                    if try !database.candidates(for: name, folded: TextFolding.fold(name), preferring: languages, keyPrefix: keyPrefix)
                        .units.isEmpty
                    {
                        return name
                    }
                }
            }
        }
        return nil
    }

    /// Whether `name` names a unit whose pattern, in a language of the name
    /// among `languages`, writes the number after the whole name (`大さじ {0}`).
    private func writesNumberAfter(_ name: String, languages: [String], keyPrefix: String) throws(UnitDatabaseError) -> Bool {
        let found = try database.candidates(for: name, folded: TextFolding.fold(name), preferring: languages, keyPrefix: keyPrefix)
        for unit in found.units {
            for language in languages {
                guard let names = try? database.names(of: unit, in: language), names.language == language else { continue }
                if names.patterns.values.contains(where: { $0.hasSuffix("{0}") && !$0.hasPrefix("{0}") }) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether a word is read whole: a phrase word, number words written
    /// together (`三千五百` splits as they do), or a unit's name or symbol
    /// (as written, without the sentence's punctuation).
    private func namesSomething(_ word: Phrase.Word, words: NumberWords, languages: [String], keyPrefix: String, splits: Bool = true)
        throws(UnitDatabaseError) -> Bool
    {
        let folded = Self.trimmingPunctuation(word.folded)
        if folded.isEmpty || !words.meanings(folded: folded).isEmpty || (splits && words.split(folded: folded) != nil) { return true }
        let text = Self.trimmingPunctuation(word.text)
        return try !database.candidates(for: text, folded: folded, preferring: languages, keyPrefix: keyPrefix).units.isEmpty
    }

    /// The pieces of the word at `range`: runs of other scalars (digits,
    /// Latin letters, marks: `5`, `km`, `1.5`) as they are, read later as
    /// any word is; in runs of letters without spaces, the longest unit name
    /// or phrase word at each position, and what matches nothing as one
    /// piece up to the next match. The sentence's punctuation stays with the
    /// piece before it (`英里？`), as it does with a word.
    /// `unknown` says whether some letters matched nothing.
    private func pieces(
        of range: Range<Int>, in phrase: Phrase, words: NumberWords, languages: [String], keyPrefix: String, work: inout Int
    ) throws(UnitDatabaseError) -> (pieces: [Range<Int>], unknown: Bool) {
        let scalars = phrase.scalars
        var pieces: [Range<Int>] = []
        var unknown: Int?
        var sawUnknown = false
        func flushUnknown(_ end: Int) {
            if let start = unknown {
                pieces.append(start..<end)
                sawUnknown = true
            }
            unknown = nil
        }
        // A slash between two letters of a script without spaces is inside
        // the run, so that a name written with one is found whole
        // (`升/百公里`, litres per 100 km: `百` alone is a hundred).
        func inRun(_ at: Int) -> Bool {
            if Self.isUnspacedScalar(scalars[at]) { return true }
            guard scalars[at] == "/", at > range.lowerBound, at + 1 < range.upperBound else { return false }
            let before = scalars[at - 1], after = scalars[at + 1]
            return Self.isUnspacedScalar(before) && Self.isUnspacedScalar(after)
                && !Self.isSpacedScriptLetter(before) && !Self.isSpacedScriptLetter(after)
        }
        var index = range.lowerBound
        while index < range.upperBound {
            work += 1
            guard inRun(index) else {
                flushUnknown(index)
                var end = index
                while end < range.upperBound, !inRun(end) { end += 1 }
                if let last = pieces.last, last.upperBound == index, scalars[index..<end].allSatisfy(Self.isPunctuation) {
                    pieces[pieces.count - 1] = last.lowerBound..<end
                } else {
                    pieces.append(index..<end)
                }
                index = end
                continue
            }
            var end = index
            while end < range.upperBound, inRun(end) { end += 1 }
            // Arabic and Hebrew space their words: a run of their letters is
            // one word (cut from digits, `٥كم`), never names found inside it
            // (`ار`, the are, inside `اطار`, a tyre).
            if Self.isSpacedScriptLetter(scalars[index]) {
                flushUnknown(index)
                pieces.append(index..<end)
                index = end
                continue
            }
            // Katakana writes a loanword's letters together: a name that
            // starts right after unknown katakana is inside that word
            // (`トル`, the torr, in `ペットボトル`), no word of its own.
            let insideWord = unknown != nil && Self.isKatakana(scalars[index - 1]) && Self.isKatakana(scalars[index])
            let length = insideWord
                ? 0 : try longestKnown(scalars[index..<end], in: phrase, words: words, languages: languages, keyPrefix: keyPrefix, work: &work)
            if length > 0 {
                flushUnknown(index)
                pieces.append(index..<(index + length))
                index += length
            } else {
                if unknown == nil { unknown = index }
                index += 1
            }
        }
        flushUnknown(range.upperBound)
        return (pieces, sawUnknown)
    }

    /// The length, in scalars, of the longest unit name or phrase word that
    /// `run` starts with; 0 when none does. Names are found by growing the
    /// prefix while some name starts with it (`namePrefixExists`), then the
    /// longest that is a name.
    private func longestKnown(
        _ run: ArraySlice<Unicode.Scalar>, in phrase: Phrase, words: NumberWords, languages: [String], keyPrefix: String,
        work: inout Int
    ) throws(UnitDatabaseError) -> Int {
        func text(_ length: Int) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: run.prefix(length))
            return String(view)
        }
        var best = 0
        for length in stride(from: min(words.longestWord, run.count), through: 1, by: -1) {
            work += 1
            // An attached word alone (the article `ال`) is cut only by `attachedPieces`.
            if words.meanings(folded: TextFolding.fold(text(length))).contains(where: { $0.kind != .attached }) {
                best = length
                break
            }
        }
        var starts = 0
        while starts < min(run.count, Self.longestUnspacedName) {
            work += 1
            guard try namePrefixExists(TextFolding.fold(text(starts + 1))) else { break }
            starts += 1
        }
        var length = starts
        while length > best {
            work += 1
            let written = text(length)
            if try !database.candidates(for: written, folded: TextFolding.fold(written), preferring: languages, keyPrefix: keyPrefix).units.isEmpty {
                return length
            }
            length -= 1
        }
        return best
    }

    /// A katakana letter or its prolonged sound mark (U+30A1–U+30FA, U+30FC).
    static func isKatakana(_ scalar: Unicode.Scalar) -> Bool {
        (0x30A1...0x30FA).contains(scalar.value) || scalar.value == 0x30FC
    }

    /// Whether some name or symbol, in any language, starts with `folded`
    /// (the prefix of a word written without spaces). Kept in the object
    /// cache beside `nameStarts(with:)`, under a key that starts with U+0001,
    /// which no name holds.
    func namePrefixExists(_ folded: String) throws(UnitDatabaseError) -> Bool {
        // U+10FFFF sorts after every scalar in UTF-8: the names from
        // `folded` up to it are those that start with it.
        try database.nameExists(from: folded, before: folded + "\u{10FFFF}", cacheKey: ByteString("\u{1}" + folded))
    }

    /// Whether a word holds a letter of a script written without case, the
    /// scripts of languages written without spaces among them (Unicode
    /// general category Lo); not the ordinal indicators of Latin-1 (`ª`,
    /// `º`, often typed for `°`: `20ºC`). ASCII and Cyrillic, which hold
    /// none, skip Unicode's tables.
    static func holdsUnspacedLetter(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.contains { scalar in
            switch scalar.value {
            case 0..<0x100, 0x400..<0x530: false
            default: scalar.properties.generalCategory == .otherLetter
            }
        }
    }

    /// A scalar of a run that is cut by longest match: a letter without
    /// case, a modifier letter (`ー` in `メートル`, `々`), or a mark on one.
    static func isUnspacedScalar(_ scalar: Unicode.Scalar) -> Bool {
        // Latin-1 and Cyrillic (but its combining marks, U+0483–U+0487)
        // skip Unicode's tables.
        switch scalar.value {
        case 0..<0x100, 0x400..<0x483, 0x488..<0x530: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }
}
