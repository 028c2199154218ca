import UnitpackCheck
import UnitpackCore
import UnitpackSource

extension ModelCompiler {
    static func compileLanguages(_ tree: SourceTree, unitIDs: [String: Int], units: [CompiledModel.Unit])
        throws(CompileError) -> [CompiledModel.Language]
    {
        let compositions = Dictionary(
            NameComposition.compose(tree).map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        // Each language on its own, side by side; the first error in code order is thrown.
        let compiled = Parallel.map(tree.languages.sorted(by: { $0.code < $1.code })) { source in
            BuildTimings.measure("compile " + source.code) {
                Result { () throws(CompileError) in
                    try compileLanguage(source, composition: compositions[source.code], unitIDs: unitIDs, units: units)
                }
            }
        }
        return try compiled.map { result throws(CompileError) in try result.get() }
    }

    private static func compileLanguage(
        _ source: LanguageSource, composition: LanguageComposition?, unitIDs: [String: Int], units: [CompiledModel.Unit]
    ) throws(CompileError) -> CompiledModel.Language {
        guard let settings = source.settings, let plurals = source.plurals else { throw .sourcesHaveErrors(count: 1) }
        var names: [CompiledModel.UnitNames] = []
        for file in source.nameFiles {
            for row in file.rows {
                guard let id = unitIDs[(file.category + "/" + row.unit.value).lowercased()],
                    let display = row.display
                else { throw .sourcesHaveErrors(count: 1) }
                var forms: [PluralCategory: String] = [:]
                for category in plurals.categories {
                    guard let form = row.forms[category] else { throw .sourcesHaveErrors(count: 1) }
                    forms[category] = form.value
                }
                names.append(
                    CompiledModel.UnitNames(
                        unit: id, display: display.value, forms: forms, symbols: row.symbols.map(\.value),
                        synonyms: row.synonyms.map(\.value)))
            }
        }
        // A unit's first row, for its patterns (not a search of the names at each one).
        let rowOfUnit = Dictionary(names.indices.map { (names[$0].unit, $0) }, uniquingKeysWith: { first, _ in first })
        for row in source.unitPatterns {
            // Checked (E711, E712, E729): the unit exists and the language names it.
            guard let id = unitIDs[(row.category.value + "/" + row.unit.value).lowercased()],
                let index = rowOfUnit[id]
            else { throw .sourcesHaveErrors(count: 1) }
            names[index].patterns[NameForm.pattern(isShort: row.isShort.value, row.plural.value).rawValue] =
                row.pattern.value
        }
        // Composed names for the units the language does not name by
        // hand (a hand-written row always wins: those are never composed).
        let named = Set(names.map(\.unit))
        for name in composition?.names ?? [] {
            guard let id = unitIDs[name.unit.lowercased()] else { throw .sourcesHaveErrors(count: 1) }
            guard !named.contains(id) else { continue }
            let how: String
            switch name.structure {
            case .prefixed(let prefix, let base): how = prefix + " " + base
            case .expression(let symbol): how = symbol
            }
            names.append(
                CompiledModel.UnitNames(
                    unit: id, display: name.display, forms: name.forms, symbols: [], synonyms: [], composedFrom: how))
        }
        names.sort { $0.unit < $1.unit }
        let words = source.phraseWords.map {
            CompiledModel.PhraseWord(word: BuildFolding.fold($0.word.value), kind: $0.kind.value, value: $0.value?.value)
        }
        return CompiledModel.Language(
            code: source.code, settings: settings, plurals: plurals, names: names, phraseWords: words,
            caseForms: try compileCaseForms(source, names: names, units: units, unitIDs: unitIDs, plurals: plurals),
            compounds: try compileCompounds(source, unitIDs: unitIDs),
            keyboardRows: source.queryRewrite.keyboardRows.map(\.value),
            transliteration: source.queryRewrite.transliteration.map { [$0.latin.value, $0.native.value] })
    }

    private static func compileCompounds(_ source: LanguageSource, unitIDs: [String: Int]) throws(CompileError)
        -> [CompiledModel.CompoundPattern]
    {
        var rows: [CompiledModel.CompoundPattern] = []
        for row in source.compoundPatterns {
            var form = row.form.value
            if let (category, unit) = row.unitReference {
                guard let id = unitIDs[(category + "/" + unit).lowercased()] else { throw .sourcesHaveErrors(count: 1) }
                let rest = form.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)
                form = ([String(id)] + rest.map(String.init)).joined(separator: "/")
            }
            rows.append(CompiledModel.CompoundPattern(key: row.key.value, form: form, pattern: row.pattern.value))
        }
        return rows.sorted { ($0.key.rawValue, $0.form) < ($1.key.rawValue, $1.form) }
    }

    /// A case form equal to one of its unit's words or symbols (`метра` is
    /// the genitive singular and the `few` form) adds nothing: one row fewer
    /// in `names`.
    private static func compileCaseForms(
        _ source: LanguageSource, names: [CompiledModel.UnitNames], units: [CompiledModel.Unit], unitIDs: [String: Int],
        plurals: PluralRules
    ) throws(CompileError) -> [CompiledModel.CaseForm] {
        guard !source.caseForms.isEmpty else { return [] }
        struct UnitWord: Hashable {
            var unit: Int
            var folded: UTF8Key
            init(_ unit: Int, _ word: String) {
                self.unit = unit
                folded = UTF8Key(BuildFolding.fold(word))
            }
        }
        var ids: [Int] = []
        for row in source.caseForms {
            guard let id = unitIDs[(row.category.value + "/" + row.unit.value).lowercased()] else {
                throw .sourcesHaveErrors(count: 1)
            }
            ids.append(id)
        }
        // Only the words of units with case forms are asked for: folding
        // every unit's words for each language took 0.16 of the build's 9
        // billion instructions.
        let asked = Set(ids)
        var known: Set<UnitWord> = []
        for unit in names where asked.contains(unit.unit) {
            for word in [unit.display] + unit.forms.values + unit.symbols + unit.synonyms {
                known.insert(UnitWord(unit.unit, word))
            }
        }
        for unit in units where asked.contains(unit.id) {
            for word in [unit.name] + unit.symbols { known.insert(UnitWord(unit.id, word)) }
        }
        var forms: [CompiledModel.CaseForm] = []
        for (row, id) in zip(source.caseForms, ids) {
            if known.insert(UnitWord(id, row.form.value)).inserted {
                let counted = plurals.soleNumber(of: row.plural.value) == nil
                    ? nil : NameForm.countedCase(row.grammaticalCase.value, row.plural.value)
                forms.append(CompiledModel.CaseForm(unit: id, text: row.form.value, countedAs: counted))
            }
        }
        return forms.sorted()
    }
}
