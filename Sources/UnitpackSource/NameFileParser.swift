import UnitpackCore

/// Parses `locales/<lang>/<category>.tsv`: a header naming the columns, then a
/// row per unit. The header carries the plural categories, so a file states
/// which forms it gives and the reader can say exactly which are missing.
enum NameFileParser {
    enum Column: Hashable {
        case unit, display, form(PluralCategory), symbols, synonyms

        init?(_ text: String) {
            switch text {
            case "unit": self = .unit
            case "display": self = .display
            case "symbols": self = .symbols
            case "synonyms": self = .synonyms
            default:
                guard let category = PluralCategory(rawValue: text) else { return nil }
                self = .form(category)
            }
        }

        var title: String {
            switch self {
            case .unit: "unit"
            case .display: "display"
            case .form(let category): category.rawValue
            case .symbols: "symbols"
            case .synonyms: "synonyms"
            }
        }
    }

    /// The header a language with these plural categories needs.
    static func expectedHeader(_ categories: [PluralCategory]) -> [Column] {
        [.unit, .display] + categories.sorted().map { .form($0) } + [.symbols, .synonyms]
    }

    /// - Parameter plurals: the language's categories; nil when its rules did
    ///   not parse (then any ordered set of form columns is accepted).
    static func parse(
        _ lines: [TSVLine], category: String, path: String, language: String, plurals: [PluralCategory]?,
        diagnostics: inout [Diagnostic]
    ) -> NameFile {
        var file = NameFile(category: category, path: path, formColumns: [], rows: [], isReadable: false)
        guard let header = lines.first else {
            file.isEmpty = true
            return file
        }
        guard let columns = readHeader(header, language: language, plurals: plurals, diagnostics: &diagnostics) else {
            return file
        }
        file.isReadable = true
        file.formColumns = columns.compactMap { if case .form(let c) = $0 { c } else { nil } }
        let titles = columns.map(\.title)
        for line in lines.dropFirst() {
            guard line.columns(titles, diagnostics: &diagnostics) != nil else { continue }
            if let row = readRow(line, columns: columns, language: language, plurals: plurals, diagnostics: &diagnostics) {
                file.rows.append(row)
            }
        }
        return file
    }

    private static func readHeader(
        _ line: TSVLine, language: String, plurals: [PluralCategory]?, diagnostics: inout [Diagnostic]
    ) -> [Column]? {
        guard line.fields.first?.text == "unit" else {
            // Not a header at all (a row, most likely): one finding, not one per field.
            diagnostics.append(
                Diagnostic(.invalidNamesHeader, "the first line must be the header of the columns", at: line.location,
                           hint: headerHint(language, plurals)))
            return nil
        }
        var columns: [Column] = []
        var unknown = false
        for field in line.fields {
            if let column = Column(field.text) {
                columns.append(column)
            } else {
                unknown = true
                diagnostics.append(
                    Diagnostic(.invalidNamesHeader, "unknown column '\(field.text)' in the header", at: field.location,
                               hint: headerHint(language, plurals)))
            }
        }
        if unknown { return nil }
        let forms = columns.compactMap { if case .form(let c) = $0 { c } else { nil } }
        let shapeIsRight =
            columns.count == forms.count + 4 && columns.first == .unit && columns.dropFirst().first == .display
            && columns.suffix(2) == [.symbols, .synonyms] && zip(forms, forms.dropFirst()).allSatisfy { $0 < $1 }
        guard shapeIsRight else {
            diagnostics.append(
                Diagnostic(.invalidNamesHeader, "the first line must be the header of the columns", at: line.location,
                           hint: headerHint(language, plurals)))
            return nil
        }
        guard let plurals else { return columns }
        for category in plurals where !forms.contains(category) {
            diagnostics.append(
                Diagnostic(.missingPluralForm,
                           "no column for the plural category '\(category.rawValue)' of '\(language)'",
                           at: line.location, hint: headerHint(language, plurals)))
        }
        for (field, column) in zip(line.fields, columns) {
            if case .form(let category) = column, !plurals.contains(category) {
                diagnostics.append(
                    Diagnostic(.extraPluralForm,
                               "'\(language)' has no plural category '\(category.rawValue)'",
                               at: field.location,
                               hint: "its categories are \(plurals.map(\.rawValue).joined(separator: ", ")) (plurals.txt); remove the column"))
            }
        }
        return columns
    }

    private static func headerHint(_ language: String, _ plurals: [PluralCategory]?) -> String {
        guard let plurals else { return "unit, display, the plural categories in CLDR order, symbols, synonyms" }
        return "the header for '\(language)' is: " + expectedHeader(plurals).map(\.title).joined(separator: " TAB ")
    }

    private static func readRow(
        _ line: TSVLine, columns: [Column], language: String, plurals: [PluralCategory]?,
        diagnostics: inout [Diagnostic]
    ) -> NameRow? {
        var unit: Located<String>?
        var row = NameRow(
            unit: Located("", at: line.location), display: nil, forms: [:], symbols: [], synonyms: [],
            location: line.location)
        for (field, column) in zip(line.fields, columns) {
            let value = Located(field.text, at: field.location)
            switch column {
            case .unit:
                unit = field.text.isEmpty ? nil : value
            case .display:
                row.display = field.text.isEmpty ? nil : value
            case .form(let category):
                if let plurals, !plurals.contains(category) { continue }
                row.forms[category] = field.text.isEmpty ? nil : value
            case .symbols:
                row.symbols = CommaList.split(field, item: "symbol", code: .emptyLocaleName, diagnostics: &diagnostics)
            case .synonyms:
                row.synonyms = CommaList.split(field, item: "synonym", code: .emptyLocaleName, diagnostics: &diagnostics)
            }
        }
        guard let unit else {
            diagnostics.append(
                Diagnostic(.emptyLocaleName, "empty unit column", at: line.location,
                           hint: "the first column is the unit's name as written in units-src/"))
            return nil
        }
        row.unit = unit
        for (field, column) in zip(line.fields, columns) where field.text.isEmpty {
            switch column {
            case .display:
                diagnostics.append(
                    Diagnostic(.emptyLocaleName, "empty display name of '\(unit.value)'", at: field.location,
                               hint: "the name a menu shows, e.g. CLDR's displayName ('meters', 'метры')"))
            case .form(let category) where plurals?.contains(category) ?? true:
                diagnostics.append(
                    Diagnostic(.emptyLocaleName, "empty '\(category.rawValue)' form of '\(unit.value)'",
                               at: field.location,
                               hint: "write the form used after a number of this plural category"))
            default: break
            }
        }
        return row
    }
}
