import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackRuntime

/// A directory's database must be the one its manifest describes (issue 37,
/// finding 6): another build's copied under the current name, of the very
/// same size, passed the cheap checks at open and answered from other data.
/// Now its source hash, languages and categories are compared with the
/// manifest's at open.
@Suite struct GenerationMismatchTests {
    let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "unitpack-generation-mismatch-")
    }

    /// Builds `sources` (with `changes`) into `<temporary>/NAME`.
    func build(_ name: String, _ changes: [String: String] = [:], slice: DataSlice = DataSlice()) throws -> String {
        let tree = try SourceFixture(SourceFixture.validFilesWithLocales.merging(changes) { _, new in new })
        let output = temporary.path + "/" + name
        let outcome = try BuildPipeline.build(source: tree.root, output: output, slice: slice)
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        return output
    }

    /// The manifest of `directory` rewritten by `edit` (sizes and hashes
    /// kept: the files still pass the cheap checks).
    func editManifest(_ directory: String, _ edit: (inout GenerationManifest) -> Void) throws {
        var manifest = try Generation.manifest(in: directory)
        edit(&manifest)
        try Data(manifest.render()).write(to: URL(fileURLWithPath: directory + "/manifest.tsv"))
    }

    @Test func anotherBuildsDatabaseOfTheSameSizeIsRefused() throws {
        let current = try build("current")
        // A comment changes the sources' hash and nothing else: the same
        // rows, the same page count, the same size.
        let other = try build(
            "other", ["units-src/length.tsv": "# another build\n" + SourceFixture.validFiles["units-src/length.tsv"]!])
        let database = try GenerationFiles.database(in: current)
        let foreign = try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: other)))
        try #require(foreign.count == (try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int))
        try foreign.write(to: URL(fileURLWithPath: database))

        let stated = try Generation.manifest(in: current).sourceSHA256
        let found = try Generation.manifest(in: other).sourceSHA256
        let mismatch = GenerationError.databaseMismatch(
            manifest: current + "/manifest.tsv", line: 4, key: "source-sha256", file: database, stated: stated, found: found)
        #expect(throws: UnitDatabaseError.generation(mismatch)) { try UnitDatabase(directory: current) }
        #expect(throws: UnitLibraryError.generation(mismatch)) { try UnitLibrary(directory: current, budget: 1 << 20) }
        #expect(UnitLibraryError.generation(mismatch).code == "generation.databaseMismatch")
        #expect(
            mismatch.description
                == "\(current)/manifest.tsv:4: source-sha256: the manifest says \(stated), but \(database) holds \(found): "
                + "the manifest and the database are from different builds; run `unitpack build` to write a whole generation")
        // The file itself is whole: opened directly (tools, tests), it reads.
        _ = try UnitDatabase(path: database)
    }

    @Test func aManifestWhoseLanguagesContradictTheDatabaseIsRefused() throws {
        let current = try build("languages")
        let database = try GenerationFiles.database(in: current)
        try editManifest(current) { $0.languages = ["en"] }
        let mismatch = GenerationError.databaseMismatch(
            manifest: current + "/manifest.tsv", line: 5, key: "languages", file: database, stated: "en", found: "en ru")
        #expect(throws: UnitDatabaseError.generation(mismatch)) { try UnitDatabase(directory: current) }
        #expect(throws: UnitLibraryError.generation(mismatch)) { try UnitLibrary(directory: current, budget: 1 << 20) }
        // Another order of the same languages is the same generation.
        try editManifest(current) { $0.languages = ["ru", "en"] }
        _ = try UnitLibrary(directory: current, budget: 1 << 20)
    }

    @Test func aSliceOpensAndItsCategoriesAreCompared() throws {
        // A slice keeps the whole sources' hash: only its languages and
        // categories tell it from the whole build, so a slice must open.
        let slice = try build("slice", slice: DataSlice(languages: ["en"], categories: ["speed"]))
        let library = try UnitLibrary(directory: slice, budget: 1 << 20)
        #expect(try library.database.unit(named: "knot").key == "speed/knot")

        let database = try GenerationFiles.database(in: slice)
        try editManifest(slice) { $0.categories = ["length"] }
        let mismatch = GenerationError.databaseMismatch(
            manifest: slice + "/manifest.tsv", line: 6, key: "categories", file: database, stated: "length", found: "speed")
        #expect(throws: UnitLibraryError.generation(mismatch)) { try UnitLibrary(directory: slice, budget: 1 << 20) }

        // Every line contradicted, each found, in line order (what verify reports).
        try editManifest(slice) {
            $0.sourceSHA256 = String(repeating: "0", count: 64)
            $0.languages = ["en", "ru"]
        }
        let generation = try Generation.read(directory: slice)
        let found = try UnitDatabase(path: database).mismatches(with: generation)
        #expect(found.map { $0.manifestLine?.line } == [4, 5, 6])
        #expect(found.map { generation.manifest.column(of: $0) } == [15, 11, 12])
    }
}
