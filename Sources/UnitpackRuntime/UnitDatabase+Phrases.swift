import Synchronization
import UnitpackCore
import UnitpackSQLite

/// One way to read a phrase: a value, its unit, and the unit to convert to
/// when the phrase names one.
public struct PhraseReading: Sendable {
    public var value: Double
    public var from: Unit
    public var to: Unit?
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
    /// футов`, `5'8"`. `languages` say whose number words, marker words and
    /// decimal separator count, the first preferred (a Russian phrase parses
    /// while the interface is English when both are given). Units are found
    /// by any of their names, forms, symbols and synonyms in any language.
    /// A marker such as `in` is a marker when a unit follows it, and the
    /// inch only when nothing does. `numbers` turns on `0x1F` and Roman
    /// numerals for front ends that want them.
    public func parse(_ text: String, languages: [String], numbers options: NumberReader.Options = [])
        throws(UnitDatabaseError) -> PhraseResult
    {
        let words = try phraseWords(languages)
        var decimal: Character = "."
        if let first = languages.first { decimal = try language(first).numbers.decimal.first ?? "." }
        let phrase = Phrase(text)
        guard !phrase.words.isEmpty else { return .notUnderstood(reason: "the phrase is empty") }

        let numbers = phrase.numbers(words: words, reader: NumberReader(decimalSeparator: decimal, options: options))
        guard !numbers.isEmpty else {
            return .notUnderstood(reason: "no number at the start of '\(text)'")
        }
        var readings: [PhraseReading] = []
        var failure: String?
        var memo: [String: Found?] = [:]
        for number in numbers {
            if let unit = number.unit {
                // 5'8": the unit came with the number.
                let rest = phrase.words(from: number.end)
                if rest.isEmpty {
                    for candidate in try candidates(for: unit, preferring: languages) { readings.append(PhraseReading(value: number.value, from: candidate, to: nil)) }
                    continue
                }
                guard rest.count >= 2, words.isMarker(phrase.text(rest[0])),
                    let target = try lookup(phrase.text(rest[1], rest.last!), languages: languages, stems: true, memo: &memo)
                else { continue }
                let sources = try candidates(for: unit, preferring: languages)
                for source in sources {
                    for to in target.units where to.category == source.category {
                        readings.append(PhraseReading(value: number.value, from: source, to: to))
                    }
                }
                continue
            }
            // Names as written first; case endings dropped only when they do not parse.
            var outcome = try units(after: number.end, in: phrase, words: words, languages: languages, stems: false, memo: &memo)
            if case .failure = outcome {
                outcome = try units(after: number.end, in: phrase, words: words, languages: languages, stems: true, memo: &memo)
            }
            switch outcome {
            case .success(let pairs):
                readings += pairs.map { PhraseReading(value: number.value, from: $0.from, to: $0.to) }
            case .failure(let reason):
                failure = failure ?? reason
            }
        }
        guard !readings.isEmpty else {
            return .notUnderstood(reason: failure ?? "no unit after the number in '\(text)'")
        }
        return .understood(readings)
    }

