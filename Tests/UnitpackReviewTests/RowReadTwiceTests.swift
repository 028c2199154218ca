import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackReview

/// A page that shows one row in place of another (docs/database.md, "Row
/// checksums"): each row matches its checksum, every count still checks,
/// and a dump would show another unit's words as metre's. The review
/// reads through the store's decoder, which refuses a primary key read
/// twice in one query.
@Suite struct RowReadTwiceTests {
    func build(_ fixture: SourceFixture) throws -> String {
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        return try GenerationFiles.database(in: fixture.path("dist"))
    }

    /// `units` rebuilt as SQLite sees no damage in: the same columns
    /// without the primary key, the row of unit 2 replaced by a copy of
    /// metre's (unit 1). Every checksum and the table's count still match.
    @Test func aRowReadInPlaceOfAnotherIsRefused() throws {
        let fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        defer { fixture.remove() }
        let path = try build(fixture)
        let right = try DatabaseSnapshot.read(path)
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            let columns = DatabaseFormat.columns(of: "units") + ["crc"]
            try connection.execute("CREATE TABLE copy AS SELECT * FROM units")
            try connection.execute("DROP TABLE units")
            try connection.execute("CREATE TABLE units (\(columns.joined(separator: ", ")))")
            try connection.execute("INSERT INTO units SELECT * FROM copy WHERE id <> 2")
            try connection.execute("INSERT INTO units SELECT * FROM copy WHERE id = 1")
            try connection.execute("DROP TABLE copy")
            #expect(
                try connection.scalarInt("SELECT count(*) FROM units")
                    == connection.scalarInt("SELECT value FROM meta WHERE key = 'unit_count'"))
            let check = try connection.prepare("PRAGMA quick_check")
            #expect(try check.step() && check.text(at: 0) == "ok")
        }
        // Without the check the dump has metre twice and no unit 2.
        let detail = "a row of 'units' is read twice: its page points at it in place of another"
        #expect(throws: ReviewError.corrupt(path: path, detail: detail)) { try DatabaseSnapshot.read(path) }
        #expect(right.units.first { $0.id == 2 }?.words.isEmpty == false)
    }

    /// The same shown as the damage would make it: a page's cell pointer
    /// copied over another's (DatabaseProofTests.aRowShownInPlaceOfAnotherIsDamage).
    /// Here SQLite's `PRAGMA quick_check`, which the review runs first, sees
    /// two cells at one place; the dump is refused either way.
    @Test func aDuplicatedCellPointerIsRefused() throws {
        let fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        defer { fixture.remove() }
        let path = try build(fixture)
        try CellPointerDamage.showUnit2ForMetre(at: path)

        let error = #expect(throws: ReviewError.self) { try DatabaseSnapshot.read(path) }
        guard case .corrupt(let file, _)? = error else {
            Issue.record("not refused as damage: \(String(describing: error))")
            return
        }
        #expect(file == path)
    }
}
