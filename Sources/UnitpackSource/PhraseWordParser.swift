import UnitpackCore

/// A row of `words.tsv`: a word of the language's numbers or phrases.
public struct PhraseWordRow: Sendable, Hashable {
    public var word: Located<String>
    public var kind: Located<PhraseWordKind>
    public var value: Located<Double>?
    public var location: SourceLocation
}

/// Parses `locales/<lang>/words.tsv`: `word  kind  value`.
enum PhraseWordParser {
    static let columns = ["word", "kind", "value"]
    static let fileName = "words.tsv"

    static func parse(_ lines: [TSVLine], diagnostics: inout [Diagnostic]) -> [PhraseWordRow] {
        var rows: [PhraseWordRow] = []
        for line in lines {
            guard let f = line.columns(columns, diagnostics: &diagnostics) else { continue }
            guard let kind = PhraseWordKind(rawValue: f[1].text) else {
                let kinds = PhraseWordKind.allCases.map(\.rawValue).joined(separator: ", ")
                diagnostics.append(
                    Diagnostic(.invalidPhraseWord, "unknown kind '\(f[1].text)'", at: f[1].location, hint: "a kind is one of \(kinds)"))
                continue
            }
            // An expression's word may be several (`в квадрате`, `sq.`), and so
            // may a `minus` said after the number (`below zero`, `ниже нуля`):
            // each is matched whole, while numbers are read word by word; so
            // may a word of what is measured (`درجة الحرارة`, up to
            // `PhraseReader.longestContextWord` words).
            guard !f[0].text.isEmpty, kind.isExpressionWord || kind == .minus || kind == .context || !f[0].text.contains(" ") else {
                diagnostics.append(
                    Diagnostic(
                        .invalidPhraseWord, f[0].text.isEmpty ? "an empty word" : "'\(f[0].text)' is more than one word",
                        at: f[0].location, hint: "one word a row: a phrase's numbers are read word by word (twenty, four)"))
                continue
            }
            var value: Located<Double>?
            if kind.hasValue {
                guard let number = DecimalLiteral.parse(f[2].text), DatabaseSanity.isValidWordValue(number, kind: kind) else {
                    let isPower = kind == .powerBefore || kind == .powerAfter
                    diagnostics.append(
                        Diagnostic(
                            .invalidPhraseWord, "a \(kind.rawValue) needs a value, not '\(f[2].text)'", at: f[2].location,
                            hint: isPower ? "a power word's value is 2 or 3: square 2, cubic 3"
                                : "write the word's value as a decimal: four 4, hundred 100, half 0.5"))
                    continue
                }
                value = Located(number, at: f[2].location)
            } else if !f[2].text.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .invalidPhraseWord, "a \(kind.rawValue) has no value", at: f[2].location,
                        hint: "leave the value column empty for connectors, articles, partitives, classifiers, conjunctions, difference words, minus words, markers, fillers, attached words, per words and endings"))
                continue
            }
            rows.append(
                PhraseWordRow(
                    word: Located(f[0].text, at: f[0].location), kind: Located(kind, at: f[1].location), value: value,
                    location: line.location))
        }
        return rows
    }
}
