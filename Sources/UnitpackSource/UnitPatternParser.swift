import UnitpackCore

/// A row of `patterns.tsv`: CLDR's pattern of one length and plural form of
/// a unit, where it is not the language's default pattern with the word.
public struct UnitPatternRow: Sendable, Hashable {
    public var category: Located<String>
    public var unit: Located<String>
    /// `short` (symbols) or `long` (words).
    public var isShort: Located<Bool>
    public var plural: Located<PluralCategory>
    /// With its `\u{…}` escapes read: `{0}` + U+00A0 + `mètres`.
    public var pattern: Located<String>
    public var location: SourceLocation
}

/// Parses `locales/<lang>/patterns.tsv`: `category  unit  length  plural  pattern`.
/// A pattern has `{0}` once, or not at all where CLDR writes the word alone
/// (Arabic `متر`); a space other than U+0020 and the invisible direction
/// marks are written `\u{A0}`, `\u{200F}` (TextEscaping's notation), so that
/// a diff shows them: written raw they are refused.
enum UnitPatternParser {
    static let columns = ["category", "unit", "length", "plural", "pattern"]
    static let fileName = "patterns.tsv"

    static func parse(
        _ lines: [TSVLine], language: String, plurals: [PluralCategory]?, diagnostics: inout [Diagnostic]
    ) -> [UnitPatternRow] {
        var rows: [UnitPatternRow] = []
        var given: [String: SourceLocation] = [:]
        for line in lines {
            guard
                let f = line.filledColumns(
                    columns, code: .invalidUnitPattern,
                    hint: "a row is category, unit, length, plural category and pattern: speed  kilometer per hour  long  other  時速 {0} キロメートル",
                    diagnostics: &diagnostics)
            else { continue }
            guard f[2].text == "long" || f[2].text == "short" else {
                diagnostics.append(
                    Diagnostic(.invalidUnitPattern, "unknown length '\(f[2].text)'", at: f[2].location,
                               hint: "'long' (the unit's words) or 'short' (its symbols)"))
                continue
            }
            guard
                let plural = PluralColumn.parse(
                    f[3], language: language, plurals: plurals, code: .invalidUnitPattern, diagnostics: &diagnostics)
            else { continue }
            guard let pattern = Self.pattern(f[4], diagnostics: &diagnostics) else { continue }
            if let problem = UnitPatternText.problemOfUnitPattern(pattern) {
                diagnostics.append(
                    Diagnostic(.invalidUnitPattern, problem, at: f[4].location,
                               hint: "CLDR's unitPattern: {0} where the number goes (5\\u{A0}mètres: {0}\\u{A0}mètres)"))
                continue
            }
            let key = [f[0].text, f[1].text, f[2].text, f[3].text].joined(separator: "\t")
            if let earlier = given[key] {
                diagnostics.append(
                    Diagnostic(
                        .invalidUnitPattern, "the \(f[2].text) \(f[3].text) pattern of '\(f[1].text)' is given twice",
                        at: line.location, notes: [.init("first given here", at: earlier)],
                        hint: "keep one row per unit, length and plural category"))
                continue
            }
            given[key] = line.location
            rows.append(
                UnitPatternRow(
                    category: Located(f[0].text, at: f[0].location), unit: Located(f[1].text, at: f[1].location),
                    isShort: Located(f[2].text == "short", at: f[2].location), plural: Located(plural, at: f[3].location),
                    pattern: Located(pattern, at: f[4].location), location: line.location))
        }
        return rows
    }

    /// A pattern's text with its escapes read, or nil (reported): a raw
    /// invisible character, an escape that does not read.
    static func pattern(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> String? {
        if let scalar = field.text.unicodeScalars.first(where: UnitPatternText.isInvisible) {
            diagnostics.append(
                Diagnostic(
                    .invalidUnitPattern, "an invisible character U+\(hex(scalar)) is written as itself",
                    at: field.location,
                    hint: "write it \\u{\(String(scalar.value, radix: 16, uppercase: true))}, so that a diff shows it"))
            return nil
        }
        let (text, problem) = UnitPatternText.unescaped(field.text)
        guard let text else {
            diagnostics.append(Diagnostic(.invalidUnitPattern, problem ?? "invalid escape", at: field.location))
            return nil
        }
        return text
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let text = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
