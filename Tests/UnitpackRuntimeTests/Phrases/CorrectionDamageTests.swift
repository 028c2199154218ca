import Foundation
import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime

/// Issue 37: the correcting parse read the search pack with `try?`, so a
/// damaged pack left a typo uncorrected and a cut ending unchecked, the
/// answer changed with no error. Now its damage is the parse's error.
@Suite struct CorrectionDamageTests {
    /// The repository's pack with one byte of every shard flipped: it opens
    /// (the index is whole), and any query that reads a shard fails its CRC.
    static func damagedPack(in directory: String) throws -> SearchPack {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".pack") })
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        let layout = PackLayout(bytes)
        #expect(!layout.entries.isEmpty)
        for entry in layout.entries { bytes[PackLayout.u32(bytes, at: entry + PackLayout.Entry.offset)] ^= 0x40 }
        let path = NSTemporaryDirectory() + "damaged-\(UUID().uuidString).pack"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try SearchPack(path: path, budget: 1 << 20)
    }

    @Test(arguments: ["5 kilomters in miles", "3 inchs in cm", "5 flurbs in miles"])
    func aDamagedPackIsTheParsesError(_ phrase: String) throws {
        let database = try RepositoryBuild.database()
        let good = try SearchPack(directory: try RepositoryBuild.directory(), budget: 1 << 20)
        // The good pack answers (a correction, a checked cut, a "did you mean").
        _ = try database.parse(phrase, languages: ["en"], correctingWith: good)
        let damaged = try Self.damagedPack(in: try RepositoryBuild.directory())
        do {
            let result = try database.parse(phrase, languages: ["en"], correctingWith: damaged)
            Issue.record("'\(phrase)' with a damaged pack answered \(result)")
        } catch .search(let error) {
            guard case .corruptShard = error else {
                Issue.record("'\(phrase)': \(error)")
                return
            }
            #expect(CorrectedParseError.search(error).code.hasPrefix("search.corruptShard"))
        } catch {
            Issue.record("'\(phrase)': \(error)")
        }
    }

    /// A phrase read as typed with no guess never asks the pack: it answers
    /// whatever the pack's state.
    @Test func aPhraseReadAsTypedNeedsNoPack() throws {
        let database = try RepositoryBuild.database()
        let damaged = try Self.damagedPack(in: try RepositoryBuild.directory())
        let result = try database.parse("5 km in miles", languages: ["en"], correctingWith: damaged)
        #expect(result.result.readings.first?.from.key == "length/kilometer")
    }
}
