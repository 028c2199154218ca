import Foundation
import UnitpackCheck
import UnitpackCore
import UnitpackSource

/// read -> check -> compile -> write, in one direction. Nothing is written
/// unless every check passes.
public enum BuildPipeline {
    public struct Artifact: Sendable, Hashable {
        /// The file written: `dist/units-0123456789abcdef.sqlite`.
        public var path: String
        /// What it is: `units.sqlite`, `search.pack`.
        public var name: String
        public var bytes: Int
        /// From budgets.tsv, when it gives one.
        public var budget: Int?
    }

    public struct Summary: Sendable {
        public var units: Int
        public var categories: Int
        /// Codes, sorted.
        public var languages: [String]
        /// The category keys a `--categories` slice holds (those asked and
        /// those they need, `DataSlice.closure`); nil for every category.
        public var slicedCategories: [String]? = nil
        public var sourceFiles: Int
        public var sourceBytes: Int
        public var artifacts: [Artifact]
        public var sourceHash: String
        /// `OUTPUT/manifest.tsv`, which makes the artifacts current.
        public var manifest: String
    }

    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic]
        /// Nil when the sources have errors (and nothing was written).
        public var summary: Summary?
    }

    /// Reads and checks only.
    public static func check(source: String) -> (tree: SourceTree, diagnostics: [Diagnostic]) {
        let tree = SourceReader.read(directory: source)
        return (tree, Checker.check(tree))
    }

    /// `check(source:)`, then `checkBudgets` when the sources have budgets:
    /// what `unitpack check` reports. The model the budgets measure is
    /// compiled beside the checks, as the build compiles it, and used only
    /// when they find no error: one after the other, a core idled through
    /// both (`unitpack check` took five times a build).
    public static func checkWithBudgets(source: String) throws -> (tree: SourceTree, diagnostics: [Diagnostic]) {
        let tree = SourceReader.read(directory: source)
        guard !tree.budgets.isEmpty else { return (tree, Checker.check(tree)) }
        let pieces = Parallel.map([0, 1]) { piece -> PhaseOne in
            piece == 0
                ? .checked(Checker.check(tree))
                : .compiled(Result { () throws(CompileError) in try ModelCompiler.compile(tree, diagnostics: tree.diagnostics) })
        }
        guard case .checked(let checked) = pieces[0], case .compiled(let compiled) = pieces[1] else {
            fatalError("BuildPipeline: pieces out of order")
        }
        guard !checked.hasErrors else { return (tree, checked) }
        return (tree, checked + (try checkBudgets(tree, diagnostics: checked, model: try compiled.get())))
    }

    /// Builds `source` into a new generation in `output` (docs/manifest.md):
    /// the artifacts under content-addressed names, then `manifest.tsv`
    /// renamed into place, the one step that makes them current. A failure
    /// or a kill before that step leaves the previous generation current.
    /// - Parameters:
    ///   - slice: the languages and categories to keep (docs/database.md,
    ///     "Slices"); the whole data by default.
    ///   - step: called at each point of the write (the CLI's kill
    ///     hook for the fault-injection tests).
    /// - Throws: `DataSlice.Problem` for a slice the sources cannot give
    ///   (an unknown language or category), before anything is written.
    public static func build(
        source: String, output: String, slice: DataSlice = DataSlice(), step: (BuildStep) -> Void = { _ in }
    ) throws -> Outcome {
        let tree = BuildTimings.measure("read sources") { SourceReader.read(directory: source) }
        // The checks beside the compiling: the model is used only when the
        // checks find no error, and compiling trusts nothing it is given
        // (a source it cannot use throws, as `check --coverage` composes
        // names of sources with errors). One after the other, a core idled
        // through most of both (issue 38). The sources' hash is a third
        // piece, taken by the core that finishes first: inside the
        // compiling (a `Parallel` within a `Parallel` runs on its caller's
        // core alone) it was the compiling's last 14 ms, with the checks'
        // core idle.
        let pieces = Parallel.map([0, 1, 2]) { piece -> PhaseOne in
            switch piece {
            case 0:
                .compiled(
                    BuildTimings.measure("compile") {
                        Result { () throws(CompileError) in
                            try ModelCompiler.compile(tree, diagnostics: tree.diagnostics, hashingSources: false)
                        }
                    })
            case 1: .checked(BuildTimings.measure("check") { Checker.check(tree) })
            default: .hashed(BuildTimings.measure("hash sources") { ModelCompiler.sourceHash(tree) })
            }
        }
        guard case .compiled(let compiled) = pieces[0], case .checked(let checked) = pieces[1],
            case .hashed(let sourceHash) = pieces[2]
        else { fatalError("BuildPipeline: pieces out of order") }
        var diagnostics = checked
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, summary: nil) }
        var whole = try compiled.get()
        whole.sourceHash = sourceHash
        let model = try slice.apply(to: whole)
        // Foundation's error as it is: the command says it as a sentence
        // (FileProblem), looking at the path when Foundation gives no errno.
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // One build at a time in a directory: another's cleanup must not
        // remove what this one is about to make current.
        let lock = try DirectoryLock(output)
        defer { lock.release() }
        // A build killed midway (SIGKILL, SIGXFSZ at a file size limit) leaves its temporary files.
        AtomicFile.removeStaleTemporaries(
            in: output, of: [DatabaseFormat.fileName, SearchPackFormat.fileName, GenerationManifest.fileName])
        // Everything is encoded and measured before anything is renamed, so a
        // failure (or an artifact over its budget) leaves the generation as it was.
        // The pack is made among the database's pieces of work; a pack that
        // fails is the error, as when it was made first, and the database
        // it would have gone with is removed.
        let databasePath = output + "/" + DatabaseFormat.fileName
        let (encoded, made) = DatabaseWriter.writeTemporary(
            model, for: databasePath, alongside: { BuildTimings.measure("search pack") { Result { try SearchPackWriter.encode(model) } } })
        let pack: [UInt8]
        do {
            pack = try encoded.get()
        } catch {
            if case .success(let database) = made { try? FileManager.default.removeItem(atPath: database.temporary) }
            throw error
        }
        let database: (temporary: String, bytes: Int)
        do {
            database = try made.get()
        } catch let error as AtomicFile.WriteError {
            throw error
        } catch {
            throw AtomicFile.WriteError(path: AtomicFile.temporary(for: databasePath), reason: "\(error)")
        }
        let measured = [
            Artifact(path: DatabaseFormat.fileName, name: DatabaseFormat.fileName, bytes: database.bytes,
                     budget: budget(DatabaseFormat.fileName, tree, slice: slice)?.bytes),
            Artifact(path: SearchPackFormat.fileName, name: SearchPackFormat.fileName, bytes: pack.count,
                     budget: budget(SearchPackFormat.fileName, tree, slice: slice)?.bytes),
        ]
        diagnostics += overBudget(measured, tree, slice: slice)
        guard !diagnostics.hasErrors else {
            try? FileManager.default.removeItem(atPath: database.temporary)
            return Outcome(diagnostics: diagnostics, summary: nil)
        }
        let slicedCategories = slice.categories == nil ? nil : model.categories.map(\.key)
        let written = try BuildTimings.measure("write the generation") {
            try GenerationWriter.commit(
                database: database.temporary, pack: pack, model: model, categories: slicedCategories, in: output, step: step)
        }
        let artifacts = zip(measured, written.paths).map { artifact, path in
            Artifact(path: path, name: artifact.name, bytes: artifact.bytes, budget: artifact.budget)
        }
        let summary = Summary(
            units: model.units.count, categories: model.categories.count,
            languages: model.languages.map(\.code), slicedCategories: slicedCategories, sourceFiles: tree.files.count,
            sourceBytes: tree.files.reduce(0) { $0 + $1.bytes.count },
            artifacts: artifacts, sourceHash: model.sourceHash,
            manifest: output + "/" + GenerationManifest.fileName)
        return Outcome(diagnostics: diagnostics, summary: summary)
    }

    /// What a piece of the build's first part made.
    private enum PhaseOne: Sendable {
        case compiled(Result<CompiledModel, CompileError>)
        case checked([Diagnostic])
        case hashed(String)
    }

    /// For `check`: when the sources have budgets and no errors, builds the
    /// artifacts in a scratch directory (deleted after) and reports those over
    /// budget: the whole data's, and each slice's that `budgets.tsv` names
    /// (a slice the sources cannot give is E801 at its line). Nothing in
    /// `dist/` is touched.
    public static func checkBudgets(_ tree: SourceTree, diagnostics: [Diagnostic]) throws -> [Diagnostic] {
        guard !tree.budgets.isEmpty, !diagnostics.hasErrors else { return [] }
        return try checkBudgets(tree, diagnostics: diagnostics, model: try ModelCompiler.compile(tree, diagnostics: diagnostics))
    }

    /// `checkBudgets(_:diagnostics:)` of `model`, compiled from `tree`.
    static func checkBudgets(_ tree: SourceTree, diagnostics: [Diagnostic], model: CompiledModel) throws -> [Diagnostic] {
        guard !tree.budgets.isEmpty, !diagnostics.hasErrors else { return [] }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "unitpack-check-\(ProcessInfo.processInfo.processIdentifier)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var slices: [DataSlice] = [DataSlice()]
        var found: [Diagnostic] = []
        for line in tree.budgets where line.languages != nil || line.categories != nil {
            let slice = DataSlice(languages: line.languages, categories: line.categories)
            do {
                try slice.validate(against: model)
            } catch {
                found.append(Diagnostic(.invalidBudget, error.description, at: line.sliceLocation ?? line.location))
                continue
            }
            if !slices.contains(slice) { slices.append(slice) }
        }
        for slice in slices {
            let sliced = try slice.apply(to: model)
            // The pack among the database's pieces, as the build makes it:
            // after the database, it was a core's work with the other idle.
            let (encoded, written) = DatabaseWriter.writeTemporary(
                sliced, for: scratch + "/" + DatabaseFormat.fileName, alongside: { Result { try SearchPackWriter.encode(sliced) } })
            if case .success(let database) = written { try? FileManager.default.removeItem(atPath: database.temporary) }
            let database = try written.get()
            let pack = try encoded.get()
            found += overBudget(
                [
                    Artifact(path: DatabaseFormat.fileName, name: DatabaseFormat.fileName, bytes: database.bytes,
                             budget: budget(DatabaseFormat.fileName, tree, slice: slice)?.bytes),
                    Artifact(path: SearchPackFormat.fileName, name: SearchPackFormat.fileName, bytes: pack.count,
                             budget: budget(SearchPackFormat.fileName, tree, slice: slice)?.bytes),
                ], tree, slice: slice)
        }
        return found
    }

    /// The budget of `artifact` for `slice`: the line given for exactly that
    /// slice, else the whole data's (a slice holds a subset of its rows).
    static func budget(_ artifact: String, _ tree: SourceTree, slice: DataSlice = DataSlice()) -> ArtifactBudget? {
        let lines = tree.budgets.filter { $0.artifact == artifact }
        return lines.first { DataSlice(languages: $0.languages, categories: $0.categories) == slice && !slice.isWhole }
            ?? lines.first { $0.languages == nil && $0.categories == nil }
    }

    static func overBudget(_ artifacts: [Artifact], _ tree: SourceTree, slice: DataSlice = DataSlice()) -> [Diagnostic] {
        artifacts.compactMap { artifact in
            let name = artifact.name
            guard let budget = budget(name, tree, slice: slice), artifact.bytes > budget.bytes else {
                return nil
            }
            let what = slice.isWhole ? name : name + " of the slice " + sliceText(slice)
            return Diagnostic(
                .overBudget,
                "\(what) would take \(artifact.bytes) bytes, over its budget of \(budget.bytes) (by \(artifact.bytes - budget.bytes))",
                at: budget.location,
                hint: "make the data smaller, or raise the budget here if the growth is intended")
        }
    }

    /// `languages=en,ru categories=volume`, as budgets.tsv writes a slice.
    static func sliceText(_ slice: DataSlice) -> String {
        [slice.languages.map { "languages=" + $0.joined(separator: ",") },
         slice.categories.map { "categories=" + $0.joined(separator: ",") }].compactMap { $0 }.joined(separator: " ")
    }
}
