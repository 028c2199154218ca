import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// A NUL inside a typed text (a pasted phrase, a front end's buffer) is part
/// of the text: SQLite gets it with its length, not as a C string, which ended
/// at the NUL and looked up another key. The fuzzer's phrase `250 meg\0…abytes`
/// made the query find `meg`'s rows, which the reader then took for a name
/// filed under the wrong key: an intact database reported as damaged.
@Suite struct EmbeddedNulTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    @Test func aNameWithANulIsNoUnitNotDamage() throws {
        #expect(try database.candidates(for: "m\0x").isEmpty)
        #expect(try database.candidates(for: "m\0").isEmpty)
        #expect(try !database.candidates(for: "m").isEmpty)
        #expect(throws: UnitDatabaseError.unknownUnit("length\0x/meter")) { try database.unit(key: "length\0x/meter") }
        #expect(throws: UnitDatabaseError.unknownUnit("m\0")) { try database.convert(1, from: "m\0", to: "ft") }
    }

    @Test func thePhraseTheFuzzerFoundIsReadWithoutError() throws {
        let text = "250 meg" + String(repeating: "\0", count: 8) + "abytes"
        for languages in [["en"], ["ru"], ["ru", "en"]] {
            let result = try database.parse(text, languages: languages, numbers: [.hexadecimal, .roman])
            for reading in result.readings { #expect(reading.value.isFinite) }
        }
    }
}
