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
        let (tree, diagnostics) = check(source: source)
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics, summary: nil) }
        let model = try ModelCompiler.compile(tree, diagnostics: diagnostics)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let databasePath = output + "/" + DatabaseFormat.fileName
        // Encoded before anything is written, so a failure leaves both files as they were.
        let pack = try SearchPackWriter.encode(model)
        let size = try DatabaseWriter.write(model, to: databasePath)
        let packPath = output + "/" + SearchPackFormat.fileName
        let packSize = try SearchPackWriter.write(pack, to: packPath)
        let summary = Summary(
            units: model.units.count, categories: model.categories.count,
            languages: model.languages.map(\.code), sourceFiles: tree.files.count,
            sourceBytes: tree.files.reduce(0) { $0 + $1.bytes.count },
            artifacts: [Artifact(path: databasePath, bytes: size), Artifact(path: packPath, bytes: packSize)], sourceHash: model.sourceHash)
        return Outcome(diagnostics: diagnostics, summary: summary)
    }
}
