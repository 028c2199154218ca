import CSQLite
import UnitpackCore

/// The `crc` column that ends every row of `units.sqlite` (docs/database.md,
/// "Row checksums"): CRC-32 of the table's name and the row's other columns in
/// a canonical encoding. SQLite checks the structure of its pages, not what is
/// in the cells: a flipped byte in a factor or a separator reads as a valid
/// value. The writer computes the checksum from the values it inserts; the
/// readers from the values SQLite hands back, by their storage class, so a
/// changed value, a changed type and a row read from another table all fail.
///
/// The encoding: the table's name in UTF-8 and a 0 byte; then each column in
/// table order (the `crc` column left out):
/// - NULL: `00`
/// - INTEGER: `01`, the 8 bytes of the two's complement value, big-endian
/// - REAL: `02`, the 8 bytes of the IEEE 754 binary64 value, big-endian
/// - TEXT: `03`, the UTF-8 length as 4 bytes big-endian, the UTF-8 bytes
/// - BLOB (never written): `04`, the length as 4 bytes big-endian, the bytes
public struct RowChecksum {
    public private(set) var value: UInt32 = 0

    public init(table: String) {
        add(bytes: table)
        add(tag: 0)
    }

    /// The checksum of a row the writer is about to insert.
    public static func of(table: String, _ values: [Statement.Value]) -> UInt32 {
        var checksum = RowChecksum(table: table)
        for value in values { checksum.add(value) }
        return checksum.value
    }

    /// `names.prev_key` of a group whose previous group has the key
    /// `folded`: the low 16 bits of the row checksum of that key alone (the
    /// key columns under the table's name), as a non-negative integer, which
    /// SQLite keeps in 2 bytes.
    public static func previousKey(table: String, _ key: [Statement.Value]) -> Statement.Value {
        .integer(Int64(of(table: table, key) & 0xFFFF))
    }

    /// What the `crc` column stores: the checksum's 32 bits as a signed
    /// integer, which SQLite keeps in 4 bytes (an unsigned one above 2^31
    /// would take 6).
    public static func stored(_ checksum: UInt32) -> Statement.Value {
        .integer(Int64(Int32(bitPattern: checksum)))
    }

    public mutating func add(_ value: Statement.Value) {
        switch value {
        case .null: add(tag: 0)
        case .integer(let integer): add(tag: 1, bigEndian: UInt64(bitPattern: integer))
        case .real(let real): add(tag: 2, bigEndian: real.bitPattern)
        case .text(var text):
            text.withUTF8 { bytes in add(tag: 3, bytes: UnsafeRawBufferPointer(bytes)) }
        }
    }

    mutating func add(tag: UInt8) {
        withUnsafeBytes(of: tag) { value = CRC32.checksum(raw: $0, continuing: value) }
    }

    mutating func add(tag: UInt8, bigEndian number: UInt64) {
        add(tag: tag)
        withUnsafeBytes(of: number.bigEndian) { value = CRC32.checksum(raw: $0, continuing: value) }
    }

    mutating func add(tag: UInt8, bytes: UnsafeRawBufferPointer) {
        add(tag: tag)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).bigEndian) {
            value = CRC32.checksum(raw: $0, continuing: value)
        }
        value = CRC32.checksum(raw: bytes, continuing: value)
    }

    private mutating func add(bytes text: String) {
        var text = text
        text.withUTF8 { value = CRC32.checksum(raw: UnsafeRawBufferPointer($0), continuing: value) }
    }
}

extension Statement {
    /// Whether the current row's columns `columns` (a table's columns in
    /// table order) have the checksum stored in the column just after them.
    public func checksumMatches(table: String, columns: Range<Int32>) -> Bool {
        guard let stored = storedChecksum(at: columns.upperBound) else { return false }
        return checksum(table: table, columns: columns) == stored
    }

    /// The checksum of the current row's `columns`, computed from the values
    /// as stored (their storage class decides the encoding).
    public func checksum(table: String, columns: Range<Int32>) -> UInt32 {
        var checksum = RowChecksum(table: table)
        for column in columns {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER:
                checksum.add(tag: 1, bigEndian: UInt64(bitPattern: sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT:
                checksum.add(tag: 2, bigEndian: sqlite3_column_double(handle, column).bitPattern)
            case SQLITE_TEXT:
                let pointer = sqlite3_column_text(handle, column)
                let count = Int(sqlite3_column_bytes(handle, column))
                checksum.add(tag: 3, bytes: UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
            case SQLITE_BLOB:
                let pointer = sqlite3_column_blob(handle, column)
                let count = Int(sqlite3_column_bytes(handle, column))
                checksum.add(tag: 4, bytes: UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
            default:
                checksum.add(tag: 0)
            }
        }
        return checksum.value
    }

    /// A `crc` column: the checksum's bits as a signed 32-bit INTEGER, else nil.
    public func storedChecksum(at column: Int32) -> UInt32? {
        guard sqlite3_column_type(handle, column) == SQLITE_INTEGER,
            let stored = Int32(exactly: sqlite3_column_int64(handle, column))
        else { return nil }
        return UInt32(bitPattern: stored)
    }
}

extension Statement {
    /// The current row's column as stored, by its storage class (a BLOB,
    /// which no unitpack table holds, reads as its bytes in TEXT).
    public func value(at column: Int32) -> Value {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: .null
        default: .text(text(at: column) ?? "")
        }
    }
}
