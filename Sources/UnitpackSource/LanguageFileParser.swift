import UnitpackCore

/// Parses `locales/<lang>/language.tsv`: `key  value` lines.
enum LanguageFileParser {
    static let requiredKeys = ["name", "status", "decimal", "group"]
    static let optionalKeys = [
        "grouping", "minimum-grouping-digits", "minus", "long-pattern", "short-pattern", "numbering", "native-digits",
        "native-decimal", "native-group", "native-minus", "latn-regions", "region-separators", "region-grouping",
    ]
    /// The keys that go with `numbering` (a numbering system other than latn).
    static let nativeKeys = ["native-digits", "native-decimal", "native-group", "native-minus"]

    static func parse(_ lines: [TSVLine], path: String, diagnostics: inout [Diagnostic]) -> LanguageSettings? {
        var values: [String: TSVLine.Field] = [:]
        // Keys given with a value that does not read: not also "missing".
        var invalid: Set<String> = []
        for line in lines {
            guard line.columns(["key", "value"], diagnostics: &diagnostics) != nil else { continue }
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
        for key in ["long-pattern", "short-pattern"] {
            if let field = values[key], let problem = UnitPatternText.problemOfDefaultPattern(field.text) {
                usable = false
                diagnostics.append(
                    Diagnostic(.invalidUnitPattern, problem, at: field.location,
                               hint: "CLDR's space between number and word, e.g. {0}\\u{A0}{1} in French, {0}{1} in Chinese"))
            }
        }
        var native: NumberSymbols?
        if let system = values["numbering"] {
            let missing = nativeKeys.filter { values[$0]?.text.isEmpty ?? true }
            let digits = values["native-digits"].map { Array($0.text) } ?? []
            if !missing.isEmpty || digits.count != 10 || system.text == "latn" {
                usable = false
                diagnostics.append(
                    Diagnostic(
                        .invalidLanguageFile,
                        missing.isEmpty
                            ? (system.text == "latn" ? "'numbering' names latn, which needs no key" : "native-digits has \(digits.count) digits, not 10")
                            : "numbering '\(system.text)' lacks \(missing.joined(separator: ", "))",
                        at: system.location,
                        hint: "a numbering system other than latn needs its ten digits (0 to 9), decimal, group and minus"))
            } else {
                native = NumberSymbols(
                    decimal: values["native-decimal"]?.text ?? "", group: values["native-group"]?.text ?? "",
                    primaryGrouping: primary, secondaryGrouping: secondary, minimumGroupingDigits: minimum,
                    minusSign: values["native-minus"]?.text ?? "-", digits: digits)
            }
        } else if let stray = (nativeKeys + ["latn-regions"]).compactMap({ values[$0] }).first {
            diagnostics.append(
                Diagnostic(.invalidLanguageFile, "a native numbering key without 'numbering'", at: stray.location,
                           hint: "give 'numbering' (CLDR's defaultNumberingSystem, e.g. arab) or remove the key"))
            usable = false
        }
        let regions = (values["latn-regions"]?.text ?? "").split(separator: " ").map(String.init)
        if let bad = regions.first(where: { !(($0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isUppercase }) || ($0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isNumber })) }),
            let field = values["latn-regions"]
        {
            usable = false
            diagnostics.append(
                Diagnostic(.invalidLanguageFile, "'\(bad)' is not a region", at: field.location,
                           hint: "regions as BCP 47 writes them, separated by spaces: MA DZ TN 419"))
        }
        var regionSeparators: [String: RegionSeparators] = [:]
        if let field = values["region-separators"] {
            if let parsed = RegionSeparators.parse(field.text) {
                regionSeparators = parsed
            } else {
                usable = false
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, "'\(field.text)' is not a list of region separators", at: field.location,
                               hint: "REGION:DECIMAL:GROUP entries separated by spaces, one character each: CH:.:’ MA:,:."))
            }
        }
        var regionGrouping: [String: RegionGrouping] = [:]
        if let field = values["region-grouping"] {
            if let parsed = RegionGrouping.parse(field.text) {
                regionGrouping = parsed
            } else {
                usable = false
                diagnostics.append(
                    Diagnostic(.invalidLanguageFile, "'\(field.text)' is not a list of region groupings", at: field.location,
                               hint: "REGION:SIZES:MINIMUM entries separated by spaces, sizes as 'grouping' writes them: IN:3,2:1 UA:3:2"))
            }
        }
        guard usable, let name = values["name"], let decimal = values["decimal"], let group = values["group"] else {
            return nil
        }
        var settings = LanguageSettings(
            name: name.text, status: status,
            numbers: NumberSymbols(
                decimal: decimal.text, group: group.text, primaryGrouping: primary, secondaryGrouping: secondary,
                minimumGroupingDigits: minimum, minusSign: values["minus"]?.text ?? "-"))
        settings.regionSeparators = regionSeparators
        settings.regionGrouping = regionGrouping
        settings.longPattern = values["long-pattern"]?.text ?? settings.longPattern
        settings.shortPattern = values["short-pattern"]?.text ?? settings.shortPattern
        if let native, let system = values["numbering"] {
            settings.nativeSystem = system.text
            settings.nativeNumbers = native
            settings.latnRegions = regions
        }
        return settings
    }

    /// The value itself, or the one code point of `U+XXXX`; `\u{…}` escapes
    /// read anywhere in it (`{0}\u{A0}{1}`, `\u{200E}-`), as in `patterns.tsv`.
    static func unescaped(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> String? {
        let text = field.text
        guard text.hasPrefix("U+") || text.hasPrefix("u+") else {
            return UnitPatternParser.pattern(field, diagnostics: &diagnostics)
        }
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
