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
    /// (`nearest`: "did you mean ..."). The search's own failures (a damaged pack) leave the
    /// answer as `parse` gives it.
    /// - Parameter languages: as `parse(_:languages:numbers:)` takes them:
    ///   nil for every language of the database, never empty.
    public func parse(_ text: String, languages: [String]? = nil, correctingWith search: SearchPack)
        throws(UnitDatabaseError) -> CorrectedPhraseResult
    {
        let languages = try askedLanguages(languages)
        let result = try parse(text, languages: languages)
        // Only a name no unit has is corrected: a phrase refused for another
        // reason (a bad expression, units that do not convert) is refused as
        // it was, with where and why, never read as something else in silence.
        guard case .notUnderstood(.noUnitNamed(let name, _)) = result, Self.phraseTooLong(text) == nil
        else { return CorrectedPhraseResult(result: result, corrections: []) }
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var corrections: [PhraseCorrection] = []
        var unknown: String?
        // A word written as an expression (`W/(m*K`) is read by the expression
        // grammar, whose errors say where: it is not corrected as a name.
        let operators = Set("/*^()·⋅".unicodeScalars)
        for (index, token) in tokens.enumerated()
        where token.unicodeScalars.contains(where: \.properties.isAlphabetic) && !token.unicodeScalars.contains(where: operators.contains) {
            guard let found = try? search.search(token, languages: languages, limit: 5) else { continue }
            if found.contains(where: { !$0.isCorrected }) { continue }
            if unknown == nil { unknown = token }
            guard let best = found.first(where: { $0.isCorrected && !$0.key.contains(" ") }) else { continue }
            tokens[index] = best.key
            corrections.append(PhraseCorrection(from: token, to: best.key))
        }
        // All corrections at once, else each alone: a number word or a marker
        // the search does not know may have been "corrected" too.
        if !corrections.isEmpty {
            let corrected = try parse(tokens.joined(separator: " "), languages: languages)
            if case .understood = corrected { return CorrectedPhraseResult(result: corrected, corrections: corrections) }
        }
        if corrections.count > 1 {
            let typed = text.split(whereSeparator: \.isWhitespace).map(String.init)
            for correction in corrections {
                let one = typed.map { $0 == correction.from ? correction.to : $0 }
                let corrected = try parse(one.joined(separator: " "), languages: languages)
                if case .understood = corrected { return CorrectedPhraseResult(result: corrected, corrections: [correction]) }
            }
        }
        guard let unknown else { return CorrectedPhraseResult(result: result, corrections: []) }
        let near = nearestNames(to: unknown, languages: languages, search: search)
        guard !near.isEmpty else { return CorrectedPhraseResult(result: result, corrections: []) }
        return CorrectedPhraseResult(result: .notUnderstood(reason: .noUnitNamed(name, nearest: near)), corrections: [])
    }

    /// Up to three keys near `word`: within two edits of it whatever its
    /// length, else those that start with its first letter.
    func nearestNames(to word: String, languages: [String], search: SearchPack) -> [String] {
        var names: [String] = []
        for match in (try? search.nearest(word, languages: languages, limit: 3)) ?? [] where !names.contains(match.key) {
            names.append(match.key)
        }
        if names.isEmpty {
            for match in (try? search.search(String(word.prefix(1)), languages: languages, limit: 3)) ?? []
            where !names.contains(match.key) {
                names.append(match.key)
            }
        }
        return names
    }
}
