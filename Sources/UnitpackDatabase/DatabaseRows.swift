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
    var phraseWordRows: Int
    var compoundRows: Int
}

package struct NamesRow {
    package var unit: UnitID
    package var kind: Int
    package var keyRows: Int
}

struct UnitNameRow {
    var unit: Int
    var lang: String
    var form: NameForm
    var text: String
    var keyRows: Int
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
    /// A decoder whose damage is `UnitDatabaseError.corrupt` of the database's file.
    package init(statement: Statement, path: String) {
        self.init(statement: statement, path: path) { .corrupt(path: path, detail: $0) }
    }

    // MARK: Tables

    /// `categories`: id, key, display_order, base_unit, dimension, cluster_rows.
    func category(at offset: Int32) throws(UnitDatabaseError) -> CategoryRow {
        guard !statement.isNull(at: offset) else { throw damaged("a unit names a category that is missing") }
        try check("categories", at: offset)
        let id = try id(offset, "a category")
        let key = try word(offset + 1, "the key of category \(id)")
        let order = statement.int(at: offset + 2)
        _ = try self.id(offset + 3, "the base unit of \(key)")
        let dimension = try word(offset + 4, "the dimension of \(key)")
        return CategoryRow(
            id: id, key: key, order: order, dimension: dimension, clusterRows: try count(offset + 5, "category \(key)"))
    }

    /// `units`: id, category, name, symbols, factor, to_base, from_base,
    /// priority, system, tier, flags. The category's key comes from its own row.
    func unit(at offset: Int32, categoryKey: String) throws(UnitDatabaseError) -> (unit: MeasureUnit, category: Int) {
        try check("units", at: offset)
        let id = UnitID(rawValue: try self.id(offset, "a unit"))
        let category = try self.id(offset + 1, "the category of unit \(id)")
        let name = try word(offset + 2, "the name of unit \(id)")
        let flags = UnitFlags(rawValue: statement.int(at: offset + 10))
        guard DatabaseSanity.isValidFlags(flags.rawValue) else { throw damaged("unit \(id) has unknown flags") }
        let conversion: Conversion
        if flags.contains(.formula) {
            guard statement.isNull(at: offset + 4), let to = statement.text(at: offset + 5),
                let from = statement.text(at: offset + 6),
                let toBase = try? Formula(parsing: to), let fromBase = try? Formula(parsing: from)
            else { throw damaged("unit \(id) has an unreadable formula") }
            conversion = .formulas(toBase: toBase, fromBase: fromBase)
        } else {
            let factor = statement.double(at: offset + 4)
            guard !statement.isNull(at: offset + 4), DatabaseSanity.isValidFactor(factor),
                statement.isNull(at: offset + 5), statement.isNull(at: offset + 6)
            else { throw damaged("unit \(id) has no valid factor") }
            conversion = flags.contains(.inverse) ? .reciprocal(factor: factor) : .linear(factor: factor)
        }
        let priority = statement.double(at: offset + 7)
        guard priority.isFinite else { throw damaged("unit \(id) has no valid priority") }
        guard let system = MeasurementSystem(rawValue: statement.text(at: offset + 8) ?? "") else {
            throw damaged("unit \(id) has an unknown system")
        }
        let tier = statement.int(at: offset + 9)
        guard DatabaseSanity.isValidTier(tier) else { throw damaged("unit \(id) has an invalid tier \(tier)") }
        let symbolList = statement.text(at: offset + 3) ?? ""
        let symbols = symbolList.isEmpty ? [] : symbolList.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard !symbols.contains("") else { throw damaged("unit \(id) has an empty symbol") }
        let usage = statement.text(at: offset + 11) ?? ""
        guard usage.isEmpty || DatabaseSanity.isValidUsage(usage) else { throw damaged("unit \(id) has an invalid usage") }
        let unit = MeasureUnit(
            id: id, name: name, category: categoryKey, symbols: symbols, conversion: conversion, priority: priority,
            system: system, tier: tier, flags: flags, impliedUsage: usage.isEmpty ? nil : usage)
        return (unit, category)
    }

