import Foundation
import Testing
import UnitpackCompiler
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Issue 21: a search's input is bounded and its work linear. A query over
/// `SearchPack.maxQueryBytes` is refused with an error that gives the limit
/// (never cut: a cut query would answer another question); below it, the
/// work (bytes read and compared, postings ranked) grows with the query no
/// faster than linearly. Counted, not timed: a busy machine cannot disturb it.
@Suite struct SearchBoundsTests {
    /// The repository's pack (many shards, so that the shard index's binary
    /// search runs too).
    static let pack: SearchPack = {
        let directory = NSTemporaryDirectory() + "unitpack-search-bounds-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = try! SearchPackWriter.write(try! SearchPackTests.encoded.get(), to: directory + "/search.pack")
        return try! SearchPack(path: directory + "/search.pack", budget: 1 << 20)
    }()

    func work(_ query: String, languages: [String]? = nil) throws -> Int {
        var work = 0
        _ = try Self.pack.search(query, languages: languages, limit: 20, work: &work)
        return work
    }

    @Test func aQueryOverTheLimitIsRefusedSayingTheLimit() throws {
        #expect(SearchPack.maxQueryBytes == UnitDatabase.maxPhraseBytes)
        #expect(Self.pack.shardCount > 1)
        let over = String(repeating: "m", count: SearchPack.maxQueryBytes + 1)
        do {
            _ = try Self.pack.search(over)
            Issue.record("a query over the limit was searched")
        } catch {
            #expect(error == .queryTooLong(bytes: SearchPack.maxQueryBytes + 1, limit: SearchPack.maxQueryBytes))
            #expect(error.description.contains("over the limit of \(SearchPack.maxQueryBytes) bytes"), "\(error)")
        }
        // Counted in bytes of UTF-8, not characters: 2,049 Cyrillic letters are over.
        let cyrillic = String(repeating: "м", count: SearchPack.maxQueryBytes / 2 + 1)
        #expect(throws: SearchPackError.queryTooLong(bytes: cyrillic.utf8.count, limit: SearchPack.maxQueryBytes)) {
            try Self.pack.search(cyrillic)
        }
        // Refused before any work; at the limit it is searched, and a query
        // padded with blanks up to the limit finds what the short one finds.
        #expect(throws: SearchPackError.self) { try work(over) }
        let padded = "metre" + String(repeating: " ", count: SearchPack.maxQueryBytes - 5)
        #expect(padded.utf8.count == SearchPack.maxQueryBytes)
        let found = try Self.pack.search(padded).map(\.unit)
        #expect(!found.isEmpty)
        #expect(found == (try Self.pack.search("metre").map(\.unit)))
    }

    @Test func repeatedCharactersSearchInLinearWork() throws {
        // N, 2N and 4N repetitions, all under the limit: the issue's bound is
        // that doubling the input at most doubles the work.
        for unit in ["m", "к", " ", "^", "1", "°", "km ", "м^", "Å"] {
            let counts = try [250, 500, 1000].map { count in
                try work(String(repeating: unit, count: count), languages: ["en", "ru"])
            }
            #expect(String(repeating: unit, count: 1000).utf8.count <= SearchPack.maxQueryBytes)
            #expect(counts[0] > 0, "\(unit.debugDescription): the work is counted: \(counts)")
            #expect(Double(counts[1]) <= 2.05 * Double(counts[0]), "\(unit.debugDescription) x250, x500: \(counts)")
            #expect(Double(counts[2]) <= 2.05 * Double(counts[1]), "\(unit.debugDescription) x500, x1000: \(counts)")
        }
    }

    @Test func theWorkCountsComparedBytesAndRankedPostings() throws {
        // A short prefix of many keys ranks many postings; a query that no
        // key starts with ranks none, yet compares bytes in its binary searches.
        let wide = try work("m")
        let miss = try work("zzzzzzzzzzzzzzzzqq")
        #expect(wide > 100, "\(wide)")
        #expect(miss > 2 * 18, "\(miss)")
    }
}