    /// The number words and markers of `languages`, loaded once per list.
    func phraseWords(_ languages: [String]) throws(UnitDatabaseError) -> NumberWords {
        let key = languages.joined(separator: ",")
        if let cached = phraseWordCache.withLock({ $0[key] }) { return cached }
        let entries = try withState { state throws(UnitDatabaseError) in
            try sqlite { () throws(SQLiteError) -> [(word: String, meaning: NumberWords.Meaning)] in
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
        }
        let words = NumberWords(entries)
        phraseWordCache.withLock { cache in
            // A handful of language lists in practice; a front end asking for
            // many different ones should not grow this without bound.
            if cache.count >= 8 { cache.removeAll() }
            cache[key] = words
        }
        return words
    }

    enum UnitsAfterNumber {
        case success([(from: Unit, to: Unit?)])
        case failure(String)
    }

    /// The unit after the number, then nothing, or a marker and a unit, or a
    /// unit: the widest first unit that lets the rest parse wins.
    func units(
        after position: Int, in phrase: Phrase, words: NumberWords, languages: [String], stems: Bool,
        memo: inout [String: Found?]
    ) throws(UnitDatabaseError) -> UnitsAfterNumber {
        let rest = phrase.words(from: position)
        guard !rest.isEmpty else { return .failure("no unit after the number") }
        for count in stride(from: min(rest.count, Self.longestUnitName), through: 1, by: -1) {
            guard let source = try lookup(phrase.text(rest[0], rest[count - 1]), languages: languages, stems: stems, memo: &memo)
            else { continue }
            let after = Array(rest[count...])
            if after.isEmpty {
                return .success(source.units.map { ($0, nil) })
            }
            var targetWords = after
            if words.isMarker(phrase.text(after[0])) {
                guard after.count > 1 else { continue }
                targetWords = Array(after.dropFirst())
            }
            guard let target = try lookup(phrase.text(targetWords[0], targetWords.last!), languages: languages, stems: stems, memo: &memo)
            else { continue }
            let pairs = source.units.flatMap { from in target.units.filter { $0.category == from.category }.map { (from, Optional($0)) } }
            if pairs.isEmpty {
                let from = source.units[0], to = target.units[0]
                return .failure("\(from.name) (\(from.category)) cannot be converted to \(to.name) (\(to.category))")
            }
            return .success(pairs)
        }
        return .failure("no unit named '\(phrase.text(rest[0], rest.last!))'")
    }

    /// Unit names run to a few words (`pound-force per square inch`, `метр водяного столба`).
    static let longestUnitName = 6

    struct Found {
        var units: [Unit]
        var exact: Bool
    }

    /// The units a span of the phrase names: as written, without trailing
    /// punctuation, with `^2` as `²`; with `stems`, else with a case ending
    /// dropped from one word (`в метрах` -> `метра`), which only counts when
    /// that makes a name the database has. `memo` keeps the answers of one
    /// parse: the same span is asked about for each reading of the number.
    func lookup(_ text: String, languages: [String], stems: Bool, memo: inout [String: Found?]) throws(UnitDatabaseError)
        -> Found?
    {
        let key = (stems ? "1" : "0") + text
        if let known = memo[key] { return known }
        let found = try lookupUncached(text, languages: languages, stems: stems)
        memo[key] = found
        return found
    }

    private func lookupUncached(_ text: String, languages: [String], stems: Bool) throws(UnitDatabaseError) -> Found? {
        var trimmed = text
        while let last = trimmed.last, ["?", "!", ".", ","].contains(last) { trimmed.removeLast() }
        // As written first: some symbols end in a dot (`мм рт. ст.`, `л. с.`).
        var variants: [String] = []
        // `replacing` is slow (string processing): only when there is a `^`.
        let powers = trimmed.contains("^") ? trimmed.replacing("^2", with: "²").replacing("^3", with: "³") : trimmed
        for variant in [text, trimmed, powers] where !variant.isEmpty && !variants.contains(variant) {
            variants.append(variant)
        }
        for variant in variants {
            let found = try candidates(for: variant, preferring: languages)
            if !found.isEmpty { return Found(units: found, exact: true) }
        }
        guard stems else { return nil }
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count <= 3 else { return nil }
        for index in words.indices.reversed() {
            let word = words[index]
            for drop in 1...2 where word.count - drop >= 3 && word.last!.isLetter {
                var stemmed = words
                stemmed[index] = String(word.dropLast(drop))
                let found = try candidates(for: stemmed.joined(separator: " "), preferring: languages)
                if !found.isEmpty { return Found(units: found, exact: false) }
            }
        }
        return nil
    }
}

/// A phrase cut into words (by white space), kept as Unicode scalars so that
/// a number read from the middle of a word (`5km`) leaves the rest as a word.
struct Phrase {
    let original: String
    let scalars: [Unicode.Scalar]
    /// Scalar ranges of the words.
    let words: [Range<Int>]

