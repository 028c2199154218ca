import UnitpackCore

/// A row of `compounds.tsv`: one pattern, derivation, gender or case form of
/// the language's compound-unit names.
public struct CompoundPatternRow: Sendable, Hashable {
    public var key: Located<CompoundPatternKey>
    /// As written: `-`, `few/feminine/genitive`, `kilo`, `plural/per`, `length/meter`, `volume/liter/accusative/one`.
    public var form: Located<String>
    public var pattern: Located<String>
    public var location: SourceLocation

    /// A `per` row for the denominators of one category (`time:-`): the category.
    public var denominatorCategory: String? {
        key.value == .per ? CompoundPatternText.splitCategory(form.value).category : nil
    }

    /// `gender` and `case` rows: the unit's category and name.
    public var unitReference: (category: String, unit: String)? {
        guard key.value == .gender || key.value == .grammaticalCase else { return nil }
        let parts = form.value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return parts.count >= 2 ? (parts[0], parts[1]) : nil
    }
}

/// Parses `locales/<lang>/compounds.tsv`: `key  form  pattern`. Everything a
/// row says on its own is checked here (E727) and a key and form given twice
/// (E728); that a `gender` or `case` row's unit exists is CompoundPatternRule's.
enum CompoundPatternParser {
    static let columns = ["key", "form", "pattern"]
    static let fileName = "compounds.tsv"

    /// - Parameter plurals: the language's categories; nil when its rules did
    ///   not parse (then any category name is accepted).
    static func parse(
        _ lines: [TSVLine], language: String, plurals: [PluralCategory]?, diagnostics: inout [Diagnostic]
    ) -> [CompoundPatternRow] {
        var rows: [CompoundPatternRow] = []
        var given: [String: SourceLocation] = [:]
        let cases = CompoundPatternText.cases
        let known = plurals ?? PluralCategory.allCases
        func invalid(_ message: String, _ field: TSVLine.Field, hint: String) {
            diagnostics.append(Diagnostic(.invalidCompoundRow, message, at: field.location, hint: hint))
        }
        for line in lines {
            guard
                let f = line.filledColumns(
                    columns, code: .invalidCompoundRow, hint: "a row is key, form and pattern: per  -  {0} per {1}",
                    diagnostics: &diagnostics)
            else { continue }
            guard let key = CompoundPatternKey(rawValue: f[0].text) else {
                let keys = CompoundPatternKey.allCases.map(\.rawValue)
                var hint = "a key is one of " + keys.joined(separator: ", ")
                if let close = Suggestion.closest(to: f[0].text, among: keys) { hint = "did you mean '\(close)'?" }
                invalid("unknown key '\(f[0].text)'", f[0], hint: hint)
                continue
            }
            let form = f[1].text
            switch key {
            case .per, .times, .power2, .power3:
                let (category, rest) = key == .per ? CompoundPatternText.splitCategory(form) : (nil, form)
                if let category, !CompoundPatternText.isCategoryKey(category) {
                    invalid(
                        "'\(category)' is not a category key", f[1],
                        hint: "a per pattern for one category's denominators starts with its key and a colon: time:-")
                    continue
                }
                guard let parsed = CompoundPatternForm(text: rest, cases: cases) else {
                    invalid(
                        "'\(form)' is not a form: '-' or plural/gender/case", f[1],
                        hint: "write '-' for the plain pattern, else three parts with '-' for an absent one: one/-/-, few/feminine/genitive")
                    continue
                }
                if let plural = parsed.plural, !known.contains(plural) {
                    invalid(
                        "'\(plural.rawValue)' is not a plural category of '\(language)'", f[1],
                        hint: "the plural part is one of \(known.map(\.rawValue).joined(separator: ", ")) (plurals.txt)")
                    continue
                }
            case .prefix:
                guard UnitPrefixName.all.contains(form) else {
                    var hint = "a prefix is one of " + UnitPrefixName.all.joined(separator: " ")
                    if let close = Suggestion.closest(to: form, among: UnitPrefixName.all) { hint = "did you mean '\(close)'?" }
                    invalid("unknown prefix '\(form)'", f[1], hint: hint)
                    continue
                }
            case .derive:
                guard CompoundDerivation(form: form, value: f[2].text, cases: cases) != nil else {
                    invalid(
                        "'\(form)  \(f[2].text)' is not a derivation", f[1],
                        hint: "a derivation is plural/<per|times|power|prefix> or case/<...>, then two values, each 'compound', a plural category or a case: plural/per  compound one")
                    continue
                }
            case .gender:
                let parts = form.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    invalid("'\(form)' is not category/unit", f[1], hint: "name the unit as category/unit: length/meter")
                    continue
                }
                guard CompoundPatternForm.genders.contains(f[2].text) else {
                    invalid(
                        "unknown gender '\(f[2].text)'", f[2],
                        hint: "a gender is one of CLDR's: " + CompoundPatternForm.genders.sorted().joined(separator: ", "))
                    continue
                }
            case .grammaticalCase:
                let parts = form.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 4, !parts[0].isEmpty, !parts[1].isEmpty, cases.contains(parts[2]),
                    let plural = PluralCategory(rawValue: parts[3]), known.contains(plural)
                else {
                    invalid(
                        "'\(form)' is not category/unit/case/plural", f[1],
                        hint: "name a unit, one of CLDR's cases and a plural category of '\(language)': volume/liter/accusative/one")
                    continue
                }
            }
            if let count = key.placeholders, let problem = CompoundPatternText.problem(f[2].text, placeholders: count) {
                invalid(
                    "the pattern '\(f[2].text)' \(problem)", f[2],
                    hint: count == 2 ? "a \(key.rawValue) pattern has {0} and {1} once each: {0} per {1}" : "the pattern has {0} once: square {0}, kilo{0}")
                continue
            }
            let identity = key.rawValue + "\t" + form
            if let earlier = given[identity] {
                diagnostics.append(
                    Diagnostic(
                        .compoundRowTwice, "the \(key.rawValue) row '\(form)' is given twice", at: line.location,
                        notes: [.init("first given here", at: earlier)],
                        hint: "keep one row per key and form; a hand-written row replaces CLDR's by removing it"))
                continue
            }
            given[identity] = line.location
            rows.append(
                CompoundPatternRow(
                    key: Located(key, at: f[0].location), form: Located(form, at: f[1].location),
                    pattern: Located(f[2].text, at: f[2].location), location: line.location))
        }
        return rows
    }
}
