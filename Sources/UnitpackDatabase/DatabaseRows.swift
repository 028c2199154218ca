import UnitpackCore
import UnitpackSQLite
import UnitpackStore

struct CategoryRow {
    var id: Int
    var key: String
    var order: Int
    /// The base unit in coherent base units (`kg*m/s^2`, `1000000/m^2`).
    var dimension: String
    var clusterRows: Int
}

struct LanguageRow {
    var language: Language
    var phraseWordLines: Int
    var compoundRows: Int
}

struct ClusterRow {
    var category: Int
    var usage: String
    var region: String
    var completed: Bool
    var rank: Int
    var unit: UnitID
    var atLeast: Double
    var parts: [UnitID]
}

struct CompoundRow {
    var lang: String
    var key: CompoundPatternKey
    var form: String
    var pattern: String
}

/// The tables of `units.sqlite` as the database decodes them, each through
/// `RowDecoder`'s checks (UnitpackStore).
extension RowDecoder where Failure == UnitDatabaseError {
    /// A decoder whose damage is `UnitDatabaseError.damaged` of the database's file.
    package init(statement: Statement, path: String) {
        self.init(statement: statement, path: path) { .damaged(path: path, damage: $0) }
    }

    // MARK: Tables

    /// `categories`: id, key, display_order, base_unit, dimension, cluster_rows.
    func category(at offset: Int32) throws(UnitDatabaseError) -> CategoryRow {
        guard !statement.isNull(at: offset) else { throw damaged(.missingRow(table: "categories", key: nil, namedBy: "units")) }
        try check("categories", at: offset)
        let id = try id(offset, "categories", "id")
        let key = try word(offset + 1, "categories", "key", key: "\(id)")
        let order = statement.int(at: offset + 2)
        _ = try self.id(offset + 3, "categories", "base_unit", key: key)
        let dimension = try word(offset + 4, "categories", "dimension", key: key)
        return CategoryRow(
            id: id, key: key, order: order, dimension: dimension, clusterRows: try count(offset + 5, "categories", "cluster_rows", key: key))
    }

    /// `units`: id, category, name, symbols, factor, to_base, from_base,
    /// priority, system, tier, flags. The category's key comes from its own row.
    func unit(at offset: Int32, categoryKey: String) throws(UnitDatabaseError) -> (unit: MeasureUnit, category: Int) {
        try check("units", at: offset)
        let id = UnitID(rawValue: try self.id(offset, "units", "id"))
        // The row's key for `DatabaseDamage`, made only for damage.
        func rowKey() -> String { "\(id)" }
        let category = try self.id(offset + 1, "units", "category", key: rowKey())
        let name = try word(offset + 2, "units", "name", key: rowKey())
        let flags = UnitFlags(rawValue: statement.int(at: offset + 10))
        guard DatabaseSanity.isValidFlags(flags.rawValue) else {
            throw damaged(.unknownValue(table: "units", column: "flags", key: rowKey(), value: "\(flags.rawValue)"))
        }
        let conversion: Conversion
        if flags.contains(.formula) {
            guard statement.isNull(at: offset + 4), let to = statement.text(at: offset + 5),
                let from = statement.text(at: offset + 6),
                let toBase = try? Formula(parsing: to), let fromBase = try? Formula(parsing: from)
            else { throw damaged(.unreadableFormula(unit: id.rawValue)) }
            conversion = .formulas(toBase: toBase, fromBase: fromBase)
        } else {
            let factor = statement.double(at: offset + 4)
            guard !statement.isNull(at: offset + 4), DatabaseSanity.isValidFactor(factor),
                statement.isNull(at: offset + 5), statement.isNull(at: offset + 6)
            else { throw damaged(.invalidValue(table: "units", column: "factor", key: rowKey(), value: nil)) }
            conversion = flags.contains(.inverse) ? .reciprocal(factor: factor) : .linear(factor: factor)
        }
        let priority = statement.double(at: offset + 7)
        guard priority.isFinite else { throw damaged(.invalidValue(table: "units", column: "priority", key: rowKey(), value: "\(priority)")) }
        let systemText = statement.text(at: offset + 8) ?? ""
        guard let system = MeasurementSystem(rawValue: systemText) else {
            throw damaged(.unknownValue(table: "units", column: "system", key: rowKey(), value: systemText))
        }
        let tier = statement.int(at: offset + 9)
        guard DatabaseSanity.isValidTier(tier) else { throw damaged(.invalidValue(table: "units", column: "tier", key: rowKey(), value: "\(tier)")) }
        let symbolList = statement.text(at: offset + 3) ?? ""
        let symbols = symbolList.isEmpty ? [] : symbolList.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard !symbols.contains("") else { throw damaged(.emptyText(table: "units", column: "symbols", key: rowKey())) }
        let usage = statement.text(at: offset + 11) ?? ""
        guard usage.isEmpty || DatabaseSanity.isValidUsage(usage) else {
            throw damaged(.invalidValue(table: "units", column: "usage", key: rowKey(), value: usage))
        }
        let unit = MeasureUnit(
            id: id, name: name, category: categoryKey, symbols: symbols, conversion: conversion, priority: priority,
            system: system, tier: tier, flags: flags, impliedUsage: usage.isEmpty ? nil : usage)
        return (unit, category)
    }

