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

    /// Builds `source` into a new generation in `output` (docs/manifest.md):
    /// the artifacts under content-addressed names, then `manifest.tsv`
    /// renamed into place, the one step that makes them current. A failure
    /// or a kill before that step leaves the previous generation current.
    /// - Parameter step: called at each point of the write (the CLI's kill
    ///   hook for the fault-injection tests).
    public static func build(source: String, output: String, step: (BuildStep) -> Void = { _ in }) throws -> Outcome {
        let (tree, checked) = check(source: source)
        var diagnostics = checked
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, summary: nil) }
        let model = try ModelCompiler.compile(tree, diagnostics: diagnostics)
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
        let pack = try SearchPackWriter.encode(model)
        let database: (temporary: String, bytes: Int)
        do {
            database = try DatabaseWriter.writeTemporary(model, for: output + "/" + DatabaseFormat.fileName)
        } catch let error as AtomicFile.WriteError {
            throw error
        } catch {
            throw AtomicFile.WriteError(
                path: AtomicFile.temporary(for: output + "/" + DatabaseFormat.fileName), reason: "\(error)")
        }
        let measured = [
            Artifact(path: DatabaseFormat.fileName, name: DatabaseFormat.fileName, bytes: database.bytes,
                     budget: budget(DatabaseFormat.fileName, tree)),
            Artifact(path: SearchPackFormat.fileName, name: SearchPackFormat.fileName, bytes: pack.count,
                     budget: budget(SearchPackFormat.fileName, tree)),
        ]
        diagnostics += overBudget(measured, tree)
        guard !diagnostics.hasErrors else {
            try? FileManager.default.removeItem(atPath: database.temporary)
            return Outcome(diagnostics: diagnostics, summary: nil)
        }
        let written = try GenerationWriter.commit(
            database: database.temporary, pack: pack, model: model, in: output, step: step)
        let artifacts = zip(measured, written.paths).map { artifact, path in
            Artifact(path: path, name: artifact.name, bytes: artifact.bytes, budget: artifact.budget)
        }
        let summary = Summary(
            units: model.units.count, categories: model.categories.count,
            languages: model.languages.map(\.code), sourceFiles: tree.files.count,
            sourceBytes: tree.files.reduce(0) { $0 + $1.bytes.count },
            artifacts: artifacts, sourceHash: model.sourceHash,
            manifest: output + "/" + GenerationManifest.fileName)
        return Outcome(diagnostics: diagnostics, summary: summary)
    }

    /// For `check`: when the sources have budgets and no errors, builds the
    /// artifacts in a scratch directory (deleted after) and reports those over
    /// budget. Nothing in `dist/` is touched.
    public static func checkBudgets(_ tree: SourceTree, diagnostics: [Diagnostic]) throws -> [Diagnostic] {
        guard !tree.budgets.isEmpty, !diagnostics.hasErrors else { return [] }
        let model = try ModelCompiler.compile(tree, diagnostics: diagnostics)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "unitpack-check-\(ProcessInfo.processInfo.processIdentifier)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let database = try DatabaseWriter.writeTemporary(model, for: scratch + "/" + DatabaseFormat.fileName)
        let pack = try SearchPackWriter.encode(model)
        return overBudget(
            [
                Artifact(path: DatabaseFormat.fileName, name: DatabaseFormat.fileName, bytes: database.bytes,
                         budget: budget(DatabaseFormat.fileName, tree)),
                Artifact(path: SearchPackFormat.fileName, name: SearchPackFormat.fileName, bytes: pack.count,
                         budget: budget(SearchPackFormat.fileName, tree)),
            ], tree)
    }

    static func budget(_ artifact: String, _ tree: SourceTree) -> Int? {
        tree.budgets.first { $0.artifact == artifact }?.bytes
    }

    static func overBudget(_ artifacts: [Artifact], _ tree: SourceTree) -> [Diagnostic] {
        artifacts.compactMap { artifact in
            let name = artifact.name
            guard let budget = tree.budgets.first(where: { $0.artifact == name }), artifact.bytes > budget.bytes else {
                return nil
            }
            return Diagnostic(
                .overBudget,
                "\(name) would take \(artifact.bytes) bytes, over its budget of \(budget.bytes) (by \(artifact.bytes - budget.bytes))",
                at: budget.location,
                hint: "make the data smaller, or raise the budget here if the growth is intended")
        }
    }
}
