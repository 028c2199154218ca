import UnitpackCore
import UnitpackSQLite
import UnitpackStore

extension UnitDatabase {
    /// After a lookup of `key` in `table` (`names` by `folded`) found no
    /// row: checks that no row was hidden.
    /// A damaged index or interior page can send SQLite's search to the
    /// wrong page, where it finds nothing, and "no such name" would then be
    /// an answer read from damage. Each row carries `prev_key`, the key
    /// checksum of the key group before its own (docs/database.md, "Key
    /// counts"): the group just before `key` and the group just after it
    /// must be neighbours, or, when nothing follows, the first must be the
    /// last group (`meta`). Two short index reads, on a miss only.
    func confirmAbsent(_ table: String, key: [Statement.Value], _ state: State) throws {
        let columns = DatabaseFormat.columns(of: table)
        let keyColumns = Array(columns.prefix(key.count))
        let (before, after) = try state.absenceQueries(table, keyColumns: keyColumns)
        func neighbour(_ query: Statement) throws -> (key: [Statement.Value], previous: Statement.Value)? {
            try query.reset()
            for (index, value) in key.enumerated() { try query.bind(value, at: Int32(index + 1)) }
            defer { try? query.reset() }
            guard try query.step() else { return nil }
            try RowDecoder(statement: query, path: path).check(table, at: 0)
            let previous = query.value(at: Int32(columns.count - 1))
            return ((0..<Int32(key.count)).map { query.value(at: $0) }, previous)
        }
        let previousGroup = try neighbour(before)
        let nextGroup = try neighbour(after)
        let expected = previousGroup.map { RowChecksum.previousKey(table: table, $0.key) } ?? .null
        let found = nextGroup?.previous ?? state.lastKeys[table] ?? .null
        guard found == expected else {
            throw UnitDatabaseError.damaged(path: path, damage: .hiddenKey(table: table))
        }
    }
}

extension UnitDatabase.State {
    /// The two queries of `confirmAbsent`, prepared once per table.
    func absenceQueries(_ table: String, keyColumns: [String]) throws -> (before: Statement, after: Statement) {
        if let queries = absence[table] { return queries }
        let key = "(" + keyColumns.joined(separator: ", ") + ")"
        let parameters = "(" + keyColumns.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
        let select = "SELECT \(DatabaseFormat.selectList(of: table)) FROM \(table)"
        // The first row of the next group: the one that carries `prev_key`.
        let primaryKey = DatabaseFormat.columns(of: table).prefix(5).joined(separator: ", ")
        let queries = (
            before: try connection.prepare(
                "\(select) WHERE \(key) < \(parameters) ORDER BY \(keyColumns.map { $0 + " DESC" }.joined(separator: ", ")) LIMIT 1"),
            after: try connection.prepare(
                "\(select) WHERE \(key) > \(parameters) ORDER BY \(primaryKey) LIMIT 1")
        )
        absence[table] = queries
        return queries
    }
}
