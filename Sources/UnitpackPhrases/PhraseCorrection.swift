import UnitpackSearch
import UnitpackCore
import UnitpackDatabase

/// A word of a phrase read as another (issue 23): `kilomters` as `kilometers`.
public struct PhraseCorrection: Sendable, Hashable {
    /// The word as typed.
    public let from: String
    /// The search key it was read as (normalised: lower case).
    public let to: String

    /// A correction of the word `from` to the key `to`.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}

/// What `UnitDatabase.parse(_:languages:correctingWith:)` made of a phrase:
/// the result, and the words it corrected to get it (empty when the phrase
/// was read as typed).
public struct CorrectedPhraseResult: Sendable, Hashable {
    /// The phrase's readings, or why it was not understood.
    public var result: PhraseResult
    /// The words read as others, in the phrase's order; empty when none was.
    public var corrections: [PhraseCorrection]

    /// A result and the corrections that led to it.
    public init(result: PhraseResult, corrections: [PhraseCorrection]) {
        self.result = result
        self.corrections = corrections
    }
}

extension PhraseReader {
    /// `parse`, forgiving: when the phrase is not understood as typed, each
    /// word of it that the search pack finds nothing for as typed (no exact
    /// or prefix match) but corrects to a one-word key (the forgiving
    /// search, docs/pack-format.md) is replaced by that key, and the phrase
    /// read again; the corrections are returned when that is understood.
    /// Otherwise the first reason stands, and when it is a unit that does
    /// not exist (`.noUnitNamed`), it carries the nearest names the pack has
    /// (`nearest`: "did you mean ...").
    /// - Parameter languages: as `parse(_:languages:numbers:)` takes them:
    ///   nil for every language of the database, never empty.
    /// - Throws: `.database` with `parse`'s errors; `.search` when the pack
    ///   fails (a damaged shard): the phrase is then neither corrected nor
    ///   its guesses checked, so no answer is given.
    public func parse(_ text: String, languages: [String]? = nil, correctingWith search: SearchPack)
        throws(CorrectedParseError) -> CorrectedPhraseResult
    {
        let languages = try Self.database { () throws(UnitDatabaseError) in try askedLanguages(languages) }
        let result = try Self.database { () throws(UnitDatabaseError) in try parse(text, languages: languages) }
        if case .understood(let readings) = result {
            // An ending cut is a guess: refused when the word is as close to
            // another unit's name (`poundl`: pound, or poundal?).
            if let unsure = try unsureCut(readings, languages: languages, search: search) {
                return CorrectedPhraseResult(result: .notUnderstood(reason: unsure), corrections: [])
            }
            // A word left out as context that is a unit's name typed wrong
            // (`100 grados farenheit a centigrados`: `farenheit` left out, and
            // `centigrados` then read as centi-gon) is that name: the phrase is
            // read corrected when the corrected word then reads as a unit (not
            // left out again). Only a word of five letters or more, corrected
            // surely (no other unit's name as close): a short word of context
            // is near many symbols (`tire`, `sacs`).
            let leftOut = Set(readings[0].guesses.filter { $0.kind == .context }.flatMap { guess in
                guess.word.split(whereSeparator: \.isWhitespace).map { Self.trimmingPunctuation(String($0)) }
            }.filter { $0.unicodeScalars.count >= Self.shortestContextCorrection })
            if !leftOut.isEmpty, Self.phraseTooLong(text) == nil {
                let (tokens, corrections, unsure, _) = try typos(in: text, only: leftOut, languages: languages, search: search)
                if !corrections.isEmpty, !corrections.contains(where: { unsure[$0.to] != nil }) {
                    let corrected = try Self.database { () throws(UnitDatabaseError) in try parse(tokens.joined(separator: " "), languages: languages) }
                    if case .understood(let read) = Self.askingSomething(corrected, corrections, unsure),
                        let first = read.first,
                        !first.guesses.contains(where: { guess in
                            guess.kind == .context
                                && corrections.contains { correction in
                                    guess.word.split(whereSeparator: \.isWhitespace).contains { Self.trimmingPunctuation(String($0)) == correction.to }
                                }
                        })
                    {
                        return guessed(.understood(read), corrections, unsure)
                    }
                }
            }
            return CorrectedPhraseResult(result: result, corrections: [])
        }
        // Only a name no unit has is corrected: a phrase refused for another
        // reason (a bad expression, units that do not convert) is refused as
        // it was, with where and why, never read as something else in silence.
        guard case .notUnderstood(.noUnitNamed(let name, _)) = result, Self.phraseTooLong(text) == nil
        else { return CorrectedPhraseResult(result: result, corrections: []) }
        let (tokens, corrections, unsure, unknown) = try typos(in: text, only: nil, languages: languages, search: search)
        // All corrections at once, else each alone: a number word or a marker
        // the search does not know may have been "corrected" too.
        if !corrections.isEmpty {
            let corrected = try Self.database { () throws(UnitDatabaseError) in try parse(tokens.joined(separator: " "), languages: languages) }
            if let read = Self.askingSomething(corrected, corrections, unsure) { return guessed(read, corrections, unsure) }
        }
        if corrections.count > 1 {
            let typed = text.split(whereSeparator: \.isWhitespace).map(String.init)
            for correction in corrections {
                let one = typed.map { word in
                    let bare = Self.trimmingPunctuation(word)
                    return bare == correction.from ? correction.to + word.dropFirst(bare.count) : word
                }
                let corrected = try Self.database { () throws(UnitDatabaseError) in try parse(one.joined(separator: " "), languages: languages) }
                if let read = Self.askingSomething(corrected, [correction], unsure) { return guessed(read, [correction], unsure) }
            }
        }
        guard let unknown else { return CorrectedPhraseResult(result: result, corrections: []) }
        let near = try nearestNames(to: unknown, languages: languages, search: search)
        guard !near.isEmpty else { return CorrectedPhraseResult(result: result, corrections: []) }
        return CorrectedPhraseResult(result: .notUnderstood(reason: .noUnitNamed(name, nearest: near)), corrections: [])
    }

