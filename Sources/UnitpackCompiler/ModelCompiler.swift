import UnitpackCheck
import UnitpackCore
import UnitpackDigest
import UnitpackSource

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
        try compile(tree, diagnostics: diagnostics, hashingSources: true)
    }

    /// - Parameter hashingSources: false leaves `sourceHash` empty, for a
    ///   caller that hashes the sources beside the compiling
    ///   (`sourceHash(_:)`, as the build does).
    static func compile(_ tree: SourceTree, diagnostics: [Diagnostic], hashingSources: Bool) throws(CompileError)
        -> CompiledModel
    {
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

        // The sources' hash (megabytes of SHA-256) beside the languages.
        let (compiled, digest) = Parallel.both(
            { [units] in Result { () throws(CompileError) in try compileLanguages(tree, unitIDs: ids, units: units) } },
            { hashingSources ? sourceHash(tree) : "" })
        let languages = try compiled.get()
        let clusters = try compileClusters(tree, unitIDs: ids, units: units)
        let relations = try compileRelations(tree, unitIDs: ids, categories: categories)
        return CompiledModel(
            categories: categories, clusters: clusters, units: units, languages: languages, relations: relations,
            sourceHash: digest)
    }

    /// SHA-256 of every source file's path, size and bytes, in path order,
    /// in lower-case hex (`CompiledModel.sourceHash`).
    static func sourceHash(_ tree: SourceTree) -> String {
        sourceDigest(tree).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func sourceDigest(_ tree: SourceTree) -> [UInt8] {
        var hash = SHA256()
        for file in tree.files.sorted(by: { $0.path < $1.path }) {
            hash.update(file.path)
            hash.update([0])
            hash.update(String(file.bytes.count))
            hash.update([0])
            hash.update(file.bytes)
        }
        return hash.finalize()
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
                    kind: row.kind.value, first: first, second: second, factor: row.factor?.value,
                    regions: (row.kind.value == .everyday ? row.languages : row.regions).map(\.value)))
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

}
