import Synchronization
import UnitpackCore
import UnitpackSQLite

/// One way to read a phrase: a value, its unit, and the unit to convert to
/// when the phrase names one.
public struct PhraseReading: Sendable {
    public var value: Double
    public var from: Unit
    public var to: Unit?
    /// The language of the unit names the phrase used (`фута`: ru), the
    /// first asked language that has them; nil when it used symbols of
    /// every language only (`5 km`). A front end can answer in it.
    public var language: String?
}

/// What `parse` made of a phrase.
public enum PhraseResult: Sendable {
    /// Every reading, the most likely first. More than one when the phrase is
    /// ambiguous (`1,234 m`: 1234 or 1.234; `5 cm`: a length or a typographic unit).
    case understood([PhraseReading])
    /// Why not: no number, no unit by that name, units that do not convert.
    case notUnderstood(reason: String)

    public var readings: [PhraseReading] {
        if case .understood(let readings) = self { return readings }
        return []
    }
}

extension UnitDatabase {
    /// Reads a typed, pasted or dictated phrase: a number (digits or words),
    /// its unit, and optionally a marker word and the unit to convert to:
    /// `27 psi in bar`, `thirty-four feet in meters`, `пятьсот квадратных
    /// футов`, `5'8"`; or the target first: `how many feet in a mile`,
    /// `в метрах 34 фута`, `сколько футов в метре` (a question without a
    /// number asks about one). `languages` say whose number, marker and
    /// filler words and decimal separator count, the first preferred (a
    /// Russian phrase parses while the interface is English when both are
    /// given). Units are found by any of their names, forms, symbols and
    /// synonyms in any language. A marker such as `in` is a marker when a
    /// unit follows it, and the inch only when nothing does. `numbers` turns
    /// on `0x1F` and Roman numerals for front ends that want them.
    public func parse(_ text: String, languages: [String], numbers options: NumberReader.Options = [])
        throws(UnitDatabaseError) -> PhraseResult
    {
        let words = try phraseWords(languages)
        var decimal: Character = "."
        if let first = languages.first { decimal = try language(first).numbers.decimal.first ?? "." }
        let phrase = Phrase(text)
        // `convert`, `how much is`, `сколько будет`.
        var start = 0
        while start < phrase.words.count, words.isFiller(folded: phrase.words[start].folded) { start += 1 }
        guard start < phrase.words.count else {
            return .notUnderstood(reason: phrase.words.isEmpty ? "the phrase is empty" : "no number in '\(text)'")
        }
        var reader = Reader(phrase: phrase, words: words, numbers: NumberReader(decimalSeparator: decimal, options: options), languages: languages)

        let numbers = reader.phrase.numbers(at: start, words: words, reader: reader.numbers)
        var (readings, failure) =
            numbers.isEmpty
            ? try targetFirst(from: start, askedBy: start > 0, &reader)
            : try numberFirst(numbers, &reader)
        // `how many are in a hectare`: the last filler may be the target (the are).
        if readings.isEmpty, numbers.isEmpty, start > 0 {
            let retried = try targetFirst(from: start - 1, askedBy: true, &reader).0
            if !retried.isEmpty { (readings, failure) = (retried, nil) }
        }
        guard !readings.isEmpty else {
            return .notUnderstood(reason: failure ?? "no unit after the number in '\(text)'")
        }
        return .understood(readings)
    }

    /// What one parse reads with, and what its lookups found so far.
    struct Reader {
        let phrase: Phrase
        let words: NumberWords
        let numbers: NumberReader
        let languages: [String]
        var memo = LookupMemo()
    }

