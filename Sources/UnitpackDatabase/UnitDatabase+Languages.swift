import UnitpackCore
import UnitpackSQLite
import UnitpackStore

extension UnitDatabase {
    /// The language partial languages fall back to.
    public static let fallbackLanguage = "en"

    /// The language with this tag, or its base language (`ru` for `ru-RU`),
    /// as BCP 47 lookup finds it: case does not matter (`RU`, `pt-br`), `_`
    /// is read as `-` (`ru_RU`, as POSIX locales write it), and subtags are
    /// dropped from the end until a language of the database is left, with
    /// no warning. The result's `code` is the database's spelling. Every
    /// command resolves `--lang` through this (docs/phrases.md).
    /// - Throws: `.unknownLanguage`, with the languages the database has,
    ///   when no prefix of the tag is one of them.
    public func language(_ code: String) throws(UnitDatabaseError) -> Language {
        try withState { state throws(UnitDatabaseError) in try loadLanguage(code, state) }
    }

    /// The first character of `code`'s decimal separator (`language(code)`'s
    /// numbers), `.` when it has none.
    package func decimalSeparator(_ code: String) throws(UnitDatabaseError) -> Character {
        if let known = languageKeyMemo.withLock({ keys in keys.decimal?.code == code ? keys.decimal?.separator : nil }) { return known }
        let decimal = try language(code).numbers.decimal.first ?? "."
        languageKeyMemo.withLock { keys in keys.decimal = (code, decimal) }
        return decimal
    }

    /// A unit's words in `language`, falling back to English for a unit a
    /// partial language does not name, and to the `units-src/` name when the
    /// database has no names at all for it.
    public func names(of unit: MeasureUnit, in language: String) throws(UnitDatabaseError) -> LocalizedNames {
        try withState { state throws(UnitDatabaseError) in
            try localizedNames(of: unit, in: try loadLanguage(language, state).code, state)
        }
    }

    /// `names(of:in:)` for a language already loaded, inside the lock (a
    /// mixed quantity reads several units' names at once).
    func localizedNames(of unit: MeasureUnit, in code: String, _ state: State) throws(UnitDatabaseError) -> LocalizedNames {
        // An expression is written with its parts' symbols in every language:
        // a symbol is never a wrong word.
        if unit.isExpression {
            let symbol = unit.symbols.first ?? unit.name
            return LocalizedNames(language: code, display: symbol, forms: [.other: symbol], symbol: symbol)
        }
        // A complete language's missing words are damage (`loadNames`), not a
        // reason to answer in English.
        if let names = try loadNames(unit, code, state) { return names }
        if code != Self.fallbackLanguage, let names = try loadNames(unit, Self.fallbackLanguage, state) { return names }
        return LocalizedNames(
            language: Self.fallbackLanguage, display: unit.name, forms: [.other: unit.name],
            symbol: unit.symbols.first ?? unit.name)
    }

    /// `value` in `unit`, as `language` writes it: the number rounded first,
    /// then the plural form chosen for the digits shown (`1 метр`, `1,5 метра`,
    /// `1,0 метра`), with the separators and digits of the language's
    /// numbering system in the tag's region (`ar-EG` `٥`, `ar-MA` `5`), put
    /// where CLDR's pattern puts it (`時速 5 キロメートル`, `5\u{A0}mètres`,
    /// `5米`, `متر` with no number), and a readable scientific form for very
    /// large or small values.
    public func format(
        _ value: Double, _ unit: MeasureUnit, language code: String,
        options: LocalizedNumberFormatting.Options = .init()
    ) throws(UnitDatabaseError) -> FormattedQuantity {
        try format(value, unit, language: try language(code), options: options)
    }

