import UnitpackCore

/// Parses a row of `categories.tsv`: `key  order  base  dimension`.
enum CategoryRowParser {
    static let columns = ["key", "order", "base", "dimension"]

    static func parse(_ line: TSVLine, diagnostics: inout [Diagnostic]) -> CategoryRow? {
        guard let f = line.columns(columns, diagnostics: &diagnostics) else { return nil }
        let validKey = !f[0].text.isEmpty && f[0].text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        guard validKey else {
            diagnostics.append(
                Diagnostic(.invalidCategoryRow, "invalid category key '\(f[0].text)'", at: f[0].location,
                           hint: "a key is lower-case ASCII letters, digits and '-', and names the file units-src/KEY.tsv"))
            return nil
        }
        var order: Located<Int>?
        if let value = DecimalLiteral.parseInteger(f[1].text) {
            order = Located(value, at: f[1].location)
        } else {
            diagnostics.append(
                Diagnostic(.invalidCategoryRow, "invalid display order '\(f[1].text)'", at: f[1].location,
                           hint: "the order is a non-negative integer; smaller comes first in menus"))
        }
        if f[2].text.isEmpty {
            diagnostics.append(
                Diagnostic(.invalidCategoryRow, "category '\(f[0].text)' names no base unit", at: f[2].location,
                           hint: "name the unit of units-src/\(f[0].text).tsv whose coefficient is 1"))
        }
        return CategoryRow(
            key: Located(f[0].text, at: f[0].location), order: order,
            baseUnitName: Located(f[2].text, at: f[2].location),
            dimension: Located(f[3].text, at: f[3].location), location: line.location)
    }
}

/// Parses a line of `ids.tsv`: `id  category  name  [retired]`.
enum IDRowParser {
    static let columns = ["id", "category", "name", "retired (optional)"]

    static func parse(_ line: TSVLine, diagnostics: inout [Diagnostic]) -> IDRow? {
        let f = line.fields
        guard f.count == 3 || f.count == 4 else {
            diagnostics.append(UnitRowParser.columnCountDiagnostic(line, expected: columns))
            return nil
        }
        guard let id = DecimalLiteral.parseInteger(f[0].text), id > 0, id < 1 << 31 else {
            diagnostics.append(
                Diagnostic(.invalidIDRow, "invalid id '\(f[0].text)'", at: f[0].location,
                           hint: "ids are positive integers below 2^31, assigned by `unitpack assign-ids`"))
            return nil
        }
        var retired = false
        if f.count == 4 {
            guard f[3].text == "retired" || f[3].text.isEmpty else {
                diagnostics.append(
                    Diagnostic(.invalidIDRow, "unknown status '\(f[3].text)'", at: f[3].location,
                               hint: "the fourth column is empty or the word 'retired'"))
                return nil
            }
            retired = f[3].text == "retired"
        }
        return IDRow(
            id: Located(id, at: f[0].location), category: f[1].text, name: f[2].text,
            isRetired: retired, location: line.location)
    }
}