    /// `languages`: code, name, complete, decimal_separator, group_separator,
    /// primary_grouping, secondary_grouping, minimum_grouping_digits,
    /// plural_rules, phrase_word_lines, compound_rows, minus_sign,
    /// long_pattern, short_pattern, native_numbering, native_digits,
    /// native_decimal, native_group, native_minus, latn_regions, region_separators,
    /// region_grouping.
    func language(at offset: Int32) throws(UnitDatabaseError) -> LanguageRow {
        try check("languages", at: offset)
        let code = try word(offset, "languages", "code")
        let name = try word(offset + 1, "languages", "name", key: code)
        let complete = statement.int(at: offset + 2)
        guard complete == 0 || complete == 1 else {
            throw damaged(.invalidValue(table: "languages", column: "complete", key: code, value: "\(complete)"))
        }
        let primary = statement.int(at: offset + 5)
        let secondary = statement.int(at: offset + 6)
        let minimum = statement.int(at: offset + 7)
        for (column, value, valid) in [
            ("primary_grouping", primary, DatabaseSanity.isValidGrouping(primary)),
            ("secondary_grouping", secondary, DatabaseSanity.isValidGrouping(secondary)),
            ("minimum_grouping_digits", minimum, DatabaseSanity.isValidMinimumGroupingDigits(minimum)),
        ] where !valid {
            throw damaged(.invalidValue(table: "languages", column: column, key: code, value: "\(value)"))
        }
        let latn = NumberSymbols(
            decimal: try word(offset + 3, "languages", "decimal_separator", key: code),
            group: try word(offset + 4, "languages", "group_separator", key: code),
            primaryGrouping: primary, secondaryGrouping: secondary, minimumGroupingDigits: minimum,
            minusSign: try word(offset + 11, "languages", "minus_sign", key: code))
        let plurals: PluralRules
        do {
            plurals = try PluralRules(canonicalText: statement.text(at: offset + 8) ?? "")
        } catch {
            throw damaged(.unreadablePluralRules(language: code, error: error))
        }
        let long = try word(offset + 12, "languages", "long_pattern", key: code)
        let short = try word(offset + 13, "languages", "short_pattern", key: code)
        for (column, pattern) in [("long_pattern", long), ("short_pattern", short)] where UnitPatternText.problemOfDefaultPattern(pattern) != nil {
            throw damaged(.invalidValue(table: "languages", column: column, key: code, value: pattern))
        }
        // Empty native columns: the language writes latn digits everywhere.
        let system = statement.text(at: offset + 14) ?? ""
        let separatorsText = statement.text(at: offset + 20) ?? ""
        guard let regionSeparators = RegionSeparators.parse(separatorsText) else {
            throw damaged(.invalidValue(table: "languages", column: "region_separators", key: code, value: separatorsText))
        }
        let groupingText = statement.text(at: offset + 21) ?? ""
        guard let regionGrouping = RegionGrouping.parse(groupingText) else {
            throw damaged(.invalidValue(table: "languages", column: "region_grouping", key: code, value: groupingText))
        }
        var numbering = Language.Numbering(latn: latn)
        if !system.isEmpty {
            let digitText = try word(offset + 15, "languages", "native_digits", key: code)
            let digits = Array(digitText)
            guard digits.count == 10 else {
                throw damaged(.invalidValue(table: "languages", column: "native_digits", key: code, value: digitText))
            }
            numbering = Language.Numbering(
                latn: latn, nativeSystem: system,
                nativeSymbols: NumberSymbols(
                    decimal: try word(offset + 16, "languages", "native_decimal", key: code),
                    group: try word(offset + 17, "languages", "native_group", key: code),
                    primaryGrouping: primary, secondaryGrouping: secondary, minimumGroupingDigits: minimum,
                    minusSign: try word(offset + 18, "languages", "native_minus", key: code), digits: digits),
                latnRegions: (statement.text(at: offset + 19) ?? "").split(separator: " ").map(String.init))
        }
        numbering.regionSeparators = regionSeparators
        numbering.regionGrouping = regionGrouping
        return LanguageRow(
            language: Language(
                code: code, name: name, isComplete: complete == 1, plurals: plurals, numbering: numbering,
                longPattern: long, shortPattern: short),
            phraseWordLines: try count(offset + 9, "languages", "phrase_word_lines", key: code),
            compoundRows: try count(offset + 10, "languages", "compound_rows", key: code))
    }