    /// `format(_:_:language:options:)` for a language already resolved (its region's numbering kept).
    public func format(
        _ value: Double, _ unit: MeasureUnit, language: Language,
        options: LocalizedNumberFormatting.Options = .init()
    ) throws(UnitDatabaseError) -> FormattedQuantity {
        let names = try names(of: unit, in: language.code)
        let number = LocalizedNumberFormatting.format(value, symbols: language.numbers, options: options)
        // The word follows the rules of the language it is in: a partial
        // language showing an English word needs English plural forms.
        let rules = names.language == language.code ? language : try self.language(names.language)
        let category = rules.pluralCategory(of: number)
        // An expression in words where the language's patterns name it
        // (`36.8781 pound-force feet`, `3 грамма на литр`), else its symbols.
        let words = unit.isExpression ? try expressionName(unit, count: value, language: language.code) : nil
        let long: String
        if let words {
            long = Self.placing(number.text, word: words, pattern: rules.longPattern)
        } else {
            long = Self.placing(number.text, in: names, category: category, isShort: false, language: rules)
        }
        return FormattedQuantity(
            number: number.text, long: long,
            short: Self.placing(number.text, in: names, category: category, isShort: true, language: rules),
            pluralCategory: category, nameLanguage: names.language)
    }

    /// The number in the unit's CLDR pattern of this length and category, or
    /// in the language's default pattern with the unit's word or symbol.
    /// `language` is the language of `names` (English for a fallback word).
    static func placing(
        _ number: String, in names: LocalizedNames, category: PluralCategory, isShort: Bool, language: Language
    ) -> String {
        if let pattern = names.patterns[LocalizedNames.PatternKey(isShort: isShort, category: category)] {
            return placing(number, pattern: pattern)
        }
        // A unit without a symbol stands in for one with its display name
        // (`centuries`): the word of the category reads right (`1 century`).
        // A symbol equal to the display name is still a symbol (zh `ppm`,
        // whose word `百万分之` goes before the number, not after).
        if isShort && names.hasSymbol {
            // A mark sits against its number in every language (`5′`, `10°`).
            if isMark(names.symbol) { return number + names.symbol }
            return placing(number, word: names.symbol, pattern: language.shortPattern)
        }
        return placing(number, word: names.form(for: category), pattern: language.longPattern)
    }

    /// `pattern` with `{0}` the number and `{1}` the word.
    static func placing(_ number: String, word: String, pattern: String) -> String {
        if pattern == "{0} {1}" { return number + " " + word }
        return placing(number, pattern: replacing("{1}", in: pattern, with: word))
    }

    /// `pattern` with `{0}` the number; a pattern without `{0}` is the whole
    /// text (Arabic `متر`: one metre, the number left unsaid).
    static func placing(_ number: String, pattern: String) -> String {
        replacing("{0}", in: pattern, with: number)
    }

    /// The first `placeholder` of `text` replaced: a pattern has at most one
    /// (checked when the database is built), and Foundation is not linked.
    static func replacing(_ placeholder: String, in text: String, with value: String) -> String {
        let bytes = Array(text.utf8)
        let target = Array(placeholder.utf8)
        guard bytes.count >= target.count else { return text }
        for start in 0...(bytes.count - target.count) where bytes[start..<(start + target.count)].elementsEqual(target) {
            return String(decoding: bytes[..<start], as: UTF8.self) + value
                + String(decoding: bytes[(start + target.count)...], as: UTF8.self)
        }
        return text
    }

    // MARK: Loading

    func loadLanguage(_ code: String, _ state: State) throws(UnitDatabaseError) -> Language {
        // The tag as stored: one lookup, the case of every call but the first.
        if let language = try loadLanguageRow(code, state) { return language }
        let available = try availableLanguages(state)
        var candidate = String(TextFolding.fold(code).map { $0 == "_" ? "-" : $0 })
        while true {
            if let stored = available.first(where: { TextFolding.fold($0) == candidate }),
                let language = try loadLanguageRow(stored, state)
            {
                // The region stays: it picks the numbering system (`ar-MA` writes
                // Latin digits), the separators (`de-CH`: `’`, `es-MX`: `.`) and
                // the grouping (`en-IN`: `12,34,567`).
                guard language.numbering.dependsOnRegion, let region = Self.region(of: code)
                else { return language }
                return language.inRegion(region)
            }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = String(candidate[..<dash])
        }
        throw .unknownLanguage(code, available: available)
    }

