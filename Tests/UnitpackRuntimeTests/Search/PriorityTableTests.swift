import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The search pack's unit table as the reader keeps it: one-byte or
/// two-byte ranks, by id or beside sparse ids, must give every unit its
/// priority and 0 to an id no unit has.
@Suite struct PriorityTableTests {
    /// Seeded ids and priorities, for every shape of the table.
    func check(units: Int, distinctPriorities: Int, idStep: ClosedRange<UInt32>, seed: UInt64) {
        var generator = SeededGenerator(seed: UInt64(seed))
        func next() -> UInt32 {
            let state = generator.next()
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var ids: [UInt32] = []
        var id: UInt32 = 0
        for _ in 0..<units {
            id += idStep.lowerBound + next() % (idStep.upperBound - idStep.lowerBound + 1)
            ids.append(id)
        }
        let priorities = ids.indices.map { UInt32($0 % distinctPriorities) * 25 }
        guard let table = SearchPack.PriorityTable(ids: ids, priorities: priorities) else {
            Issue.record("no table for \(distinctPriorities) priorities")
            return
        }
        let expected = Dictionary(uniqueKeysWithValues: zip(ids, priorities))
        for probe in -1...Int(id) + 2 {
            #expect(table.priority(of: probe) == (probe >= 0 ? expected[UInt32(probe)] ?? 0 : 0), "id \(probe)")
        }
        #expect(table.narrowRanks.isEmpty == (distinctPriorities >= 256))
        #expect(table.wideRanks.isEmpty == (distinctPriorities < 256))
        #expect(table.rankBytes == (distinctPriorities < 256 ? 1 : 2) * (table.sparseIDs.isEmpty ? Int(id) + 1 : units))
    }

    @Test func denseIDsWithFewPrioritiesTakeAByteEach() {
        check(units: 2000, distinctPriorities: 13, idStep: 1...2, seed: 1)
        check(units: 2000, distinctPriorities: 255, idStep: 1...1, seed: 2)
    }

    @Test func manyPrioritiesTakeTwoBytes() {
        check(units: 3000, distinctPriorities: 256, idStep: 1...2, seed: 3)
        check(units: 3000, distinctPriorities: 2999, idStep: 1...1, seed: 4)
    }

    @Test func sparseIDsAreSearched() {
        check(units: 300, distinctPriorities: 13, idStep: 50...90, seed: 5)
        check(units: 300, distinctPriorities: 300, idStep: 50...90, seed: 6)
    }

    @Test func tooManyPrioritiesAreRefused() {
        let ids = (1...UInt32(65_535)).map { $0 }
        #expect(SearchPack.PriorityTable(ids: ids, priorities: ids) == nil)
        #expect(SearchPack.PriorityTable(ids: Array(ids.dropLast()), priorities: Array(ids.dropLast())) != nil)
    }
}
