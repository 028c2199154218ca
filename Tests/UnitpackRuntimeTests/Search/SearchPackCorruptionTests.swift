import Foundation
import Testing
import UnitpackStore
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Every kind of damage to `search.pack` is a typed error: never a crash,
/// never an allocation beyond a shard's declared (and limited) size.
@Suite struct SearchPackCorruptionTests {
    let fixture: SourceFixture
    let good: [UInt8]

    init() throws {
        fixture = try SourceFixture(SourceFixture.validFilesWithLocales)
        let (tree, diagnostics) = BuildPipeline.check(source: fixture.root)
        good = try SearchPackWriter.encode(ModelCompiler.compile(tree, diagnostics: diagnostics))
    }

    func open(_ bytes: [UInt8], budget: Int = 1 << 16) throws -> SearchPack {
        let path = fixture.path("pack-\(UUID().uuidString)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try SearchPack(path: path, budget: budget)
    }

    func u32(_ bytes: [UInt8], at offset: Int) -> Int { PackLayout.u32(bytes, at: offset) }

    func patched(_ bytes: [UInt8], at offset: Int, _ value: UInt32) -> [UInt8] {
        var copy = bytes
        PackLayout.put(value, in: &copy, at: offset)
        PackLayout.restampTablesCRC(&copy)
        return copy
    }

    /// The good pack's parts (docs/pack-format.md), found by walking it.
    var layout: PackLayout { PackLayout(good) }
    var rewritingTable: Int { layout.rewriting! }
    /// The unit table's and the dictionary's raw-length fields.
    var unitTable: Int { layout.unitTable! }
    var dictionaryTable: Int { layout.dictionary! }
    /// Where the first shard index entry starts (after the dictionary).
    var firstEntry: Int { layout.entries[0] }
    typealias Entry = PackLayout.Entry

    /// A query rewriting entry that runs past the tables (a count too large) is damage, named.
    @Test func aDamagedQueryRewriting() {
        var bytes = good
        bytes[rewritingTable] = 0xFF
        PackLayout.restampTablesCRC(&bytes)
        // The first language's code: the table's count, the code's length, the code.
        let first = String(decoding: good[(layout.tables + 2)..<(layout.tables + 2 + Int(good[layout.tables + 1]))], as: UTF8.self)
        expectError(bytes, .corruptIndex(path: "", damage: .queryRewriting(language: first)))
    }

    /// The error with its path emptied: each case writes its pack to a new path.
    static func pathless(_ error: SearchPackError) -> SearchPackError {
        switch error {
        case .truncated(_, let damage): .truncated(path: "", damage: damage)
        case .corruptIndex(_, let damage): .corruptIndex(path: "", damage: damage)
        case .corruptShard(_, let shard, let damage): .corruptShard(path: "", shard: shard, damage: damage)
        default: error
        }
    }

    /// Opening and verifying `bytes` throws `expected` (its path empty): the case and its fields.
    func expectError(_ bytes: [UInt8], _ expected: SearchPackError, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        expectError(bytes, { Self.pathless($0) == expected }, sourceLocation: sourceLocation)
    }

    func expectError(_ bytes: [UInt8], _ matches: (SearchPackError) -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let pack = try open(bytes)
            _ = try pack.verify()
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let error as SearchPackError {
            #expect(matches(error), "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("untyped \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func theGoodPackVerifies() throws {
        #expect(try open(good).verify() > 30)
    }

    @Test func missingFile() {
        #expect(throws: SearchPackError.fileNotFound(path: "/nonexistent/search.pack")) {
            try SearchPack(path: "/nonexistent/search.pack", budget: 0)
        }
    }

    @Test func wrongMagic() {
        var bytes = good
        bytes[0] = UInt8(ascii: "X")
        expectError(bytes) { if case .notAPack = $0 { true } else { false } }
        expectError(Array("SQLite format 3\0".utf8)) { if case .notAPack = $0 { true } else { false } }
        expectError([]) { if case .notAPack = $0 { true } else { false } }
    }

    @Test func unknownVersion() {
        var bytes = good
        bytes[PackLayout.Header.version] = 99
        expectError(bytes) { $0 == SearchPackError.unsupportedVersion(found: 99, supported: Int(SearchPackFormat.version)) }
    }

    @Test func truncatedFiles() {
        expectError(Array(good.prefix(SearchPackFormat.headerLength - 12)), .truncated(path: "", damage: .header))
        expectError(
            Array(good.prefix(SearchPackFormat.headerLength + 8)),
            .truncated(path: "", damage: .index(length: u32(good, at: PackLayout.Header.tablesLength), available: 8)))
        // The last shard now ends past the file: the index says so at open.
        let last = layout.entries.count - 1
        let (offset, length) = (u32(good, at: layout.entries[last] + Entry.offset), u32(good, at: layout.entries[last] + Entry.compressedLength))
        expectError(
            Array(good.dropLast(3)),
            .corruptIndex(path: "", damage: .shardOutOfFile(shard: last, offset: offset, length: length, fileSize: good.count - 3)))
    }

    @Test func aShardWithAWrongCRC() {
        var bytes = good
        bytes[bytes.count - 5] ^= 0x40
        let last = layout.entries.count - 1
        let (offset, length) = (u32(good, at: layout.entries[last] + Entry.offset), u32(good, at: layout.entries[last] + Entry.compressedLength))
        let expected = UInt32(u32(good, at: layout.entries[last] + Entry.crc))
        let found = CRC32.checksum(Array(bytes[offset..<(offset + length)]))
        expectError(bytes, .corruptShard(path: "", shard: last, damage: .crcMismatch(expected: expected, found: found)))
    }

    @Test func anIndexWithAWrongCRC() {
        var bytes = good
        bytes[firstEntry + Entry.separator] ^= 0x01  // a byte of the first shard's separator
        let expected = UInt32(u32(good, at: PackLayout.Header.tablesCRC))
        let found = CRC32.checksum(Array(bytes[layout.tables..<layout.tablesEnd]))
        expectError(bytes, .corruptIndex(path: "", damage: .crcMismatch(expected: expected, found: found)))
    }

    @Test func anUncompressedLengthThatDoesNotMatch() {
        let declared = u32(good, at: firstEntry + Entry.rawLength)
        expectError(
            patched(good, at: firstEntry + Entry.rawLength, UInt32(declared + 7)),
            .corruptShard(path: "", shard: 0, damage: .stream(.shorter(produced: declared, declared: declared + 7))))
        expectError(
            patched(good, at: firstEntry + Entry.rawLength, UInt32(declared - 7)),
            .corruptShard(path: "", shard: 0, damage: .stream(.longer(produced: declared, declared: declared - 7))))
    }

    @Test func aDeclaredSizeOverTheLimitIsRefusedBeforeAllocating() {
        expectError(
            patched(good, at: firstEntry + Entry.rawLength, UInt32.max),
            .corruptShard(path: "", shard: 0, damage: .stream(.tooLarge(bytes: Int(UInt32.max), limit: SearchPackFormat.maxShardBytes))))
    }

    @Test func aDamagedUnitTable() {
        let declared = u32(good, at: unitTable)
        let cases: [(Int, SearchPackError.StreamDamage)] = [
            (declared + 1, .shorter(produced: declared, declared: declared + 1)), (declared - 1, .longer(produced: declared, declared: declared - 1)),
            (Int(UInt32.max), .tooLarge(bytes: Int(UInt32.max), limit: SearchPackFormat.maxShardBytes)),
        ]
        for (value, expected) in cases {
            expectError(patched(good, at: unitTable, UInt32(value)), .corruptIndex(path: "", damage: .unitTable(expected)))
        }
        expectError(patched(good, at: unitTable + 4, UInt32.max), .corruptIndex(path: "", damage: .unitTableCutShort))
    }

    @Test func aDamagedDictionary() {
        let declared = u32(good, at: dictionaryTable)
        #expect(declared > 0 && declared <= SearchPackFormat.dictionaryBytes)
        let limit = SearchPackFormat.maxDictionaryBytes
        let cases: [(Int, SearchPackError.IndexDamage)] = [
            (declared + 1, .dictionary(.shorter(produced: declared, declared: declared + 1))),
            (declared - 1, .dictionary(.longer(produced: declared, declared: declared - 1))),
            (limit + 1, .dictionaryTooLarge(bytes: limit + 1, limit: limit)),
        ]
        for (value, expected) in cases {
            expectError(patched(good, at: dictionaryTable, UInt32(value)), .corruptIndex(path: "", damage: expected))
        }
        expectError(patched(good, at: dictionaryTable + 4, UInt32.max), .corruptIndex(path: "", damage: .dictionaryCutShort))
    }

    /// A shard whose zlib header names another dictionary (or none), its CRC
    /// made right so that only the dictionary check can catch it.
    @Test func aShardThatDoesNotNameThePacksDictionary() {
        let offset = u32(good, at: firstEntry + Entry.offset)
        let length = u32(good, at: firstEntry + Entry.compressedLength)
        func withShard(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = good
            var shard = Array(bytes[offset..<(offset + length)])
            change(&shard)
            bytes.replaceSubrange(offset..<(offset + length), with: shard)
            return patched(bytes, at: firstEntry + Entry.crc, CRC32.checksum(shard))
        }
        // The DICTID, big-endian: the good shard's names the pack's dictionary.
        func dictionaryID(_ shard: ArraySlice<UInt8>) -> UInt32 { shard.prefix(6).suffix(4).reduce(0) { $0 << 8 | UInt32($1) } }
        let named = dictionaryID(good[offset..<(offset + length)])
        var other = good[offset..<(offset + length)]
        other[offset + 3] ^= 0x55
        expectError(
            withShard { $0[3] ^= 0x55 },
            .corruptShard(path: "", shard: 0, damage: .stream(.otherDictionary(expected: named, found: dictionaryID(other)))))
        // FDICT cleared (the header check bits redone): a stream without a dictionary.
        expectError(withShard { shard in
            shard[1] &= ~0x20
            shard[1] = shard[1] & 0xE0 | UInt8(31 - (Int(shard[0]) << 8 | Int(shard[1] & 0xE0)) % 31) % 31
        }, .corruptShard(path: "", shard: 0, damage: .stream(.noDictionary)))
    }

    @Test func anIndexPointingOutsideTheFile() {
        let (offset, length) = (u32(good, at: firstEntry + Entry.offset), u32(good, at: firstEntry + Entry.compressedLength))
        expectError(
            patched(good, at: firstEntry + Entry.offset, UInt32(good.count - 2)),
            .corruptIndex(path: "", damage: .shardOutOfFile(shard: 0, offset: good.count - 2, length: length, fileSize: good.count)))
        expectError(
            patched(good, at: firstEntry + Entry.compressedLength, UInt32.max),
            .corruptIndex(path: "", damage: .shardOutOfFile(shard: 0, offset: offset, length: Int(UInt32.max), fileSize: good.count)))
    }

    /// Seeded random byte flips anywhere: open, search and verify either work
    /// or throw `SearchPackError`; nothing else may happen.
    @Test func randomByteFlipsNeverCrash() throws {
        var generator = SeededGenerator(seed: UInt64(0xF11F))
        var typed = 0
        for _ in 0..<400 {
            var bytes = good
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let state = generator.next()
                bytes[Int((state >> 33) % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: (state >> 13) | 1)
            }
            do {
                let pack = try open(bytes, budget: 4096)
                for query in ["m", "к", "f", "z"] { _ = try pack.search(query) }
                _ = try pack.verify()
            } catch is SearchPackError {
                typed += 1
            }
        }
        #expect(typed > 300, "most flips are detected (CRCs over the index and every shard)")
    }

    /// The shard decoder reads inflated bytes through raw pointers, a word at
    /// a time: seeded damage to every shard's inflated bytes (the CRC-32 made
    /// right, as a writer bug would) decodes or throws, never reads or
    /// writes out of bounds, and what decodes answers queries without a crash.
    @Test func damagedInflatedShardsDecodeOrThrow() throws {
        let pack = try open(good)
        var generator = SeededGenerator(seed: UInt64(0x5EED))
        func next() -> Int {
            let state = generator.next()
            return Int(state >> 33)
        }
        var failed = 0
        var decoded = 0
        for index in 0..<pack.shardCount {
            let entry = pack.shards[index]
            let compressed = try SearchPack.read(pack.descriptor, pack.path, offset: Int(entry.offset), count: Int(entry.compressedLength))
            let raw = try SearchPack.inflate(compressed, rawLength: Int(entry.rawLength), dictionary: pack.dictionary,
                                             dictionaryID: pack.dictionaryID)
            for round in 0..<300 {
                var bytes = raw
                switch round % 4 {
                case 0: for _ in 0...(next() % 3) { bytes[next() % bytes.count] ^= UInt8(truncatingIfNeeded: next() | 1) }
                case 1: bytes.removeLast(1 + next() % bytes.count)
                case 2: bytes[next() % bytes.count] = [0x00, 0x7F, 0x80, 0xFF][next() % 4]
                default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: next() % bytes.count)
                }
                do {
                    let shard = try bytes.withUnsafeBufferPointer { try SearchShard(raw: $0, priorities: pack.priorities, languages: pack.languages.count) }
                    decoded += 1
                    var top = TopMatches(limit: 5)
                    for query in ["m", "к", "z", String(decoding: shard.key(next() % shard.count), as: UTF8.self)] {
                        shard.collect(Array(query.utf8), shard: index, languageRank: [Int16](repeating: 0, count: 256), into: &top)
                    }
                    #expect(shard.keyStarts[shard.count] == UInt32(shard.keyBytes.count))
                } catch {
                    failed += 1
                }
            }
        }
        #expect(failed > 0 && decoded > 0, "both outcomes happen (\(failed) refused, \(decoded) decoded)")
    }
}
