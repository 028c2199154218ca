import UnitpackCompiler

/// The repository's sources read, checked and compiled once per test
/// process, for every suite that needs the model itself (to write a pack,
/// to slice it): in a debug build each compile takes seconds, and
/// SearchPackTests alone compiled it once per test.
public enum RepositoryModel {
    private static let compiled = Result<CompiledModel, any Error> {
        let (tree, diagnostics) = BuildPipeline.check(source: RepositoryBuild.root)
        return try ModelCompiler.compile(tree, diagnostics: diagnostics)
    }

    /// The model; the compile's error, the same each time, when the sources do not compile.
    public static func model() throws -> CompiledModel { try compiled.get() }
}
