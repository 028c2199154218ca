import UnitpackCore

/// `locales/<lang>/keyboard.tsv` and `transliteration.tsv`: the data the
/// search uses to read a query typed with a slip of the finger, in the wrong
/// layout or in Latin letters (issue 23; docs/source-format.md).
public struct QueryRewriteSource: Sendable, Hashable {
    /// The letter rows of the language's usual keyboard, top to bottom, each
    /// left to right without Shift (punctuation keys included, so that a
    /// column is the same physical key in every language's rows).
    public var keyboardRows: [Located<String>] = []
    /// Latin sequence -> the language's letters (`shch` -> `щ`), as people
    /// write the language in Latin letters.
    public var transliteration: [TransliterationPair] = []
}

public struct TransliterationPair: Sendable, Hashable {
    public var latin: Located<String>
    public var native: Located<String>
}

enum QueryRewriteParser {
    static let keyboardFile = "keyboard.tsv"
    static let transliterationFile = "transliteration.tsv"
    /// A keyboard has at most this many rows of letters.
    static let maxRows = 5

    /// One column, one row of keys a line, at most `maxRows` lines; keys
    /// folded (lower case, NFC), no white space, no key twice in the file.
    static func parseKeyboard(_ lines: [TSVLine], diagnostics: inout [Diagnostic]) -> [Located<String>] {
        var rows: [Located<String>] = []
        var seen: [Unicode.Scalar: SourceLocation] = [:]
        for line in lines {
            guard let field = line.columns(["keys"], diagnostics: &diagnostics)?[0] else { continue }
            let text = field.text
            guard rows.count < maxRows else {
                diagnostics.append(
                    Diagnostic(.invalidKeyboardRow, "more than \(maxRows) rows of keys", at: field.location,
                               hint: "a line is one row of the keyboard's letter keys, top to bottom"))
                continue
            }
            guard !text.isEmpty, !text.unicodeScalars.contains(where: \.properties.isWhitespace) else {
                diagnostics.append(
                    Diagnostic(.invalidKeyboardRow, text.isEmpty ? "an empty row" : "a row of keys contains white space",
                               at: field.location, hint: "write the row's keys side by side, left to right: qwertyuiop[]"))
                continue
            }
            guard TextFolding.fold(text) == text else {
                diagnostics.append(
                    Diagnostic(.invalidKeyboardRow, "'\(text)' is not in lower case (NFC)", at: field.location,
                               hint: "write the keys as typed without Shift"))
                continue
            }
            var repeated: Unicode.Scalar?
            for scalar in text.unicodeScalars {
                if seen[scalar] != nil { repeated = scalar; break }
                seen[scalar] = field.location
            }
            if let repeated {
                diagnostics.append(
                    Diagnostic(.invalidKeyboardRow, "the key '\(repeated)' is given twice", at: field.location,
                               hint: "each key once, in the row where it is"))
                continue
            }
            rows.append(Located(text, at: field.location))
        }
        return rows
    }

    /// Two columns, `latin  native`: a Latin sequence of lower-case ASCII
    /// letters and apostrophes, and what it stands for (folded); a Latin
    /// sequence at most once.
    static func parseTransliteration(_ lines: [TSVLine], diagnostics: inout [Diagnostic]) -> [TransliterationPair] {
        var pairs: [TransliterationPair] = []
        var seen: [String: SourceLocation] = [:]
        for line in lines {
            guard let fields = line.columns(["latin", "native"], diagnostics: &diagnostics) else { continue }
            let (latin, native) = (fields[0], fields[1])
            guard !latin.text.isEmpty, latin.text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "'" }) else {
                diagnostics.append(
                    Diagnostic(.invalidTransliteration, "'\(latin.text)' is not lower-case Latin letters", at: latin.location,
                               hint: "the first column is what is typed in Latin letters: shch, ya, '"))
                continue
            }
            guard !native.text.isEmpty, TextFolding.fold(native.text) == native.text,
                  !native.text.unicodeScalars.contains(where: \.properties.isWhitespace) else {
                diagnostics.append(
                    Diagnostic(.invalidTransliteration, "'\(native.text)' is empty, spaced or not in lower case",
                               at: native.location, hint: "the second column is the language's letters it stands for: щ"))
                continue
            }
            if let first = seen[latin.text] {
                diagnostics.append(
                    Diagnostic(.invalidTransliteration, "'\(latin.text)' is given twice", at: latin.location,
                               notes: [.init("first given here", at: first)], hint: "keep one row for each Latin sequence"))
                continue
            }
            seen[latin.text] = latin.location
            pairs.append(TransliterationPair(latin: Located(latin.text, at: latin.location), native: Located(native.text, at: native.location)))
        }
        return pairs
    }
}