    /// The words of `text` (only those of `only`, when given) that the search
    /// pack finds nothing for as typed but corrects to a one-word key within
    /// `Suggestion`'s edits: the text's words with them replaced, the
    /// corrections, those as close to another unit's name, and the first word
    /// found nothing for.
    private func typos(in text: String, only: Set<String>?, languages: [String], search: SearchPack) throws(CorrectedParseError)
        -> (tokens: [String], corrections: [PhraseCorrection], unsure: [String: PhraseProblem], unknown: String?)
    {
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        // A word of the asked languages' phrases is no typo (`oro`, gold, is
        // not `ora`, the Italian hour): it is never corrected.
        let phraseWords = try Self.database { () throws(UnitDatabaseError) in try database.phraseWords(languages) }
        var corrections: [PhraseCorrection] = []
        var unsure: [String: PhraseProblem] = [:]
        var unknown: String?
        // A word written as an expression (`W/(m*K`) is read by the expression
        // grammar, whose errors say where: it is not corrected as a name.
        let operators = Set("/*^()·⋅".unicodeScalars)
        for (index, token) in tokens.enumerated()
        where token.unicodeScalars.contains(where: \.properties.isAlphabetic) && !token.unicodeScalars.contains(where: operators.contains)
            && only.map({ $0.contains(Self.trimmingPunctuation(token)) }) ?? true
        {
            if phraseWords.isPhraseWord(folded: Self.trimmingPunctuation(TextFolding.fold(token))) { continue }
            // The sentence's punctuation is no part of the word (`°C,` is no
            // typo of `°c`): the word is searched without it, and keeps it.
            let punctuation = String(token.unicodeScalars.suffix(token.unicodeScalars.count - Self.trimmingPunctuation(token).unicodeScalars.count))
            let token = Self.trimmingPunctuation(token)
            guard !token.isEmpty,
                let found = try Self.searched({ () throws(SearchPackError) in try search.search(token, languages: languages, limit: 5) })
            else { continue }
            if found.contains(where: { !$0.isCorrected }) { continue }
            if unknown == nil { unknown = token }
            // Whole names within the edits `Suggestion` allows (a prefix of a
            // longer name, as the search also corrects, is no reading of a word).
            let limit = token.unicodeScalars.count <= 3 ? 1 : 2
            // The nearest names too: the search ranks by priority, and a name
            // as close (`pund`: pud, pound) may rank below its limit.
            let near = try Self.searched { () throws(SearchPackError) in try search.nearest(token, languages: languages, limit: 12) } ?? []
            let words = (found + near).compactMap { match -> (match: SearchMatch, edits: Int)? in
                guard match.isCorrected, !match.key.contains(" ") else { return nil }
                let edits = Suggestion.editDistance(token, match.key)
                return edits <= limit ? (match, edits) : nil
            }
            guard let (best, edits) = words.min(by: { $0.edits < $1.edits }) else { continue }
            // As close to a name of another unit: a guess between two units is no guess.
            var others: [String] = []
            for (match, distance) in words where distance <= edits && match.unit != best.unit && match.key != best.key {
                if !others.contains(match.key) { others.append(match.key) }
            }
            if !others.isEmpty { unsure[best.key] = .unsureGuess(word: token, guess: best.key, others: others) }
            tokens[index] = best.key + punctuation
            corrections.append(PhraseCorrection(from: token, to: best.key))
        }
        return (tokens, corrections, unsure, unknown)
    }