    /// `languages`: code, name, complete, decimal_separator, group_separator,
    /// primary_grouping, secondary_grouping, minimum_grouping_digits,
    /// plural_rules, phrase_word_rows, compound_rows, minus_sign,
    /// long_pattern, short_pattern, native_numbering, native_digits,
    /// native_decimal, native_group, native_minus, latn_regions, region_separators,
    /// region_grouping.
    func language(at offset: Int32) throws(UnitDatabaseError) -> LanguageRow {
        try check("languages", at: offset)
        let code = try word(offset, "a language's code")
        let name = try word(offset + 1, "the name of language '\(code)'")
        let complete = statement.int(at: offset + 2)
        guard complete == 0 || complete == 1 else { throw damaged("language '\(code)' has an invalid 'complete' \(complete)") }
        let primary = statement.int(at: offset + 5)
        let secondary = statement.int(at: offset + 6)
        let minimum = statement.int(at: offset + 7)
        guard DatabaseSanity.isValidGrouping(primary), DatabaseSanity.isValidGrouping(secondary),
            DatabaseSanity.isValidMinimumGroupingDigits(minimum)
        else { throw damaged("language '\(code)' has an invalid grouping") }
        let latn = NumberSymbols(
            decimal: try word(offset + 3, "the decimal separator of '\(code)'"),
            group: try word(offset + 4, "the group separator of '\(code)'"),
            primaryGrouping: primary, secondaryGrouping: secondary, minimumGroupingDigits: minimum,
            minusSign: try word(offset + 11, "the minus sign of '\(code)'"))
        let plurals: PluralRules
        do {
            plurals = try PluralRules(canonicalText: statement.text(at: offset + 8) ?? "")
        } catch {
            throw damaged("the plural rules of '\(code)' do not parse: \(error)")
        }
        let long = try word(offset + 12, "the long pattern of '\(code)'")
        let short = try word(offset + 13, "the short pattern of '\(code)'")
        guard UnitPatternText.problemOfDefaultPattern(long) == nil, UnitPatternText.problemOfDefaultPattern(short) == nil
        else { throw damaged("language '\(code)' has an invalid default pattern") }
        // Empty native columns: the language writes latn digits everywhere.
        let system = statement.text(at: offset + 14) ?? ""
        guard let regionSeparators = RegionSeparators.parse(statement.text(at: offset + 20) ?? "") else {
            throw damaged("language '\(code)' has invalid region separators")
        }
        guard let regionGrouping = RegionGrouping.parse(statement.text(at: offset + 21) ?? "") else {
            throw damaged("language '\(code)' has an invalid region grouping")
        }
        var numbering = Language.Numbering(latn: latn)
        if !system.isEmpty {
            let digits = Array(try word(offset + 15, "the digits of '\(code)'"))
            guard digits.count == 10 else { throw damaged("language '\(code)' has \(digits.count) digits, not 10") }
            numbering = Language.Numbering(
                latn: latn, nativeSystem: system,
                nativeSymbols: NumberSymbols(
                    decimal: try word(offset + 16, "the \(system) decimal separator of '\(code)'"),
                    group: try word(offset + 17, "the \(system) group separator of '\(code)'"),
                    primaryGrouping: primary, secondaryGrouping: secondary, minimumGroupingDigits: minimum,
                    minusSign: try word(offset + 18, "the \(system) minus sign of '\(code)'"), digits: digits),
                latnRegions: (statement.text(at: offset + 19) ?? "").split(separator: " ").map(String.init))
        }
        numbering.regionSeparators = regionSeparators
        numbering.regionGrouping = regionGrouping
        return LanguageRow(
            language: Language(
                code: code, name: name, isComplete: complete == 1, plurals: plurals, numbering: numbering,
                longPattern: long, shortPattern: short),
            phraseWordRows: try count(offset + 9, "language '\(code)'"),
            compoundRows: try count(offset + 10, "language '\(code)'"))
    }

