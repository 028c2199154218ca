import UnitpackCore
import UnitpackSQLite

/// The rows of `units.sqlite` as the runtime decodes them. Every decoder
/// checks the row's `crc` (docs/database.md, "Row checksums") and the sanity
/// of its values before anything is taken from it, and throws the reader's
/// error for a `DatabaseDamage` otherwise: SQLite checks its pages, not what a cell says, so a flipped
/// byte in a factor or a separator would otherwise be read as data.
///
/// Each reads the table's columns in table order, then `crc`, from column
/// `offset` of a query that selects `DatabaseFormat.selectList(of:)`.
package struct RowDecoder<Failure: Error> {
    package let statement: Statement
    package let path: String
    /// The primary keys this decoder has checked, with their table: one
    /// decoder reads one run of a query.
    private let seen = SeenKeys()

    /// The error a reader throws for damage: the database's
    /// `UnitDatabaseError.damaged`, the review module's own.
    private let damage: (DatabaseDamage) -> Failure

    package init(statement: Statement, path: String, damage: @escaping (DatabaseDamage) -> Failure) {
        self.statement = statement
        self.path = path
        self.damage = damage
    }

    /// The reader's error for `damage`, to throw.
    package func damaged(_ damage: DatabaseDamage) -> Failure { self.damage(damage) }

    /// Checks the checksum of the `table` row at columns `offset...`, and
    /// that no row of this run of the query had its primary key: a damaged
    /// page can point twice at one row, hiding another, and every row and
    /// count would still check (docs/database.md, "Row checksums").
    package func check(_ table: String, at offset: Int32) throws(Failure) {
        let count = Int32(DatabaseFormat.columns(of: table).count)
        guard statement.checksumMatches(table: table, columns: offset..<(offset + count)) else {
            throw damaged(.checksumMismatch(table: table))
        }
        let keyColumns = Int32(DatabaseFormat.primaryKeyColumns[table] ?? Int(count))
        var key: [Statement.Value] = [.text(table)]
        for column in offset..<(offset + keyColumns) { key.append(statement.value(at: column)) }
        guard seen.keys.insert(key).inserted else { throw damaged(.rowReadTwice(table: table)) }
    }

    /// The id at column `index` of the query, `column` of `table`: 1 to
    /// 2^31 - 1. `key` is the row's key where it is read (`DatabaseDamage`).
    package func id(_ index: Int32, _ table: String, _ column: String, key: @autoclosure () -> String? = nil) throws(Failure) -> Int {
        assert(DatabaseFormat.columns(of: table).contains(column), "\(table) has no column \(column)")
        let id = statement.int(at: index)
        guard DatabaseSanity.isValidID(id) else { throw damaged(.invalidID(table: table, column: column, key: key(), value: id)) }
        return id
    }

    /// The row count at column `index`, `column` of `table`: 0 to 2^31 - 1.
    package func count(_ index: Int32, _ table: String, _ column: String, key: @autoclosure () -> String? = nil) throws(Failure) -> Int {
        assert(DatabaseFormat.columns(of: table).contains(column), "\(table) has no column \(column)")
        let count = statement.int(at: index)
        guard DatabaseSanity.isValidCount(count) else {
            throw damaged(.invalidCount(table: table, column: column, key: key(), value: count))
        }
        return count
    }

    /// A text that may not be empty, at column `index`, `column` of `table`.
    package func word(_ index: Int32, _ table: String, _ column: String, key: @autoclosure () -> String? = nil) throws(Failure) -> String {
        assert(DatabaseFormat.columns(of: table).contains(column), "\(table) has no column \(column)")
        guard let text = statement.text(at: index), !text.isEmpty else {
            throw damaged(.emptyText(table: table, column: column, key: key()))
        }
        return text
    }

    /// `meta`: key, value.
    package func meta(at offset: Int32) throws(Failure) -> (key: String, value: String) {
        try check("meta", at: offset)
        return (try word(offset, "meta", "key"), statement.text(at: offset + 1) ?? "")
    }
}


/// The keys a `RowDecoder` has read (a class: the decoder is a value that
/// its loop copies).
final class SeenKeys {
    var keys: Set<[Statement.Value]> = []
}
