import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Every row of one table of a database under review, each checked before it
/// is used: its checksum (docs/database.md, "Row checksums") and, through
/// `require`, the sanity of its values; at the end, the row count `meta`
/// gives. A review must not render a damaged row as data: a factor of 1e308
/// or an empty decimal separator in a dump reads as a real change.
struct CheckedRows {
    let statement: Statement
    let table: String
    let file: String
    private var rows = 0

    /// `SELECT` of the table's columns in table order and its `crc`, ordered by `order`.
    init(_ connection: Connection, table: String, order: String, file: String) throws {
        statement = try connection.prepare(
            "SELECT \(DatabaseFormat.selectList(of: table)) FROM \(table) ORDER BY \(order)")
        self.table = table
        self.file = file
    }

    /// The next row, its checksum checked; false after the last.
    mutating func next() throws -> Bool {
        guard try statement.step() else { return false }
        let columns = Int32(DatabaseFormat.columns(of: table).count)
        guard statement.checksumMatches(table: table, columns: 0..<columns) else {
            throw ReviewError.corrupt(path: file, detail: "a row of '\(table)' does not match its checksum")
        }
        rows += 1
        return true
    }

    /// Throws `.corrupt` with `detail` unless `condition` holds.
    func require(_ condition: Bool, _ detail: @autoclosure () -> String) throws {
        guard condition else { throw ReviewError.corrupt(path: file, detail: detail()) }
    }

    /// A text column that may not be empty.
    func word(_ column: Int32, _ what: @autoclosure () -> String) throws -> String {
        let text = statement.text(at: column) ?? ""
        try require(!text.isEmpty, "\(what()) is empty")
        return text
    }

    /// Checks that the table had as many rows as `meta` says.
    func finish(counts: [String: Int]) throws {
        try require(counts[table] == rows, "'\(table)' has \(rows) of its \(counts[table] ?? 0) rows")
    }
}
