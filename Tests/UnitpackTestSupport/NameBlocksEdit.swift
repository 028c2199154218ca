import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Edits of the names in `name_blocks` made as the writer would make them:
/// the lines of the block that holds a key changed, then compressed again,
/// with the size and the checksum to match (or, with `reseal` false, the
/// old checksum kept: damage the checksum must find).
public enum NameBlocksEdit {
    /// The number of the block that holds `key` (the greatest `first` not after it).
    public static func block(_ connection: Connection, holding key: String) throws -> Int {
        let query = try connection.prepare("SELECT block FROM name_blocks WHERE first <= ? ORDER BY first DESC LIMIT 1")
        try query.bind(.text(key), at: 1)
        guard try query.step() else { throw Failure("no block holds \(key)") }
        return query.int(at: 0)
    }

    /// The lines of block `number`: `folded TAB unit TAB kind TAB lang TAB text`.
    public static func lines(_ connection: Connection, block number: Int) throws -> [String] {
        let query = try connection.prepare("SELECT size, entries FROM name_blocks WHERE block = ?")
        try query.bind(.integer(Int64(number)), at: 1)
        guard try query.step() else { throw Failure("no block \(number)") }
        let size = query.int(at: 0)
        let text = try query.blob(at: 1).withUnsafeBytes { bytes in
            switch UnitWords.inflate(bytes, size: size) {
            case .success(let text): return text
            case .failure(let problem): throw Failure("block \(number): \(problem)")
            }
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Block `number`'s names set to `lines` as they are (no order
    /// enforced), compressed, with their size, and the row's checksum made
    /// to match when `reseal` (else the old one kept).
    public static func set(_ connection: Connection, block number: Int, lines: [String], reseal: Bool = true) throws {
        let text = Array(lines.joined(separator: "\n").utf8)
        let read = try connection.prepare("SELECT first, next FROM name_blocks WHERE block = ?")
        try read.bind(.integer(Int64(number)), at: 1)
        guard try read.step() else { throw Failure("no block \(number)") }
        let row: [Statement.Value] = [
            .integer(Int64(number)), read.value(at: 0), read.value(at: 1), .integer(Int64(text.count)), .blob(UnitWords.compress(text)),
        ]
        if reseal {
            let update = try connection.prepare("UPDATE name_blocks SET size = ?, entries = ?, crc = ? WHERE block = ?")
            try update.run([row[3], row[4], RowChecksum.stored(RowChecksum.of(table: "name_blocks", row)), row[0]])
        } else {
            let update = try connection.prepare("UPDATE name_blocks SET size = ?, entries = ? WHERE block = ?")
            try update.run([row[3], row[4], row[0]])
        }
    }

    /// Every name of every block, in key order.
    public static func allNames(_ connection: Connection) throws
        -> [(folded: String, unit: Int, kind: Int, language: String, stored: String)]
    {
        let count = try connection.prepare("SELECT count(*) FROM name_blocks")
        _ = try count.step()
        var names: [(folded: String, unit: Int, kind: Int, language: String, stored: String)] = []
        for number in 1...max(1, count.int(at: 0)) {
            for line in try lines(connection, block: number) {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 5, let unit = Int(fields[1]), let kind = Int(fields[2]) else { throw Failure("block \(number): \(line)") }
                names.append((fields[0], unit, kind, fields[3], fields[4]))
            }
        }
        return names
    }

    /// `edit` applied to the lines of the block that holds `key`.
    public static func edit(_ connection: Connection, holding key: String, reseal: Bool = true, _ edit: (inout [String]) throws -> Void) throws {
        let number = try block(connection, holding: key)
        var lines = try lines(connection, block: number)
        try edit(&lines)
        try set(connection, block: number, lines: lines, reseal: reseal)
    }

    /// The names of `key` removed (all of them when `unit` is nil).
    public static func remove(_ connection: Connection, key: String, unit: Int? = nil) throws {
        try edit(connection, holding: key) { lines in
            let before = lines.count
            lines.removeAll { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return fields[0] == key && (unit.map { String($0) == fields[1] } ?? true)
            }
            guard lines.count < before else { throw Failure("no name \(key)") }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
