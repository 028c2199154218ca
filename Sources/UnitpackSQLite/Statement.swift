import CSQLite

/// A prepared statement: prepared in `init`, finalised in `deinit`.
public final class Statement {
    @usableFromInline let handle: OpaquePointer
    private let connection: Connection
    public let sql: String

    init(connection: Connection, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        // "If the caller knows that the supplied string is nul-terminated, then
        // there is a small performance advantage to passing an nByte parameter
        // that is the number of bytes in the input string *including* the
        // nul-terminator." (sqlite3_prepare docs) — Swift passes a C string, so -1.
        let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw SQLiteError(
                code: rc == SQLITE_OK ? SQLITE_MISUSE : rc,
                message: rc == SQLITE_OK ? "empty statement" : connection.lastErrorMessage, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding (1-based indices, as in SQLite)

    public enum Value: Sendable, Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        /// Bytes (`unit_words.words`, a zlib stream).
        case blob([UInt8])
    }

    public func bind(_ values: [Value]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    public func bind(_ value: Value, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(var v):
            // With its length in bytes, not as a C string: a NUL in the text
            // (a typed phrase may hold one) would cut it there, and the query
            // would look for another key (`m\0x` for `m`). SQLITE_TRANSIENT:
            // SQLite copies the bytes before returning. A nil pointer would
            // bind NULL, so an empty text gets a pointer too.
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            rc = v.withUTF8 { bytes in
                guard let count = Int32(exactly: bytes.count) else { return SQLITE_TOOBIG }
                return bytes.withMemoryRebound(to: CChar.self) { chars in
                    guard let start = chars.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
                    return sqlite3_bind_text(handle, index, start, count, transient)
                }
            }
        case .blob(let bytes):
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            rc = bytes.withUnsafeBytes { raw in
                guard let count = Int32(exactly: raw.count) else { return SQLITE_TOOBIG }
                // A zero-length blob with a nil pointer would bind NULL.
                guard let start = raw.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                return sqlite3_bind_blob(handle, index, start, count, transient)
            }
        }
        guard rc == SQLITE_OK else {
            throw SQLiteError(code: rc, message: connection.lastErrorMessage, sql: sql)
        }
    }

    // MARK: Stepping

    /// Advances to the next row: `true` when a row is available, `false` when done.
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            // With sqlite3_prepare_v2, step returns the specific error code
            // directly (SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR_*, ...).
            let error = SQLiteError(code: rc, message: connection.lastErrorMessage, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds, runs to completion and resets: for INSERT and friends.
    public func run(_ values: [Value]) throws(SQLiteError) {
        try reset()
        try bind(values)
        while try step() {}
        try reset()
    }

    /// SQLite's bytes for the prepared statement (`SQLITE_STMTSTATUS_MEMUSED`).
    public var memoryUsed: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_MEMUSED, 0)) }

    /// Whether the statement has stepped and was neither reset nor run to
    /// its end: a caller is still reading its rows.
    public var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

    public func reset() throws(SQLiteError) {
        // sqlite3_reset returns the error of the last step again; that error was
        // already thrown by step(), so it is not an error of the reset itself.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns (0-based, as in SQLite)

    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    public func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    public func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    public func text(at column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        // Decode with the byte count rather than as a C string: text may contain NUL.
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Whether the column's text is `text`, byte for byte (no String made).
    public func textEquals(at column: Int32, _ text: String) -> Bool {
        guard let pointer = sqlite3_column_text(handle, column) else { return false }
        let count = Int(sqlite3_column_bytes(handle, column))
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == count else { return false }
            for index in 0..<count where bytes[index] != pointer[index] { return false }
            return true
        }
    }
}

extension Statement {
    /// A column of the current row as SQLite stores it, its bytes in place
    /// (valid only inside `withColumn`'s body): what a checksum over the
    /// stored values reads without copying them.
    public enum StoredColumn {
        case null
        case integer(Int64)
        case real(Double)
        case text(UnsafeRawBufferPointer)
        case blob(UnsafeRawBufferPointer)
    }

    /// Inlinable: the row checks read every column through it, and as a
    /// generic call across modules it cost more than SQLite's own calls.
    @inlinable
    public func withColumn<Result>(_ column: Int32, _ body: (StoredColumn) -> Result) -> Result {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return body(.integer(sqlite3_column_int64(handle, column)))
        case SQLITE_FLOAT: return body(.real(sqlite3_column_double(handle, column)))
        case SQLITE_TEXT:
            let pointer = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return body(.text(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count)))
        case SQLITE_BLOB:
            let pointer = sqlite3_column_blob(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return body(.blob(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count)))
        default: return body(.null)
        }
    }

    /// The current row's column as stored, by its storage class.
    public func value(at column: Int32) -> Value {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: .null
        case SQLITE_BLOB: .blob(blob(at: column))
        default: .text(text(at: column) ?? "")
        }
    }

    /// The column's bytes (a copy), as a BLOB; a TEXT's UTF-8 bytes.
    public func blob(at column: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
