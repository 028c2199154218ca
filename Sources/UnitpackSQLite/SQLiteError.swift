import CSQLite

/// An error from SQLite's C API: the result code, SQLite's message and the SQL
/// that failed, as GRDB's `DatabaseError` carries them.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The (extended) result code, e.g. `SQLITE_CORRUPT` (11), `SQLITE_NOTADB` (26).
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code: the low byte of an extended one.
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }
}
