import UnitpackCore
import UnitpackSQLite

/// Every row of `meta`, read and checked once at open (docs/database.md,
/// "meta"): the format version again, the row count of each table, the
/// count of names in `name_blocks`, the source hash and the generator. The
/// database and the review module read it through here, so a check added
/// for one holds for both.
package struct StoreMeta: Sendable {
    /// Each table's row count, in the order of `DatabaseFormat.rowCountKeys`.
    /// Arrays, not Dictionaries of String: the first open of a process
    /// instantiated a Dictionary's generic metadata for each (a seventh of
    /// its instructions), for fifteen rows found by name once each.
    private let counts: [Int]
    /// How many names `name_blocks` holds (`meta.name_count`): the lines
    /// of every block's text.
    package let nameCount: Int
    /// SHA-256 of the sources, 64 lower-case hexadecimal digits.
    package let sourceHash: String
    package let generator: String
    /// The codes of `languages` (`meta.languages`), in byte order.
    package let languages: [String]

    /// Meta's count of `table`'s rows, -1 for a table it does not count.
    package func rowCount(_ table: String) -> Int { Self.rowCount(table, in: counts) }

    private static func rowCount(_ table: String, in counts: [Int]) -> Int {
        DatabaseFormat.rowCountKeys.firstIndex { $0.table == table }.map { counts[$0] } ?? -1
    }

    /// - Throws: what `damage` makes of the damage found, or SQLite's error.
    package static func read<Failure: Error>(_ connection: Connection, path: String, damage: @escaping (DatabaseDamage) -> Failure)
        throws -> StoreMeta
    {
        let query = try connection.prepare("SELECT \(DatabaseFormat.selectList(of: "meta")) FROM meta")
        let rows = RowDecoder(statement: query, path: path, damage: damage)
        var keys: [String] = []
        var values: [String] = []
        while try query.step() {
            let (key, value) = try rows.meta(at: 0)
            // The primary key: each key once (a row read twice is refused by the decoder).
            keys.append(key)
            values.append(value)
        }
        func value(_ key: String) -> String? { keys.firstIndex(of: key).map { values[$0] } }
        func damaged(_ key: String) -> Failure { damage(.meta(key: key, value: value(key))) }
        guard value("format_version") == String(DatabaseFormat.version) else { throw damaged("format_version") }
        var counts: [Int] = []
        for (_, key) in DatabaseFormat.rowCountKeys {
            guard let count = value(key).flatMap({ Int($0) }), DatabaseSanity.isValidCount(count) else {
                throw damaged(key)
            }
            counts.append(count)
        }
        guard let nameCount = value(DatabaseFormat.nameCountKey).flatMap({ Int($0) }), DatabaseSanity.isValidCount(nameCount) else {
            throw damaged(DatabaseFormat.nameCountKey)
        }
        guard let hash = value("source_hash"), hash.utf8.count == 64,
            hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { throw damaged("source_hash") }
        guard let generator = value("generator") else { throw damaged("generator") }
        // Codes as `languages.code` allows them, in byte order, each once, as many as the table's rows.
        guard let listed = value(DatabaseFormat.languagesKey) else { throw damaged(DatabaseFormat.languagesKey) }
        let languages = listed.isEmpty ? [] : listed.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard languages.count == rowCount("languages", in: counts), languages.allSatisfy(DatabaseSanity.isValidLanguage),
            zip(languages, languages.dropFirst()).allSatisfy({ $0.utf8.lexicographicallyPrecedes($1.utf8) })
        else { throw damaged(DatabaseFormat.languagesKey) }
        return StoreMeta(counts: counts, nameCount: nameCount, sourceHash: hash, generator: generator, languages: languages)
    }
}
