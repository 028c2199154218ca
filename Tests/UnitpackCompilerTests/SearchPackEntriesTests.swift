import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackCompiler

/// The pack's keys and postings (`SearchPackWriter.entries`), numbered and
/// sorted as packed integers, are those of the rule read plainly: per
/// normalised key, one posting per (unit, language), the most specific
/// form, keys in byte order.
@Suite struct SearchPackEntriesTests {
    /// The rule as the pack's docs state it, with tables and no shortcuts.
    static func plainly(_ model: CompiledModel) -> [(key: [UInt8], postings: [SearchPackWriter.Posting])] {
        let english = model.languages.firstIndex { $0.code == "en" }.map(UInt8.init) ?? SearchPackFormat.noLanguage
        var table: [[UInt8]: [Int: [UInt8: SearchPackWriter.Posting]]] = [:]
        func add(_ text: String, _ unit: Int, _ language: UInt8, _ form: SearchPackFormat.Form) {
            let key = Array(SearchKey.normalize(text).utf8)
            guard !key.isEmpty else { return }
            if let existing = table[key]?[unit]?[language], existing.form.rawValue <= form.rawValue { return }
            table[key, default: [:]][unit, default: [:]][language] = .init(unit: unit, language: language, form: form)
        }
        for unit in model.units {
            add(unit.name, unit.id, english, .name)
            for symbol in unit.symbols { add(symbol, unit.id, SearchPackFormat.noLanguage, .symbol) }
        }
        for (index, language) in model.languages.enumerated() {
            let code = UInt8(index)
            for names in language.names {
                let composed = names.composedFrom != nil
                add(names.display, names.unit, code, composed ? .composed : .display)
                for form in names.forms.values { add(form, names.unit, code, composed ? .composed : .pluralForm) }
                for symbol in names.symbols { add(symbol, names.unit, code, .symbol) }
                for synonym in names.synonyms { add(synonym, names.unit, code, .synonym) }
            }
            for form in language.caseForms { add(form.text, form.unit, code, .caseForm) }
        }
        return table.map { key, units in (key, units.values.flatMap(\.values).sorted()) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    @Test func theRepositorysEntriesAreTheRulesPlainReading() throws {
        let model = try RepositoryModel.model()
        let entries = SearchPackWriter.entries(model)
        let expected = Self.plainly(model)
        #expect(entries.count == expected.count)
        #expect(entries.count > 10_000)
        for (found, wanted) in zip(entries, expected) where found.key != wanted.key || found.postings != wanted.postings {
            Issue.record("\(String(decoding: wanted.key, as: UTF8.self)): \(found.postings) against \(wanted.postings)")
            break
        }
    }

    /// A slice's model too: fewer languages, the keys of the rest gone.
    @Test func aSlicesEntriesAreTheRulesPlainReading() throws {
        let model = try DataSlice(languages: ["en", "ru"], categories: ["length", "speed"]).apply(to: try RepositoryModel.model())
        let entries = SearchPackWriter.entries(model)
        let expected = Self.plainly(model)
        #expect(entries.map(\.key) == expected.map(\.key))
        #expect(entries.map(\.postings) == expected.map(\.postings))
    }
}
