import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// The tables of a database, read through the store (UnitpackStore) as the
/// runtime reads them: `StoreMeta` for `meta`, and for every other table a
/// `TableScan`, which checks each row's checksum and that no primary key is
/// read twice, and at the end the table's count in `meta`; the columns by
/// name (`Table`). What is checked here besides is the sanity of each value
/// (docs/database.md, "Sanity of values read") and the counts of each key.
/// A damaged or hand-edited file fails with the row at fault rather than
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
        var reader = try SnapshotReader(connection: connection, file: file)
        return try reader.read(formatVersion: version)
    }

    fileprivate static func formRank(_ form: String) -> Int { formOrder.firstIndex(of: form) ?? formOrder.count }
}

/// One read of a database's tables into a snapshot, table by table: each
/// table's rows and what the tables after it need of them (unit names by id,
/// category keys by id, each language's counts of phrase words and compounds).
private struct SnapshotReader {
    let connection: Connection
    let file: String
    let meta: StoreMeta

    var languages: [DatabaseSnapshot.Language] = []
    /// `phrase_word_lines` and `compound_rows` of each language, by code.
    var languageCounts: [String: LanguageCounts] = [:]
    /// `prefix_words` of each language, by code: checked against its prefix patterns once `compounds` is read.
    var prefixWordTexts: [String: String] = [:]
    /// Each unit with its category's id; the category's key is filled in
    /// once the categories are read.
    var unitFields: [(category: Int, unit: DatabaseSnapshot.Unit)] = []
    var unitNames: [Int: String] = [:]
    var categories: [DatabaseSnapshot.Category] = []
    var categoryKeys: [Int: String] = [:]
    var clusterRowsStated: [Int: Int] = [:]
    var words: [Int: [String: DatabaseSnapshot.Words]] = [:]
    var clusters: [Int: [String]] = [:]

    init(connection: Connection, file: String) throws {
        self.connection = connection
        self.file = file
        meta = try StoreMeta.read(connection, path: file) { ReviewError.corrupt(path: file, detail: $0.description) }
    }

    /// Every row of `table` in `order`, each checked as it is read.
    func scan(_ table: Table, order: String) throws -> TableScan<ReviewError> {
        try TableScan(connection, table, order: order, path: file) { [file] in ReviewError.corrupt(path: file, detail: $0.description) }
    }

    func damaged(_ detail: String) -> ReviewError { .corrupt(path: file, detail: detail) }