    init(_ text: String) {
        original = text
        scalars = Array(text.unicodeScalars)
        var words: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isWhitespace {
                if let begin = start { words.append(begin..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begin = start { words.append(begin..<scalars.count) }
        self.words = words
    }

    func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }

    /// From the start of `first` to the end of `last`, spaces as one.
    func text(_ first: Range<Int>, _ last: Range<Int>) -> String {
        var text = String.UnicodeScalarView()
        var space = false
        for scalar in scalars[first.lowerBound..<last.upperBound] {
            if scalar.properties.isWhitespace {
                space = true
                continue
            }
            if space { text.append(" ") }
            space = false
            text.append(scalar)
        }
        return String(text)
    }

    /// The words from scalar `position` on; a word cut by it starts there.
    func words(from position: Int) -> [Range<Int>] {
        words.compactMap { word in
            if word.lowerBound >= position { return word }
            if word.upperBound > position { return position..<word.upperBound }
            return nil
        }
    }

    struct Number {
        var value: Double
        /// The scalar where the number ends.
        var end: Int
        /// Set when the number carries its unit (`5'8"`: feet).
        var unit: String?
    }

    /// The ways to read a number at the start, best first: feet and inches,
    /// digits (with a scale word after them: `2 тысячи`), number words
    /// (the widest run that makes a number), `a`/`an` before a unit.
    func numbers(words dictionary: NumberWords, reader: NumberReader) -> [Number] {
        if let feet = feetAndInches() { return [feet] }
        var found: [Number] = []
        for reading in reader.readings(Substring(original)) {
            var number = Number(value: reading.value, end: reading.length)
            // 1.5 million, 2 тысячи, 3 dozen.
            if let next = self.words(from: reading.length).first, next.lowerBound > reading.length,
                let scale = dictionary.meanings(of: self.text(next)).first(where: { $0.kind == .scale || $0.kind == .multiplier })
            {
                number = Number(value: reading.value * scale.value, end: next.upperBound)
            }
            found.append(number)
        }
        if !found.isEmpty { return found }

        // Number words: split at hyphens (thirty-four), widest run first.
        var parts: [(text: String, end: Int)] = []
        for word in words {
            let pieces = text(word).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard pieces.allSatisfy({ !$0.isEmpty && dictionary.isNumberWord($0) }) else { break }
            for piece in pieces { parts.append((piece, word.upperBound)) }
        }
        for count in stride(from: parts.count, through: 1, by: -1) {
            if let value = dictionary.value(of: parts.prefix(count).map(\.text)) {
                // A run that ends inside a hyphenated word leaves no clean rest.
                let end = parts[count - 1].end
                if count < parts.count && parts[count].end == end { continue }
                return [Number(value: value, end: end)]
            }
        }
        // `a mile`, `an inch`: the article alone is one.
        if let first = words.first, dictionary.meanings(of: text(first)).contains(where: { $0.kind == .article }) {
            return [Number(value: 1, end: first.upperBound)]
        }
        return []
    }

    /// `5'8"`, `5' 8"`, `5′8″`, `5 ' 8.5 "`: feet and inches as feet.
    func feetAndInches() -> Number? {
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 } }
        func integer() -> Double? {
            var digits = ""
            while index < scalars.count, let digit = NumberReader.digit(scalars[index]) {
                digits.append(Character(Unicode.Scalar(UInt8(48 + digit))))
                index += 1
            }
            if index < scalars.count, scalars[index] == ".", index + 1 < scalars.count,
                NumberReader.digit(scalars[index + 1]) != nil
            {
                digits.append(".")
                index += 1
                while index < scalars.count, let digit = NumberReader.digit(scalars[index]) {
                    digits.append(Character(Unicode.Scalar(UInt8(48 + digit))))
                    index += 1
                }
            }
            return Double(digits)
        }
        guard let feet = integer() else { return nil }
        skipSpaces()
        guard index < scalars.count, ["'", "′", "’"].contains(scalars[index]) else { return nil }
        index += 1
        skipSpaces()
        guard let inches = integer() else { return nil }
        skipSpaces()
        guard index < scalars.count, ["\"", "″", "”"].contains(scalars[index]) else { return nil }
        index += 1
        guard inches < 12 else { return nil }
        return Number(value: feet + inches / 12, end: index, unit: "foot")
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