    /// `27 psi in bar`: the number, its unit, then nothing, or a marker and
    /// the target, or the target.
    private func numberFirst(_ numbers: [Phrase.Number], _ reader: inout Reader) throws(UnitDatabaseError)
        -> ([PhraseReading], String?)
    {
        var readings: [PhraseReading] = []
        var failure: String?
        let languages = reader.languages
        for number in numbers {
            let rest = reader.phrase.words(from: number.end)
            if let unit = number.unit {
                // 5'8": the unit came with the number.
                if rest.isEmpty {
                    for candidate in try candidates(for: unit, preferring: languages) { readings.append(PhraseReading(value: number.value, from: candidate, to: nil, language: nil)) }
                    continue
                }
                guard rest.count >= 2, reader.words.isMarker(folded: rest[0].folded),
                    let target = try lookup(rest[1...], languages: languages, stems: true, memo: &reader.memo)
                else { continue }
                readings += pairs(number.value, Found(units: try candidates(for: unit, preferring: languages)), target)
                continue
            }
            // Names as written first; case endings dropped only when they do not parse.
            var outcome = try units(in: rest, words: reader.words, languages: languages, stems: false, memo: &reader.memo)
            if case .failure = outcome {
                outcome = try units(in: rest, words: reader.words, languages: languages, stems: true, memo: &reader.memo)
            }
            switch outcome {
            case .success(let pairs, let language):
                readings += pairs.map { PhraseReading(value: number.value, from: $0.from, to: $0.to, language: language) }
            case .failure(let reason):
                failure = failure ?? reason
            }
        }
        return (readings, failure)
    }

    /// `how many feet in a mile`, `в метрах 34 фута`: the target, markers or
    /// fillers, then the number and its unit, which end the phrase. Without
    /// a number, a question (`asked`: it opened with a filler) asks about
    /// one: `сколько футов в метре`.
    private func targetFirst(from start: Int, askedBy asked: Bool, _ reader: inout Reader) throws(UnitDatabaseError)
        -> ([PhraseReading], String?)
    {
        let phrase = reader.phrase
        let text = phrase.original
        for index in (start + 1)..<max(start + 1, phrase.words.count) {
            let numbers = phrase.numbers(at: index, words: reader.words, reader: reader.numbers)
            guard !numbers.isEmpty else { continue }
            guard let target = try target(phrase.words[start..<index], &reader) else {
                return ([], "no unit named '\(Phrase.joined(trimmed(phrase.words[start..<index], reader.words)).text)'")
            }
            var readings: [PhraseReading] = []
            for number in numbers {
                let rest = phrase.words(from: number.end)
                if let unit = number.unit {
                    if rest.isEmpty { readings += pairs(number.value, Found(units: try candidates(for: unit, preferring: reader.languages)), target) }
                    continue
                }
                guard !rest.isEmpty else { continue }
                // As written, else with a case ending dropped.
                guard let sources = try lookup(rest[...], languages: reader.languages, stems: true, memo: &reader.memo)
                else { continue }
                readings += pairs(number.value, sources, target)
            }
            return (readings, readings.isEmpty ? "no unit after the number in '\(text)'" : nil)
        }
        // A question without a number: the target, a marker, the unit of one.
        if asked {
            for index in (start + 1)..<max(start + 1, phrase.words.count - 1)
            where reader.words.isMarker(folded: phrase.words[index].folded) {
                guard let target = try target(phrase.words[start..<index], &reader) else { continue }
                let rest = phrase.words[(index + 1)...]
                guard let sources = try lookup(rest, languages: reader.languages, stems: true, memo: &reader.memo)
                else { continue }
                let readings = pairs(1, sources, target)
                if !readings.isEmpty { return (readings, nil) }
            }
        }
        return ([], "no number in '\(text)'")
    }

    /// The units a target named first is: its words without the markers and
    /// fillers around them, as written, else with a case ending dropped.
    private func target(_ words: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError) -> Found? {
        let span = trimmed(words, reader.words)
        // A lone marker is no target: `in 34 feet` is not a question about inches.
        guard let only = span.first, span.count > 1 || words.count > 1 || !reader.words.isMarker(folded: only.folded)
        else { return nil }
        return try lookup(span, languages: reader.languages, stems: true, memo: &reader.memo)
    }