    mutating func read(formatVersion: Int) throws -> DatabaseSnapshot {
        try readLanguages()
        // Meta's list of the languages (what an open compares the manifest with) is the table's.
        guard languages.map(\.code) == meta.languages else {
            throw damaged("meta's languages (\(meta.languages.joined(separator: " "))) are not the languages table's")
        }
        // Units by id first: categories name their base unit, clusters and
        // relations their units.
        try readUnits()
        try readCategories()
        try readUnitWords()
        try readNames()
        try readClusters()

        var units: [DatabaseSnapshot.Unit] = []
        for (category, fields) in unitFields {
            guard let categoryKey = categoryKeys[category] else { throw damaged("unit \(fields.id) names a missing category") }
            let byLanguage = (words[fields.id] ?? [:]).sorted { $0.key < $1.key }.map { language, words in
                var words = words
                words.forms.sort { DatabaseSnapshot.formRank($0.form) < DatabaseSnapshot.formRank($1.form) }
                return (language: language, words: words)
            }
            var unit = fields
            unit.category = categoryKey
            unit.words = byLanguage
            unit.clusters = clusters[fields.id] ?? []
            units.append(unit)
        }
        // In category display order, then by id.
        let rank = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($0.element.key, $0.offset) })
        units.sort { (rank[$0.category] ?? 0, $0.id) < (rank[$1.category] ?? 0, $1.id) }
        let unitKeys = Dictionary(units.map { ($0.id, $0.key) }, uniquingKeysWith: { a, _ in a })

        var snapshot = DatabaseSnapshot(
            path: file, formatVersion: formatVersion, languages: languages, categories: categories, units: units)
        snapshot.sourceHash = meta.sourceHash
        snapshot.relations = try readRelations(unitKeys: unitKeys)
        snapshot.compounds = try readCompounds(unitKeys: unitKeys)
        // A language's prefix words are its prefix patterns' (derived by the
        // build, read by the runtime in their place): not shown, checked.
        for language in languages {
            let patterns = snapshot.compounds.filter { $0.language == language.code && $0.key == CompoundPatternKey.prefix.rawValue }
            let derived = PrefixWordsText.text(PrefixWordsText.words(of: patterns.map { ($0.form, $0.pattern) }))
            guard prefixWordTexts[language.code] == derived else {
                throw damaged("the prefix words of '\(language.code)' are not those of its prefix patterns")
            }
        }
        snapshot.phraseWords = try readPhraseWords()
        snapshot.leftOutNames = try readLeftOutNames()
        return snapshot
    }

    // MARK: Tables

    /// `languages`, by code.
    mutating func readLanguages() throws {
        var scan = try scan(.languages, order: "code")
        let row = scan.rows
        while try scan.next() {
            let code = try row.word("code")
            let rules = row.text("plural_rules") ?? ""
            try row.require((try? PluralRules(canonicalText: rules)) != nil, "the plural rules of '\(code)' do not parse")
            let complete = row.int("complete")
            try row.require(
                DatabaseSanity.isValidGrouping(row.int("primary_grouping"))
                    && DatabaseSanity.isValidGrouping(row.int("secondary_grouping"))
                    && DatabaseSanity.isValidMinimumGroupingDigits(row.int("minimum_grouping_digits"))
                    && (complete == 0 || complete == 1),
                "language '\(code)' has an invalid grouping or completeness")
            var language = DatabaseSnapshot.Language(
                code: code, name: try row.word("name", key: "\(code)"), complete: complete == 1,
                decimalSeparator: try row.word("decimal_separator", key: "\(code)"),
                groupSeparator: try row.word("group_separator", key: "\(code)"), pluralRules: rules)
            language.primaryGrouping = row.int("primary_grouping")
            language.secondaryGrouping = row.int("secondary_grouping")
            language.minimumGroupingDigits = row.int("minimum_grouping_digits")
            language.minusSign = try row.word("minus_sign", key: "\(code)")
            language.longPattern = row.text("long_pattern") ?? ""
            language.shortPattern = row.text("short_pattern") ?? ""
            try row.require(
                [language.longPattern, language.shortPattern].allSatisfy { UnitPatternText.problemOfDefaultPattern($0) == nil },
                "a default unit pattern of '\(code)' does not have {0} and {1} once each")
            language.nativeNumbering = row.text("native_numbering") ?? ""
            language.nativeDigits = row.text("native_digits") ?? ""
            language.nativeDecimal = row.text("native_decimal") ?? ""
            language.nativeGroup = row.text("native_group") ?? ""
            language.nativeMinus = row.text("native_minus") ?? ""
            language.latnRegions = row.text("latn_regions") ?? ""
            let native = [language.nativeDigits, language.nativeDecimal, language.nativeGroup, language.nativeMinus]
            try row.require(
                language.nativeNumbering.isEmpty
                    ? native.allSatisfy(\.isEmpty) && language.latnRegions.isEmpty
                    : language.nativeDigits.unicodeScalars.count == 10 && !native.contains(where: \.isEmpty),
                "the numbering system of '\(code)' is incomplete")
            language.regionSeparators = row.text("region_separators") ?? ""
            try row.require(
                RegionSeparators.parse(language.regionSeparators) != nil, "language '\(code)' has invalid region separators")
            language.regionGrouping = row.text("region_grouping") ?? ""
            try row.require(
                RegionGrouping.parse(language.regionGrouping) != nil, "language '\(code)' has an invalid region grouping")
            prefixWordTexts[code] = row.text("prefix_words") ?? ""
            languageCounts[code] = LanguageCounts(
                phraseWords: try row.count("phrase_word_lines", key: "\(code)"),
                compounds: try row.count("compound_rows", key: "\(code)"))
            languages.append(language)
        }
        try scan.finish(meta)
    }

    /// `units`, by id; their categories' keys come with the categories.
    mutating func readUnits() throws {
        var scan = try scan(.units, order: "id")
        let row = scan.rows
        while try scan.next() {
            let id = try row.id("id")
            let category = try row.id("category", key: "\(id)")
            let flags = row.int("flags")
            try row.require(DatabaseSanity.isValidFlags(flags), "unit \(id) has unknown flags")
            let unitFlags = UnitFlags(rawValue: flags)
            let factor = row.optionalDouble("factor")
            let toBase = row.optionalText("to_base")
            let fromBase = row.optionalText("from_base")
            try row.require(
                unitFlags.contains(.formula)
                    ? factor == nil && toBase.flatMap({ try? Formula(parsing: $0) }) != nil
                        && fromBase.flatMap({ try? Formula(parsing: $0) }) != nil
                    : factor.map(DatabaseSanity.isValidFactor) == true && toBase == nil && fromBase == nil,
                "unit \(id) has no valid factor or formulas")
            let priority = row.double("priority")
            try row.require(priority.isFinite, "unit \(id) has no valid priority")
            let system = row.text("system") ?? ""
            try row.require(MeasurementSystem(rawValue: system) != nil, "unit \(id) has an unknown system")
            let tier = row.int("tier")
            try row.require(DatabaseSanity.isValidTier(tier), "unit \(id) has an invalid tier")
            let symbols = row.text("symbols") ?? ""
            let symbolList = symbols.isEmpty ? [] : symbols.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try row.require(!symbolList.contains(""), "unit \(id) has an empty symbol")
            let usage = row.text("usage") ?? ""
            try row.require(usage.isEmpty || DatabaseSanity.isValidUsage(usage), "unit \(id) has an invalid usage")
            let name = try row.word("name", key: "\(id)")
            var unit = DatabaseSnapshot.Unit(
                id: id, category: "", name: name, symbols: symbolList, factor: factor, toBase: toBase, fromBase: fromBase,
                priority: priority, system: system, tier: tier, isInverse: unitFlags.contains(.inverse), usage: usage,
                words: [])
            unit.prefixes = [(UnitFlags.siPrefixes, "si"), (.binaryPrefixes, "binary")].filter { unitFlags.contains($0.0) }.map(\.1)
            unitFields.append((category, unit))
            unitNames[id] = name
        }
        try scan.finish(meta)
    }

    /// `categories`, in display order.
    mutating func readCategories() throws {
        var scan = try scan(.categories, order: "display_order, key")
        let row = scan.rows
        while try scan.next() {
            let id = try row.id("id")
            let key = try row.word("key", key: "\(id)")
            let base = unitNames[try row.id("base_unit", key: "\(key)")]
            try row.require(base != nil, "category \(key) names a missing base unit")
            categoryKeys[id] = key
            clusterRowsStated[id] = try row.count("cluster_rows", key: "\(key)")
            categories.append(
                DatabaseSnapshot.Category(
                    key: key, order: row.int("display_order"), baseUnit: base ?? "",
                    dimension: try row.word("dimension", key: "\(key)")))
        }
        try scan.finish(meta)
    }

    /// `unit_words`: each unit's forms in each language, read from its
    /// row's words (docs/database.md, `UnitWords`).
    mutating func readUnitWords() throws {
        var scan = try scan(.unitWords, order: "first")
        let row = scan.rows
        while try scan.next() {
            let read = try row.decoder.inflatedUnitWords(at: row.offset)
            let parts: [(unit: Int, words: ArraySlice<UInt8>)]
            switch UnitWords.parts(read.text, first: read.first, last: read.last) {
            case .success(let found): parts = found
            case .failure(let problem): throw row.decoder.damagedWords(problem, unit: read.first)
            }
            for part in parts {
                let unit = part.unit
                try row.require(unitNames[unit] != nil, "the words of unit \(unit) name a missing unit")
                let sections: [UnitWords.Section]
                switch UnitWords.sections(Array(part.words)) {
                case .success(let found): sections = found
                case .failure(let problem): throw row.decoder.damagedWords(problem, unit: unit)
                }
                for section in sections {
                    let language = section.language
                    try row.require(languageCounts[language] != nil, "a word of unit \(unit) in '\(language)' names a missing language")
                    for word in section.forms {
                        let form = NameForm(rawValue: word.form)
                        try row.require(form != nil, "unit \(unit) has an unknown name form '\(word.form)'")
                        if case .pattern? = form {
                            try row.require(
                                UnitPatternText.problemOfUnitPattern(word.text) == nil,
                                "the '\(word.form)' pattern of unit \(unit) in '\(language)' is invalid")
                        }
                        words[unit, default: [:]][language, default: .init()].forms.append(.init(form: word.form, text: word.text))
                    }
                }
            }
        }
        try scan.finish(meta)
    }

    /// `name_blocks`: localized symbols (kind 1 with a language), synonyms
    /// (2) and case forms (3). The names of kind 0 and the composed names
    /// (4) repeat the forms of `unit_words`, and the symbols without a
    /// language those of `units`; every block is read, to check that the
    /// blocks chain and hold as many names as `meta` counts.
    mutating func readNames() throws {
        var scan = try scan(.nameBlocks, order: "block")
        let row = scan.rows
        var found: [(unit: Int, language: String, kind: NameKind, text: String)] = []
        var names = 0
        var previous: NameBlock?
        while try scan.next() {
            let block = try row.decoder.checkedNameBlock(at: row.offset)
            try row.require(block.follows(previous), "the blocks of names do not chain at block \(block.number)")
            previous = block
            for index in 0..<block.keyCount {
                let folded = block.key(at: index)
                for entry in block.entries(at: index) {
                    names += 1
                    try row.require(unitNames[entry.unit] != nil, "a name of unit \(entry.unit) names a missing unit")
                    guard !entry.language.isEmpty, let kind = NameKind(rawValue: entry.kind) else { continue }
                    found.append((entry.unit, entry.language, kind, NameText.text(stored: entry.stored, folded: folded)))
                }
            }
        }
        try scan.finish(meta)
        try row.require(previous.map { $0.next == nil } ?? true, "the last block of names has a next")
        if names != meta.nameCount { throw damaged("'name_blocks' has \(names) of its \(meta.nameCount) names") }
        // By unit, language, kind and text (as bytes), as format 12's table was read.
        found.sort {
            if $0.unit != $1.unit { return $0.unit < $1.unit }
            if $0.language != $1.language { return NameBlock.precedes($0.language, $1.language) }
            if $0.kind != $1.kind { return $0.kind.rawValue < $1.kind.rawValue }
            return NameBlock.precedes($0.text, $1.text)
        }
        for name in found {
            switch name.kind {
            case .symbol: words[name.unit, default: [:]][name.language, default: .init()].symbols.append(name.text)
            case .synonym: words[name.unit, default: [:]][name.language, default: .init()].synonyms.append(name.text)
            case .caseForm: words[name.unit, default: [:]][name.language, default: .init()].cases.append(name.text)
            case .name, .composed, .withoutAccents: break
            }
        }
    }

    /// `clusters`: a unit's preference lists. A mixed unit (foot+inch) is
    /// written by its parts' names under its first part, so a review sees
    /// `person-height US #2 foot+inch`.
    mutating func readClusters() throws {
        var scan = try scan(.clusters, order: "usage, region, completed, rank, category")
        let row = scan.rows
        var found: [Int: Int] = [:]
        while try scan.next() {
            let category = try row.id("category")
            let usage = try row.word("usage")
            try row.require(DatabaseSanity.isValidUsage(usage), "a cluster has an invalid usage")
            let region = try row.word("region")
            let completed = row.int("completed")
            try row.require(completed == 0 || completed == 1, "a cluster has an invalid 'completed' \(completed)")
            let rank = row.int("rank")
            try row.require(DatabaseSanity.isValidCount(rank), "a cluster has an invalid rank \(rank)")
            let unit = try row.id("unit")
            try row.require(
                categoryKeys[category] != nil && unitNames[unit] != nil, "a cluster of unit \(unit) names a missing category or unit")
            let atLeast = row.double("at_least")
            try row.require(DatabaseSanity.isValidThreshold(atLeast), "a cluster of unit \(unit) has an invalid threshold")
            found[category, default: 0] += 1
            let partsText = row.text("parts") ?? ""
            let partIDs = partsText.split(separator: " ", omittingEmptySubsequences: false)
            try row.require(
                partsText.isEmpty || partIDs.allSatisfy { Int($0).flatMap { unitNames[$0] } != nil },
                "a cluster of unit \(unit) has unreadable parts")
            let parts = partsText.split(separator: " ").map { id in Int(id).flatMap { unitNames[$0] } ?? "#\(id)" }
            let mixed = parts.isEmpty ? "" : " " + ([unitNames[unit] ?? "#\(unit)"] + parts).joined(separator: "+")
            clusters[unit, default: []].append(
                "\(usage) \(region)\(completed == 1 ? " completed" : "") #\(rank + 1)" + mixed
                    + (atLeast == 1 ? "" : ", at least \(Dump.number(atLeast))"))
        }
        try scan.finish(meta)
        for (id, stated) in clusterRowsStated where found[id, default: 0] != stated {
            throw damaged("category \(categoryKeys[id] ?? "#\(id)") has \(found[id, default: 0]) of its \(stated) clusters")
        }
    }

    /// `relations`, by keys: `same` relates categories, the other kinds
    /// units. An id that names nothing shows as #id rather than failing the review.
    func readRelations(unitKeys: [Int: String]) throws -> [DatabaseSnapshot.Relation] {
        var scan = try scan(.relations, order: "kind, first, second")
        let row = scan.rows
        var relations: [DatabaseSnapshot.Relation] = []
        let unitCategories = Dictionary(unitFields.map { ($0.unit.id, $0.category) }, uniquingKeysWith: { first, _ in first })
        while try scan.next() {
            let kind = try row.word("kind")
            let factor = row.optionalDouble("factor")
            try row.require(
                kind == RelationKind.same.rawValue ? factor.map(DatabaseSanity.isValidFactor) == true : factor == nil,
                "a '\(kind)' relation has an invalid factor")
            let regions = row.text("regions") ?? ""
            let regionList = regions.isEmpty ? [] : regions.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            try row.require(DatabaseSanity.isValidRelationPlaces(regionList, kind: kind), "a '\(kind)' relation has invalid regions")
            let keys = kind == RelationKind.same.rawValue ? categoryKeys : unitKeys
            let first = try row.id("first", key: "\(kind)"), second = try row.id("second", key: "\(kind)")
            let firstCategory = try row.id("first_category", key: "\(kind)"), secondCategory = try row.id("second_category", key: "\(kind)")
            // The categories a row states: its sides for a relation of
            // categories, else its units' (which the runtime takes from the row).
            let stated = kind == RelationKind.same.rawValue ? (first, second) : (unitCategories[first] ?? 0, unitCategories[second] ?? 0)
            try row.require(stated == (firstCategory, secondCategory), "a '\(kind)' relation states other categories than its sides'")
            relations.append(
                DatabaseSnapshot.Relation(
                    kind: kind, first: keys[first] ?? "#\(first)", second: keys[second] ?? "#\(second)", factor: factor,
                    regions: regions))
        }
        try scan.finish(meta)
        return relations.sorted { ($0.kind, $0.first, $0.second) < ($1.kind, $1.first, $1.second) }
    }

    /// `compounds`; each language with as many rows as its `compound_rows` says.
    func readCompounds(unitKeys: [Int: String]) throws -> [DatabaseSnapshot.Compound] {
        var scan = try scan(.compounds, order: "lang, key, form")
        let row = scan.rows
        var compounds: [DatabaseSnapshot.Compound] = []
        var found: [String: Int] = [:]
        while try scan.next() {
            let language = try row.word("lang")
            let keyText = row.text("key") ?? ""
            let form = row.text("form") ?? "", pattern = row.text("pattern") ?? ""
            let key = CompoundPatternKey(rawValue: keyText)
            try row.require(
                key.map { DatabaseSanity.isValidCompound(key: $0, form: form, pattern: pattern) } == true,
                "the \(keyText) pattern '\(form)' of '\(language)' is not one")
            found[language, default: 0] += 1
            // `gender` and `case` forms start with a unit id: shown by key.
            var shown = form
            if key == .gender || key == .grammaticalCase {
                let parts = form.split(separator: "/", omittingEmptySubsequences: false)
                let id = Int(parts[0]) ?? 0
                shown = ([unitKeys[id] ?? "#\(id)"] + parts.dropFirst().map(String.init)).joined(separator: "/")
            }
            compounds.append(DatabaseSnapshot.Compound(language: language, key: keyText, form: shown, pattern: pattern))
        }
        try scan.finish(meta)
        try checkLanguageCounts(found, \.compounds, "compound patterns")
        return compounds.sorted { ($0.language, $0.key, $0.form) < ($1.language, $1.key, $1.form) }
    }

    /// `phrase_words`; each language with as many words as its `phrase_word_lines` says.
    func readPhraseWords() throws -> [DatabaseSnapshot.PhraseWord] {
        var scan = try scan(.phraseWords, order: "lang")
        let row = scan.rows
        var words: [DatabaseSnapshot.PhraseWord] = []
        var found: [String: Int] = [:]
        while try scan.next() {
            let read = try row.decoder.checkedPhraseWords(at: row.offset)
            found[read.lang, default: 0] += read.lines.count
            for line in read.lines {
                let word = String(decoding: read.text[line.word], as: UTF8.self)
                words.append(DatabaseSnapshot.PhraseWord(language: read.lang, word: word, kind: line.kind.rawValue, value: line.value))
            }
        }
        try scan.finish(meta)
        try checkLanguageCounts(found, \.phraseWords, "phrase words")
        return words.sorted { ($0.language, $0.kind, $0.word) < ($1.language, $1.kind, $1.word) }
    }

    /// `left_out_names`: the words a slice leaves out.
    func readLeftOutNames() throws -> [DatabaseSnapshot.LeftOutName] {
        var scan = try scan(.leftOutNames, order: "folded, unit_key")
        let row = scan.rows
        var names: [DatabaseSnapshot.LeftOutName] = []
        while try scan.next() {
            let word = try row.word("folded")
            names.append(DatabaseSnapshot.LeftOutName(word: word, unitKey: try row.word("unit_key", key: "\(word)")))
        }
        try scan.finish(meta)
        return names
    }

    /// Each language's rows of a table against the count its `languages` row
    /// states, and no rows of a language the table does not have.
    func checkLanguageCounts(
        _ found: [String: Int], _ stated: KeyPath<LanguageCounts, Int>, _ what: String
    ) throws {
        for (code, counts) in languageCounts where found[code, default: 0] != counts[keyPath: stated] {
            throw damaged("'\(code)' has \(found[code, default: 0]) of its \(counts[keyPath: stated]) \(what)")
        }
        for code in found.keys where languageCounts[code] == nil {
            throw damaged("\(what) of '\(code)', a missing language")
        }
    }
}

/// What a `languages` row says of its rows in other tables.
private struct LanguageCounts {
    var phraseWords: Int
    var compounds: Int
}
