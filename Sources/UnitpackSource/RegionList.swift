import UnitpackCore

/// A column of region codes separated by one space (`clusters.tsv`'s
/// regions, `relations.tsv`'s `regional` rows; the languages of its
/// `everyday` rows), each located at its own column so that a bad code is
/// pointed at, not its field.
enum RegionList {
    /// The codes of `field`, or nil after reporting the first one `isValid`
    /// refuses (an empty part too: two spaces, or one at an end) as an
    /// invalid `noun`.
    static func parse(
        _ field: TSVLine.Field, isValid: (Substring) -> Bool, code: DiagnosticCode, hint: String, noun: String = "region",
        diagnostics: inout [Diagnostic]
    ) -> [Located<String>]? {
        var regions: [Located<String>] = []
        var column = field.location.column
        for part in field.text.split(separator: " ", omittingEmptySubsequences: false) {
            let location = SourceLocation(path: field.location.path, line: field.location.line, column: column)
            column += part.unicodeScalars.count + 1
            guard isValid(part) else {
                diagnostics.append(Diagnostic(code, "invalid \(noun) '\(part)'", at: location, hint: hint))
                return nil
            }
            regions.append(Located(String(part), at: location))
        }
        return regions
    }

    /// A CLDR region of two upper-case letters (`GB`).
    static func isCountry(_ text: Substring) -> Bool {
        text.unicodeScalars.count == 2 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}