    /// `words` without the markers and fillers around them (`в метрах`, `feet are in`).
    private func trimmed(_ words: ArraySlice<Phrase.Word>, _ dictionary: NumberWords) -> ArraySlice<Phrase.Word> {
        func isGlue(_ word: Phrase.Word) -> Bool {
            dictionary.isMarker(folded: word.folded) || dictionary.isFiller(folded: word.folded)
        }
        var span = words
        while span.count > 1, let last = span.last, isGlue(last) { span = span.dropLast() }
        // A word is kept: `how many in in a foot` asks about `in`, the inch.
        while span.count > 1, let first = span.first, isGlue(first) { span = span.dropFirst() }
        return span
    }

    /// Every reading of `value` from a source to a target of its category.
    private func pairs(_ value: Double, _ sources: Found, _ targets: Found) -> [PhraseReading] {
        let language = sources.language ?? targets.language
        return sources.units.flatMap { from in
            targets.units.filter { $0.category == from.category }.map {
                PhraseReading(value: value, from: from, to: $0, language: language)
            }
        }
    }

    /// The number words and markers of `languages`, kept in the object cache
    /// (within its budget) by language list.
    func phraseWords(_ languages: [String]) throws(UnitDatabaseError) -> NumberWords {
        let key = CachedKey.phraseWords(languages.joined(separator: ","))
        return try withState { state throws(UnitDatabaseError) in
            if case .phraseWords(let words)? = state.objects.value(for: key) { return words }
            let entries = try sqlite { () throws(SQLiteError) -> [(word: String, meaning: NumberWords.Meaning)] in
                let query = try state.connection.prepare("SELECT word, kind, value FROM phrase_words WHERE lang = ?")
                var entries: [(word: String, meaning: NumberWords.Meaning)] = []
                for language in languages {
                    try query.reset()
                    try query.bind(.text(language), at: 1)
                    while try query.step() {
                        guard let kind = PhraseWordKind(rawValue: query.text(at: 1) ?? "") else { continue }
                        entries.append((query.text(at: 0) ?? "", .init(kind: kind, value: query.isNull(at: 2) ? 0 : query.double(at: 2))))
                    }
                }
                return entries
            }
            let words = NumberWords(entries)
            state.objects.insert(.phraseWords(words), for: key, cost: ApproximateSize.of(words))
            return words
        }
    }

    enum UnitsAfterNumber {
        case success([(from: Unit, to: Unit?)], language: String?)
        case failure(String)
    }

    /// The unit after the number (`rest`: the words after it), then nothing,
    /// or a marker and a unit, or a unit: the widest first unit that lets the
    /// rest parse wins.
    func units(
        in rest: [Phrase.Word], words: NumberWords, languages: [String], stems: Bool, memo: inout LookupMemo
    ) throws(UnitDatabaseError) -> UnitsAfterNumber {
        guard !rest.isEmpty else { return .failure("no unit after the number") }
        for count in stride(from: min(rest.count, Self.longestUnitName), through: 1, by: -1) {
            guard let source = try lookup(rest[..<count], languages: languages, stems: stems, memo: &memo)
            else { continue }
            var target = rest[count...]
            if target.isEmpty {
                return .success(source.units.map { ($0, nil) }, language: source.language)
            }
            if words.isMarker(folded: target[target.startIndex].folded) {
                guard target.count > 1 else { continue }
                target = target.dropFirst()
            }
            guard let to = try lookup(target, languages: languages, stems: stems, memo: &memo) else { continue }
            let pairs = source.units.flatMap { from in to.units.filter { $0.category == from.category }.map { (from, Optional($0)) } }
            if pairs.isEmpty {
                let from = source.units[0], to = to.units[0]
                return .failure("\(from.name) (\(from.category)) cannot be converted to \(to.name) (\(to.category))")
            }
            return .success(pairs, language: source.language ?? to.language)
        }
        return .failure("no unit named '\(Phrase.joined(rest[...]).text)'")
    }

    /// Unit names run to a few words (`pound-force per square inch`, `метр водяного столба`).
    static let longestUnitName = 6

    /// The units a span names, and the language of the name.
    struct Found {
        var units: [Unit]
        var language: String? = nil
    }

    /// What the lookups of one parse found, by span: the same span is asked
    /// about for each reading of the number, and as written before stemmed.
    struct LookupMemo {
        var written: [Phrase.Span: Found?] = [:]
        var stemmed: [Phrase.Span: Found?] = [:]
    }

