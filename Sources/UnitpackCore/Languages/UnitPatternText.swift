/// The text of a unit pattern (`patterns.tsv`, `language.tsv`'s
/// `long-pattern` and `short-pattern`): CLDR's `{0}` for the number, and in a
/// language's default pattern `{1}` for the word. One definition for the
/// source parser, the database reader and the review tools.
public enum UnitPatternText {
    /// What is wrong with a unit's pattern: nil when it has `{0}` at most once
    /// (none: CLDR writes the word alone, Arabic `متر` for one metre), no
    /// other placeholder, and words beside it.
    public static func problemOfUnitPattern(_ pattern: String) -> String? {
        let zero = occurrences(of: "{0}", in: pattern)
        if zero > 1 { return "'{0}' appears \(zero) times; a pattern has the number once, or not at all" }
        if occurrences(of: "{1}", in: pattern) > 0 { return "'{1}' is for language.tsv's default patterns; write the unit's word" }
        if pattern.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) || pattern == "{0}" {
            return "the pattern has no word"
        }
        return nil
    }

    /// What is wrong with a default pattern: nil when it has `{0}` and `{1}` once each.
    public static func problemOfDefaultPattern(_ pattern: String) -> String? {
        for placeholder in ["{0}", "{1}"] where occurrences(of: placeholder, in: pattern) != 1 {
            return "a default pattern has \(placeholder) exactly once (the number and the word: {0} {1})"
        }
        return nil
    }

    /// A character a file must write as `\u{…}` so that a diff shows it: a
    /// space other than U+0020 (U+00A0, U+202F) and the invisible format
    /// characters (direction marks such as U+200E, U+061C).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return false }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
    }

    /// `text` with every `\u{HEX}` replaced by its scalar (TextEscaping's
    /// notation, read back); nil when an escape does not read (the message).
    public static func unescaped(_ text: String) -> (text: String?, problem: String?) {
        guard TextSearch.contains("\\u{", in: text) else { return (text, nil) }
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            if first == "\\", scalars.dropFirst().starts(with: "u{".unicodeScalars) {
                let rest = scalars.dropFirst(3)
                guard let close = rest.firstIndex(of: "}"), (1...6).contains(rest.distance(from: rest.startIndex, to: close)),
                    let value = UInt32(String(String.UnicodeScalarView(rest[..<close])), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return (nil, "invalid escape in '\(text)': write \\u{ and 1 to 6 hex digits of a scalar, e.g. \\u{A0}") }
                result.unicodeScalars.append(scalar)
                scalars = rest[rest.index(after: close)...]
            } else {
                result.unicodeScalars.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return (result, nil)
    }

    static func occurrences(of placeholder: String, in text: String) -> Int {
        let bytes = Array(text.utf8)
        let target = Array(placeholder.utf8)
        guard bytes.count >= target.count else { return 0 }
        var count = 0
        for start in 0...(bytes.count - target.count) where bytes[start..<(start + target.count)].elementsEqual(target) {
            count += 1
        }
        return count
    }
}
