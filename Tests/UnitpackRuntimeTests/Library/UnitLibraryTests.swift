import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// One budget for the whole runtime: every cache stays within its share and
/// the whole within the number given at open, whatever the queries.
@Suite struct UnitLibraryTests {
    /// The repository's build, shared and read-only.
    let directory: String

    init() throws {
        directory = try RepositoryBuild.directory()
    }

    /// Seeded queries, lookups, conversions and formatting; after each, every
    /// part is within its share.
    func exercise(_ library: UnitLibrary, rounds: Int, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let words = ["m", "ме", "ki", "km/h", "фу", "°", "mile", "тон", "sec", "h", "kn", "g", "п", "кв", "%"]
        for _ in 0..<rounds {
            let word = words[Int(random.next() % UInt64(words.count))]
            let matches = try library.search.search(word, languages: random.next() % 2 == 0 ? ["ru"] : nil)
            for match in matches.prefix(3) {
                let unit = try library.database.unit(match.unit)
                _ = try library.database.format(Double(random.next() % 10_000) / 7, unit, language: "ru")
                if let other = try? library.database.unit(UnitID(rawValue: 1 + Int(random.next() % 100))),
                   other.category == unit.category
                {
                    _ = try library.database.convert(1.5, from: unit, to: other)
                }
            }
            let statistics = library.statistics
            #expect(statistics.search.bytesHeld <= library.shares.searchShards)
            #expect(statistics.database.objectBytes <= library.shares.objects)
            #expect(statistics.database.pageCacheBytes <= library.shares.pageCache + 4096)
            #expect(statistics.bytesHeld <= library.budget)
        }
    }

    @Test(arguments: [128 << 10, 256 << 10, 1 << 20])
    func everyPartStaysWithinItsShare(budget: Int) throws {
        let library = try UnitLibrary(directory: directory, budget: budget)
        try exercise(library, rounds: 300, seed: UInt64(budget))
        #expect(library.statistics.database.objectsHeld > 0)
        library.purge()
        let purged = library.statistics
        #expect(purged.search.bytesHeld == 0)
        #expect(purged.database.objectBytes == 0)
    }

    @Test func aBudgetTooSmallNamesTheMinimum() throws {
        var minimum = 0
        #expect {
            _ = try UnitLibrary(directory: directory, budget: 10_000)
        } throws: { error in
            guard case .budgetTooSmall(given: 10_000, let needed) = error as? UnitLibraryError else { return false }
            minimum = needed
            return true
        }
        // What opening costs is counted per connection, so the minimum named
        // opens whatever the tests beside this one allocate (issue 37: with
        // the process-wide counter it moved by tens of KB).
        let opened = try UnitLibrary(directory: directory, budget: minimum)
        try exercise(opened, rounds: 100, seed: 7)
    }

    @Test func aMissingPackIsTheSearchError() throws {
        // A copy of the shared build, since this test damages it.
        let temporary = try TemporaryDirectory(prefix: "unitpack-library-")
        let directory = temporary.path + "/dist"
        try FileManager.default.copyItem(atPath: self.directory, toPath: directory)
        let pack = try GenerationFiles.pack(in: directory)
        try FileManager.default.removeItem(atPath: pack)
        let missing = GenerationError.artifactMissing(
            manifest: directory + "/manifest.tsv", line: 7, artifact: "search.pack", file: pack)
        #expect(throws: UnitLibraryError.generation(missing)) {
            try UnitLibrary(directory: directory, budget: 1 << 20)
        }
        #expect(throws: SearchPackError.generation(missing)) { try SearchPack(directory: directory, budget: 1 << 20) }
        // The database alone still opens: its file is there, whole.
        _ = try UnitDatabase(directory: directory)
        withExtendedLifetime(temporary) {}
    }
}
