import UnitpackCore

/// Parses `locales/<lang>/language.tsv`: `key  value` lines.
enum LanguageFileParser {
    static let requiredKeys = ["name", "status", "decimal", "group"]
    static let optionalKeys = ["grouping", "minimum-grouping-digits"]

    static func parse(_ lines: [TSVLine], path: String, diagnostics: inout [Diagnostic]) -> LanguageSettings? {
        var values: [String: TSVLine.Field] = [:]
        // Keys given with a value that does not read: not also "missing".
        var invalid: Set<String> = []
        for line in lines {
            guard line.fields.count == 2 else {
                diagnostics.append(UnitRowParser.columnCountDiagnostic(line, expected: ["key", "value"]))
                continue
            }
            let key = line.fields[0]
            guard requiredKeys.contains(key.text) || optionalKeys.contains(key.text) else {
                var message = "unknown key '\(key.text)'"
                if let close = Suggestion.closest(to: key.text, among: requiredKeys + optionalKeys) {
                    message += "; did you mean '\(close)'?"
                }
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, message, at: key.location,
                               hint: "keys: \((requiredKeys + optionalKeys).joined(separator: ", "))"))
                continue
            }
            if let first = values[key.text] ?? (invalid.contains(key.text) ? key : nil) {
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, "key '\(key.text)' given twice", at: key.location,
                               notes: [.init("first given here", at: first.location)]))
                continue
            }
            guard let value = unescaped(line.fields[1], diagnostics: &diagnostics) else {
                invalid.insert(key.text)
                continue
            }
            values[key.text] = TSVLine.Field(text: value, location: line.fields[1].location)
        }

        var usable = true
        for key in requiredKeys where values[key] == nil {
            usable = false
            if invalid.contains(key) { continue }
            diagnostics.append(
                Diagnostic(.invalidLanguageFile, "missing key '\(key)'", at: .file(path),
                           hint: "language.tsv needs: \(requiredKeys.joined(separator: ", "))"))
        }
        var status = Located(LanguageSettings.Status.partial, at: .file(path))
        if let field = values["status"] {
            if let value = LanguageSettings.Status(rawValue: field.text) {
                status = Located(value, at: field.location)
            } else {
                usable = false
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, "unknown status '\(field.text)'", at: field.location,
                               hint: "'complete' (every unit named) or 'partial' (missing names fall back to English)"))
            }
        }
        for key in ["name", "decimal", "group"] {
            if let field = values[key], field.text.isEmpty {
                usable = false
                diagnostics.append(Diagnostic(.invalidLanguageFile, "empty value of '\(key)'", at: field.location,
                                              hint: "write invisible characters as U+XXXX, e.g. U+00A0"))
            }
        }
        var primary = 3
        var secondary: Int?
        if let field = values["grouping"] {
            let sizes = field.text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            if (1...2).contains(sizes.count), sizes.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 9 }) {
                primary = sizes[0] ?? 3
                secondary = sizes.count == 2 ? sizes[1] : nil
            } else {
                usable = false
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, "invalid grouping '\(field.text)'", at: field.location,
                               hint: "the group sizes: '3' (1,234,567) or '3,2' (12,34,567), each 1 to 9"))
            }
        }
        var minimum = 1
        if let field = values["minimum-grouping-digits"] {
            if let value = Int(field.text), (1...4).contains(value) {
                minimum = value
            } else {
                usable = false
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, "invalid minimum-grouping-digits '\(field.text)'",
                               at: field.location, hint: "CLDR's minimumGroupingDigits: 1 to 4"))
            }
        }
        guard usable, let name = values["name"], let decimal = values["decimal"], let group = values["group"] else {
            return nil
        }
        return LanguageSettings(
            name: name.text, status: status,
            numbers: NumberSymbols(
                decimal: decimal.text, group: group.text, primaryGrouping: primary, secondaryGrouping: secondary,
                minimumGroupingDigits: minimum))
    }

    /// The value itself, or the one code point of `U+XXXX`.
    static func unescaped(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> String? {
        let text = field.text
        guard text.hasPrefix("U+") || text.hasPrefix("u+") else { return text }
        let hex = text.dropFirst(2)
        guard (4...6).contains(hex.count), let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            diagnostics.append(
                Diagnostic(.invalidLanguageFile, "invalid code point '\(text)'", at: field.location,
                           hint: "write U+ and 4 to 6 hex digits of one Unicode scalar, e.g. U+00A0"))
            return nil
        }
        return String(scalar)
    }
}
