import UnitpackCore
import UnitpackSource

/// Name files refer to categories and units that exist, each unit once.
struct LocaleReferenceRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let unitsByCategory = LocaleUnitReference.unitsByCategory(tree)
        for language in tree.languages {
            for file in language.nameFiles {
                guard let units = unitsByCategory[file.category] else {
                    var hint = "name the file after a category of units-src/categories.tsv"
                    if let close = Suggestion.closest(to: file.category, among: unitsByCategory.keys.sorted()) {
                        hint = "did you mean '\(close).tsv'?"
                    }
                    diagnostics.append(
                        Diagnostic(.unknownLocaleCategory, "there is no category '\(file.category)'",
                                   at: .file(file.path), hint: hint))
                    continue
                }
                var first: [String: SourceLocation] = [:]
                for row in file.rows {
                    let name = row.unit.value
                    if !units.contains(name) {
                        var hint = "the first column is a unit's name exactly as in units-src/\(file.category).tsv"
                        if let close = Suggestion.closest(to: name, among: units.sorted()) {
                            hint = "did you mean '\(close)'?"
                        }
                        diagnostics.append(
                            Diagnostic(.unknownLocaleUnit, "category '\(file.category)' has no unit '\(name)'",
                                       at: row.unit.location, hint: hint))
                    } else if let earlier = first[name] {
                        diagnostics.append(
                            Diagnostic(.unitNamedTwice, "'\(name)' is named twice in this file", at: row.unit.location,
                                       notes: [.init("first named here", at: earlier)],
                                       hint: "merge the two rows; put extra words in synonyms"))
                    } else {
                        first[name] = row.unit.location
                    }
                }
            }
        }
        return diagnostics
    }
}

/// One word or symbol names one unit in a category of a language: otherwise
/// typing it could mean either, and formatting could not be read back.
struct LocaleAmbiguityRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for language in tree.languages {
            for file in language.nameFiles {
                var words: [UTF8Key: (unit: String, location: SourceLocation)] = [:]
                var symbols: [String: (unit: String, location: SourceLocation)] = [:]
                for row in file.rows {
                    for word in row.words {
                        diagnostics += claim(
                            word, key: UTF8Key(BuildFolding.fold(word.value)), for: row.unit.value, in: &words,
                            what: "the word", language: language.code, category: file.category)
                    }
                    for symbol in row.symbols {
                        diagnostics += claim(
                            symbol, key: symbol.value, for: row.unit.value, in: &symbols,
                            what: "the symbol", language: language.code, category: file.category)
                    }
                }
            }
        }
        return diagnostics
    }

    private func claim<Key: Hashable>(
        _ text: Located<String>, key: Key, for unit: String,
        in owners: inout [Key: (unit: String, location: SourceLocation)],
        what: String, language: String, category: String
    ) -> [Diagnostic] {
        guard let earlier = owners[key] else {
            owners[key] = (unit, text.location)
            return []
        }
        guard earlier.unit != unit else { return [] }
        return [
            Diagnostic(
                .ambiguousLocaleName,
                "\(what) '\(text.value)' names both '\(earlier.unit)' and '\(unit)' in '\(category)' (\(language))",
                at: text.location, notes: [.init("'\(earlier.unit)' is named so here", at: earlier.location)],
                hint: "a word may name one unit of a category; remove it from one of them"),
        ]
    }
}

/// A complete language names every unit; English, the fallback, must exist
/// and be complete whenever there are languages at all.
struct LanguageCompletenessRule: CheckRule {
    static let fallback = "en"

    func check(_ tree: SourceTree) -> [Diagnostic] {
        guard !tree.languages.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        let english = tree.languages.first { $0.code == Self.fallback }
        if english == nil {
            diagnostics.append(
                Diagnostic(.missingFallbackLanguage, "there is no '\(Self.fallback)' language",
                           at: .file(tree.localesPath + "/" + Self.fallback),
                           hint: "English is the fallback of partial languages: add locales/en/, marked complete"))
        } else if let settings = english?.settings, settings.status.value != .complete {
            diagnostics.append(
                Diagnostic(.missingFallbackLanguage, "'\(Self.fallback)' must be complete: it is the fallback",
                           at: settings.status.location, hint: "name every unit in English and set status to complete"))
        }
        for language in tree.languages where language.isComplete {
            diagnostics += missingUnits(language, tree)
        }
        return diagnostics
    }

    private func missingUnits(_ language: LanguageSource, _ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let files = Dictionary(language.nameFiles.map { ($0.category, $0) }, uniquingKeysWith: { a, _ in a })
        for category in tree.categoryFiles {
            guard let file = files[category.key] else {
                guard !category.units.isEmpty, let status = language.settings?.status else { continue }
                diagnostics.append(
                    Diagnostic(.incompleteLanguage,
                               "'\(language.code)' is complete but has no names for '\(category.key)' (\(category.units.count) units)",
                               at: status.location,
                               hint: "add \(language.directory)/\(category.key).tsv, or mark the language partial"))
                continue
            }
            if file.isEmpty {
                // One finding at the file rather than none: an empty file has
                // no header, so the per-unit check below would skip it.
                guard !category.units.isEmpty else { continue }
                diagnostics.append(
                    Diagnostic(.emptyNamesFile,
                               "'\(language.code)' is complete but its names file for '\(category.key)' has no rows (\(category.units.count) units)",
                               at: SourceLocation(path: file.path, line: 1, column: 1),
                               hint: "add the header and a row for each unit, or mark the language partial"))
                continue
            }
            guard file.isReadable else { continue }
            let named = Set(file.rows.map(\.unit.value))
            for unit in category.units where !named.contains(unit.name.value) {
                diagnostics.append(
                    Diagnostic(.incompleteLanguage,
                               "'\(language.code)' is complete but does not name '\(unit.name.value)'",
                               at: .file(file.path),
                               notes: [.init("the unit is defined here", at: unit.name.location)],
                               hint: "add a row for it, or mark the language partial"))
            }
        }
        return diagnostics
    }
}

/// `words.tsv`: a word has one meaning of each kind (E722); `four` twice as
/// a number with two values would make a phrase's reading depend on row order.
struct PhraseWordRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for language in tree.languages {
            var first: [String: PhraseWordRow] = [:]
            for row in language.phraseWords {
                let key = BuildFolding.fold(row.word.value) + "\t" + row.kind.value.rawValue
                if let earlier = first[key] {
                    diagnostics.append(
                        Diagnostic(
                            .duplicatePhraseWord, "'\(row.word.value)' is a \(row.kind.value.rawValue) twice",
                            at: row.word.location, notes: [.init("first given here", at: earlier.word.location)],
                            hint: "keep one row per word and kind"))
                } else {
                    first[key] = row
                }
            }
        }
        return diagnostics
    }
}