    /// `left_out_names`: folded, unit_key (`category/name`).
    func leftOutName(at offset: Int32) throws(UnitDatabaseError) -> (folded: String, unitKey: String) {
        try check("left_out_names", at: offset)
        let folded = try word(offset, "left_out_names", "folded")
        let key = try word(offset + 1, "left_out_names", "unit_key", key: folded)
        guard UnitKey.split(key) != nil else {
            throw damaged(.invalidValue(table: "left_out_names", column: "unit_key", key: folded, value: key))
        }
        return (folded, key)
    }

    /// A `languages` row's count of compound patterns, its checksum checked.
    func languageCompoundCount(at offset: Int32) throws(UnitDatabaseError) -> (code: String, compoundRows: Int) {
        try check("languages", at: offset)
        let code = try word(offset, "languages", "code")
        return (code, try count(offset + 10, "languages", "compound_rows", key: code))
    }

    /// What a `languages` row says of its language's words, its checksum
    /// checked: the lines of its `phrase_words` row and its words for the
    /// unit prefixes (`prefix_words`).
    func languageWords(at offset: Int32) throws(UnitDatabaseError) -> (code: String, phraseWordLines: Int, prefixWords: [(prefix: UnitPrefix, word: String)]) {
        try check("languages", at: offset)
        let code = try word(offset, "languages", "code")
        let lines = try count(offset + 9, "languages", "phrase_word_lines", key: code)
        return (code, lines, try checkedPrefixWords(at: offset).words)
    }

    /// `prefix_words` of a `languages` row whose checksum was checked: the
    /// text as written and its words.
    func checkedPrefixWords(at offset: Int32) throws(UnitDatabaseError) -> (text: String, words: [(prefix: UnitPrefix, word: String)]) {
        let text = statement.text(at: offset + 22) ?? ""
        guard let words = PrefixWordsText.parse(text) else {
            throw damaged(.invalidValue(table: "languages", column: "prefix_words", key: statement.text(at: offset), value: text))
        }
        return (text, words)
    }

    /// A `languages` row's code and count of phrase words, its checksum
    /// checked: for readers that list languages or count their words, without
    /// the cost of parsing the plural rules (`language(at:)` does that when
    /// the language itself is used).
    func languageCount(at offset: Int32) throws(UnitDatabaseError) -> (code: String, phraseWordLines: Int) {
        try check("languages", at: offset)
        let code = try word(offset, "languages", "code")
        return (code, try count(offset + 9, "languages", "phrase_word_lines", key: code))
    }

    /// The forms of one language in a unit's words (`unitWords(at:)`),
    /// each form known and each pattern valid; nil when the unit has no
    /// words in `language`.
    func unitForms(_ text: [UInt8], unit: Int, language: String) throws(UnitDatabaseError) -> [(form: NameForm, text: String)]? {
        let forms: [UnitWords.Form]?
        switch UnitWords.forms(of: language, in: text) {
        case .success(let found): forms = found
        case .failure(let problem): throw damagedWords(problem, unit: unit)
        }
        guard let forms else { return nil }
        var read: [(form: NameForm, text: String)] = []
        for word in forms {
            guard let form = NameForm(rawValue: word.form) else {
                throw damaged(.unknownValue(table: "unit_words", column: "form", key: "\(unit) \(language)", value: word.form))
            }
            if case .pattern = form, UnitPatternText.problemOfUnitPattern(word.text) != nil {
                throw damaged(.invalidValue(table: "unit_words", column: "words", key: "\(unit) \(language)", value: word.text))
            }
            read.append((form, word.text))
        }
        return read
    }

