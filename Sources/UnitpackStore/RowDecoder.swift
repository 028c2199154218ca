import UnitpackCore
import UnitpackSQLite

/// The rows of `units.sqlite` as the runtime decodes them. Every decoder
/// checks the row's `crc` (docs/database.md, "Row checksums") and the sanity
/// of its values before anything is taken from it, and throws `.corrupt`
/// otherwise: SQLite checks its pages, not what a cell says, so a flipped
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
    /// `UnitDatabaseError.corrupt`, the review module's own.
    private let damage: (String) -> Failure

    package init(statement: Statement, path: String, damage: @escaping (String) -> Failure) {
        self.statement = statement
        self.path = path
        self.damage = damage
    }

    package func damaged(_ detail: String) -> Failure { damage(detail) }

    /// Checks the checksum of the `table` row at columns `offset...`, and
    /// that no row of this run of the query had its primary key: a damaged
    /// page can point twice at one row, hiding another, and every row and
    /// count would still check (docs/database.md, "Row checksums").
    package func check(_ table: String, at offset: Int32) throws(Failure) {
        let count = Int32(DatabaseFormat.columns(of: table).count)
        guard statement.checksumMatches(table: table, columns: offset..<(offset + count)) else {
            throw damaged("a row of '\(table)' does not match its checksum")
        }
        let keyColumns = Int32(DatabaseFormat.primaryKeyColumns[table] ?? Int(count))
        var key: [Statement.Value] = [.text(table)]
        for column in offset..<(offset + keyColumns) { key.append(statement.value(at: column)) }
        guard seen.keys.insert(key).inserted else {
            throw damaged("a row of '\(table)' is read twice: its page points at it in place of another")
        }
    }

    package func id(_ column: Int32, _ what: @autoclosure () -> String) throws(Failure) -> Int {
        let id = statement.int(at: column)
        guard DatabaseSanity.isValidID(id) else { throw damaged("\(what()) has an invalid id \(id)") }
        return id
    }

    package func count(_ column: Int32, _ what: @autoclosure () -> String) throws(Failure) -> Int {
        let count = statement.int(at: column)
        guard DatabaseSanity.isValidCount(count) else { throw damaged("\(what()) has an invalid row count \(count)") }
        return count
    }

    /// A text that may not be empty.
    package func word(_ column: Int32, _ what: @autoclosure () -> String) throws(Failure) -> String {
        guard let text = statement.text(at: column), !text.isEmpty else { throw damaged("\(what()) is empty") }
        return text
    }

    /// `prev_key`: NULL or 16 bits of a key checksum.
    package func previousKey(_ column: Int32) throws(Failure) {
        guard statement.isNull(at: column) || UInt16(exactly: statement.int64(at: column)) != nil else {
            throw damaged("a row has an invalid prev_key")
        }
    }

    /// `meta`: key, value.
    package func meta(at offset: Int32) throws(Failure) -> (key: String, value: String) {
        try check("meta", at: offset)
        return (try word(offset, "a key of meta"), statement.text(at: offset + 1) ?? "")
    }
}


/// The keys a `RowDecoder` has read (a class: the decoder is a value that
/// its loop copies).
final class SeenKeys {
    var keys: Set<[Statement.Value]> = []
}
