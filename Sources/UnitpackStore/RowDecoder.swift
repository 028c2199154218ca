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
        let shape = seen.shape(of: table)
        guard statement.checksumMatches(table: table, columns: offset..<(offset + shape.columns)) else {
            throw damaged(.checksumMismatch(table: table))
        }
        guard seen.insert(table, statement, offset..<(offset + shape.keyColumns)) else { throw damaged(.rowReadTwice(table: table)) }
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
/// its loop copies). Each key is kept as bytes (the table's name, then each
/// key column as `RowChecksum` encodes it) in one buffer, found by a hash of
/// those bytes: a row checked costs no allocation and no hash of a `String`
/// (which normalizes its text), and a match is a match of every byte.
final class SeenKeys {
    private var bytes: [UInt8] = []
    /// Key `k` is `bytes[bounds[2k] ..< bounds[2k + 1]]`, its hash `hashes[k]`.
    private var bounds: [Int] = []
    private var hashes: [UInt64] = []
    /// Open addressing over the keys: key index + 1, 0 for a free slot; a
    /// power of two at most half full, made at the second key (most
    /// decoders read one row). Arrays of plain integers, not a `Dictionary`
    /// of ranges, whose generic metadata the first open of a process
    /// instantiated (a quarter of its instructions).
    private var slots: [Int32] = []
    /// The first key, kept apart until a second comes: most decoders read
    /// one row, and then allocate nothing but `bytes`.
    private var firstHash: UInt64 = 0
    /// Where the first key ends in `bytes` (it starts at 0); nil before it.
    private var firstEnd: Int?
    private var lastTable = ""
    private var lastShape = (columns: Int32(0), keyColumns: Int32(0))

    /// The number of `table`'s columns (without `crc`) and of its key's.
    func shape(of table: String) -> (columns: Int32, keyColumns: Int32) {
        if table != lastTable {
            let columns = Int32(DatabaseFormat.columns(of: table).count)
            lastShape = (columns, Int32(DatabaseFormat.primaryKeyColumnCount(of: table) ?? Int(columns)))
            lastTable = table
        }
        return lastShape
    }

    /// Adds the key in `columns` of the statement's row; false when this
    /// decoder has read it before.
    func insert(_ table: String, _ statement: Statement, _ columns: Range<Int32>) -> Bool {
        // The buffer is taken out for the encoding and put back: a class's
        // stored property is checked for exclusive access at every use,
        // which cost more than the rest of the check.
        var bytes = self.bytes
        self.bytes = []
        defer { self.bytes = bytes }
        let start = bytes.count
        var name = table
        name.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(0)
        func append(_ tag: UInt8, _ number: UInt64) {
            bytes.append(tag)
            withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
        }
        for column in columns {
            statement.withColumn(column) { stored in
                switch stored {
                case .null: bytes.append(0)
                case .integer(let integer): append(1, UInt64(bitPattern: integer))
                case .real(let real): append(2, real.bitPattern)
                case .text(let text): append(3, UInt64(text.count)); bytes.append(contentsOf: text)
                case .blob(let blob): append(4, UInt64(blob.count)); bytes.append(contentsOf: blob)
                }
            }
        }
        let key = start..<bytes.count
        // FNV-1a: Hasher's seeding and finalization cost more than these few bytes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { for byte in $0[key] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 } }
        guard let firstEnd else {
            firstHash = hash
            firstEnd = key.upperBound
            return true
        }
        // Taken out and put back, as `bytes` (exclusive access checked once).
        var bounds = self.bounds, hashes = self.hashes, slots = self.slots
        self.bounds = []
        self.hashes = []
        self.slots = []
        defer {
            self.bounds = bounds
            self.hashes = hashes
            self.slots = slots
        }
        func place(_ index: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
        if hashes.isEmpty {
            // The second key: the first joins the table (it starts at 0).
            bounds = [0, firstEnd]
            hashes = [firstHash]
        }
        if (hashes.count + 1) * 2 > slots.count {
            slots = Array(repeating: 0, count: max(16, slots.count * 2))
            for index in hashes.indices { place(index) }
        }
        do {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                let earlier = bounds[2 * index]..<bounds[2 * index + 1]
                if hashes[index] == hash, earlier.count == key.count, bytes[earlier].elementsEqual(bytes[key]) {
                    bytes.removeSubrange(key)
                    return false
                }
                slot = (slot + 1) & mask
            }
        }
        bounds.append(key.lowerBound)
        bounds.append(key.upperBound)
        hashes.append(hash)
        place(hashes.count - 1)
        return true
    }
}
