import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// The tables of a database, each row checked as it is read (`CheckedRows`):
/// a damaged or hand-edited file fails with the row at fault rather than
/// reading as plausible units.
extension DatabaseSnapshot {
    static func readRows(_ file: String) throws -> DatabaseSnapshot {
        let connection = try Connection(path: file, mode: .readOnlyImmutable)
        guard try connection.scalarInt("PRAGMA application_id") == Int64(DatabaseFormat.applicationID) else {
            throw ReviewError.notAUnitDatabase(path: file)
        }
        let version = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
        guard version == Int(DatabaseFormat.version) else {
            throw ReviewError.unsupportedFormatVersion(path: file, found: version, supported: Int(DatabaseFormat.version))
        }
        // A damaged page could otherwise read as plausible rows.
        let check = try connection.prepare("PRAGMA quick_check")
        while try check.step() {
            let line = check.text(at: 0) ?? ""
            guard line == "ok" else { throw ReviewError.corrupt(path: file, detail: line) }
        }

        let counts = try readMeta(connection, file: file)

        var languages: [Language] = []
        var languageRows = try CheckedRows(connection, table: "languages", order: "code", file: file)
        while try languageRows.next() {
            let code = try languageRows.word(0, "a language's code")
            let rules = languageRows.statement.text(at: 8) ?? ""
            try languageRows.require((try? PluralRules(canonicalText: rules)) != nil, "the plural rules of '\(code)' do not parse")
            try languageRows.require(
                [5, 6].allSatisfy { DatabaseSanity.isValidGrouping(languageRows.statement.int(at: $0)) }
                    && DatabaseSanity.isValidMinimumGroupingDigits(languageRows.statement.int(at: 7))
                    && [0, 1].contains(languageRows.statement.int(at: 2)),
                "language '\(code)' has an invalid grouping or completeness")
            var language = Language(
                code: code, name: try languageRows.word(1, "the name of '\(code)'"),
                complete: languageRows.statement.int(at: 2) != 0,
                decimalSeparator: try languageRows.word(3, "the decimal separator of '\(code)'"),
                groupSeparator: try languageRows.word(4, "the group separator of '\(code)'"), pluralRules: rules)
            let row = languageRows.statement
            language.primaryGrouping = Int(row.int(at: 5))
            language.secondaryGrouping = Int(row.int(at: 6))
            language.minimumGroupingDigits = Int(row.int(at: 7))
            language.minusSign = try languageRows.word(11, "the minus sign of '\(code)'")
            language.longPattern = row.text(at: 12) ?? ""
            language.shortPattern = row.text(at: 13) ?? ""
            try languageRows.require(
                [language.longPattern, language.shortPattern].allSatisfy { UnitPatternText.problemOfDefaultPattern($0) == nil },
                "a default unit pattern of '\(code)' does not have {0} and {1} once each")
            language.nativeNumbering = row.text(at: 14) ?? ""
            language.nativeDigits = row.text(at: 15) ?? ""
            language.nativeDecimal = row.text(at: 16) ?? ""
            language.nativeGroup = row.text(at: 17) ?? ""
            language.nativeMinus = row.text(at: 18) ?? ""
            let native = [language.nativeDigits, language.nativeDecimal, language.nativeGroup, language.nativeMinus]
            try languageRows.require(
                language.nativeNumbering.isEmpty
                    ? native.allSatisfy(\.isEmpty) && (row.text(at: 19) ?? "").isEmpty
                    : language.nativeDigits.unicodeScalars.count == 10 && !native.contains(where: \.isEmpty),
                "the numbering system of '\(code)' is incomplete")
            language.latnRegions = row.text(at: 19) ?? ""
            language.regionSeparators = row.text(at: 20) ?? ""
            languages.append(language)
        }
        try languageRows.finish(counts: counts)

        // Units by id first: categories name their base unit, clusters and
        // relations their units.
        var unitRows = try CheckedRows(connection, table: "units", order: "id", file: file)
        var unitFields: [(id: Int, category: Int, unit: Unit)] = []
        while try unitRows.next() {
            let row = unitRows.statement
            let id = row.int(at: 0)
            try unitRows.require(DatabaseSanity.isValidID(id), "a unit has an invalid id \(id)")
            let flags = row.int(at: 10)
            let factor: Double? = row.isNull(at: 4) ? nil : row.double(at: 4)
            let toBase = row.isNull(at: 5) ? nil : row.text(at: 5)
            let fromBase = row.isNull(at: 6) ? nil : row.text(at: 6)
            let isFormula = UnitFlags(rawValue: flags).contains(.formula)
            try unitRows.require(DatabaseSanity.isValidFlags(flags), "unit \(id) has unknown flags")
            try unitRows.require(
                isFormula
                    ? factor == nil && toBase.flatMap({ try? Formula(parsing: $0) }) != nil
                        && fromBase.flatMap({ try? Formula(parsing: $0) }) != nil
                    : factor.map(DatabaseSanity.isValidFactor) == true && toBase == nil && fromBase == nil,
                "unit \(id) has no valid factor or formulas")
            try unitRows.require(row.double(at: 7).isFinite, "unit \(id) has no valid priority")
            try unitRows.require(DatabaseSanity.isValidTier(row.int(at: 9)), "unit \(id) has an invalid tier")
            try unitRows.require(MeasurementSystem(rawValue: row.text(at: 8) ?? "") != nil, "unit \(id) has an unknown system")
            let symbols = row.text(at: 3) ?? ""
            let symbolList = symbols.isEmpty ? [] : symbols.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try unitRows.require(!symbolList.contains(""), "unit \(id) has an empty symbol")
            unitFields.append(
                (id, row.int(at: 1),
                 Unit(
                    id: id, category: "", name: try unitRows.word(2, "the name of unit \(id)"), symbols: symbolList,
                    factor: factor, toBase: toBase, fromBase: fromBase, priority: row.double(at: 7),
                    system: row.text(at: 8) ?? "", tier: row.int(at: 9), isInverse: flags & 1 != 0,
                    usage: row.text(at: 11) ?? "", words: [])))
        }
        try unitRows.finish(counts: counts)
        let unitNames = Dictionary(unitFields.map { ($0.id, $0.unit.name) }, uniquingKeysWith: { a, _ in a })

        var categories: [Category] = []
        var categoryKeys: [Int: String] = [:]
        var clusterRowsStated: [Int: Int] = [:]
        var categoryRows = try CheckedRows(connection, table: "categories", order: "display_order, key", file: file)
        while try categoryRows.next() {
            let row = categoryRows.statement
            let id = row.int(at: 0)
            let key = try categoryRows.word(1, "the key of category \(id)")
            let base = unitNames[row.int(at: 3)]
            try categoryRows.require(base != nil, "category \(key) names a missing base unit")
            categoryKeys[id] = key
            clusterRowsStated[id] = row.int(at: 5)
            categories.append(
                Category(key: key, order: row.int(at: 2), baseUnit: base ?? "", dimension: try categoryRows.word(4, "the dimension of \(key)")))
        }
        try categoryRows.finish(counts: counts)

        var words: [Int: [String: Words]] = [:]
        var formRows = try CheckedRows(connection, table: "unit_names", order: "unit, lang, form", file: file)
        var wordGroups: [String: (stated: Int, found: Int)] = [:]
        while try formRows.next() {
            let row = formRows.statement
            let unit = row.int(at: 0), language = try formRows.word(1, "the language of a word"), form = row.text(at: 2) ?? ""
            try formRows.require(NameForm(rawValue: form) != nil, "unit \(unit) has an unknown name form '\(form)'")
            let key = "\(unit) \(language)"
            let group = wordGroups[key] ?? (row.int(at: 4), 0)
            try formRows.require(group.stated == row.int(at: 4), "the words of unit \(key) disagree on their count")
            wordGroups[key] = (group.stated, group.found + 1)
            words[unit, default: [:]][language, default: Words()].forms.append(
                Words.Form(form: form, text: try formRows.word(3, "the '\(form)' word of unit \(unit)")))
        }
        try formRows.finish(counts: counts)
        for (key, group) in wordGroups {
            try formRows.require(group.stated == group.found, "unit and language \(key) have \(group.found) of their \(group.stated) words")
        }
        // Localized symbols (kind 1 with a language) and synonyms (kind 2); the
        // names of kind 0 repeat the forms above. Every row is read, to check
        // each key's count and the table's.
        // Ordered by the text itself, not by what is stored ('' for a text that is its key).
        var nameRows = try CheckedRows(
            connection, table: "names", order: "unit, lang, kind, CASE text WHEN '' THEN folded ELSE text END", file: file)
        var nameGroups: [String: (stated: Int, found: Int)] = [:]
        while try nameRows.next() {
            let row = nameRows.statement
            let folded = row.text(at: 0) ?? "", unit = row.int(at: 1), kind = row.int(at: 2)
            let language = row.text(at: 3) ?? "", stored = row.text(at: 4) ?? ""
            try nameRows.require(
                !row.isNull(at: 4) && !folded.isEmpty && NameText.isCanonical(stored: stored, folded: folded),
                "a name of unit \(unit) has an invalid text")
            let text = NameText.text(stored: stored, folded: folded)
            try nameRows.require(NameKind(rawValue: kind) != nil, "a name of unit \(unit) has an unknown kind")
            let group = nameGroups[folded] ?? (row.int(at: 5), 0)
            try nameRows.require(group.stated == row.int(at: 5), "the names of '\(folded)' disagree on their count")
            nameGroups[folded] = (group.stated, group.found + 1)
            // Composed names (kind 4) repeat the forms above too.
            guard kind != NameKind.name.rawValue, kind != NameKind.composed.rawValue, !language.isEmpty else { continue }
            if kind == 1 {
                words[unit, default: [:]][language, default: Words()].symbols.append(text)
            } else {
                words[unit, default: [:]][language, default: Words()].synonyms.append(text)
            }
        }
        try nameRows.finish(counts: counts)
        for (key, group) in nameGroups {
            try nameRows.require(group.stated == group.found, "'\(key)' has \(group.found) of its \(group.stated) names")
        }

        // A mixed unit (foot+inch) is written by its parts' names under its
        // first part, so a review sees `person-height US #2 foot+inch`.
        var clusters: [Int: [String]] = [:]
        var clusterCounts: [Int: Int] = [:]
        var clusterRows = try CheckedRows(connection, table: "clusters", order: "usage, region, completed, rank, category", file: file)
        while try clusterRows.next() {
            let row = clusterRows.statement
            let unit = row.int(at: 5)
            let atLeast = row.double(at: 6)
            try clusterRows.require(DatabaseSanity.isValidThreshold(atLeast), "a cluster of unit \(unit) has an invalid threshold")
            clusterCounts[row.int(at: 0), default: 0] += 1
            let partIDs = (row.text(at: 7) ?? "").split(separator: " ", omittingEmptySubsequences: false)
            try clusterRows.require(
                (row.text(at: 7) ?? "").isEmpty || partIDs.allSatisfy { Int($0).flatMap { unitNames[$0] } != nil },
                "a cluster of unit \(unit) has unreadable parts")
            let parts = (row.text(at: 7) ?? "").split(separator: " ").map { id in
                Int(id).flatMap { unitNames[$0] } ?? "#\(id)"
            }
            let mixed = parts.isEmpty ? "" : " " + ([unitNames[unit] ?? "#\(unit)"] + parts).joined(separator: "+")
            clusters[unit, default: []].append(
                "\(row.text(at: 1) ?? "") \(row.text(at: 2) ?? "")\(row.int(at: 3) == 1 ? " completed" : "") #\(row.int(at: 4) + 1)" + mixed
                    + (atLeast == 1 ? "" : ", at least \(Dump.number(atLeast))"))
        }
        try clusterRows.finish(counts: counts)
        for (id, stated) in clusterRowsStated {
            try clusterRows.require(clusterCounts[id, default: 0] == stated, "category \(categoryKeys[id] ?? "#\(id)") has \(clusterCounts[id, default: 0]) of its \(stated) clusters")
        }

        var units: [Unit] = []
        for (id, category, fields) in unitFields {
            try unitRows.require(categoryKeys[category] != nil, "unit \(id) names a missing category")
            let byLanguage = (words[id] ?? [:]).sorted { $0.key < $1.key }.map { language, words in
                var words = words
                words.forms.sort { formRank($0.form) < formRank($1.form) }
                return (language: language, words: words)
            }
            var unit = fields
            unit.category = categoryKeys[category] ?? "?"
            unit.words = byLanguage
            unit.clusters = clusters[id] ?? []
            units.append(unit)
        }
        // In category display order, then by id.
        let rank = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($0.element.key, $0.offset) })
        units.sort { (rank[$0.category] ?? 0, $0.id) < (rank[$1.category] ?? 0, $1.id) }
        let unitKeys = Dictionary(units.map { ($0.id, $0.key) }, uniquingKeysWith: { a, _ in a })
        var relations: [Relation] = []
        var relationRows = try CheckedRows(connection, table: "relations", order: "kind, first, second", file: file)
        while try relationRows.next() {
            let row = relationRows.statement
            let kind = try relationRows.word(0, "a relation's kind")
            let factor = row.isNull(at: 3) ? nil : row.double(at: 3)
            try relationRows.require(
                kind == "same" ? factor.map(DatabaseSanity.isValidFactor) == true : factor == nil,
                "a '\(kind)' relation has an invalid factor")
            // `same` relates categories; the other kinds, units. An id that
            // names nothing shows as #id rather than failing the review.
            let keys = kind == "same" ? categoryKeys : unitKeys
            let first = row.int(at: 1), second = row.int(at: 2)
            relations.append(
                Relation(
                    kind: kind, first: keys[first] ?? "#\(first)", second: keys[second] ?? "#\(second)", factor: factor,
                    regions: row.text(at: 4) ?? ""))
        }
        try relationRows.finish(counts: counts)
        relations.sort { ($0.kind, $0.first, $0.second) < ($1.kind, $1.first, $1.second) }
        var compounds: [Compound] = []
        var compoundRows = try CheckedRows(connection, table: "compounds", order: "lang, key, form", file: file)
        while try compoundRows.next() {
            let row = compoundRows.statement
            let language = try compoundRows.word(0, "the language of a compound pattern")
            let keyText = row.text(at: 1) ?? ""
            let form = row.text(at: 2) ?? "", pattern = row.text(at: 3) ?? ""
            let key = CompoundPatternKey(rawValue: keyText)
            try compoundRows.require(
                key.map { DatabaseSanity.isValidCompound(key: $0, form: form, pattern: pattern) } == true,
                "the \(keyText) pattern '\(form)' of '\(language)' is not one")
            // `gender` and `case` forms start with a unit id: shown by key.
            var shown = form
            if key == .gender || key == .grammaticalCase {
                let parts = form.split(separator: "/", omittingEmptySubsequences: false)
                let id = Int(parts[0]) ?? 0
                shown = ([unitKeys[id] ?? "#\(id)"] + parts.dropFirst().map(String.init)).joined(separator: "/")
            }
            compounds.append(Compound(language: language, key: keyText, form: shown, pattern: pattern))
        }
        try compoundRows.finish(counts: counts)
        compounds.sort { ($0.language, $0.key, $0.form) < ($1.language, $1.key, $1.form) }
        return DatabaseSnapshot(
            path: file, formatVersion: version, languages: languages, categories: categories, units: units,
            relations: relations, compounds: compounds)
    }

    /// Every row of `meta`, checked; the row count of each table.
    private static func readMeta(_ connection: Connection, file: String) throws -> [String: Int] {
        var rows = try CheckedRows(connection, table: "meta", order: "key", file: file)
        var values: [String: String] = [:]
        while try rows.next() { values[rows.statement.text(at: 0) ?? ""] = rows.statement.text(at: 1) ?? "" }
        try rows.require(values["format_version"] == String(DatabaseFormat.version), "meta's format_version is wrong")
        var counts: [String: Int] = [:]
        for (table, key) in DatabaseFormat.rowCountKeys {
            let count = values[key].flatMap { Int($0) }
            try rows.require(count.map(DatabaseSanity.isValidCount) == true, "meta has no valid \(key)")
            counts[table] = count
        }
        return counts
    }

    private static func formRank(_ form: String) -> Int { formOrder.firstIndex(of: form) ?? formOrder.count }
}
