import Foundation
import UnitpackCheck
import UnitpackCore
import UnitpackSource

/// read -> check -> compile -> write, in one direction. Nothing is written
/// unless every check passes.
public enum BuildPipeline {
    public struct Artifact: Sendable, Hashable {
        public var path: String
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

    public static func build(source: String, output: String) throws -> Outcome {
        let (tree, checked) = check(source: source)
        var diagnostics = checked
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, summary: nil) }
        let model = try ModelCompiler.compile(tree, diagnostics: diagnostics)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // A build killed midway (SIGKILL, SIGXFSZ at a file size limit) leaves its temporary files.
        AtomicFile.removeStaleTemporaries(in: output, of: [DatabaseFormat.fileName, SearchPackFormat.fileName])
        let databasePath = output + "/" + DatabaseFormat.fileName
        let packPath = output + "/" + SearchPackFormat.fileName
        // Everything is encoded and measured before anything is replaced, so a
        // failure (or an artifact over its budget) leaves both files as they were.
        let pack = try SearchPackWriter.encode(model)
        let database = try DatabaseWriter.writeTemporary(model, for: databasePath)
        let artifacts = [
            Artifact(path: databasePath, bytes: database.bytes, budget: budget(DatabaseFormat.fileName, tree)),
            Artifact(path: packPath, bytes: pack.count, budget: budget(SearchPackFormat.fileName, tree)),
        ]
        diagnostics += overBudget(artifacts, tree)
        guard !diagnostics.hasErrors else {
            try? FileManager.default.removeItem(atPath: database.temporary)
            return Outcome(diagnostics: diagnostics, summary: nil)
        }
        do {
            try AtomicFile.replace(databasePath, with: database.temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: database.temporary)
            throw error
        }
        _ = try SearchPackWriter.write(pack, to: packPath)
        let summary = Summary(
            units: model.units.count, categories: model.categories.count,
            languages: model.languages.map(\.code), sourceFiles: tree.files.count,
            sourceBytes: tree.files.reduce(0) { $0 + $1.bytes.count },
            artifacts: artifacts, sourceHash: model.sourceHash)
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
                Artifact(path: DatabaseFormat.fileName, bytes: database.bytes, budget: budget(DatabaseFormat.fileName, tree)),
                Artifact(path: SearchPackFormat.fileName, bytes: pack.count, budget: budget(SearchPackFormat.fileName, tree)),
            ], tree)
    }

    static func budget(_ artifact: String, _ tree: SourceTree) -> Int? {
        tree.budgets.first { $0.artifact == artifact }?.bytes
    }

    static func overBudget(_ artifacts: [Artifact], _ tree: SourceTree) -> [Diagnostic] {
        artifacts.compactMap { artifact in
            let name = artifact.path.split(separator: "/").last.map(String.init) ?? artifact.path
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
