import Foundation
import Testing
import UnitpackStore
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Format 11 stores `names.text` as the empty string where the text is its
/// `folded` key (docs/database.md, `names`): the words that are not their
/// key (`M`, `°C`, `Мм`, `градус Цельсия`) must still read exactly, so that
/// the case of a symbol still decides (`M` is Mach, `m` metre), and a text
/// emptied by damage must not pass for its key.
@Suite struct NameTextTests {
    @Test func theStoredFormOfAText() {
        #expect(NameText.stored("metre", folded: "metre") == "")
        #expect(NameText.stored("Km", folded: "km") == "Km")
        #expect(NameText.stored("°C", folded: "°c") == "°C")
        // Canonically equivalent to its key but not the same bytes: kept whole,
        // so that an exact match stays a comparison of bytes.
        let decomposed = "e\u{301}"
        #expect(decomposed == "é" && NameText.stored(decomposed, folded: "é") == decomposed)
        #expect(NameText.text(stored: "", folded: "metre") == "metre")
        #expect(NameText.text(stored: "Km", folded: "km") == "Km")
        #expect(NameText.isCanonical(stored: "", folded: "km") && NameText.isCanonical(stored: "Km", folded: "km"))
        #expect(!NameText.isCanonical(stored: "km", folded: "km"))
    }

    static func database() throws -> UnitDatabase {
        try UnitDatabase(directory: RepositoryBuild.directory())
    }

    /// The keys of the best candidates for `text`, and whether they match
    /// only ignoring case.
    static func lookup(_ database: UnitDatabase, _ text: String, preferring languages: [String]? = nil) throws -> (
        keys: [String], language: String?, ignoringCase: Bool
    ) {
        let found = try database.candidates(for: text, folded: TextFolding.fold(text), preferring: languages)
        return (found.units.map(\.key), found.language, found.ignoringCase)
    }

    @Test func wordsThatAreNotTheirKeyReadExactly() throws {
        let database = try Self.database()
        // `m` is stored empty (the metre's symbol is its key), `M` whole.
        #expect(try Self.lookup(database, "m").keys == ["length/meter"])
        let mach = try Self.lookup(database, "M")
        #expect(mach.keys.contains("speed/Mach") && !mach.keys.contains("length/meter") && !mach.ignoringCase)
        #expect(try database.convert(1, from: "M", to: "m/s").to.key == "speed/meter per second")
        // Three units under one Russian key, told apart by case alone.
        #expect(try Self.lookup(database, "Мм").keys == ["length/megameter"])
        #expect(try Self.lookup(database, "мМ").keys == ["molar-concentration/mole per cubic meter"])
        #expect(try Self.lookup(database, "мм") == (["length/millimeter"], nil, false))
        // A symbol and a name whose only row is stored whole.
        #expect(try Self.lookup(database, "°C") == (["temperature/degree Celsius"], nil, false))
        #expect(try Self.lookup(database, "°c") == (["temperature/degree Celsius"], nil, true))
        #expect(try Self.lookup(database, "градус Цельсия", preferring: ["ru"]) == (["temperature/degree Celsius"], "ru", false))
        #expect(try Self.lookup(database, "градус цельсия", preferring: ["ru"]).ignoringCase)
        // `KM` is the Polish symbol of the metric horsepower; `Km` is no unit's as written.
        #expect(try Self.lookup(database, "KM") == (["power/metric horsepower"], nil, false))
        #expect(try Self.lookup(database, "km").keys == ["length/kilometer"])
        #expect(try Self.lookup(database, "Km").ignoringCase)
    }

    /// Every row of the repository's `names`, stored empty or whole, reads
    /// back as a word written exactly: its text is what the sources wrote.
    @Test func everyNameReadsAsWritten() throws {
        let directory = try RepositoryBuild.directory()
        let connection = try Connection(path: try GenerationFiles.database(in: directory), mode: .readOnlyImmutable)
        var empty = 0, whole = 0
        var problems: [String] = []
        let database = try Self.database()
        for (folded, unit, _, _, stored) in try NameBlocksEdit.allNames(connection) {
            if stored.isEmpty { empty += 1 } else { whole += 1 }
            let text = NameText.text(stored: stored, folded: folded)
            let found = try database.candidates(for: text, folded: folded, preferring: nil)
            if found.ignoringCase { problems.append("'\(text)' (unit \(unit)) reads only ignoring case") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        // Both forms are there (most words are their own key).
        #expect(empty > whole && whole > 0)
    }

    // MARK: Damage

    /// A copy of the repository's database, edited by `edit`.
    static func edited(_ edit: (Connection) throws -> Void) throws -> (UnitDatabase, String) {
        let directory = NSTemporaryDirectory() + "unitpack-name-text-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + DatabaseFormat.fileName
        try FileManager.default.copyItem(atPath: try GenerationFiles.database(in: RepositoryBuild.directory()), toPath: path)
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            try edit(connection)
        }
        return (try UnitDatabase(path: path), directory)
    }


    /// `°C` stored empty, the block's checksum that of `°C`: it would read
    /// as `°c` (and lose its exact match), but the checksum covers the
    /// block as stored, so the lookup and verify call it damage.
    @Test func aTextEmptiedWithItsOldChecksumIsDamage() throws {
        let (database, directory) = try Self.edited { connection in
            try NameBlocksEdit.edit(connection, holding: "°c", reseal: false) { lines in
                let index = try #require(lines.firstIndex { $0.hasPrefix("°c\t68\t") && $0.hasSuffix("\t°C") })
                lines[index] = String(lines[index].dropLast("°C".count))
            }
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let damage = UnitDatabaseError.damaged(path: database.path, damage: .checksumMismatch(table: "name_blocks"))
        #expect(throws: damage) { try database.candidates(for: "°C") }
        #expect(throws: damage) { try database.verify() }
    }

    /// A text written whole though it is its key, with a checksum to match:
    /// the writer never writes it (two encodings of one name would make two
    /// files of one data), so the block is refused, by a lookup as by verify.
    @Test func aTextStoredAsItsKeyIsRefused() throws {
        var block = 0
        let (database, directory) = try Self.edited { connection in
            block = try NameBlocksEdit.block(connection, holding: "km")
            try NameBlocksEdit.edit(connection, holding: "km") { lines in
                let index = try #require(lines.firstIndex { $0.hasPrefix("km\t9\t") && $0.hasSuffix("\t") })
                lines[index] += "km"
            }
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reads: [() throws -> Void] = [{ _ = try database.verify() }, { _ = try Self.lookup(database, "km") }]
        for read in reads {
            let error = #expect(throws: UnitDatabaseError.self) { try read() }
            guard case .damaged(_, .invalidValue(table: "name_blocks", column: "entries", let key, let value?))? = error else {
                Issue.record("not a name stored as its key: \(String(describing: error))")
                continue
            }
            #expect(key == "\(block)" && value.contains("stores its key as its text"), "\(value)")
        }
    }
}