    /// The fewest letters of a word left out as context that is corrected to
    /// a unit's name (`farenheit`): shorter words of context are near too
    /// many symbols to be read as typos of one.
    static let shortestContextCorrection = 5

    /// The readings of a corrected phrase that ask something: a correction
    /// that makes the target the quantity's own unit (`1 akr w arach`:
    /// `arach` corrected to `akrach`, acres in acres) corrected the word
    /// that said what to convert to. Nil when none is left; the result as
    /// it is when a correction was unsure (`guessed` refuses it, saying so).
    static func askingSomething(_ result: PhraseResult, _ corrections: [PhraseCorrection], _ unsure: [String: PhraseProblem])
        -> PhraseResult?
    {
        guard case .understood(let readings) = result else { return nil }
        if corrections.contains(where: { unsure[$0.to] != nil }) { return result }
        let asking = readings.filter { $0.targets != [$0.from] }
        return asking.isEmpty ? nil : .understood(asking)
    }

    /// A result read with `corrections`: refused when one of them was unsure,
    /// else each reading carrying them as guesses.
    private func guessed(_ result: PhraseResult, _ corrections: [PhraseCorrection], _ unsure: [String: PhraseProblem])
        -> CorrectedPhraseResult
    {
        if let problem = corrections.lazy.compactMap({ unsure[$0.to] }).first {
            return CorrectedPhraseResult(result: .notUnderstood(reason: problem), corrections: [])
        }
        guard case .understood(let readings) = result else { return CorrectedPhraseResult(result: result, corrections: corrections) }
        let guesses = corrections.map { PhraseGuess(kind: .correction, word: $0.from, readAs: $0.to) }
        let marked = readings.map { reading in
            var reading = reading
            reading.guesses = guesses + reading.guesses
            return reading
        }
        return CorrectedPhraseResult(result: .understood(marked), corrections: corrections)
    }

    /// Why the first reading's ending cut is unsure: a name of a unit the
    /// reading does not hold is as near the word as the name it was read as
    /// (`inchs` is one edit from `inch`; a unit one edit away would be as near). Nil when no such name is.
    private func unsureCut(_ readings: [PhraseReading], languages: [String], search: SearchPack) throws(CorrectedParseError)
        -> PhraseProblem?
    {
        guard let reading = readings.first else { return nil }
        var held = Set((reading.parts.map(\.unit) + reading.targets + [reading.from]).map(\.id))
        // A difference is named by its scale's names (`różnica 15 stopni C w
        // fahrenheitach`: `fahrenheita` is no other unit than the one read).
        for unit in reading.parts.map(\.unit) + reading.targets + [reading.from] {
            if let scale = try Self.database({ () throws(UnitDatabaseError) in try database.absoluteUnit(ofDifference: unit) }) {
                held.insert(scale.id)
            }
        }
        for guess in reading.guesses where guess.kind == .cutEnding {
            let cut = Suggestion.editDistance(guess.word, guess.readAs)
            var others: [String] = []
            let near = try Self.searched { () throws(SearchPackError) in try search.nearest(guess.word, languages: languages, limit: 5) }
            for match in near ?? []
            where !held.contains(match.unit) && match.key != guess.readAs && !others.contains(match.key) && !match.key.contains(" ")
                && Suggestion.editDistance(guess.word, match.key) <= cut
            {
                others.append(match.key)
            }
            if !others.isEmpty { return .unsureGuess(word: guess.word, guess: guess.readAs, others: others) }
        }
        return nil
    }

    /// Up to three keys near `word`: within two edits of it whatever its
    /// length, else those that start with its first letter.
    func nearestNames(to word: String, languages: [String], search: SearchPack) throws(CorrectedParseError) -> [String] {
        var names: [String] = []
        let near = try Self.searched { () throws(SearchPackError) in try search.nearest(word, languages: languages, limit: 3) }
        for match in near ?? [] where !names.contains(match.key) {
            names.append(match.key)
        }
        if names.isEmpty {
            let starting = try Self.searched { () throws(SearchPackError) in
                try search.search(String(word.prefix(1)), languages: languages, limit: 3)
            }
            for match in starting ?? []
            where !names.contains(match.key) {
                names.append(match.key)
            }
        }
        return names
    }

    /// `body`'s database error as this parse's.
    private static func database<T>(_ body: () throws(UnitDatabaseError) -> T) throws(CorrectedParseError) -> T {
        do {
            return try body()
        } catch {
            throw .database(error)
        }
    }

    /// What the pack answers; nil for a word too long to search (it is not
    /// corrected); its damage thrown, never taken for "nothing found".
    private static func searched<T>(_ body: () throws(SearchPackError) -> T) throws(CorrectedParseError) -> T? {
        do {
            return try body()
        } catch .queryTooLong {
            return nil
        } catch {
            throw .search(error)
        }
    }
}
