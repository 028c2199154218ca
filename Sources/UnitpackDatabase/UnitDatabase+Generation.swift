import UnitpackCore
import UnitpackSQLite
import UnitpackStore

extension UnitDatabase {
    /// Opens the database of `DIRECTORY`'s current generation: the file its
    /// `manifest.tsv` names, after checking that it is there with the size
    /// the manifest gives, then that it is the manifest's database (its
    /// source hash, languages and categories: `mismatches(with:)`;
    /// docs/manifest.md). `init(path:)` opens a file directly, for tools
    /// and tests.
    /// - Throws: `.generation` when the directory has no usable generation
    ///   or the database is another build's, else what `init(path:)` throws.
    public convenience init(directory: String, pageCacheBytes: Int = 256 << 10, objectCacheBytes: Int = 256 << 10)
        throws(UnitDatabaseError)
    {
        let generation: Generation
        let path: String
        do {
            generation = try Generation.read(directory: directory)
            path = try generation.path(of: DatabaseFormat.fileName)
        } catch {
            throw .generation(error)
        }
        try self.init(path: path, pageCacheBytes: pageCacheBytes, objectCacheBytes: objectCacheBytes)
        try checkBelongs(to: generation)
    }

    /// Refuses a database that is not the one `generation`'s manifest
    /// describes: the first of `mismatches(with:)`, as `.generation`.
    package func checkBelongs(to generation: Generation) throws(UnitDatabaseError) {
        if let first = try mismatches(with: generation).first { throw .generation(first) }
    }

    /// The manifest's lines this database contradicts
    /// (`Generation.mismatches`). Cheap, for every open: the source hash and
    /// the languages were read with `meta` (`meta.languages`, which `verify`
    /// holds to the `languages` table); the categories, read only for a
    /// slice by category, are one query over some sixty rows.
    package func mismatches(with generation: Generation) throws(UnitDatabaseError) -> [GenerationError] {
        let languages = try withState { state throws(UnitDatabaseError) in state.languageCodes }
        return try generation.mismatches(
            database: path, sourceHash: dataVersion.sourceHash, languages: languages,
            categories: { () throws(UnitDatabaseError) in try categoryKeysInDisplayOrder() })
    }

    /// Every category's key in display order (`id` order), each row's
    /// checksum checked and their count against `meta`'s.
    func categoryKeysInDisplayOrder() throws(UnitDatabaseError) -> [String] {
        let path = path
        return try withState { state throws(UnitDatabaseError) in
            do {
                let query = try state.prepare(
                    "SELECT \(DatabaseFormat.selectList(of: "categories")) FROM categories ORDER BY id")
                let rows = RowDecoder(statement: query, path: path)
                var keys: [String] = []
                while try query.step() { keys.append(try rows.category(at: 0).key) }
                guard keys.count == state.rowCount("categories") else {
                    throw rows.damaged(
                        .countMismatch(table: "categories", key: nil, found: keys.count, stated: state.rowCount("categories")))
                }
                return keys
            } catch {
                throw Self.typed(error, path: path)
            }
        }
    }
}
