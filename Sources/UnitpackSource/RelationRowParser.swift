import UnitpackCore

/// A row of `units-src/relations.tsv`: two units (`difference`, `also`) or two
/// categories (`same`) that belong together although they are not one
/// category. The reader checks the row's shape; the checks resolve the names.
public struct RelationRow: Sendable, Hashable {
    public var kind: Located<RelationKind>
    /// A unit key `category/name` (`difference`, `also`) or a category key (`same`).
    public var first: Located<String>
    public var second: Located<String>
    /// `same` only: how many base units of `second` one base unit of `first` is worth.
    public var factor: Located<Double>?
    /// `regional` only: the CLDR regions (two upper-case letters) whose
    /// readers read `first`'s names as `second`.
    public var regions: [Located<String>] = []
    /// `everyday` only: the languages whose words are read so (`de` for
    /// `Pfund`); empty for every language.
    public var languages: [Located<String>] = []
    public var location: SourceLocation

    /// `category/name` split at its first `/` (category keys have none; a
    /// unit's name may), or nil when either part is empty.
    public static func unitKey(_ text: String) -> (category: String, name: String)? { UnitKey.split(text) }
}

/// Parses `relations.tsv`: `kind  first  second  factor`, the factor column
/// empty or left out where the kind has none; for `regional` the fourth
/// column holds regions instead.
enum RelationRowParser {
    static let columns = ["kind", "first", "second", "factor (same), regions (regional) or languages (everyday)"]

    static func parse(_ line: TSVLine, diagnostics: inout [Diagnostic]) -> RelationRow? {
        let f = line.fields
        guard f.count == 3 || f.count == 4 else {
            diagnostics.append(UnitRowParser.columnCountDiagnostic(line, expected: columns))
            return nil
        }
        guard let kind = RelationKind(rawValue: f[0].text) else {
            let kinds = RelationKind.allCases.map(\.rawValue).joined(separator: ", ")
            let close = RelationKind.allCases.first { $0.rawValue == f[0].text.lowercased() }
            diagnostics.append(
                Diagnostic(
                    .invalidRelationRow, "unknown relation kind '\(f[0].text)'", at: f[0].location,
                    hint: close.map { "kinds are lower case: write '\($0.rawValue)'" } ?? "a kind is one of \(kinds)"))
            return nil
        }
        for side in f[1...2] {
            guard let problem = shapeProblem(side.text, kind: kind) else { continue }
            diagnostics.append(Diagnostic(.invalidRelationRow, problem.message, at: side.location, hint: problem.hint))
            return nil
        }
        let factorField = f.count == 4 ? f[3] : nil
        // Past the last column: where a missing fourth column would go.
        let fourthColumn = factorField?.location ?? f[f.count - 1].location.advanced(by: f[f.count - 1].text.unicodeScalars.count)
        var factor: Located<Double>?
        var regions: [Located<String>] = []
        var languages: [Located<String>] = []
        if kind == .everyday, let field = factorField, !field.text.isEmpty {
            guard
                let parsed = RegionList.parse(
                    field, isValid: { DatabaseSanity.isValidLanguage(String($0)) }, code: .invalidRelationRow,
                    hint: "an 'everyday' row's fourth column lists the languages of locales/ whose words it reads, separated by one space: de; empty for every language",
                    noun: "language", diagnostics: &diagnostics)
            else { return nil }
            languages = parsed
        } else if kind == .regional {
            guard let field = factorField, !field.text.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        .invalidRelationRow, "a 'regional' row needs its regions", at: fourthColumn,
                        hint: "the fourth column lists the CLDR regions, separated by one space, whose readers read \(f[1].text)'s names as \(f[2].text): GB IE"))
                return nil
            }
            guard
                let parsed = RegionList.parse(
                    field, isValid: RegionList.isCountry, code: .invalidRelationRow,
                    hint: "regions are CLDR codes of two upper-case letters, separated by one space: GB IE",
                    diagnostics: &diagnostics)
            else { return nil }
            regions = parsed
        } else if kind == .same {
            guard let factorField, !factorField.text.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        .invalidRelationRow, "a 'same' row needs a factor", at: fourthColumn,
                        hint: "the fourth column says how many base units of \(f[2].text) one base unit of \(f[1].text) is worth, e.g. 1/(2*pi)"))
                return nil
            }
            guard let value = self.factor(factorField, diagnostics: &diagnostics) else { return nil }
            factor = Located(value, at: factorField.location)
        } else if let factorField, !factorField.text.isEmpty {
            // Reported, and the row kept without it: what it relates is clear,
            // and dropping it would report its unit as having no relation too.
            diagnostics.append(
                Diagnostic(
                    .invalidRelationRow, "\(kind == .also ? "an" : "a") '\(kind.rawValue)' row takes no factor", at: factorField.location,
                    hint: kind == .difference
                        ? "leave the fourth column empty: a difference unit's size is its own coefficient, which the check compares with the absolute unit"
                        : "leave the fourth column empty: '\(kind.rawValue)' reads a name as another unit, whose own definition converts it"))
        }
        return RelationRow(
            kind: Located(kind, at: f[0].location), first: Located(f[1].text, at: f[1].location),
            second: Located(f[2].text, at: f[2].location), factor: factor, regions: regions, languages: languages, location: line.location)
    }

    /// Why a side is not a unit key (`difference`, `also`) or a category key
    /// (`same`), or nil when it has the right shape.
    private static func shapeProblem(_ text: String, kind: RelationKind) -> (message: String, hint: String)? {
        if kind.relatesCategories {
            guard text.isEmpty || text.contains("/") else { return nil }
            return (
                text.isEmpty ? "an empty category" : "'\(text)' is not a category key",
                "'same' relates two categories: write their keys as in units-src/categories.tsv, e.g. rotation-speed and frequency"
            )
        }
        guard RelationRow.unitKey(text) == nil else { return nil }
        return (
            text.isEmpty ? "an empty unit" : "'\(text)' is not a unit key",
            "'\(kind.rawValue)' relates two units: write each as category/name, e.g. temperature/degree Celsius"
        )
    }

    /// A positive, finite constant expression in the formula language.
    private static func factor(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> Double? {
        let hint = "a factor is a positive number or constant expression: 0.5, 1/60, 1/(2*pi)"
        let formula: Formula
        do {
            formula = try Formula(parsing: field.text)
        } catch {
            diagnostics.append(
                Diagnostic(
                    .invalidRelationRow, "invalid factor '\(field.text)': \(error.message)",
                    at: field.location.advanced(by: error.offset), hint: hint))
            return nil
        }
        guard !formula.usesVariable else {
            diagnostics.append(Diagnostic(.invalidRelationRow, "a factor cannot use X", at: field.location, hint: hint))
            return nil
        }
        guard let value = try? formula.evaluate(x: 0), value.isFinite, value > 0 else {
            diagnostics.append(
                Diagnostic(.invalidRelationRow, "the factor '\(field.text)' is not a positive finite number", at: field.location, hint: hint))
            return nil
        }
        return value
    }
}
