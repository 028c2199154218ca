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

    /// Every page of the repository's `name_blocks` and `unit_words` but
    /// the last holds two rows or more (the cut's purpose), or one row
    /// that alone is over half a page.
    @Test(arguments: ["name_blocks"])
    func theRepositoryRowsFillTheirPages(table: String) throws {
        let connection = try Connection(path: try GenerationFiles.database(in: try RepositoryBuild.directory()), mode: .readOnlyImmutable)
        let query = try connection.prepare(
            "SELECT ncell, pgsize - unused - 8 - 2 * ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
        try query.bind(.text(table), at: 1)
        var pages: [(cells: Int, bytes: Int)] = []
        while try query.step() { pages.append((query.int(at: 0), query.int(at: 1))) }
        #expect(pages.count > 10)
        let alone = pages.dropLast().filter { $0.cells < 2 }
        #expect(alone.allSatisfy { $0.bytes > PageRows.cellBudget }, "\(alone.count) pages of \(pages.count) hold one row of half a page or less")
    }
}
