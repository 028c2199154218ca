import UnitpackCore
import UnitpackSQLite

/// Every row of `meta`, read and checked once at open (docs/database.md,
/// "meta"): the format version again, the row count of each table, the
/// count of names in `name_blocks`, the source hash and the generator. The
/// database and the review module read it through here, so a check added
/// for one holds for both.
package struct StoreMeta: Sendable {
    /// Each table's row count, by table (`DatabaseFormat.rowCountKeys`).
    package let rowCounts: [String: Int]
    /// How many names `name_blocks` holds (`meta.name_count`): the lines
    /// of every block's text.
    package let nameCount: Int
    /// SHA-256 of the sources, 64 lower-case hexadecimal digits.
    package let sourceHash: String
    package let generator: String
    /// The codes of `languages` (`meta.languages`), in byte order.
    package let languages: [String]
    /// Every row as written, for the review module's dump.
    package let values: [String: String]

    /// Meta's count of `table`'s rows, -1 for a table it does not count.
    package func rowCount(_ table: String) -> Int { rowCounts[table] ?? -1 }

    /// - Throws: what `damage` makes of the damage found, or SQLite's error.
    package static func read<Failure: Error>(_ connection: Connection, path: String, damage: @escaping (DatabaseDamage) -> Failure)
        throws -> StoreMeta
    {
        let query = try connection.prepare("SELECT \(DatabaseFormat.selectList(of: "meta")) FROM meta")
        let rows = RowDecoder(statement: query, path: path, damage: damage)
        var values: [String: String] = [:]
        while try query.step() {
            let (key, value) = try rows.meta(at: 0)
            values[key] = value
        }
        func damaged(_ key: String) -> Failure { damage(.meta(key: key, value: values[key])) }
        guard values["format_version"] == String(DatabaseFormat.version) else { throw damaged("format_version") }
        var counts: [String: Int] = [:]
        for (table, key) in DatabaseFormat.rowCountKeys {
            guard let count = values[key].flatMap({ Int($0) }), DatabaseSanity.isValidCount(count) else {
                throw damaged(key)
            }
            counts[table] = count
        }
        guard let nameCount = values[DatabaseFormat.nameCountKey].flatMap({ Int($0) }), DatabaseSanity.isValidCount(nameCount) else {
            throw damaged(DatabaseFormat.nameCountKey)
        }
        guard let hash = values["source_hash"], hash.utf8.count == 64,
            hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { throw damaged("source_hash") }
        guard let generator = values["generator"] else { throw damaged("generator") }
        // Codes as `languages.code` allows them, in byte order, each once, as many as the table's rows.
        guard let listed = values[DatabaseFormat.languagesKey] else { throw damaged(DatabaseFormat.languagesKey) }
        let languages = listed.isEmpty ? [] : listed.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard languages.count == counts["languages"], languages.allSatisfy(DatabaseSanity.isValidLanguage),
            zip(languages, languages.dropFirst()).allSatisfy({ $0.utf8.lexicographicallyPrecedes($1.utf8) })
        else { throw damaged(DatabaseFormat.languagesKey) }
        return StoreMeta(
            rowCounts: counts, nameCount: nameCount, sourceHash: hash, generator: generator, languages: languages, values: values)
    }
}
