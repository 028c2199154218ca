import UnitpackCore
import UnitpackSQLite

/// A table of `units.sqlite` with its columns by name, as
/// `DatabaseFormat.tables` lists them: a reader names a column
/// (`rows.text("region_grouping")`) and never counts to it, so a column
/// added to the format cannot shift another reader's columns. Each table is
/// built once (the static lets); a name it does not have is a programming
/// error that stops the process (`TableColumnsTests`), never a damaged row.
///
/// For readers that name columns: the review module. A name costs a
/// dictionary lookup, so the runtime's lookups keep their offsets.
package struct Table: Sendable {
    package let name: String
    /// The columns in table order, `crc` left out.
    package let columns: [String]
    private let offsets: [String: Int32]

    package init(_ name: String) {
        let columns = DatabaseFormat.columns(of: name)
        precondition(!columns.isEmpty, "DatabaseFormat has no table '\(name)'")
        self.name = name
        self.columns = columns
        offsets = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($0.element, Int32($0.offset)) })
    }

    /// Where `column` is among the table's columns: 0 for the first.
    package func offset(of column: String) -> Int32 {
        guard let offset = offsets[column] else { preconditionFailure("table '\(name)' has no column '\(column)'") }
        return offset
    }

    /// `a.c1, a.c2, ..., a.crc` (`DatabaseFormat.selectList(of:as:)`).
    package func selectList(as alias: String? = nil) -> String { DatabaseFormat.selectList(of: name, as: alias) }

    package static let meta = Table("meta")
    package static let categories = Table("categories")
    package static let units = Table("units")
    package static let nameBlocks = Table("name_blocks")
    package static let languages = Table("languages")
    package static let unitWords = Table("unit_words")
    package static let clusters = Table("clusters")
    package static let phraseWords = Table("phrase_words")
    package static let relations = Table("relations")
    package static let compounds = Table("compounds")
    package static let leftOutNames = Table("left_out_names")

    /// Every table, in `DatabaseFormat.tables`' order.
    package static let all: [Table] = [
        meta, categories, units, nameBlocks, languages, unitWords, clusters, phraseWords, relations, compounds, leftOutNames,
    ]
}

/// One table's columns in the rows of a `RowDecoder`'s query, by name: the
/// table's columns start at `offset` of the query (0 for a query of the
/// table alone). Reads the row the query is on; `check()` first.
package struct TableRows<Failure: Error> {
    package let decoder: RowDecoder<Failure>
    package let table: Table
    package let offset: Int32

    package init(_ decoder: RowDecoder<Failure>, table: Table, offset: Int32 = 0) {
        self.decoder = decoder
        self.table = table
        self.offset = offset
    }

    package var statement: Statement { decoder.statement }

    /// The query's column of the table's `name`.
    package func column(_ name: String) -> Int32 { offset + table.offset(of: name) }

    package func damaged(_ damage: DatabaseDamage) -> Failure { decoder.damaged(damage) }

    /// The row's checksum, and its primary key not read before in this run
    /// of the query (`RowDecoder.check`).
    package func check() throws(Failure) { try decoder.check(table.name, at: offset) }

    // MARK: Values as stored

    package func isNull(_ name: String) -> Bool { statement.isNull(at: column(name)) }
    package func int(_ name: String) -> Int { statement.int(at: column(name)) }
    package func double(_ name: String) -> Double { statement.double(at: column(name)) }
    /// nil for NULL.
    package func text(_ name: String) -> String? { statement.text(at: column(name)) }
    /// nil for NULL.
    package func optionalDouble(_ name: String) -> Double? { isNull(name) ? nil : double(name) }
    /// nil for NULL.
    package func optionalText(_ name: String) -> String? { isNull(name) ? nil : text(name) }

    // MARK: Values checked (RowDecoder's checks)

    /// `key`: what identifies the row in its table, for the message (`DatabaseDamage`).
    package func id(_ name: String, key: @autoclosure () -> String? = nil) throws(Failure) -> Int {
        try decoder.id(column(name), table.name, name, key: key())
    }

    package func count(_ name: String, key: @autoclosure () -> String? = nil) throws(Failure) -> Int {
        try decoder.count(column(name), table.name, name, key: key())
    }

    /// A text that may not be empty.
    package func word(_ name: String, key: @autoclosure () -> String? = nil) throws(Failure) -> String {
        try decoder.word(column(name), table.name, name, key: key())
    }


    /// Throws `damage` unless `condition` holds.
    package func require(_ condition: Bool, _ damage: @autoclosure () -> DatabaseDamage) throws(Failure) {
        guard condition else { throw damaged(damage()) }
    }
}

extension RowDecoder {
    /// The columns of `table`, selected from column `offset` of this decoder's query.
    package func rows(of table: Table, at offset: Int32 = 0) -> TableRows<Failure> {
        TableRows(self, table: table, offset: offset)
    }
}

/// Every row of one table, each checked as it is stepped to (its checksum,
/// its primary key read once), and at the end the count `meta` gives: a
/// reader of whole tables (the review module's `dump` and `diff`).
package struct TableScan<Failure: Error> {
    package let rows: TableRows<Failure>
    /// The rows read so far.
    package private(set) var count = 0

    /// `SELECT` of the table's columns and `crc`, ordered by `order`.
    package init(
        _ connection: Connection, _ table: Table, order: String, path: String, damage: @escaping (DatabaseDamage) -> Failure
    )
        throws(SQLiteError)
    {
        let query = try connection.prepare("SELECT \(table.selectList()) FROM \(table.name) ORDER BY \(order)")
        rows = RowDecoder(statement: query, path: path, damage: damage).rows(of: table)
    }

    /// Steps to the next row and checks it; false after the last.
    /// - Throws: SQLite's error, or damage.
    package mutating func next() throws -> Bool {
        guard try rows.statement.step() else { return false }
        try rows.check()
        count += 1
        return true
    }

    /// Checks that the table had as many rows as `meta` counts.
    package func finish(_ meta: StoreMeta) throws(Failure) {
        let stated = meta.rowCount(rows.table.name)
        try rows.require(count == stated, .countMismatch(table: rows.table.name, key: nil, found: count, stated: stated))
    }
}