    /// The units a span of the phrase names: as written, without trailing
    /// punctuation, with `^2` as `²`; with `stems`, else with a case ending
    /// dropped from one word (`в метрах` -> `метра`), which only counts when
    /// that makes a name the database has.
    func lookup(_ span: ArraySlice<Phrase.Word>, languages: [String], stems: Bool, memo: inout LookupMemo)
        throws(UnitDatabaseError) -> Found?
    {
        let key = Phrase.Span(span)
        let written: Found?
        if let known = memo.written[key] {
            written = known
        } else {
            written = try lookupWritten(span, languages: languages)
            memo.written[key] = .some(written)
        }
        if written != nil || !stems { return written }
        if let known = memo.stemmed[key] { return known }
        let stemmed = try lookupStemmed(span, languages: languages)
        memo.stemmed[key] = .some(stemmed)
        return stemmed
    }

    private func lookupWritten(_ span: ArraySlice<Phrase.Word>, languages: [String]) throws(UnitDatabaseError) -> Found? {
        let (text, folded) = Phrase.joined(span)
        // As written first: some symbols end in a dot (`мм рт. ст.`, `л. с.`).
        var variants = [(text, folded)]
        var trimmed = (text, folded)
        if let last = text.unicodeScalars.last, Self.isPunctuation(last) {
            trimmed = (Self.trimmingPunctuation(text), Self.trimmingPunctuation(folded))
            if !trimmed.0.isEmpty { variants.append(trimmed) }
        }
        // `replacing` is slow (string processing): only when there is a `^`.
        if trimmed.0.utf8.contains(UInt8(ascii: "^")) {
            let powers = trimmed.0.replacing("^2", with: "²").replacing("^3", with: "³")
            if powers != trimmed.0 { variants.append((powers, TextFolding.fold(powers))) }
        }
        for (text, folded) in variants {
            let found = try candidates(for: text, folded: folded, preferring: languages)
            if !found.units.isEmpty { return Found(units: found.units, language: found.language) }
        }
        return nil
    }

    private func lookupStemmed(_ span: ArraySlice<Phrase.Word>, languages: [String]) throws(UnitDatabaseError) -> Found? {
        guard span.count <= 3 else { return nil }
        var texts = span.map(\.text)
        var folds = span.map(\.folded)
        texts[texts.count - 1] = Self.trimmingPunctuation(texts[texts.count - 1])
        folds[folds.count - 1] = Self.trimmingPunctuation(folds[folds.count - 1])
        for index in texts.indices.reversed() {
            let text = texts[index].unicodeScalars, folded = folds[index].unicodeScalars
            guard let last = folded.last, last.properties.isAlphabetic else { continue }
            for drop in 1...2 where folded.count - drop >= 3 {
                var stemmedTexts = texts, stemmedFolds = folds
                stemmedTexts[index] = String(text.dropLast(drop))
                stemmedFolds[index] = String(folded.dropLast(drop))
                let found = try candidates(
                    for: stemmedTexts.joined(separator: " "), folded: stemmedFolds.joined(separator: " "),
                    preferring: languages)
                if !found.units.isEmpty { return Found(units: found.units, language: found.language) }
            }
        }
        return nil
    }

    /// `text` without the sentence's punctuation at its end (`in meters?`, `in kilograms:`).
    static func trimmingPunctuation(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex, isPunctuation(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[..<end])
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "?" || scalar == "!" || scalar == "." || scalar == "," || scalar == ":" || scalar == ";"
    }
}

extension UnitDatabase {
    /// The languages that have number or marker words, by code.
    public func phraseLanguages() throws(UnitDatabaseError) -> [String] {
        try withState { state throws(UnitDatabaseError) in
            try sqlite { () throws(SQLiteError) -> [String] in
                let query = try state.connection.prepare("SELECT DISTINCT lang FROM phrase_words ORDER BY lang")
                var codes: [String] = []
                while try query.step() { codes.append(query.text(at: 0) ?? "") }
                return codes
            }
        }
    }
}
