import Foundation
import Testing
import UnitpackStore
import UnitpackCompiler
import UnitpackTestSupport

@testable import UnitpackFuzzing
@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Every input kept in Fuzz/corpus (the seeds, and each input that once broke
/// a property) keeps its target's property. The pack seeds are the fixture
/// tree's build: `UNITPACK_RECORD=1` rewrites them after a format change.
@Suite struct FuzzCorpusTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpus = repository.appendingPathComponent("Fuzz/corpus").path

    /// The repository's database and pack, for `phrase` and `search-query`.
    static var data: String { get throws { try RepositoryBuild.directory() } }

    @Test(arguments: FuzzTarget.allCases)
    func keptInputsKeepTheProperty(_ target: FuzzTarget) throws {
        let files = try FuzzCorpus.files([Self.corpus + "/" + target.rawValue])
        #expect(files.count >= 3, "seeds for \(target.rawValue)")
        let context = try FuzzContext(databaseDirectory: [.phrase, .quantityPhrase, .searchQuery].contains(target) ? try Self.data : nil)
        for file in files {
            let failure = target.check(try FuzzCorpus.read(file), in: context)
            #expect(failure == nil, "\(file): \(failure ?? "")")
        }
    }

    /// The fixture tree's pack and its inflated shards, as the seeds of
    /// `search-pack` and `search-shard`.
    static func packSeeds() throws -> [String: [UInt8]] {
        let fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        let (tree, diagnostics) = BuildPipeline.check(source: fixture.root)
        let pack = try SearchPackWriter.encode(ModelCompiler.compile(tree, diagnostics: diagnostics))
        var seeds = ["search-pack/seed-fixture.pack": pack]
        let path = fixture.path("search.pack")
        try Data(pack).write(to: URL(fileURLWithPath: path))
        let reader = try SearchPack(path: path, budget: 1 << 20)
        for index in 0..<reader.shardCount {
            let entry = reader.shards[index]
            let compressed = try SearchPack.read(
                reader.descriptor, path, offset: Int(entry.offset), count: Int(entry.compressedLength))
            seeds["search-shard/seed-fixture-\(index)"] = try SearchPack.inflate(
                compressed, rawLength: Int(entry.rawLength), dictionary: reader.dictionary, dictionaryID: reader.dictionaryID)
        }
        // Two shards written from the format page, and a pack of no keys.
        let assembled = PackAssembler.twoShards()
        seeds["search-pack/seed-assembled.pack"] = assembled.bytes()
        for (index, shard) in assembled.shards.enumerated() { seeds["search-shard/seed-assembled-\(index)"] = shard.raw }
        seeds["search-pack/seed-empty.pack"] = PackAssembler().bytes()
        for (name, body) in ShardStreamProperties.seeds() { seeds["shard-stream/" + name] = body }
        return seeds
    }

    /// The fixture tree's database, with its languages and without, and
    /// with English only, as the seeds of `database`.
    static func databaseSeeds() throws -> [String: [UInt8]] {
        var englishOnly = SourceFixture.validFilesWithLocales
        for path in englishOnly.keys where path.hasPrefix("locales/ru/") { englishOnly[path] = nil }
        let trees = [
            "seed-fixture.sqlite": SourceFixture.validFilesWithLocales, "seed-no-languages.sqlite": SourceFixture.validFiles,
            "seed-english.sqlite": englishOnly,
        ]
        var seeds: [String: [UInt8]] = [:]
        for (name, files) in trees {
            let fixture = try SourceFixture(files)
            let (tree, diagnostics) = BuildPipeline.check(source: fixture.root)
            let path = fixture.path("units.sqlite")
            try DatabaseWriter.write(try ModelCompiler.compile(tree, diagnostics: diagnostics), to: path)
            seeds["database/" + name] = try FuzzCorpus.read(path)
        }
        return seeds
    }

    @Test func packSeedsAreTheFixturesBuild() throws {
        let seeds = try Self.packSeeds().merging(try Self.databaseSeeds()) { a, _ in a }
        #expect(seeds.count >= 9)
        for (name, bytes) in seeds.sorted(by: { $0.key < $1.key }) {
            let path = Self.corpus + "/" + name
            if ProcessInfo.processInfo.environment["UNITPACK_RECORD"] != nil {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
            #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == bytes,
                    "\(name) is stale: re-record with UNITPACK_RECORD=1 swift test --filter FuzzCorpusTests")
        }
    }

    /// The oracles work: a flipped byte in a shard gets past the CRC once the
    /// CRCs are made right, and the reference decoder refuses what the
    /// runtime refuses on the fixture's shards damaged at random.
    @Test func theOraclesSeeDamage() throws {
        let seeds = try Self.packSeeds()
        var pack = seeds["search-pack/seed-fixture.pack"]!
        pack[pack.count - 10] ^= 0x55
        SearchPackProperties.fixCRCs(&pack)
        let context = try FuzzContext()
        let path = context.scratch + "/flipped.pack"
        try Data(pack).write(to: URL(fileURLWithPath: path))
        // The CRCs were fixed: verify must see the damage by the structure, not the checksums.
        var seen: (any Error)?
        do {
            _ = try SearchPack(path: path, budget: 1 << 20).verify()
        } catch {
            seen = error
        }
        #expect(seen != nil, "a changed byte of a shard passed verify")
        #expect(!"\(seen.map { "\($0)" } ?? "")".contains("CRC"), "\(String(describing: seen))")
        #expect(FuzzTarget.searchPack.check(pack, in: context) == nil)
        var generator = SeededGenerator(seed: UInt64(7))
        var refused = 0
        for (name, shard) in seeds.sorted(by: { $0.key < $1.key }) where name.hasPrefix("search-shard/") {
            for _ in 0..<300 {
                var damaged = shard
                let state = generator.next()
                damaged[Int(state >> 33) % damaged.count] ^= UInt8(truncatingIfNeeded: state >> 20) | 1
                let failure = FuzzTarget.searchShard.check(damaged, in: context)
                #expect(failure == nil, "\(name): \(failure ?? "")")
                refused += (try? ReferenceShardDecoder.decode(damaged, languageCount: 2)) == nil ? 1 : 0
            }
        }
        #expect(refused > 0)
    }

    /// The database oracle gets past the row checksums: a changed letter of
    /// a stored word is refused as a checksum mismatch as given, and once
    /// re-stamped it is refused for another reason or read. The word is a
    /// language's name, stored once and in no key (a key changed breaks
    /// SQLite's order of its b-tree, which its own check finds first).
    @Test func restampedRowsGetPastTheChecksums() throws {
        var bytes = try Self.databaseSeeds()["database/seed-fixture.sqlite"]!
        let word = Array("English".utf8)
        let at = try #require((0...(bytes.count - word.count)).last { Array(bytes[$0..<($0 + word.count)]) == word })
        bytes[at + word.count - 1] = UInt8(ascii: "z")
        let context = try FuzzContext()
        let path = context.scratch + "/units.sqlite"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: UnitDatabaseError.self) { try UnitDatabase(path: path).verify() }
        do {
            _ = try UnitDatabase(path: path).verify()
        } catch {
            guard case .damaged(_, .checksumMismatch) = error else {
                Issue.record("not a checksum mismatch: \(error)")
                return
            }
        }
        #expect(DatabaseProperties.restampRowChecksums(path))
        #expect(!DatabaseProperties.restampRowChecksums(path), "a second pass finds nothing to re-stamp")
        do {
            _ = try UnitDatabase(path: path).verify()
        } catch {
            if case .damaged(_, .checksumMismatch) = error { Issue.record("still a checksum mismatch: \(error)") }
        }
        #expect(FuzzTarget.database.check(bytes, in: context) == nil)
    }
}
