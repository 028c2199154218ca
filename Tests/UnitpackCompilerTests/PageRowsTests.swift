import Testing
import UnitpackCore
import UnitpackSQLite
import UnitpackStore
import UnitpackTestSupport

@testable import UnitpackCompiler

/// `PageRows`: a row's cell counted as SQLite writes it, and the blocks of
/// the repository's database two to a page (docs/database.md, "name_blocks").
@Suite struct PageRowsTests {
    /// The bytes a page's cells take, as SQLite's `dbstat` counts the page:
    /// its size less the unused bytes, the leaf header and the pointers.
    static func cellBytesOfLeaves(_ connection: Connection, table: String) throws -> (cells: Int, bytes: Int, pages: [Int]) {
        let query = try connection.prepare(
            "SELECT ncell, pgsize - unused - 8 - 2 * ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
        try query.bind(.text(table), at: 1)
        var cells = 0
        var bytes = 0
        var pages: [Int] = []
        while try query.step() {
            cells += query.int(at: 0)
            bytes += query.int(at: 1)
            pages.append(query.int(at: 0))
        }
        return (cells, bytes, pages)
    }

    /// Seeded random rows of `name_blocks`' shape: the cell the cutter
    /// counts is the cell SQLite writes, byte for byte.
    @Test func aCellIsCountedAsSQLiteWritesIt() throws {
        let directory = try TemporaryDirectory()
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for round in 0..<40 {
            let connection = try Connection(path: directory.path + "/cells\(round).sqlite", mode: .readWriteCreate)
            try connection.execute("PRAGMA page_size = \(DatabaseFormat.pageSize)")
            try connection.execute(
                "CREATE TABLE t (block INTEGER PRIMARY KEY, first TEXT NOT NULL, next TEXT, size INTEGER NOT NULL, entries BLOB NOT NULL, crc INTEGER NOT NULL)")
            let rowid = Int.random(in: 1...100_000, using: &random)
            let first = String(repeating: "к", count: Int.random(in: 0...40, using: &random))
            let next: String? = Bool.random(using: &random) ? nil : String(repeating: "a", count: Int.random(in: 0...90, using: &random))
            let size = [0, 1, 5, 127, 128, 4_000, 40_000, 9_000_000].randomElement(using: &random)!
            let blob = (0..<Int.random(in: 1...700, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let crc = Int(Int32.random(in: Int32.min...Int32.max, using: &random))
            let insert = try connection.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
            try insert.run([.integer(Int64(rowid)), .text(first), next.map { .text($0) } ?? .null, .integer(Int64(size)), .blob(blob), .integer(Int64(crc))])
            let counted = PageRows.cellBytes(
                rowid: rowid,
                [.null, .text(bytes: first.utf8.count), next.map { .text(bytes: $0.utf8.count) } ?? .null, .integer(size), .blob(bytes: blob.count), .integer(crc)])
            let leaves = try Self.cellBytesOfLeaves(connection, table: "t")
            #expect(leaves.cells == 1)
            #expect(leaves.bytes == counted, "seed \(seed), round \(round): blob \(blob.count), first \(first.utf8.count)")
        }
    }

    /// The repository's rows of `name_blocks` and `unit_words`: a row over
    /// half a page holds one key's names or one unit's words (which alone
    /// are more), so two rows fill a page; and SQLite fills the pages in
    /// order (VACUUM), no page left with room for the row after it, which
    /// the half-page rule counts on. Each cell is counted by `cellBytes`
    /// (held to SQLite's count by the test above).
    @Test(arguments: ["name_blocks", "unit_words"])
    func theRepositoryRowsFillTheirPages(table: String) throws {
        let connection = try Connection(path: try GenerationFiles.database(in: try RepositoryBuild.directory()), mode: .readOnlyImmutable)
        let pageQuery = try connection.prepare("SELECT ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
        try pageQuery.bind(.text(table), at: 1)
        var pages: [Int] = []
        while try pageQuery.step() { pages.append(pageQuery.int(at: 0)) }
        // Each row's cell (the first column is the rowid, NULL in the
        // record) and how many keys or units it holds.
        let columns = Int32(DatabaseFormat.columns(of: table).count + 1)
        let rowQuery = try connection.prepare("SELECT rowid, * FROM \(table) ORDER BY rowid")
        var cells: [Int] = []
        var groups: [Int] = []
        while try rowQuery.step() {
            let values: [PageRows.Column] = (2...columns).map { index in
                rowQuery.withColumn(index) { stored in
                    switch stored {
                    case .null: .null
                    case .integer(let value): .integer(Int(value))
                    case .real: .blob(bytes: 8)
                    case .text(let bytes): .text(bytes: bytes.count)
                    case .blob(let bytes): .blob(bytes: bytes.count)
                    }
                }
            }
            cells.append(PageRows.cellBytes(rowid: rowQuery.int(at: 0), [.null] + values))
            if table == "unit_words" {
                groups.append(rowQuery.int(at: 2) - rowQuery.int(at: 1) + 1)  // last - first + 1, an upper bound
            } else {
                let size = rowQuery.int(at: 4)
                let text = try rowQuery.blob(at: 5).withUnsafeBytes { try UnitWords.inflate($0, size: size).get() }
                let keys = Set(String(decoding: text, as: UTF8.self).split(separator: "\n").map { $0.prefix { $0 != "\t" } })
                groups.append(keys.count)
            }
        }
        #expect(cells.count > 20)
        let over = cells.indices.filter { cells[$0] > PageRows.cellBudget && groups[$0] > 1 }
        #expect(over.isEmpty, "\(over.count) rows of \(table) over half a page hold more than one key or unit")
        #expect(pages.reduce(0, +) == cells.count)
        var row = 0
        var roomLeft: [Int] = []
        for (index, count) in pages.enumerated() {
            let used = cells[row..<(row + count)].reduce(0, +) + 2 * count
            row += count
            // The page's header, its cells and pointers, and the next row with its pointer.
            if row < cells.count, 8 + used + cells[row] + 2 <= DatabaseFormat.pageSize { roomLeft.append(index) }
        }
        #expect(roomLeft.isEmpty, "\(roomLeft.count) pages of \(pages.count) had room for the row after them")
    }
}
