import CSQLite

/// One SQLite connection. Not thread-safe: callers serialise access (the runtime
/// holds it behind a mutex).
public final class Connection {
    /// The raw handle, for the statements of this connection.
    let handle: OpaquePointer

    public enum Mode: Sendable {
        /// `file:PATH?immutable=1`: read-only, no locking, no change detection.
        /// About 10x faster lookups than the default mode here; safe because a
        /// built database is never modified in place (builds replace the file).
        case readOnlyImmutable
        /// Create or open for writing (the compiler's temporary file).
        case readWriteCreate
    }

    public init(path: String, mode: Mode) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags: Int32
        let filename: String
        switch mode {
        case .readOnlyImmutable:
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
            filename = "file:" + Connection.uriEscaped(path) + "?immutable=1"
        case .readWriteCreate:
            flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            filename = path
        }
        // "Whether or not an error occurs when it is opened, resources associated
        // with the database connection handle should be released by passing it to
        // sqlite3_close() when it is no longer required." (sqlite3_open_v2 docs)
        let rc = sqlite3_open_v2(filename, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message)
        }
        sqlite3_extended_result_codes(db, 1)
        self.handle = db
    }

    deinit {
        // Statements are finalised by their own deinit; close_v2 defers the close
        // until the last of them is gone instead of failing with SQLITE_BUSY.
        sqlite3_close_v2(handle)
    }

    /// Whether the SQLite linked has a lookaside allocator at all: a build
    /// with `SQLITE_OMIT_LOOKASIDE` (Debian's) takes `setLookaside` and
    /// allocates nothing for it, so its bytes must not be counted.
    public static let hasLookaside = sqlite3_compileoption_used("OMIT_LOOKASIDE") == 0

    /// Sets the connection's lookaside allocator (SQLite's per-connection pool
    /// for small allocations; its default is 1,200 × 40–100 slots). Call it
    /// before preparing any statement. Nothing where SQLite has none
    /// (`hasLookaside`).
    public func setLookaside(slotSize: Int, slots: Int) throws(SQLiteError) {
        let rc = unitpack_sqlite3_set_lookaside(handle, Int32(slotSize), Int32(slots))
        guard rc == SQLITE_OK else { throw SQLiteError(code: rc, message: lastErrorMessage) }
    }

    /// The connection's memory counters the runtime reports
    /// (`sqlite3_db_status`), named so that callers need not import SQLite.
    public enum MemoryCounter: Sendable {
        case pageCache, schema, statements
        /// Slots of the lookaside pool in use (a count, not bytes).
        case lookasideSlotsUsed

        var code: Int32 {
            switch self {
            case .pageCache: SQLITE_DBSTATUS_CACHE_USED
            case .schema: SQLITE_DBSTATUS_SCHEMA_USED
            case .statements: SQLITE_DBSTATUS_STMT_USED
            case .lookasideSlotsUsed: SQLITE_DBSTATUS_LOOKASIDE_USED
            }
        }
    }

    /// The current bytes of one of the connection's memory counters.
    public func bytes(_ counter: MemoryCounter) -> Int { status(counter.code).current }

    /// Every byte SQLite holds in this process (`sqlite3_memory_used()`).
    public static var processMemoryUsed: Int { Int(sqlite3_memory_used()) }

    /// One of SQLite's per-connection counters (`SQLITE_DBSTATUS_*`): the
    /// current value and the highest since open.
    public func status(_ counter: Int32) -> (current: Int, highwater: Int) {
        var current: Int32 = 0
        var highwater: Int32 = 0
        sqlite3_db_status(handle, counter, &current, &highwater, 0)
        return (Int(current), Int(highwater))
    }

    /// Frees what SQLite can of this connection's memory (cached pages).
    public func releaseMemory() {
        sqlite3_db_release_memory(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// The first column of the first row of a query, as an integer.
    public func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// Percent-escapes the characters that have a meaning in a URI filename.
    static func uriEscaped(_ path: String) -> String {
        // Most paths hold none of the three: returned as they are, without
        // a walk that appends a scalar at a time.
        guard path.utf8.contains(where: { $0 == 0x25 || $0 == 0x3F || $0 == 0x23 }) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%", "?", "#": result += "%" + String(scalar.value, radix: 16, uppercase: true)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
