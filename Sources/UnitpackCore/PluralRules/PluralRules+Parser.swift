/// Reads plural rules in CLDR's syntax, one `category: condition samples`
/// line per category, and checks them: syntax (E701), samples (E702) and the
/// category set (E703). See docs/plural-rules.md.
extension PluralRules {
    /// The rules of `text` (a whole `plurals.txt`), or `nil` when its syntax or
    /// category set is wrong; every finding is returned, located in `path`
    /// with `firstLine` as the number of the text's first line.
    /// `checkingReachability`: whether to look for categories no number
    /// selects (E705), which evaluates the rules some 22,000 times: the
    /// compiler does, a reader of rules the compiler wrote need not.
    public static func parse(
        _ text: String, path: String, firstLine: Int = 1, checkingReachability: Bool = true
    ) -> (rules: PluralRules?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var parsed: [(rule: Rule?, name: String, location: SourceLocation, samples: [SampleList])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            let start = scalars.firstIndex { $0 != " " && $0 != "\t" }
            guard let start, scalars[start] != "#" else { continue }
            var parser = PluralRuleLineParser(scalars: scalars, position: start, path: path, line: firstLine + index)
            if let result = parser.parseLine() {
                parsed.append(result)
            }
            diagnostics += parser.diagnostics
        }

        let setDiagnostics = checkCategorySet(parsed.map { ($0.name, $0.location, $0.rule) }, path: path)
        diagnostics += setDiagnostics
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }

        let rules = PluralRules(rules: parsed.compactMap { $0.rule.flatMap { $0.category == .other ? nil : $0 } })
        for entry in parsed {
            guard let category = PluralCategory(rawValue: entry.name) else { continue }
            for list in entry.samples {
                diagnostics += list.mismatches(with: rules, listedUnder: category)
            }
        }
        guard checkingReachability else { return (rules, diagnostics) }
        let reached = rules.reachedCategories()
        for entry in parsed {
            guard let category = PluralCategory(rawValue: entry.name), !reached.contains(category) else { continue }
            diagnostics.append(
                Diagnostic(.unreachablePluralCategory,
                           "no number selects '\(category.rawValue)': not 0 to 1000, a round number up to 9e17, nor a decimal up to 100 with 1 or 2 fraction digits",
                           at: entry.location,
                           hint: "a condition that never holds (or earlier rules that take all its numbers) leaves the category's forms unused; copy the rule from CLDR's plurals.xml"))
        }
        return (rules, diagnostics)
    }

    private static func checkCategorySet(
        _ entries: [(name: String, location: SourceLocation, rule: Rule?)], path: String
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        for entry in entries {
            guard let category = PluralCategory(rawValue: entry.name) else {
                diagnostics.append(
                    Diagnostic(.pluralCategorySet, "'\(entry.name)' is not a plural category", at: entry.location,
                               hint: "use one of zero, one, two, few, many, other"))
                continue
            }
            if let first = seen[entry.name] {
                diagnostics.append(
                    Diagnostic(.pluralCategorySet, "'\(entry.name)' has two rules", at: entry.location,
                               notes: [.init("its first rule", at: first)],
                               hint: "join the two conditions with 'or'"))
                continue
            }
            seen[entry.name] = entry.location
            if category == .other, let rule = entry.rule, !rule.condition.isEmpty {
                diagnostics.append(
                    Diagnostic(.pluralCategorySet, "'other' takes no condition: it is what no other rule matches",
                               at: entry.location, hint: "write 'other:' followed only by its samples"))
            }
        }
        if seen["other"] == nil {
            let last = entries.last?.location.line ?? 1
            diagnostics.append(
                Diagnostic(.pluralCategorySet, "there is no 'other' rule",
                           at: SourceLocation(path: path, line: last, column: 1),
                           hint: "every language has 'other': add a line 'other:' with its samples"))
        }
        return diagnostics
    }
}
