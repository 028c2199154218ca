import Foundation
import Testing
import UnitpackSQLite

@testable import UnitpackDatabase

/// The lookaside pool is counted only where SQLite has one: Debian's
/// libsqlite3 is built with `SQLITE_OMIT_LOOKASIDE`, takes the setting and
/// allocates nothing, and the statistics said 4 KB were held that were not.
@Suite struct LookasideTests {
    @Test func thePoolIsUsedExactlyWhereSQLiteSaysItHasOne() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lookaside-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection = try Connection(path: path, mode: .readWriteCreate)
        try connection.setLookaside(slotSize: UnitDatabase.lookasideSlotSize, slots: UnitDatabase.lookasideSlots)
        let statement = try connection.prepare("SELECT 1, 'a', 2.5")
        #expect((connection.bytes(.lookasideSlotsUsed) > 0) == Connection.hasLookaside)
        withExtendedLifetime(statement) {}
        #expect(UnitDatabase.lookasideBytes == (Connection.hasLookaside ? UnitDatabase.lookasideSlotSize * UnitDatabase.lookasideSlots : 0))
    }
}
