import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `UnitDatabase.dataVersion`: what a front end compares before swapping a
/// downloaded database in (issue 22 §4), read from `meta` at open.
@Suite struct DataVersionTests {
    @Test func theVersionIsTheManifestsAndMetas() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        let summary = try #require(outcome.summary)
        let database = try UnitDatabase(directory: fixture.path("dist"))
        let manifest = try Generation.manifest(in: fixture.path("dist"))
        #expect(database.dataVersion.formatVersion == UnitDatabase.readableFormatVersion)
        #expect(database.dataVersion.formatVersion == manifest.databaseFormat)
        #expect(database.dataVersion.sourceHash == summary.sourceHash)
        #expect(database.dataVersion.sourceHash == manifest.sourceSHA256)
        #expect(database.dataVersion.generator == DatabaseWriter.generator)
        #expect(database.dataVersion.description == "format \(DatabaseFormat.version), sources \(summary.sourceHash.prefix(12))")

        // Other sources (a comment added), another hash.
        let categories = fixture.path("units-src/categories.tsv")
        let text = try String(contentsOfFile: categories, encoding: .utf8)
        try Data((text + "# a comment: the sources changed, the data did not\n").utf8).write(to: URL(fileURLWithPath: categories))
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("changed"))
        let changed = try UnitDatabase(directory: fixture.path("changed"))
        #expect(changed.dataVersion.sourceHash != database.dataVersion.sourceHash)
        #expect(changed.dataVersion.formatVersion == database.dataVersion.formatVersion)
    }

    /// A database written for a newer reader is refused at open, saying so.
    @Test func aNewerFormatIsRefused() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("dist")))))
        let newer = UInt32(DatabaseFormat.version) + 1
        bytes.replaceSubrange(60..<64, with: withUnsafeBytes(of: newer.bigEndian, Array.init))
        let path = fixture.path("newer.sqlite")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = UnitDatabaseError.unsupportedFormatVersion(found: Int(newer), supported: UnitDatabase.readableFormatVersion)
        #expect(throws: error) { try UnitDatabase(path: path) }
        #expect(error.description.contains("newer than this reader's"))
    }
}