    /// A `languages` row's count of compound patterns, its checksum checked.
    func languageCompoundCount(at offset: Int32) throws(UnitDatabaseError) -> (code: String, compoundRows: Int) {
        try check("languages", at: offset)
        let code = try word(offset, "a language's code")
        return (code, try count(offset + 10, "language '\(code)'"))
    }

    /// A `languages` row's code and count of phrase words, its checksum
    /// checked: for readers that list languages or count their words, without
    /// the cost of parsing the plural rules (`language(at:)` does that when
    /// the language itself is used).
    func languageCount(at offset: Int32) throws(UnitDatabaseError) -> (code: String, phraseWordRows: Int) {
        try check("languages", at: offset)
        let code = try word(offset, "a language's code")
        return (code, try count(offset + 9, "language '\(code)'"))
    }

    /// `names`: folded, unit, kind, lang, text, key_rows.
    package func nameRow(at offset: Int32) throws(UnitDatabaseError) -> NamesRow {
        try check("names", at: offset)
        let unit = UnitID(rawValue: try id(offset + 1, "a name"))
        let kind = statement.int(at: offset + 2)
        guard NameKind(rawValue: kind) != nil else { throw damaged("a name of unit \(unit) has an unknown kind \(kind)") }
        // Format 11 stores a text that is its key as '' (`NameText`); NULL is never written.
        guard !statement.isNull(at: offset + 4) else { throw damaged("a name of unit \(unit) has no text") }
        let keyRows = try count(offset + 5, "a name of unit \(unit)")
        try previousKey(offset + 6)
        return NamesRow(unit: unit, kind: kind, keyRows: keyRows)
    }

    /// `unit_names`: unit, lang, form, text, key_rows.
    func unitName(at offset: Int32) throws(UnitDatabaseError) -> UnitNameRow {
        try check("unit_names", at: offset)
        let unit = try id(offset, "a unit's word")
        let lang = try word(offset + 1, "the language of a word of unit \(unit)")
        let formText = statement.text(at: offset + 2) ?? ""
        guard let form = NameForm(rawValue: formText) else {
            throw damaged("unit \(unit) has an unknown name form '\(formText)'")
        }
        let text = try word(offset + 3, "the '\(formText)' word of unit \(unit) in '\(lang)'")
        if case .pattern = form, UnitPatternText.problemOfUnitPattern(text) != nil {
            throw damaged("the '\(formText)' pattern of unit \(unit) in '\(lang)' is invalid")
        }
        return UnitNameRow(unit: unit, lang: lang, form: form, text: text, keyRows: try count(offset + 4, "a word of unit \(unit)"))
    }

    /// `clusters`: category, usage, region, completed, rank, unit, at_least, parts.
    func cluster(at offset: Int32) throws(UnitDatabaseError) -> ClusterRow {
        try check("clusters", at: offset)
        let category = try id(offset, "a cluster")
        let usage = try word(offset + 1, "the usage of a cluster")
        guard DatabaseSanity.isValidUsage(usage) else { throw damaged("a cluster has an invalid usage") }
        let region = try word(offset + 2, "the region of a cluster")
        let completed = statement.int(at: offset + 3)
        guard completed == 0 || completed == 1 else { throw damaged("a cluster has an invalid 'completed' \(completed)") }
        let rank = statement.int(at: offset + 4)
        guard DatabaseSanity.isValidCount(rank) else { throw damaged("a cluster has an invalid rank \(rank)") }
        let unit = UnitID(rawValue: try id(offset + 5, "a cluster's unit"))
        let atLeast = statement.double(at: offset + 6)
        guard DatabaseSanity.isValidThreshold(atLeast) else { throw damaged("a cluster of unit \(unit) has an invalid threshold") }
        let partsText = statement.text(at: offset + 7) ?? ""
        guard let parts = UnitDatabase.parts(partsText) else {
            throw damaged("a cluster of unit \(unit) has unreadable parts '\(partsText)'")
        }
        return ClusterRow(
            category: category, usage: usage, region: region, completed: completed == 1, rank: rank, unit: unit, atLeast: atLeast,
            parts: parts)
    }

