import UnitpackCore

/// The stable text rendering of a database: `unitpack dump`. One block per
/// unit, in category display order and then by id, so that a new unit or a
/// changed word is a small, local hunk in a textual diff of two dumps.
/// Nothing depends on the machine or the time (the source hash is left out:
/// it changes with every edit and would make every dump differ).
public enum Dump {
    public static func render(_ snapshot: DatabaseSnapshot) -> String {
        var out = "unitpack dump, database format \(snapshot.formatVersion): "
        out += "\(snapshot.units.count) units, \(snapshot.categories.count) categories, \(snapshot.languages.count) languages\n"
        for language in snapshot.languages {
            out += "\nlanguage \(language.code) (\(language.name)), \(language.complete ? "complete" : "partial")"
            out += ", decimal \(quoted(language.decimalSeparator)), group \(quoted(language.groupSeparator))\n"
            for line in details(language) { out += "  \(line)\n" }
            for rule in language.pluralRules.split(separator: "\n") { out += "  plural \(rule)\n" }
        }
        var category: String?
        for unit in snapshot.units {
            if unit.category != category {
                category = unit.category
                if let row = snapshot.categories.first(where: { $0.key == unit.category }) {
                    out += "\ncategory \(row.key): order \(row.order), base \(row.baseUnit), dimension \(row.dimension)\n"
                }
            }
            out += "\n" + block(unit)
        }
        if !snapshot.relations.isEmpty {
            out += "\nrelations\n"
            for relation in snapshot.relations { out += "  \(relation.pair)\(factor(relation))\n" }
        }
        var language: String?
        for compound in snapshot.compounds {
            if compound.language != language {
                language = compound.language
                out += "\ncompounds \(compound.language)\n"
            }
            out += "  \(compound.key) \(compound.form): \(quoted(compound.pattern))\n"
        }
        language = nil
        for word in snapshot.phraseWords {
            if word.language != language {
                language = word.language
                out += "\nphrase words \(word.language)\n"
            }
            out += "  \(word.kind) \(quoted(word.word))\(word.value.map { " " + number($0) } ?? "")\n"
        }
        if !snapshot.leftOutNames.isEmpty {
            out += "\nleft out\n"
            for name in snapshot.leftOutNames { out += "  \(name.pair)\n" }
        }
        return out
    }

    /// The `languages` columns past the separators, a line each, in the
    /// order of the table; a numbering system, latn regions, region
    /// separators and region grouping only where the language has them.
    public static func details(_ language: DatabaseSnapshot.Language) -> [String] {
        var lines = [
            "grouping \(language.primaryGrouping), \(language.secondaryGrouping), minimum \(language.minimumGroupingDigits)"
                + ", minus \(quoted(language.minusSign))",
            "patterns long \(quoted(language.longPattern)), short \(quoted(language.shortPattern))",
        ]
        if let numbering = numbering(language) { lines.append(numbering) }
        if !language.latnRegions.isEmpty { lines.append("latn regions \(language.latnRegions)") }
        if !language.regionSeparators.isEmpty { lines.append("region separators \(quoted(language.regionSeparators))") }
        if !language.regionGrouping.isEmpty { lines.append("region grouping \(language.regionGrouping)") }
        return lines
    }

    /// `numbering arab: digits "٠١٢٣٤٥٦٧٨٩", decimal "٫", group "٬", minus "\u{61C}-"`; nil for latn only.
    static func numbering(_ language: DatabaseSnapshot.Language) -> String? {
        guard !language.nativeNumbering.isEmpty else { return nil }
        return "numbering \(language.nativeNumbering): digits \(quoted(language.nativeDigits)), "
            + "decimal \(quoted(language.nativeDecimal)), group \(quoted(language.nativeGroup)), minus \(quoted(language.nativeMinus))"
    }

    /// `, factor 0.159154943091895` for `same`, nothing for the other kinds.
    static func factor(_ relation: DatabaseSnapshot.Relation) -> String {
        (relation.factor.map { ", factor \(number($0))" } ?? "") + (relation.regions.isEmpty ? "" : ", in \(relation.regions)")
    }

    /// One unit's block.
    public static func block(_ unit: DatabaseSnapshot.Unit) -> String {
        var out = "unit \(unit.id) \(unit.key)\n"
        for line in definition(unit) { out += "  \(line)\n" }
        out += "  priority \(number(unit.priority)), \(unit.system) tier \(unit.tier)\n"
        if !unit.symbols.isEmpty { out += "  symbols \(unit.symbols.joined(separator: ", "))\n" }
        if !unit.prefixes.isEmpty { out += "  prefixes \(unit.prefixes.joined(separator: ", "))\n" }
        if !unit.usage.isEmpty { out += "  implies usage \(unit.usage)\n" }
        for cluster in unit.clusters { out += "  cluster \(cluster)\n" }
        for (language, words) in unit.words {
            if !words.forms.isEmpty {
                out += "  \(language) " + words.forms.map { "\($0.form) \($0.text)" }.joined(separator: "; ") + "\n"
            }
            if !words.symbols.isEmpty { out += "  \(language) symbols \(words.symbols.joined(separator: ", "))\n" }
            if !words.synonyms.isEmpty { out += "  \(language) synonyms \(words.synonyms.joined(separator: ", "))\n" }
            if !words.cases.isEmpty { out += "  \(language) cases \(words.cases.joined(separator: ", "))\n" }
        }
        return out
    }

    /// `factor 0.3048` or the two formulas; `inverse` for inverse-scale units.
    static func definition(_ unit: DatabaseSnapshot.Unit) -> [String] {
        var lines: [String] = []
        if let factor = unit.factor { lines.append("factor \(number(factor))") }
        if let toBase = unit.toBase { lines.append("to base \(toBase)") }
        if let fromBase = unit.fromBase { lines.append("from base \(fromBase)") }
        if unit.isInverse { lines.append("inverse") }
        return lines
    }

    /// The shortest text that reads back as the same Double: `0.3048`, `1e-09`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Between quotes, with control characters, the no-break spaces and the
    /// invisible direction marks (`UnitPatternText.isInvisible`: U+200E in
    /// Arabic's minus) written `\u{…}`, so that a diff of two dumps shows them.
    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.value < 0x20 || UnitPatternText.isInvisible($0)
            ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined() + "\""
    }
}
