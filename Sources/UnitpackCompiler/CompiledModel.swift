import UnitpackCheck
import UnitpackCore
import UnitpackDigest
import UnitpackSource

/// The normalised model the writers consume: ids resolved, conversions
/// evaluated, everything in its final order. Built only from sources that
/// passed the checks.
public struct CompiledModel: Sendable {
    public struct Category: Sendable, Hashable {
        /// Position by display order, 1-based. Not stable across regenerations:
        /// front ends store the key.
        public var id: Int
        public var key: String
        public var displayOrder: Int
        public var baseUnit: Int
        public var dimension: String
    }

    public struct Unit: Sendable, Hashable {
        public var id: Int
        public var category: String
        public var name: String
        public var symbols: [String]
        public var conversion: Conversion
        public var priority: Double
        public var system: SystemTag
        public var flags: UnitFlags
        /// `usages.tsv`: the usage the unit implies; empty for none.
        public var usage: String = ""
        public var key: String { UnitKey.make(category: category, name: name) }
    }

    /// A unit's words in one language.
    public struct UnitNames: Sendable, Hashable {
        public var unit: Int
        public var display: String
        public var forms: [PluralCategory: String]
        /// Localized symbols, the preferred first; empty: those of `units-src/`.
        public var symbols: [String]
        public var synonyms: [String]
        /// `patterns.tsv`: CLDR's pattern by `unit_names.form` (`long:one`, `short:other`).
        public var patterns: [String: String] = [:]
        /// Set when the build composed these words (`NameComposition`): how
        /// (`kilo absorbed-dose/gray`, `µg/h`), the text of the `composed`
        /// row of `unit_names`. Nil for a hand-written row.
        public var composedFrom: String? = nil
    }

    public struct Language: Sendable, Hashable {
        public var code: String
        public var name: String
        public var isComplete: Bool
        public var numbers: NumberSymbols
        public var plurals: PluralRules
        /// `language.tsv`'s `long-pattern`, `short-pattern` and native numbering (docs/source-format.md).
        public var longPattern: String = "{0} {1}"
        public var shortPattern: String = "{0} {1}"
        public var nativeSystem: String = ""
        public var nativeNumbers: NumberSymbols?
        public var latnRegions: [String] = []
        public var regionSeparators: [String: RegionSeparators] = [:]
        public var regionGrouping: [String: RegionGrouping] = [:]
        /// Sorted by unit id; a partial language leaves units out.
        public var names: [UnitNames]
        /// `words.tsv`: folded word, kind, value (nil for kinds without one).
        public var phraseWords: [PhraseWord] = []
        /// `cases.tsv`: the case forms that are not already a word of their
        /// unit in this language, one per (unit, folded form), sorted.
        public var caseForms: [CaseForm] = []
        /// `compounds.tsv`, sorted by key and form (the table's primary key),
        /// a unit in a form written as its id.
        public var compounds: [CompoundPattern] = []
        /// `keyboard.tsv`: the keyboard's letter rows, top to bottom.
        public var keyboardRows: [String] = []
        /// `transliteration.tsv`: (Latin, native) pairs, in file order.
        public var transliteration: [[String]] = []
    }

    /// A row of `compounds`: `gender` and `case` forms name their unit by id
    /// (`412`, `412/accusative/one`), the other keys' forms are as written.
    public struct CompoundPattern: Sendable, Hashable {
        public var key: CompoundPatternKey
        public var form: String
        public var pattern: String
    }

    /// A grammatical case form of a unit's name: a word to find the unit by.
    public struct CaseForm: Sendable, Hashable, Comparable {
        public var unit: Int
        public var text: String
        /// Set when the form's plural category holds one number
        /// (`PluralRules.soleNumber`): the form states it (Arabic `ميلين`, 2),
        /// and `unit_names` keeps it as form `case:<case>:<plural>`.
        public var countedAs: NameForm? = nil

        public static func < (a: CaseForm, b: CaseForm) -> Bool { (a.unit, a.text) < (b.unit, b.text) }
    }

    public struct PhraseWord: Sendable, Hashable {
        public var word: String
        public var kind: PhraseWordKind
        public var value: Double?
    }

