import Foundation
import Testing
import UnitpackTestSupport
import UnitpackCompiler
import Synchronization
import UnitpackCore

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The repository's own data, packed: every key findable, ranking, the
/// memory budget, concurrency.
@Suite struct SearchPackTests {
    static let repository = TestPaths.repository.path

    let temporary: TemporaryDirectory
    var directory: String { temporary.path }
    let model: CompiledModel

    /// The repository's pack, encoded once per test process (each test
    /// compiled and encoded it again); every test writes it to a file of its own.
    static let encoded = Result<[UInt8], any Error> { try SearchPackWriter.encode(try RepositoryModel.model()) }

    init() throws {
        temporary = try TemporaryDirectory(prefix: "unitpack-search-")
        model = try RepositoryModel.model()
        _ = try SearchPackWriter.write(try Self.encoded.get(), to: directory + "/search.pack")
    }

    func open(budget: Int = 1 << 20) throws -> SearchPack {
        try SearchPack(path: directory + "/search.pack", budget: budget)
    }

    @Test func everyKeyIsFoundExactlyWithAllItsUnits() throws {
        let pack = try open()
        let entries = SearchPackWriter.entries(model)
        #expect(entries.count > 800)
        #expect(pack.shardCount > 1)
        for entry in entries {
            let key = String(decoding: entry.key, as: UTF8.self)
            let found = try pack.search(key, limit: 1000)
            let exact = Set(found.filter(\.isExact).map(\.unit.rawValue))
            #expect(exact == Set(entry.postings.map(\.unit)), "\(key)")
        }
    }

