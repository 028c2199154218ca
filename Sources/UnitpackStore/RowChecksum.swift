import UnitpackCore
import UnitpackSQLite

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
/// - BLOB (`unit_words.words`): `04`, the length as 4 bytes big-endian, the bytes
/// Both sides encode through `RowChecksumBuffer`: one encoding, written once.
package enum RowChecksum {
    /// The checksum of a row the writer is about to insert.
    package static func of(table: String, _ values: [Statement.Value]) -> UInt32 {
        RowChecksumBuffer.checksum(table: table) { buffer in
            for value in values {
                switch value {
                case .null: buffer.append(tag: 0)
                case .integer(let integer): buffer.append(tag: 1, bigEndian: UInt64(bitPattern: integer))
                case .real(let real): buffer.append(tag: 2, bigEndian: real.bitPattern)
                case .text(var text): text.withUTF8 { buffer.append(tag: 3, bytes: UnsafeRawBufferPointer($0)) }
                case .blob(let bytes): bytes.withUnsafeBytes { buffer.append(tag: 4, bytes: $0) }
                }
            }
        }
    }

    /// What the `crc` column stores: the checksum's 32 bits as a signed
    /// integer, which SQLite keeps in 4 bytes (an unsigned one above 2^31
    /// would take 6).
    package static func stored(_ checksum: UInt32) -> Statement.Value {
        .integer(Int64(Int32(bitPattern: checksum)))
    }
}

extension Statement {
    /// Whether the current row's columns `columns` (a table's columns in
    /// table order) have the checksum stored in the column just after them.
    package func checksumMatches(table: String, columns: Range<Int32>) -> Bool {
        guard let stored = storedChecksum(at: columns.upperBound) else { return false }
        return checksum(table: table, columns: columns) == stored
    }

    /// The checksum of the current row's `columns`, computed from the values
    /// as stored (their storage class decides the encoding), read in place.
    /// The encoding is gathered in a buffer on the stack and checksummed a
    /// buffer at a time: a call of zlib per tag, length and value was half
    /// the cost of checking a row.
    package func checksum(table: String, columns: Range<Int32>) -> UInt32 {
        RowChecksumBuffer.checksum(table: table) { buffer in
            for column in columns {
                withColumn(column) { stored in
                    switch stored {
                    case .integer(let integer): buffer.append(tag: 1, bigEndian: UInt64(bitPattern: integer))
                    case .real(let real): buffer.append(tag: 2, bigEndian: real.bitPattern)
                    case .text(let bytes): buffer.append(tag: 3, bytes: bytes)
                    case .blob(let bytes): buffer.append(tag: 4, bytes: bytes)
                    case .null: buffer.append(tag: 0)
                    }
                }
            }
        }
    }

    /// A `crc` column: the checksum's bits as a signed 32-bit INTEGER, else nil.
    package func storedChecksum(at column: Int32) -> UInt32? {
        withColumn(column) { stored in
            guard case .integer(let integer) = stored, let value = Int32(exactly: integer) else { return nil }
            return UInt32(bitPattern: value)
        }
    }
}

/// `RowChecksum`'s encoding gathered in a buffer and checksummed when it
/// fills (the CRC of the pieces continued is the CRC of the whole): what a
/// row check costs is the bytes, not a call per piece.
struct RowChecksumBuffer {
    static let capacity = 512
    private let room: UnsafeMutableBufferPointer<UInt8>
    private var used = 0
    private var crc: UInt32 = 0

    private init(room: UnsafeMutableBufferPointer<UInt8>) { self.room = room }

    /// The checksum of `table`'s name, a 0 byte and what `columns` appends.
    static func checksum(table: String, _ columns: (inout RowChecksumBuffer) -> Void) -> UInt32 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            var buffer = RowChecksumBuffer(room: room)
            var name = table
            name.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
            buffer.append(tag: 0)
            columns(&buffer)
            return buffer.finish()
        }
    }

    mutating func append(tag: UInt8) {
        if used == room.count { flush() }
        room[used] = tag
        used += 1
    }

    mutating func append(tag: UInt8, bigEndian number: UInt64) {
        if used + 9 > room.count { flush() }
        room[used] = tag
        UnsafeMutableRawPointer(room.baseAddress! + used + 1).storeBytes(of: number.bigEndian, as: UInt64.self)
        used += 9
    }

    mutating func append(tag: UInt8, bytes: UnsafeRawBufferPointer) {
        if used + 5 > room.count { flush() }
        room[used] = tag
        UnsafeMutableRawPointer(room.baseAddress! + used + 1).storeBytes(of: UInt32(truncatingIfNeeded: bytes.count).bigEndian, as: UInt32.self)
        used += 5
        append(bytes)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if used + bytes.count > room.count {
            flush()
            // Longer than the room: checksummed where it is.
            if bytes.count > room.count {
                crc = CRC32.checksum(raw: bytes, continuing: crc)
                return
            }
        }
        (room.baseAddress! + used).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        used += bytes.count
    }

    private mutating func flush() {
        crc = CRC32.checksum(raw: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: room[..<used])), continuing: crc)
        used = 0
    }

    private mutating func finish() -> UInt32 {
        flush()
        return crc
    }
}