    /// `clusters`: category, usage, region, completed, rank, unit, at_least, parts.
    func cluster(at offset: Int32) throws(UnitDatabaseError) -> ClusterRow {
        try check("clusters", at: offset)
        let category = try id(offset, "clusters", "category")
        func rowKey() -> String { "\(category)" }
        func invalid(_ column: String, _ value: String) -> UnitDatabaseError {
            damaged(.invalidValue(table: "clusters", column: column, key: rowKey(), value: value))
        }
        let usage = try word(offset + 1, "clusters", "usage", key: rowKey())
        guard DatabaseSanity.isValidUsage(usage) else { throw invalid("usage", usage) }
        let region = try word(offset + 2, "clusters", "region", key: rowKey())
        let completed = statement.int(at: offset + 3)
        guard completed == 0 || completed == 1 else { throw invalid("completed", "\(completed)") }
        let rank = statement.int(at: offset + 4)
        guard DatabaseSanity.isValidCount(rank) else { throw invalid("rank", "\(rank)") }
        let unit = UnitID(rawValue: try id(offset + 5, "clusters", "unit", key: rowKey()))
        let atLeast = statement.double(at: offset + 6)
        guard DatabaseSanity.isValidThreshold(atLeast) else { throw invalid("at_least", "\(atLeast)") }
        let partsText = statement.text(at: offset + 7) ?? ""
        guard let parts = UnitDatabase.parts(partsText) else { throw invalid("parts", partsText) }
        return ClusterRow(
            category: category, usage: usage, region: region, completed: completed == 1, rank: rank, unit: unit, atLeast: atLeast,
            parts: parts)
    }

    /// `compounds`: lang, key, form, pattern, each as `compounds.tsv` allows
    /// (DatabaseSanity.isValidCompound).
    func compound(at offset: Int32) throws(UnitDatabaseError) -> CompoundRow {
        try check("compounds", at: offset)
        let lang = try word(offset, "compounds", "lang")
        let keyText = statement.text(at: offset + 1) ?? ""
        guard let key = CompoundPatternKey(rawValue: keyText) else {
            throw damaged(.unknownValue(table: "compounds", column: "key", key: lang, value: keyText))
        }
        let form = try word(offset + 2, "compounds", "form", key: lang)
        let pattern = try word(offset + 3, "compounds", "pattern", key: lang)
        guard DatabaseSanity.isValidCompound(key: key, form: form, pattern: pattern) else {
            throw damaged(.invalidValue(table: "compounds", column: "pattern", key: lang, value: "\(key.rawValue) \(form): \(pattern)"))
        }
        return CompoundRow(lang: lang, key: key, form: form, pattern: pattern)
    }

    /// `relations`: kind, first, second, factor, regions.
    func relation(at offset: Int32) throws(UnitDatabaseError)
        -> (kind: String, first: Int, second: Int, factor: Double?, regions: [String], categories: (first: Int, second: Int))
    {
        try check("relations", at: offset)
        let kind = try word(offset, "relations", "kind")
        let first = try id(offset + 1, "relations", "first", key: kind)
        let second = try id(offset + 2, "relations", "second", key: kind)
        let factor = statement.isNull(at: offset + 3) ? nil : statement.double(at: offset + 3)
        let regionText = statement.text(at: offset + 4) ?? ""
        let regions = regionText.isEmpty ? [] : regionText.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // Read once: a String switch over the kinds' names each time it is asked.
        let relationKind = RelationKind(rawValue: kind)
        switch relationKind {
        case .same?:
            guard let factor, DatabaseSanity.isValidFactor(factor) else {
                throw damaged(.invalidValue(table: "relations", column: "factor", key: kind, value: factor.map { "\($0)" }))
            }
        case .difference?, .also?, .regional?, .everyday?:
            guard let factor else { break }
            throw damaged(.invalidValue(table: "relations", column: "factor", key: kind, value: "\(factor)"))
        case nil: break
        }
        guard DatabaseSanity.isValidRelationPlaces(regions, kind: kind) else {
            throw damaged(.invalidValue(table: "relations", column: "regions", key: kind, value: regionText))
        }
        let categories = (try id(offset + 5, "relations", "first_category", key: kind), try id(offset + 6, "relations", "second_category", key: kind))
        // A relation of categories names them twice: as its sides and as their categories.
        if relationKind?.relatesCategories == true, categories != (first, second) {
            throw damaged(.invalidValue(table: "relations", column: "first_category", key: kind, value: "\(categories.0) \(categories.1)"))
        }
        return (kind, first, second, factor, regions, categories)
    }
}