    /// A prefix finds every unit of every key that starts with it, whichever
    /// shards those keys lie in: checked against the keys themselves for
    /// seeded prefixes and for every shard separator (the prefixes that sit
    /// on shard boundaries).
    @Test func aPrefixFindsEveryUnitOfItsKeysAcrossShards() throws {
        let pack = try open()
        let entries = SearchPackWriter.entries(model)
        var queries = (0..<pack.shardCount).compactMap { String(validating: pack.separator($0), as: UTF8.self) }
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let key = String(decoding: entries.randomElement(using: &rng)!.key, as: UTF8.self)
            queries.append(String(key.prefix(Int.random(in: 1...4, using: &rng))))
        }
        for query in queries where SearchKey.normalize(query) == query {
            let bytes = Array(query.utf8)
            let expected = Set(entries.filter { $0.key.starts(with: bytes) }.flatMap { $0.postings.map(\.unit) })
            let found = Set(try pack.search(query, limit: 100_000).filter { !$0.isCorrected }.map(\.unit.rawValue))
            #expect(found == expected, "seed \(seed): \(query.debugDescription)")
        }
    }

    @Test func symbolsSurviveNormalisation() throws {
        let pack = try open()
        for symbol in ["°C", "°F", "′", "″", "µm", "Å", "s/100 m", "oz t", "km/h", "°Rø"] {
            let found = try pack.search(symbol, limit: 5)
            #expect(found.first?.isExact == true, "\(symbol): \(found)")
        }
    }

    /// Arabic as typists write it (TextFolding.arabic): no hamza on alif, ه
    /// for ة, ي for ى, no tanween or shadda, a tatweel, finds the unit
    /// written in full.
    /// The name of the model's unit with this id (ids have gaps where units
    /// were retired).
    func unitName(_ id: UnitID) -> String? { model.units.first { $0.id == id.rawValue }?.name }

    @Test func arabicSpellingsTypistsMixFindTheUnit() throws {
        let pack = try open()
        for (typed, unit) in [
            ("امتار", "meter"), ("اقدام", "foot"), ("بوصه", "inch"), ("قدما", "foot"), ("ميلا", "mile"),
            ("ياردات", "yard"), ("كيلـومتر", "kilometer"), ("اقدام مربعه", "square foot"),
        ] {
            let found = try pack.search(typed, languages: ["ar"], limit: 5)
            #expect(found.first?.isExact == true, "\(typed): \(found)")
            #expect(found.first.map { unitName($0.unit) } == unit, "\(typed)")
        }
    }

    @Test func rankingPrefersExactThenPriorityThenTheAskedLanguage() throws {
        let pack = try open()
        let meters = try pack.search("мет", languages: ["ru"], limit: 5)
        #expect(meters.first.map { unitName($0.unit) } == "meter")
        #expect(meters.allSatisfy { $0.language == "ru" || $0.language == nil })
        let kmh = try pack.search("km/h")
        #expect(kmh.first?.isExact == true)
        #expect(model.units.first { $0.id == kmh.first?.unit.rawValue }?.name == "kilometer per hour")
        let m = try pack.search("m", limit: 50)
        let exactCount = m.prefix { $0.isExact }.count
        #expect(exactCount >= 1, "\(m)")
        #expect(m.dropFirst(exactCount).allSatisfy { !$0.isExact }, "exact matches first")
        let priorities = m.dropFirst(exactCount).map(\.priority)
        #expect(priorities == priorities.sorted(by: >), "prefix matches by priority")
        #expect(try pack.search("", limit: 5).isEmpty)
        #expect(try pack.search("zzzzqqq").isEmpty)
    }

    /// Issue 20 §6: every word of every unit in every language (display
    /// name, each plural form, symbols, synonyms, case forms) finds that unit
    /// when searched in its language, as typed: the sources' words, not the
    /// pack's keys (`метрів`, `Metern`, `metrach`, `公里`).
    @Test func everyFormOfEveryLanguageFindsItsUnit() throws {
        let pack = try open(budget: 1 << 22)
        var missing: [String] = []
        var checked = 0
        for language in model.languages {
            var words: [(Int, String)] = []
            for names in language.names {
                words.append((names.unit, names.display))
                words += names.forms.values.map { (names.unit, $0) }
                words += (names.symbols + names.synonyms).map { (names.unit, $0) }
            }
            words += language.caseForms.map { ($0.unit, $0.text) }
            for (unit, word) in words where !word.isEmpty {
                checked += 1
                let found = try pack.search(word, languages: [language.code], limit: 1000)
                if !found.contains(where: { $0.isExact && $0.unit.rawValue == unit }) { missing.append("\(language.code) \(word)") }
            }
        }
        #expect(checked > 30_000)
        #expect(missing.isEmpty, "\(missing.count) of \(checked): \(missing.prefix(20))")
    }

    @Test func aRegionalTagSearchesItsLanguage() throws {
        let pack = try open()
        #expect(try pack.search("метр", languages: ["ru-RU"]).first?.language == "ru")
        #expect(try pack.search("метр", languages: ["en"]).isEmpty)
    }

    /// The budget is a promise: after every query of a seeded random sequence
    /// the cache holds at most `budget` bytes.
    @Test(arguments: [0, 2_000, 8_192, 1 << 22])
    func theCacheNeverHoldsMoreThanTheBudget(budget: Int) throws {
        let pack = try open(budget: budget)
        let keys = SearchPackWriter.entries(model).map { String(decoding: $0.key, as: UTF8.self) }
        var generator = SeededGenerator(seed: UInt64(0xB0D6E7))
        for _ in 0..<600 {
            let state = generator.next()
            let key = keys[Int((state >> 33) % UInt64(keys.count))]
            let prefix = String(key.prefix(1 + Int((state >> 20) % 4)))
            _ = try pack.search(prefix, limit: 20)
            #expect(pack.statistics.bytesHeld <= budget)
        }
        let statistics = pack.statistics
        #expect(statistics.hits + statistics.misses > 0)
        if budget == 0 { #expect(statistics.shardsHeld == 0 && statistics.hits == 0) }
        // 4 MiB holds every shard of the repository's pack (1 MiB no longer did once de and uk were complete).
        if budget == 1 << 22 { #expect(statistics.evictions == 0 && statistics.shardsHeld == statistics.shardsLoaded) }
        pack.purge()
        #expect(pack.statistics.bytesHeld == 0 && pack.statistics.shardsHeld == 0)
    }

    @Test func anExpensiveQueryIsKeptAndAnsweredTheSameFromTheCache() throws {
        let pack = try open()
        // `m` ranks hundreds of postings; `knot` a handful.
        let computed = try pack.search("m", languages: ["ru"], limit: 20)
        #expect(pack.statistics.resultsHeld == 1)
        _ = try pack.search("knot", limit: 20)
        #expect(pack.statistics.resultsHeld == 1)
        let kept = try pack.search("M", languages: ["ru"], limit: 20)
        #expect(kept == computed)
        #expect(pack.statistics.resultHits == 1)
        // Another language list or limit is another result.
        #expect(try pack.search("m", limit: 20) != computed)
        #expect(try pack.search("m", languages: ["ru"], limit: 5) == Array(computed.prefix(5)))
        #expect(pack.statistics.resultHits == 1 && pack.statistics.resultsHeld == 3)
        pack.purge()
        #expect(pack.statistics.resultsHeld == 0)
        // And the same with nothing cached at all.
        let uncached = try open(budget: 0)
        #expect(try uncached.search("m", languages: ["ru"], limit: 20) == computed)
        #expect(uncached.statistics.resultsHeld == 0)
    }

    @Test func concurrentSearchesAgreeWithSequentialOnes() throws {
        let pack = try open(budget: 6_000)
        let queries = ["m", "мет", "km", "ft", "°", "deg", "мил", "s", "year", "т", "knot", "узл"]
        let expected = try queries.map { try pack.search($0, limit: 10) }
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<60 {
                let index = (worker + round) % queries.count
                if (try? pack.search(queries[index], limit: 10)) != expected[index] {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(pack.statistics.bytesHeld <= 6_000)
    }

    @Test func buildOutputIsDeterministic() throws {
        #expect(try SearchPackWriter.encode(model) == SearchPackWriter.encode(model))
    }
}
