import UnitpackCore

/// The files of a build directory's current generation, as its manifest
/// names them (without checking them, so that tests can damage them).
public enum GenerationFiles {
    /// The path of artifact `name` (`units.sqlite`, `search.pack`) in `directory`.
    public static func path(_ name: String, in directory: String) throws -> String {
        let manifest = try Generation.manifest(in: directory)
        guard let artifact = manifest.artifact(name) else { throw GenerationError.artifactNotListed(path: directory, artifact: name) }
        return directory + "/" + artifact.file
    }

    public static func database(in directory: String) throws -> String { try path(DatabaseFormat.fileName, in: directory) }
    public static func pack(in directory: String) throws -> String { try path(SearchPackFormat.fileName, in: directory) }
}
