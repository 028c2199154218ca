import UnitpackCore

extension SearchPack {
    /// Opens the search pack of `DIRECTORY`'s current generation: the file
    /// its `manifest.tsv` names, once it is there with the size the manifest
    /// gives (docs/manifest.md). `init(path:budget:)` opens a file directly.
    public convenience init(directory: String, budget: Int) throws(SearchPackError) {
        let path: String
        do {
            path = try Generation.read(directory: directory).path(of: SearchPackFormat.fileName)
        } catch {
            throw .generation(error)
        }
        try self.init(path: path, budget: budget)
    }
}
