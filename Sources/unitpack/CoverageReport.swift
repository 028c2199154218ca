import UnitpackCheck

/// The text of `check --coverage`: a line per language, then the units a
/// language leaves to English.
enum CoverageReport {
    /// How many missing units to list per language before summarising.
    static let listLimit = 20

    static func render(_ languages: [LanguageCoverage]) -> String {
        guard !languages.isEmpty else { return "coverage: no languages (no locales/ directory)\n" }
        var text = "coverage:\n"
        let codeWidth = languages.map(\.code.count).max() ?? 2
        for language in languages {
            let code = language.code + String(repeating: " ", count: codeWidth - language.code.count)
            let status = language.isComplete ? "complete" : "partial "
            if language.composedUnits == 0 {
                text += "  \(code)  \(status)  \(language.namedUnits)/\(language.totalUnits) units named (\(percent(language.namedUnits, language.totalUnits)))  \(language.name)\n"
            } else {
                text += "  \(code)  \(status)  \(language.namedUnits)/\(language.totalUnits) units named, "
                    + "\(language.namedWithComposed)/\(language.totalUnits) with composed "
                    + "(\(percent(language.namedWithComposed, language.totalUnits)))  \(language.name)\n"
            }
            if !language.collisions.isEmpty {
                let shown = language.collisions.prefix(listLimit).map { "\($0.unit) '\($0.word)' (\($0.other))" }
                    .joined(separator: ", ")
                let more = language.collisions.count > listLimit ? ", and \(language.collisions.count - listLimit) more" : ""
                text += "      composed names dropped, a word of another unit: \(shown)\(more)\n"
            }
            guard !language.missing.isEmpty else { continue }
            let shown = language.missing.prefix(listLimit).joined(separator: ", ")
            let more = language.missing.count > listLimit ? ", and \(language.missing.count - listLimit) more" : ""
            text += "      English names for: \(shown)\(more)\n"
        }
        return text
    }

    /// The line about the dimensional cross-check.
    static func render(_ dimensional: DimensionalCoverage) -> String {
        let share = dimensional.total == 0 ? 0 : dimensional.covered * 1000 / dimensional.total
        var text = "dimensional cross-check (E501): \(dimensional.covered)/\(dimensional.total) units have a symbol "
            + "that spells their definition (\(share / 10).\(share % 10)%)\n"
        if !dimensional.unread.isEmpty {
            text += "  \(dimensional.unread.count) symbols written as expressions do not read as one (E501 cannot check them):\n"
            for symbol in dimensional.unread {
                text += "    \(symbol.location): \(symbol.unit) '\(symbol.symbol)': \(symbol.reason)\n"
            }
        }
        return text
    }

    /// The lines about preferred units: how many categories of several
    /// systems have a list for each, and which regions the others lack.
    static func render(_ clusters: ClusterCoverage) -> String {
        let complete = clusters.categories - clusters.missing.count
        var text = "preferred units (clusters.tsv): \(complete)/\(clusters.categories) categories with units of several systems have a list for each\n"
        if !clusters.missing.isEmpty {
            text += "      no list for: " + clusters.missing.map { "\($0.category) (\($0.regions.joined(separator: " ")))" }
                .joined(separator: ", ") + "\n"
        }
        return text
    }

    /// 100% only when every unit is named: 99.95% must not round up to it.
    static func percent(_ named: Int, _ total: Int) -> String {
        if named == total { return "100%" }
        let tenths = total == 0 ? 0 : named * 1000 / total
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
