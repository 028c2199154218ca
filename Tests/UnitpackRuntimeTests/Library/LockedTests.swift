import Testing
import UnitpackCore

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The runtime's own lock (`Locked`, instead of `Synchronization.Mutex`,
/// which needs iOS 18): excluded access, and released on a throw.
@Suite struct LockedTests {
    struct Refused: Error, Equatable {}

    @Test func incrementsFromManyThreadsAreNotLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    // Read then write under one lock: without exclusion
                    // the threads would overwrite each other's increments.
                    for _ in 0..<10_000 { counter.withLock { value in value = value + 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func aThrowReleasesTheLockAndKeepsWhatWasWritten() {
        let locked = Locked([1])
        #expect(throws: Refused.self) {
            try locked.withLock { (value: inout [Int]) throws(Refused) in
                value.append(2)
                throw Refused()
            }
        }
        // Taken again: a lock still held would deadlock here.
        #expect(locked.withLock { $0 } == [1, 2])
    }

    @Test func powersWrittenWithACaretBecomeSuperscripts() {
        #expect(PhraseReader.superscriptingPowers("m^2") == "m²")
        #expect(PhraseReader.superscriptingPowers("ft^3/s^2") == "ft³/s²")
        // Only 2 and 3 have a unit written with them; the rest stays.
        #expect(PhraseReader.superscriptingPowers("m^4 ^ x^") == "m^4 ^ x^")
        #expect(PhraseReader.superscriptingPowers("^^2") == "^²")
    }
}