    /// One unit of a preference list (`units-src/clusters.tsv`), for one
    /// region: a row naming several regions becomes one entry per region.
    public struct ClusterEntry: Sendable, Hashable {
        public var category: String
        public var usage: String
        public var region: String
        /// Whether the entry belongs to the completed list (the list as
        /// written and its completion rows, by threshold in the base unit)
        /// rather than to the list as written. Only lists with completions
        /// have a completed list.
        public var completed = false
        /// Position in the (category, usage, region, completed) list, from 0.
        public var rank: Int
        /// The unit, or a mixed unit's first (largest) part.
        public var unit: Int
        /// A mixed unit's other parts, largest first (`foot+inch`: inch's id);
        /// empty for a single unit.
        public var parts: [Int] = []
        public var atLeast: Double
    }

    /// A row of `units-src/relations.tsv` with its names resolved.
    public struct Relation: Sendable, Hashable {
        public var kind: RelationKind
        /// Unit ids (`difference`, `also`) or category ids (`same`).
        public var first: Int
        public var second: Int
        /// `same` only: base units of `second` in one base unit of `first`.
        public var factor: Double?
        /// `regional` only: the regions, in the source's order.
        public var regions: [String] = []
    }

    public var categories: [Category]
    /// Sorted by category, usage, region, rank.
    public var clusters: [ClusterEntry]
    /// Sorted by id.
    public var units: [Unit]
    /// Sorted by code.
    public var languages: [Language]
    /// Sorted by kind (its text), first, second: the table's primary key.
    public var relations: [Relation] = []
    /// Empty but in a slice: the words of units it leaves out that its own
    /// units could otherwise be read from (`DataSlice.leftOutNames`).
    public var leftOutNames: [LeftOutName] = []
    /// SHA-256 over every source file's relative path and bytes, in path order.
    public var sourceHash: String
}

public enum CompileError: Error, CustomStringConvertible {
    /// The sources have errors; compile only after a clean check.
    case sourcesHaveErrors(count: Int)

    public var description: String {
        switch self {
        case .sourcesHaveErrors(let count): return "the sources have \(count) error(s); run `unitpack check`"
        }
    }
}

