import Foundation
import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Packs written from docs/pack-format.md by `PackAssembler`, not by the
/// compiler: the reader reads them, and `verify()` finds an index that
/// disagrees with its shards (keys a search would never reach, wrong counts).
@Suite struct SearchPackVerifyTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "unitpack-verify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func open(_ assembler: PackAssembler) throws -> SearchPack {
        let path = directory + "/\(UUID().uuidString).pack"
        try Data(assembler.bytes()).write(to: URL(fileURLWithPath: path))
        return try SearchPack(path: path, budget: 1 << 16)
    }

    func twoShards(secondSeparator: String = "m", firstKeys: [String] = ["feet", "foot"]) -> PackAssembler {
        PackAssembler.twoShards(secondSeparator: secondSeparator, firstKeys: firstKeys)
    }

    /// What `verify()` throws; nil when the pack verifies.
    func verifyError(_ pack: SearchPack) -> SearchPackError? {
        do {
            _ = try pack.verify()
            return nil
        } catch {
            return error
        }
    }

    @Test func aPackWrittenFromTheFormatPageReadsAndVerifies() throws {
        let pack = try open(twoShards())
        #expect(try pack.verify() == 5)
        let metre = try pack.search("m")
        #expect(metre.map(\.key) == ["m"])
        #expect(metre.first?.isExact == true && metre.first?.language == nil && metre.first?.priority == 3)
        #expect(try pack.search("МЕТ").map(\.key) == ["метр"])
        #expect(try pack.search("метр", languages: ["ru"]).first?.language == "ru")
        // Unit 1 (priority 1) before unit 3 (0.5); one match per unit.
        let feet = try pack.search("f")
        #expect(feet.map(\.unit.rawValue) == [1, 3])
        #expect(feet.map(\.key) == ["feet", "feet"])
    }

    @Test func headerCountsThatDisagreeWithTheShards() throws {
        var keys = twoShards()
        keys.keyCount = 6
        #expect(throws: SearchPackError.self) { try open(keys).verify() }
        var postings = twoShards()
        postings.postingCount = 1
        let pack = try open(postings)
        #expect(verifyError(pack) == .corruptIndex(path: pack.path, damage: .counts(keys: 5, postings: 1, shardKeys: 5, shardPostings: 7)))
        #expect(verifyError(pack)?.description.contains("the header counts 5 keys and 1 postings, the shards hold 5 and 7") == true)
    }

    @Test func aShardWhoseFirstKeyDoesNotStartWithItsSeparator() throws {
        // `mf`: the shard's `m` and `metre` sort before its own separator, so
        // `me` reads the first shard alone and misses `metre`.
        let pack = try open(twoShards(secondSeparator: "mf"))
        #expect(try pack.search("me").isEmpty)
        #expect(verifyError(pack) == .corruptShard(path: pack.path, shard: 1, damage: .firstKeyOutsideRange))
    }

    @Test func aShardWhoseLastKeySortsAfterTheNextSeparator() throws {
        // `mile` belongs to the second shard's range: searching `mi` reads
        // that shard alone and misses it.
        let pack = try open(twoShards(firstKeys: ["feet", "mile"]))
        #expect(try pack.search("mi").isEmpty)
        #expect(verifyError(pack) == .corruptShard(path: pack.path, shard: 0, damage: .lastKeyOutsideRange))
    }

    @Test func aPostingOfALanguageThePackLacksIsRefused() throws {
        // Slot 3 is a third language; the pack has two. (It read as "no
        // language", a symbol of every language.)
        var pack = PackAssembler()
        pack.languages = ["en", "ru"]
        pack.units = [(1, 100)]
        pack.addShard(separator: Array("f".utf8), keys: [(Array("foot".utf8), [PackAssembler.Posting(unit: 1, slot: 3)])])
        let lacking = try open(pack)
        #expect(throws: SearchPackError.corruptShard(path: lacking.path, shard: 0, damage: .malformedTag(posting: 0))) {
            try lacking.search("foot")
        }
        pack.languages.append("de")
        #expect(try open(pack).search("foot").first?.language == "de")
    }

    /// The shared length (`previous_length − drop`) is the whole common
    /// prefix (docs/pack-format.md): a shorter one (`feet` after `fe` as a
    /// drop of 1 and `eet`, not 0 and `et`) is refused, as the reader
    /// checks the order by one byte.
    @Test func aSharedLengthShorterThanTheCommonPrefixIsRefused() throws {
        var pack = PackAssembler()
        pack.units = [(1, 100)]
        pack.shards = [([], [2, 1, 1, 0, 0x66, 0x65, 1, 0x65, 0x65, 0x74, 0, 0, 0, 0, 0])]
        pack.keyCount = 2
        pack.postingCount = 2
        let shorter = try open(pack)
        #expect(throws: SearchPackError.corruptShard(path: shorter.path, shard: 0, damage: .keysOutOfOrder(key: 1))) {
            try shorter.verify()
        }
        pack.shards = [([], [2, 1, 1, 0, 0x66, 0x65, 0, 0x65, 0x74, 0, 0, 0, 0, 0])]
        #expect(try open(pack).verify() == 2)
        #expect(try open(pack).search("fee").map(\.key) == ["feet"])
    }
}
