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

    /// What a primary code says, for callers that map SQLite's failures to
    /// their own errors without importing SQLite's C API.
    public enum Kind: Sendable, Hashable {
        /// SQLITE_NOTADB: not a database file.
        case notADatabase
        /// SQLITE_CORRUPT, SQLITE_FORMAT, SQLITE_RANGE, SQLITE_ERROR,
        /// SQLITE_MISMATCH: damaged pages or rows, or SQL that no longer fits
        /// the file's schema.
        case damaged
        /// SQLITE_CANTOPEN.
        case cannotOpen
        /// Anything else (I/O, out of memory, busy...).
        case other
    }

    public var kind: Kind {
        switch primaryCode {
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_CORRUPT, SQLITE_FORMAT, SQLITE_RANGE, SQLITE_ERROR, SQLITE_MISMATCH: .damaged
        case SQLITE_CANTOPEN: .cannotOpen
        default: .other
        }
    }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }
}