    /// `phrase_words`: lang, word, kind, value.
    func phraseWord(at offset: Int32) throws(UnitDatabaseError) -> (lang: String, word: String, meaning: NumberWords.Meaning) {
        try check("phrase_words", at: offset)
        let lang = try word(offset, "the language of a phrase word")
        let text = try word(offset + 1, "a phrase word of '\(lang)'")
        let kindText = statement.text(at: offset + 2) ?? ""
        guard let kind = PhraseWordKind(rawValue: kindText) else {
            throw damaged("the phrase word '\(text)' of '\(lang)' has an unknown kind '\(kindText)'")
        }
        let value = statement.double(at: offset + 3)
        guard kind.hasValue ? !statement.isNull(at: offset + 3) && DatabaseSanity.isValidWordValue(value, kind: kind) : statement.isNull(at: offset + 3)
        else { throw damaged("the phrase word '\(text)' of '\(lang)' has an invalid value") }
        return (lang, text, NumberWords.Meaning(kind: kind, value: kind.hasValue ? value : 0))
    }

    /// `compounds`: lang, key, form, pattern, each as `compounds.tsv` allows
    /// (DatabaseSanity.isValidCompound).
    func compound(at offset: Int32) throws(UnitDatabaseError) -> CompoundRow {
        try check("compounds", at: offset)
        let lang = try word(offset, "the language of a compound pattern")
        let keyText = statement.text(at: offset + 1) ?? ""
        guard let key = CompoundPatternKey(rawValue: keyText) else {
            throw damaged("a compound pattern of '\(lang)' has an unknown key '\(keyText)'")
        }
        let form = try word(offset + 2, "the form of a compound pattern of '\(lang)'")
        let pattern = try word(offset + 3, "a compound pattern of '\(lang)'")
        guard DatabaseSanity.isValidCompound(key: key, form: form, pattern: pattern) else {
            throw damaged("the \(key.rawValue) pattern '\(form)' of '\(lang)' is not one")
        }
        return CompoundRow(lang: lang, key: key, form: form, pattern: pattern)
    }

    /// `relations`: kind, first, second, factor, regions.
    func relation(at offset: Int32) throws(UnitDatabaseError)
        -> (kind: String, first: Int, second: Int, factor: Double?, regions: [String])
    {
        try check("relations", at: offset)
        let kind = try word(offset, "a relation's kind")
        let first = try id(offset + 1, "a '\(kind)' relation")
        let second = try id(offset + 2, "a '\(kind)' relation")
        let factor = statement.isNull(at: offset + 3) ? nil : statement.double(at: offset + 3)
        let regionText = statement.text(at: offset + 4) ?? ""
        let regions = regionText.isEmpty ? [] : regionText.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        switch RelationKind(rawValue: kind) {
        case .same?:
            guard let factor, DatabaseSanity.isValidFactor(factor) else {
                throw damaged("a 'same' relation has no valid factor")
            }
        case .difference?, .also?, .regional?:
            guard factor == nil else { throw damaged("a '\(kind)' relation has a factor") }
        case nil: break
        }
        let regional = RelationKind(rawValue: kind) == .regional
        guard regional ? !regions.isEmpty && regions.allSatisfy(DatabaseSanity.isValidRegion) : regions.isEmpty else {
            throw damaged("a '\(kind)' relation has invalid regions")
        }
        return (kind, first, second, factor, regions)
    }
}