public enum ModelCompiler {
    /// Normalises checked sources. Throws if `diagnostics` (the checker's) hold an error.
    public static func compile(_ tree: SourceTree, diagnostics: [Diagnostic]) throws(CompileError) -> CompiledModel {
        let errors = diagnostics.filter { $0.severity == .error }.count
        guard errors == 0 else { throw .sourcesHaveErrors(count: errors) }

        let ids = Dictionary(
            tree.ids.filter { !$0.isRetired }.map { ($0.key.lowercased(), $0.id.value) },
            uniquingKeysWith: { a, _ in a })
        var units: [CompiledModel.Unit] = []
        for row in tree.units {
            // The checks guarantee every field below; a failure here is a checker bug.
            guard let id = ids[row.key.lowercased()], let definition = row.definition,
                let priority = row.priority, let system = row.system
            else { throw .sourcesHaveErrors(count: 1) }
            var flags: UnitFlags = row.isInverse ? [.inverse] : []
            for kind in row.prefixes { flags.insert(kind.value.flag) }
            let conversion: Conversion
            switch definition {
            case .coefficient(let formula):
                guard let factor = try? formula.value.evaluate(x: 0) else { throw .sourcesHaveErrors(count: 1) }
                conversion = row.isInverse ? .reciprocal(factor: factor) : .linear(factor: factor)
            case .formulae(let to, let from):
                flags.insert(.formula)
                conversion = .formulas(toBase: to.value, fromBase: from.value)
            }
            units.append(
                CompiledModel.Unit(
                    id: id, category: row.category, name: row.name.value, symbols: row.symbols.map(\.value),
                    conversion: conversion, priority: priority.value, system: system.value, flags: flags))
        }
        units.sort { $0.id < $1.id }
        let implied = Dictionary(
            tree.usages.map { ($0.unit.value.lowercased(), $0.usage.value) }, uniquingKeysWith: { a, _ in a })
        for index in units.indices { units[index].usage = implied[units[index].key.lowercased()] ?? "" }

        let byName = Dictionary(
            units.map { ($0.category + "/" + $0.name.lowercased(), $0.id) }, uniquingKeysWith: { a, _ in a })
        var categories: [CompiledModel.Category] = []
        for (index, row) in tree.categories.sorted(by: { ($0.order?.value ?? 0) < ($1.order?.value ?? 0) }).enumerated() {
            guard let base = byName[row.key.value + "/" + row.baseUnitName.value.lowercased()] else {
                throw .sourcesHaveErrors(count: 1)
            }
            categories.append(
                CompiledModel.Category(
                    id: index + 1, key: row.key.value, displayOrder: row.order?.value ?? 0, baseUnit: base,
                    dimension: row.dimension.value))
        }

        let languages = try compileLanguages(tree, unitIDs: ids, units: units)
        let clusters = try compileClusters(tree, unitIDs: ids, units: units)
        let relations = try compileRelations(tree, unitIDs: ids, categories: categories)

        var hash = SHA256()
        for file in tree.files.sorted(by: { $0.path < $1.path }) {
            hash.update(file.path)
            hash.update([0])
            hash.update(String(file.bytes.count))
            hash.update([0])
            hash.update(file.bytes)
        }
        let digest = hash.finalize()
        return CompiledModel(
            categories: categories, clusters: clusters, units: units, languages: languages, relations: relations,
            sourceHash: digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
    }

    private static func compileRelations(
        _ tree: SourceTree, unitIDs: [String: Int], categories: [CompiledModel.Category]
    ) throws(CompileError) -> [CompiledModel.Relation] {
        let categoryIDs = Dictionary(categories.map { ($0.key, $0.id) }, uniquingKeysWith: { a, _ in a })
        var relations: [CompiledModel.Relation] = []
        for row in tree.relations {
            let ids = row.kind.value.relatesCategories
                ? (categoryIDs[row.first.value], categoryIDs[row.second.value])
                : (unitIDs[row.first.value.lowercased()], unitIDs[row.second.value.lowercased()])
            guard let first = ids.0, let second = ids.1 else { throw .sourcesHaveErrors(count: 1) }
            relations.append(
                CompiledModel.Relation(
                    kind: row.kind.value, first: first, second: second, factor: row.factor?.value, regions: row.regions.map(\.value)))
        }
        return relations.sorted { ($0.kind.rawValue, $0.first, $0.second) < ($1.kind.rawValue, $1.first, $1.second) }
    }

    private static func compileClusters(_ tree: SourceTree, unitIDs: [String: Int], units: [CompiledModel.Unit])
        throws(CompileError) -> [CompiledModel.ClusterEntry]
    {
        var entries: [CompiledModel.ClusterEntry] = []
        var completions: [CompiledModel.ClusterEntry] = []
        var ranks: [String: Int] = [:]
        for row in tree.clusters {
            var ids: [Int] = []
            for part in row.units {
                guard let id = unitIDs[(row.category.value + "/" + part.value).lowercased()] else {
                    throw .sourcesHaveErrors(count: 1)
                }
                ids.append(id)
            }
            for region in row.regions {
                var entry = CompiledModel.ClusterEntry(
                    category: row.category.value, usage: row.usage.value, region: region.value, rank: 0,
                    unit: ids[0], parts: Array(ids.dropFirst()), atLeast: row.atLeast.value)
                if row.isCompletion {
                    completions.append(entry)
                    continue
                }
                let list = row.category.value + "\t" + row.usage.value + "\t" + region.value
                entry.rank = ranks[list, default: 0]
                ranks[list] = entry.rank + 1
                entries.append(entry)
            }
        }
        entries += try completedLists(entries, completions, units: units)
        return entries.sorted {
            ($0.category, $0.usage, $0.region, $0.completed ? 1 : 0, $0.rank) < ($1.category, $1.usage, $1.region, $1.completed ? 1 : 0, $1.rank)
        }
    }

    /// For each list with completion rows, the completed list: its rows and
    /// the completions ordered by threshold in the base unit, largest first
    /// (a tie keeps the list's row first). The checks (E907) guarantee that
    /// every unit of such a list is converted by a factor.
    private static func completedLists(
        _ entries: [CompiledModel.ClusterEntry], _ completions: [CompiledModel.ClusterEntry], units: [CompiledModel.Unit]
    ) throws(CompileError) -> [CompiledModel.ClusterEntry] {
        let factors = Dictionary(
            units.compactMap { unit -> (Int, Double)? in
                guard case .linear(let factor) = unit.conversion else { return nil }
                return (unit.id, factor)
            }, uniquingKeysWith: { a, _ in a })
        struct ListKey: Hashable { var category, usage, region: String }
        var added: [ListKey: [CompiledModel.ClusterEntry]] = [:]
        for completion in completions {
            added[ListKey(category: completion.category, usage: completion.usage, region: completion.region), default: []].append(completion)
        }
        var lists: [ListKey: [CompiledModel.ClusterEntry]] = [:]
        for entry in entries { lists[ListKey(category: entry.category, usage: entry.usage, region: entry.region), default: []].append(entry) }
        var result: [CompiledModel.ClusterEntry] = []
        for (key, extra) in added {
            guard let list = lists[key] else { throw .sourcesHaveErrors(count: 1) }
            var placed: [(entry: CompiledModel.ClusterEntry, threshold: Double, order: Int)] = []
            for (order, entry) in (list.sorted { $0.rank < $1.rank } + extra).enumerated() {
                guard let factor = factors[entry.unit] else { throw .sourcesHaveErrors(count: 1) }
                placed.append((entry, entry.atLeast * factor, order))
            }
            placed.sort { ($0.threshold, -$0.order) > ($1.threshold, -$1.order) }
            for (rank, item) in placed.enumerated() {
                var entry = item.entry
                entry.completed = true
                entry.rank = rank
                result.append(entry)
            }
        }
        return result
    }

    private static func compileLanguages(_ tree: SourceTree, unitIDs: [String: Int], units: [CompiledModel.Unit])
        throws(CompileError) -> [CompiledModel.Language]
    {
        var languages: [CompiledModel.Language] = []
        let compositions = Dictionary(
            NameComposition.compose(tree).map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        for source in tree.languages.sorted(by: { $0.code < $1.code }) {
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
            for row in source.unitPatterns {
                // Checked (E711, E712, E729): the unit exists and the language names it.
                guard let id = unitIDs[(row.category.value + "/" + row.unit.value).lowercased()],
                    let index = names.firstIndex(where: { $0.unit == id })
                else { throw .sourcesHaveErrors(count: 1) }
                names[index].patterns[NameForm.pattern(isShort: row.isShort.value, row.plural.value).rawValue] =
                    row.pattern.value
            }
            // Composed names for the units the language does not name by
            // hand (a hand-written row always wins: those are never composed).
            let named = Set(names.map(\.unit))
            for name in compositions[source.code]?.names ?? [] {
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
                CompiledModel.PhraseWord(word: TextFolding.fold($0.word.value), kind: $0.kind.value, value: $0.value?.value)
            }
            var language = CompiledModel.Language(
                code: source.code, name: settings.name, isComplete: source.isComplete, numbers: settings.numbers,
                plurals: plurals, names: names, phraseWords: words,
                caseForms: try compileCaseForms(source, names: names, units: units, unitIDs: unitIDs, plurals: plurals),
                compounds: try compileCompounds(source, unitIDs: unitIDs))
            language.keyboardRows = source.queryRewrite.keyboardRows.map(\.value)
            language.transliteration = source.queryRewrite.transliteration.map { [$0.latin.value, $0.native.value] }
            language.longPattern = settings.longPattern
            language.shortPattern = settings.shortPattern
            language.nativeSystem = settings.nativeSystem
            language.nativeNumbers = settings.nativeNumbers
            language.latnRegions = settings.latnRegions
            language.regionSeparators = settings.regionSeparators
            language.regionGrouping = settings.regionGrouping
            languages.append(language)
        }
        return languages
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
        var known: Set<String> = []
        for unit in names {
            for word in [unit.display] + unit.forms.values + unit.symbols + unit.synonyms {
                known.insert("\(unit.unit)\t" + TextFolding.fold(word))
            }
        }
        for unit in units {
            for word in [unit.name] + unit.symbols { known.insert("\(unit.id)\t" + TextFolding.fold(word)) }
        }
        var forms: [CompiledModel.CaseForm] = []
        for row in source.caseForms {
            guard let id = unitIDs[(row.category.value + "/" + row.unit.value).lowercased()] else {
                throw .sourcesHaveErrors(count: 1)
            }
            if known.insert("\(id)\t" + TextFolding.fold(row.form.value)).inserted {
                let counted = plurals.soleNumber(of: row.plural.value) == nil
                    ? nil : NameForm.countedCase(row.grammaticalCase.value, row.plural.value)
                forms.append(CompiledModel.CaseForm(unit: id, text: row.form.value, countedAs: counted))
            }
        }
        return forms.sorted()
    }
}
