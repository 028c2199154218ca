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

    /// Issue 37, finding 10: the minimum `.budgetTooSmall` names opens the
    /// library, at once and again, strictly: no second refusal taken, no
    /// margin added. (A minimum named without slack was refused when given
    /// back: a second open measured 16 bytes more than the first.) For the
    /// repository's build and two slices of it, and budgets too small by
    /// far and by little.
    @Test(arguments: [nil, "en", "en,ru length,mass"])
    func theMinimumABudgetTooSmallNamesOpensTheLibrary(slice: String?) throws {
        let built = try Self.build(slice)
        defer { built.temporary.map { try? FileManager.default.removeItem(atPath: $0) } }
        let first = try Self.minimumNamed(opening: built.directory, with: 10_000)
        for given in [0, 10_000, first - 4096] {
            let minimum = try Self.minimumNamed(opening: built.directory, with: given)
            var libraries: [UnitLibrary] = []
            for open in ["first", "second"] {
                switch Result(catching: { () throws(UnitLibraryError) in try UnitLibrary(directory: built.directory, budget: minimum) }) {
                case .success(let library):
                    libraries.append(library)
                case .failure(let error):
                    Issue.record(
                        "\(slice ?? "the whole build"), given \(given): the \(open) open with the minimum named, \(minimum), was refused: \(error)")
                }
            }
            for library in libraries {
                #expect(library.budget == minimum)
                // `exercise` formats in Russian.
                if slice?.contains("ru") != false { try exercise(library, rounds: 20, seed: 7) }
            }
        }
    }

    /// The minimum `.budgetTooSmall` names when `directory` is opened with `budget`.
    static func minimumNamed(opening directory: String, with budget: Int) throws -> Int {
        switch Result(catching: { () throws(UnitLibraryError) in try UnitLibrary(directory: directory, budget: budget) }) {
        case .failure(.budgetTooSmall(given: budget, let minimum)):
            return minimum
        case .failure(let error):
            throw error
        case .success:
            Issue.record("a budget of \(budget) bytes opened the library")
            return budget
        }
    }

    /// The repository's build, or a slice of it built for the test
    /// (`--languages`, then `--categories`, as the command line takes them).
    static func build(_ slice: String?) throws -> (directory: String, temporary: String?) {
        guard let slice else { return (try RepositoryBuild.directory(), nil) }
        let parts = slice.split(separator: " ").map(String.init)
        let temporary = NSTemporaryDirectory() + "unitpack-library-slice-" + UUID().uuidString
        let outcome = try BuildPipeline.build(
            source: RepositoryBuild.root, output: temporary,
            slice: DataSlice(languages: DataSlice.list(parts[0]), categories: parts.count > 1 ? DataSlice.list(parts[1]) : nil))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        return (temporary, temporary)
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
