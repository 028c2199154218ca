import UnitpackCore

/// A row of `cases.tsv`: one grammatical case form of a unit's name.
public struct CaseFormRow: Sendable, Hashable {
    public var category: Located<String>
    public var unit: Located<String>
    /// A CLDR grammatical case (`locative`, `dative`).
    public var grammaticalCase: Located<String>
    /// The plural category whose form this is a case of.
    public var plural: Located<PluralCategory>
    public var form: Located<String>
    public var location: SourceLocation
}

/// Parses `locales/<lang>/cases.tsv`: `category  unit  case  plural  form`.
/// The cases are CLDR's names; what each means is the language's business,
/// so the parser only refuses names CLDR does not have (a typo would
/// otherwise pass as a case of its own).
enum CaseFormParser {
    static let columns = ["category", "unit", "case", "plural", "form"]
    static let fileName = "cases.tsv"
    /// CLDR's grammatical cases, as the compound patterns name them too.
    static var cases: Set<String> { CompoundPatternText.cases }

    /// - Parameter plurals: the language's categories; nil when its rules did
    ///   not parse (then any category name is accepted).
    static func parse(
        _ lines: [TSVLine], language: String, plurals: [PluralCategory]?, diagnostics: inout [Diagnostic]
    ) -> [CaseFormRow] {
        var rows: [CaseFormRow] = []
        for line in lines {
            guard
                let f = line.filledColumns(
                    columns, code: .invalidCaseForm,
                    hint: "a row is category, unit, case, plural category and form: length  meter  locative  many  метрах",
                    diagnostics: &diagnostics)
            else { continue }
            guard cases.contains(f[2].text) else {
                var hint = "a case is one of CLDR's: " + cases.sorted().joined(separator: ", ")
                if let close = Suggestion.closest(to: f[2].text, among: cases.sorted()) { hint = "did you mean '\(close)'?" }
                diagnostics.append(
                    Diagnostic(.invalidCaseForm, "unknown grammatical case '\(f[2].text)'", at: f[2].location, hint: hint))
                continue
            }
            guard
                let plural = PluralColumn.parse(
                    f[3], language: language, plurals: plurals, code: .invalidCaseForm, diagnostics: &diagnostics)
            else { continue }
            rows.append(
                CaseFormRow(
                    category: Located(f[0].text, at: f[0].location), unit: Located(f[1].text, at: f[1].location),
                    grammaticalCase: Located(f[2].text, at: f[2].location), plural: Located(plural, at: f[3].location),
                    form: Located(f[4].text, at: f[4].location), location: line.location))
        }
        return rows
    }
}
