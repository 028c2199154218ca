import UnitpackCore

extension SearchPack {
    /// Opens the search pack of `DIRECTORY`'s current generation: the file
    /// its `manifest.tsv` names, once it is there with the size the manifest
    /// gives (docs/manifest.md). `init(path:budget:)` opens a file directly.
    public convenience init(directory: String, budget: Int) throws(SearchPackError) {
        try self.init(path: try Self.path(inDirectory: directory), budget: budget)
    }

    /// The path of the pack `DIRECTORY`'s manifest names, checked as
    /// `init(directory:budget:)` checks it (for tools that open it by path).
    public static func path(inDirectory directory: String) throws(SearchPackError) -> String {
        do {
            return try Generation.read(directory: directory).path(of: SearchPackFormat.fileName)
        } catch {
            throw .generation(error)
        }
    }
}
