import Foundation
import UnitpackCore
import UnitpackSQLite

/// The damage ByteFlipTests found (`1 фута` for `1 фут`, when a unit's
/// words were a row each): a page's cell pointer copied over another's, so
/// that a leaf page shows one row twice and hides another. Every row still
/// matches its checksum; only a reader that checks the key it asked for,
/// notices a primary key read twice, or runs SQLite's page check, finds it.
/// Here the leaf page of `units` that holds metre's row (unit 1) points at
/// unit 2's row in its place (since format 14 a fixture's units share one
/// row of `unit_words`: `units` is the table of a row a unit). Used by the
/// runtime's and the review's tests alike.
public enum CellPointerDamage {
    /// Rewrites the database at `path` so; throws when no leaf page of
    /// `units` holds the rows of units 1 and 2 (the fixture must have them).
    public static func showUnit2ForMetre(at path: String) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(DatabaseFormat.pageSize)
        func varint(_ at: inout Int) -> Int {
            var value = 0
            for index in 0..<9 {
                let byte = Int(bytes[at])
                at += 1
                if index == 8 { return value << 8 | byte }
                value = value << 7 | (byte & 0x7F)
                if byte < 0x80 { break }
            }
            return value
        }
        /// The rowid of the cell at `cell` of a table leaf, when its record
        /// is a `units` row: its columns and the checksum (no other rowid
        /// table has as many).
        func unitRowid(_ cell: Int) -> Int? {
            var at = cell
            _ = varint(&at)  // payload length
            let rowid = varint(&at)
            let header = at
            let headerLength = varint(&at)
            var types: [Int] = []
            while at < header + headerLength { types.append(varint(&at)) }
            guard types.count == DatabaseFormat.columns(of: "units").count + 1 else { return nil }
            return rowid
        }
        func pointer(_ page: Int, _ index: Int) -> Int { Int(bytes[page + 8 + 2 * index]) << 8 | Int(bytes[page + 9 + 2 * index]) }
        // Table leaf pages (0x0D), page 1 aside (it starts with the file's header).
        for page in stride(from: pageSize, to: bytes.count, by: pageSize) where bytes[page] == 0x0D {
            let cells = Int(bytes[page + 3]) << 8 | Int(bytes[page + 4])
            var indexOf: [Int: Int] = [:]
            for index in 0..<cells {
                if let rowid = unitRowid(page + pointer(page, index)) { indexOf[rowid] = index }
            }
            guard let first = indexOf[1], let second = indexOf[2] else { continue }
            bytes[page + 8 + 2 * first] = bytes[page + 8 + 2 * second]
            bytes[page + 9 + 2 * first] = bytes[page + 9 + 2 * second]
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return
        }
        throw Failure("no leaf page of units holds units 1 and 2 in \(path)")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
