import UnitpackCore
import UnitpackSQLite

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

    /// A unit's words in `language`, falling back to English for a unit a
    /// partial language does not name, and to the `units-src/` name when the
    /// database has no names at all for it.
    public func names(of unit: Unit, in language: String) throws(UnitDatabaseError) -> LocalizedNames {
        try withState { state throws(UnitDatabaseError) in
            try localizedNames(of: unit, in: try loadLanguage(language, state).code, state)
        }
    }

    /// `names(of:in:)` for a language already loaded, inside the lock (a
    /// mixed quantity reads several units' names at once).
    func localizedNames(of unit: Unit, in code: String, _ state: State) throws(UnitDatabaseError) -> LocalizedNames {
        if let names = try loadNames(unit, code, state) { return names }
        if code != Self.fallbackLanguage, let names = try loadNames(unit, Self.fallbackLanguage, state) { return names }
        return LocalizedNames(
            language: Self.fallbackLanguage, display: unit.name, forms: [.other: unit.name],
            symbol: unit.symbols.first ?? unit.name)
    }

    /// `value` in `unit`, as `language` writes it: the number rounded first,
    /// then the plural form chosen for the digits shown (`1 метр`, `1,5 метра`,
    /// `1,0 метра`), with the language's separators, and a readable scientific
    /// form for very large or small values.
    public func format(
        _ value: Double, _ unit: Unit, language code: String,
        options: LocalizedNumberFormatting.Options = .init()
    ) throws(UnitDatabaseError) -> FormattedQuantity {
        let language = try language(code)
        let names = try names(of: unit, in: language.code)
        let number = LocalizedNumberFormatting.format(value, symbols: language.numbers, options: options)
        // The word follows the rules of the language it is in: a partial
        // language showing an English word needs English plural forms.
        let rules = names.language == language.code ? language : try self.language(names.language)
        let category = rules.pluralCategory(of: number)
        return FormattedQuantity(
            number: number.text, long: number.text + " " + names.form(for: category),
            short: number.text + " " + names.symbol, pluralCategory: category, nameLanguage: names.language)
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
                return language
            }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = String(candidate[..<dash])
        }
        throw .unknownLanguage(code, available: available)
    }

    private func loadLanguageRow(_ code: String, _ state: State) throws(UnitDatabaseError) -> Language? {
        if case .language(let language)? = state.objects.value(for: .language(code)) { return language }
        let row = state.languageByCode
        typealias Fields = (name: String, complete: Bool, numbers: NumberSymbols, rules: String)
        let fields = try sqlite { () throws(SQLiteError) -> Fields? in
            try row.reset()
            try row.bind(.text(code), at: 1)
            guard try row.step() else { return nil }
            let fields = (
                name: row.text(at: 0) ?? code, complete: row.int(at: 1) != 0,
                numbers: NumberSymbols(
                    decimal: row.text(at: 2) ?? ".", group: row.text(at: 3) ?? ",", primaryGrouping: row.int(at: 4),
                    secondaryGrouping: row.int(at: 5), minimumGroupingDigits: row.int(at: 6)),
                rules: row.text(at: 7) ?? "")
            try row.reset()
            return fields
        }
        guard let fields else { return nil }
        let plurals: PluralRules
        do {
            plurals = try PluralRules(canonicalText: fields.rules)
        } catch {
            throw .corrupt(path: path, detail: "the plural rules of '\(code)' do not parse: \(error)")
        }
        let language = Language(
            code: code, name: fields.name, isComplete: fields.complete, numbers: fields.numbers, plurals: plurals)
        state.objects.insert(.language(language), for: .language(code), cost: ApproximateSize.of(language))
        return language
    }

    private func availableLanguages(_ state: State) throws(UnitDatabaseError) -> [String] {
        try sqlite { () throws(SQLiteError) -> [String] in
            let query = try state.connection.prepare("SELECT code FROM languages ORDER BY code")
            var codes: [String] = []
            while try query.step() { codes.append(query.text(at: 0) ?? "") }
            return codes
        }
    }

    func loadNames(_ unit: Unit, _ language: String, _ state: State) throws(UnitDatabaseError)
        -> LocalizedNames?
    {
        let key = NamesKey(unit: unit.id, language: language)
        if case .names(let names)? = state.objects.value(for: .names(key)) { return names }
        let query = state.namesOfUnit
        let words = try sqlite { () throws(SQLiteError) -> [(String, String)] in
            try query.reset()
            try query.bind(.integer(Int64(unit.id.rawValue)), at: 1)
            try query.bind(.text(language), at: 2)
            var words: [(String, String)] = []
            while try query.step() { words.append((query.text(at: 0) ?? "", query.text(at: 1) ?? "")) }
            return words
        }
        guard !words.isEmpty else { return nil }
        var display: String?
        var symbol: String?
        var forms: [PluralCategory: String] = [:]
        for (form, text) in words {
            switch NameForm(rawValue: form) {
            case .display: display = text
            case .symbol: symbol = text
            case .plural(let category): forms[category] = text
            case nil: throw .corrupt(path: path, detail: "unit \(unit.id) has an unknown name form '\(form)'")
            }
        }
        guard let display, forms[.other] != nil else {
            throw .corrupt(path: path, detail: "unit \(unit.id) lacks its display name or 'other' form in '\(language)'")
        }
        let names = LocalizedNames(
            language: language, display: display, forms: forms, symbol: symbol ?? unit.symbols.first ?? display)
        state.objects.insert(.names(names), for: .names(key), cost: ApproximateSize.of(names))
        return names
    }
}