    /// The region subtag of a BCP 47 tag, upper case: `EG` in `ar-EG`,
    /// `ar_eg` and `ar-Arab-EG`, `419` in `es-419`; nil without one.
    public static func region(of tag: String) -> String? {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        for subtag in subtags.dropFirst() {
            let isLetters = subtag.count == 2 && subtag.allSatisfy { $0.isASCII && $0.isLetter }
            let isDigits = subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber }
            if isLetters || isDigits { return subtag.uppercased() }
        }
        return nil
    }

    private func loadLanguageRow(_ code: String, _ state: State) throws(UnitDatabaseError) -> Language? {
        if case .language(let language)? = state.objects.value(for: .language(code)) { return language }
        let path = path
        let language: Language?
        do {
            let row = try state.languageByCode
            try row.bind(.text(code), at: 1)
            if try row.step() {
                let rows = RowDecoder(statement: row, path: path)
                let decoded = try rows.language(at: 0).language
                guard decoded.code == code else { throw rows.damaged(.wrongKey(table: "languages", asked: code, found: decoded.code)) }
                language = decoded
            } else {
                // Twelve rows or so: the whole table says whether the code is
                // really absent or hidden by a damaged page.
                try row.reset()
                guard !(try allLanguageRows(state).contains { $0.code == code }) else {
                    throw UnitDatabaseError.damaged(path: path, damage: .missingRow(table: "languages", key: code, namedBy: nil))
                }
                language = nil
            }
            try row.reset()
        } catch {
            throw Self.typed(error, path: path)
        }
        guard let language else { return nil }
        state.objects.insert(.language(language), for: .language(code), cost: ApproximateSize.of(language))
        return language
    }

    private func availableLanguages(_ state: State) throws(UnitDatabaseError) -> [String] {
        try allLanguageRows(state).map(\.code)
    }

    /// Every row of `languages`, by code, all of them (meta's count).
    func allLanguageRows(_ state: State) throws(UnitDatabaseError) -> [(code: String, phraseWordLines: Int)] {
        let path = path
        do {
            let query = try state.prepare(
                "SELECT \(DatabaseFormat.selectList(of: "languages")) FROM languages ORDER BY code")
            let rows = RowDecoder(statement: query, path: path)
            var languages: [(code: String, phraseWordLines: Int)] = []
            while try query.step() { languages.append(try rows.languageCount(at: 0)) }
            guard languages.count == state.rowCount("languages") else {
                throw rows.damaged(.countMismatch(table: "languages", key: nil, found: languages.count, stated: state.rowCount("languages")))
            }
            return languages
        } catch {
            throw Self.typed(error, path: path)
        }
    }

    func loadNames(_ unit: MeasureUnit, _ language: String, _ state: State) throws(UnitDatabaseError)
        -> LocalizedNames?
    {
        let key = NamesKey(unit: unit.id, language: language)
        if case .names(let names)? = state.objects.value(for: .names(key)) { return names }
        let path = path
        let words: [(form: NameForm, text: String)]?
        do {
            let query = try state.namesOfUnit
            try query.bind(.integer(Int64(unit.id.rawValue)), at: 1)
            let rows = RowDecoder(statement: query, path: path)
            // Every unit has its part of a row (the unit's line alone when
            // no language names it): none is a damaged search, never a
            // unit left unnamed. The row is the last that begins at or
            // before the unit.
            guard try query.step() else {
                throw rows.damaged(.missingRow(table: "unit_words", key: "\(unit.id)", namedBy: "units"))
            }
            let row = try rows.unitWords(at: 0)
            guard row.first <= unit.id.rawValue else {
                throw rows.damaged(.wrongKey(table: "unit_words", asked: "\(unit.id)", found: "\(row.first)"))
            }
            let part: [UInt8]?
            switch UnitWords.words(of: unit.id.rawValue, in: row.text, first: row.first, last: row.last) {
            case .success(let found): part = found
            case .failure(let problem): throw rows.damagedWords(problem, unit: row.first)
            }
            guard let part else { throw rows.damaged(.missingRow(table: "unit_words", key: "\(unit.id)", namedBy: "units")) }
            words = try rows.unitForms(part, unit: unit.id.rawValue, language: language)
            try query.reset()
        } catch {
            throw Self.typed(error, path: path)
        }
        guard let words else {
            // A complete language names every unit: a unit without its
            // words there was written wrong, never one the language leaves
            // to English; a compound name would otherwise be left out in
            // silence (issue 37, ByteFlipTests).
            if !unit.isExpression, try loadLanguage(language, state).isComplete {
                throw .damaged(path: path, damage: .missingWords(unit: unit.id.rawValue, language: language, form: nil))
            }
            return nil
        }
        var display: String?
        var symbol: String?
        var composedFrom: String?
        var counted: [PluralCategory: [String]] = [:]
        var forms: [PluralCategory: String] = [:]
        var patterns: [LocalizedNames.PatternKey: String] = [:]
        for row in words {
            switch row.form {
            case .display: display = row.text
            case .symbol: symbol = row.text
            case .composed: composedFrom = row.text
            case .countedCase(_, let category): counted[category, default: []].append(row.text)
            case .plural(let category): forms[category] = row.text
            case .pattern(let isShort, let category):
                patterns[LocalizedNames.PatternKey(isShort: isShort, category: category)] = row.text
            }
        }
        guard let display else {
            throw .damaged(path: path, damage: .missingWords(unit: unit.id.rawValue, language: language, form: "display"))
        }
        // A form for every plural category of the language: one lost
        // would otherwise fall back to `other` in silence (`2 метров`).
        if let lost = try loadLanguage(language, state).plurals.categories.first(where: { forms[$0] == nil }) {
            throw .damaged(path: path, damage: .missingWords(unit: unit.id.rawValue, language: language, form: lost.rawValue))
        }
        var names = LocalizedNames(
            language: language, display: display, forms: forms, symbol: symbol ?? unit.symbols.first ?? display,
            patterns: patterns, composedFrom: composedFrom)
        names.countedCaseForms = counted
        names.hasSymbol = symbol != nil || !unit.symbols.isEmpty
        state.objects.insert(.names(names), for: .names(key), cost: ApproximateSize.of(names))
        return names
    }
}

extension UnitDatabase {
    /// A language's row read for its words (`phrase_word_lines`,
    /// `prefix_words`): the phrase words and the prefix words both start
    /// from it. Nil for a language the database lacks (a front end passes
    /// the user's languages); a row hidden by a damaged page is an error.
    func languageWordsRow(_ code: String, _ state: State) throws(UnitDatabaseError) -> (phraseWordLines: Int, prefixWords: [(prefix: UnitPrefix, word: String)])? {
        let path = path
        do {
            let query = try state.languageByCode
            try query.reset()
            try query.bind(.text(code), at: 1)
            guard try query.step() else {
                try query.reset()
                if try allLanguageRows(state).contains(where: { $0.code == code }) {
                    throw UnitDatabaseError.damaged(path: path, damage: .missingRow(table: "languages", key: code, namedBy: nil))
                }
                return nil
            }
            let row = try RowDecoder(statement: query, path: path).languageWords(at: 0)
            try query.reset()
            guard row.code == code else {
                throw UnitDatabaseError.damaged(path: path, damage: .wrongKey(table: "languages", asked: code, found: row.code))
            }
            return (row.phraseWordLines, row.prefixWords)
        } catch {
            throw Self.typed(error, path: path)
        }
    }
}
