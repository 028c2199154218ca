import Foundation
import Testing
import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

@testable import UnitpackCompiler

/// Determinism and atomicity: what `unitpack build` promises about dist/.
@Suite struct BuildGuaranteeTests {
    func build(_ fixture: SourceFixture, into output: String) throws -> BuildPipeline.Outcome {
        try BuildPipeline.build(source: fixture.root, output: output)
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        _ = try build(fixture, into: fixture.path("a"))
        _ = try build(fixture, into: fixture.path("b"))
        let a = try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("a"))))
        let b = try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("b"))))
        #expect(!a.isEmpty)
        #expect(a == b)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: fixture.path("a/manifest.tsv")))
                == Data(contentsOf: URL(fileURLWithPath: fixture.path("b/manifest.tsv"))))
    }

    @Test func theSameSourcesElsewhereGiveTheSameBytesAndHash() throws {
        let one = try SourceFixture(SourceFixture.validFiles)
        let two = try SourceFixture(SourceFixture.validFiles)
        defer {
            one.remove()
            two.remove()
        }
        let first = try build(one, into: one.path("dist"))
        let second = try build(two, into: two.path("dist"))
        #expect(first.summary?.sourceHash == second.summary?.sourceHash)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: one.path("dist/manifest.tsv")))
                == Data(contentsOf: URL(fileURLWithPath: two.path("dist/manifest.tsv"))))
    }

    @Test func aChangedSourceChangesTheHash() throws {
        let one = try SourceFixture(SourceFixture.validFiles)
        let two = try SourceFixture(
            SourceFixture.valid(replacing: ["units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t3\timp\n"]))
        defer {
            one.remove()
            two.remove()
        }
        #expect(try build(one, into: one.path("d")).summary?.sourceHash != build(two, into: two.path("d")).summary?.sourceHash)
    }

    @Test func aFailedBuildLeavesThePreviousDatabaseUntouched() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let output = fixture.path("dist")
        _ = try build(fixture, into: output)
        let listing = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        let manifestBefore = try Data(contentsOf: URL(fileURLWithPath: output + "/manifest.tsv"))
        let before = try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: output)))
        let packBefore = try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.pack(in: output)))
        try "meter\tm\t1\t5\tsi\nkilometer\tkm\t0\t4\tsi\nfoot\tft\t0.3048\t4\timp\n".write(
            toFile: fixture.path("units-src/length.tsv"), atomically: true, encoding: .utf8)
        let outcome = try build(fixture, into: output)
        #expect(outcome.summary == nil)
        #expect(outcome.diagnostics.hasErrors)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/manifest.tsv")) == manifestBefore)
        #expect(try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: output))) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.pack(in: output))) == packBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == listing)
        #expect(listing.count == 3)
    }

    @Test func aFailedWriteRemovesItsTemporaryFile() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let outcome = try build(fixture, into: fixture.path("dist"))
        #expect(outcome.summary != nil)
        // A directory where the database should go (its content-addressed
        // name, the same in every build of these sources) makes its rename fail.
        let name = try Generation.manifest(in: fixture.path("dist")).artifact(DatabaseFormat.fileName)!.file
        let blocked = fixture.path("blocked")
        try FileManager.default.createDirectory(atPath: blocked + "/" + name + "/x", withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try build(fixture, into: blocked) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: blocked) == [name])
    }

    @Test func metaAndFormatVersionAreWritten() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let outcome = try build(fixture, into: fixture.path("dist"))
        let summary = try #require(outcome.summary)
        #expect(summary.units == 7 && summary.categories == 2)
        // user_version: 4 bytes big-endian at offset 60; application_id at 68.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("dist")))))
        func int32(at offset: Int) -> Int32 {
            Int32(bitPattern: bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) })
        }
        #expect(int32(at: 60) == DatabaseFormat.version)
        #expect(int32(at: 68) == DatabaseFormat.applicationID)
        #expect(summary.sourceHash.count == 64)
    }
}
