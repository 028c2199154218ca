import UnitpackCore

/// The plural column of `cases.tsv` and `patterns.tsv`: one of the
/// language's plural categories (any of CLDR's when its rules did not read).
enum PluralColumn {
    /// The category `field` names, or nil after reporting it under `code`.
    static func parse(
        _ field: TSVLine.Field, language: String, plurals: [PluralCategory]?, code: DiagnosticCode,
        diagnostics: inout [Diagnostic]
    ) -> PluralCategory? {
        if let plural = PluralCategory(rawValue: field.text), plurals?.contains(plural) ?? true { return plural }
        let known = (plurals ?? PluralCategory.allCases).map(\.rawValue).joined(separator: ", ")
        diagnostics.append(
            Diagnostic(
                code, "'\(field.text)' is not a plural category of '\(language)'", at: field.location,
                hint: "the plural column is one of \(known) (plurals.txt)"))
        return nil
    }
}
