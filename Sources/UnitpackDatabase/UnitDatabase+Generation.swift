import UnitpackCore

extension UnitDatabase {
    /// Opens the database of `DIRECTORY`'s current generation: the file its
    /// `manifest.tsv` names, after checking that it is there with the size
    /// the manifest gives (docs/manifest.md). `init(path:)` opens a file
    /// directly, for tools and tests.
    /// - Throws: `.generation` when the directory has no usable generation,
    ///   else what `init(path:)` throws.
    public convenience init(directory: String, pageCacheBytes: Int = 256 << 10, objectCacheBytes: Int = 256 << 10)
        throws(UnitDatabaseError)
    {
        let path: String
        do {
            path = try Generation.read(directory: directory).path(of: DatabaseFormat.fileName)
        } catch {
            throw .generation(error)
        }
        try self.init(path: path, pageCacheBytes: pageCacheBytes, objectCacheBytes: objectCacheBytes)
    }
}
