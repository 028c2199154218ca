import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackStore
import UnitpackTestSupport

/// The store's columns by name (`Table`, `TableRows`, `TableScan`): built
/// from `DatabaseFormat.tables`, a name the format does not have stops the
/// process, and a table's columns are read where the query selected them.
@Suite struct TableColumnsTests {
    @Test func everyTableOfTheFormatHasItsColumnsInOrder() {
        #expect(Table.all.map(\.name) == DatabaseFormat.tables.map(\.name))
        for (table, format) in zip(Table.all, DatabaseFormat.tables) {
            #expect(table.columns == format.columns)
            #expect(format.columns.map(table.offset(of:)) == Array(0..<Int32(format.columns.count)), "\(table.name)")
        }
        #expect(Table.languages.offset(of: "region_grouping") == 21)
    }

    /// A misspelt column is a programming error, never read as a column of
    /// another table's or as damage: the process stops.
    @Test func anUnknownColumnStopsTheProcess() async {
        await #expect(processExitsWith: .failure) { _ = Table.languages.offset(of: "region_groupings") }
        await #expect(processExitsWith: .failure) { _ = Table.units.offset(of: "region_grouping") }
        await #expect(processExitsWith: .failure) { _ = Table("language") }
    }

    /// A join selects two tables side by side: each reads its own columns
    /// from its offset, and checks its own row.
    @Test func aTableIsReadFromItsOffsetInTheQuery() throws {
        let fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        defer { fixture.remove() }
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        let connection = try Connection(path: path, mode: .readOnlyImmutable)
        let query = try connection.prepare(
            "SELECT \(Table.units.selectList(as: "u")), \(Table.categories.selectList(as: "c")) "
                + "FROM units u JOIN categories c ON c.id = u.category WHERE u.id = 3")
        let decoder = RowDecoder<Damage>(statement: query, path: path) { Damage(detail: $0.description) }
        let unit = decoder.rows(of: .units)
        let category = decoder.rows(of: .categories, at: Int32(Table.units.columns.count + 1))
        try #require(try query.step())
        try unit.check()
        try category.check()
        #expect(try unit.word("name", key: "3") == "foot")
        #expect(unit.double("factor") == 0.3048)
        #expect(unit.optionalText("to_base") == nil)
        #expect(try category.word("key") == "length")
        #expect(try category.id("id") == unit.int("category"))
        // The same row checked again is a row read twice.
        #expect(throws: Damage.self) { try unit.check() }
    }

    /// A decoder remembers every key it checked, however many (its table of
    /// keys grows past its first size): each row of a table once, then any
    /// of them again is a row read twice.
    @Test func everyKeyOfALongRunIsRemembered() throws {
        // The repository's data: a thousand units and more.
        let path = try GenerationFiles.database(in: try RepositoryBuild.directory())
        let connection = try Connection(path: path, mode: .readOnlyImmutable)
        let query = try connection.prepare("SELECT \(Table.units.selectList(as: "u")) FROM units u ORDER BY id")
        let decoder = RowDecoder<Damage>(statement: query, path: path) { Damage(detail: $0.description) }
        let units = decoder.rows(of: .units)
        var rows = 0
        while try query.step() {
            try units.check()
            rows += 1
        }
        // More than the table of keys holds at first (16 slots, half full).
        try #require(rows > 8)
        for skip in [0, rows / 2, rows - 1] {
            try query.reset()
            for _ in 0...skip { try #require(try query.step()) }
            #expect(throws: Damage(detail: "a row of 'units' is read twice: its page points at it in place of another")) {
                try units.check()
            }
        }
    }

    @Test func aScanCountsItsRowsAgainstMeta() throws {
        let fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        defer { fixture.remove() }
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        let connection = try Connection(path: path, mode: .readOnlyImmutable)
        let meta = try StoreMeta.read(connection, path: path) { Damage(detail: $0.description) }
        var scan = try TableScan(connection, .units, order: "id", path: path) { Damage(detail: $0.description) }
        while try scan.next() {}
        #expect(scan.count == meta.rowCount("units"))
        try scan.finish(meta)
        var short = try TableScan(connection, .units, order: "id", path: path) { Damage(detail: $0.description) }
        _ = try short.next()
        #expect(throws: Damage(detail: "'units' has 1 of its \(meta.rowCount("units")) rows")) { try short.finish(meta) }
    }

    struct Damage: Error, Equatable {
        var detail: String
    }
}
