import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// A damaged or foreign file gives a typed error: never a crash.
@Suite struct CorruptDatabaseTests {
    /// A freshly built database's bytes and a scratch directory.
    func built() throws -> (SourceFixture, [UInt8]) {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        return (fixture, [UInt8](try Data(contentsOf: URL(fileURLWithPath: try GenerationFiles.database(in: fixture.path("dist"))))))
    }

    func open(_ bytes: [UInt8], in fixture: SourceFixture) throws -> UnitDatabase {
        let path = fixture.path("damaged.sqlite")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try UnitDatabase(path: path)
    }

    @Test func missingFile() {
        #expect(throws: UnitDatabaseError.fileNotFound(path: "/nonexistent/units.sqlite")) {
            try UnitDatabase(path: "/nonexistent/units.sqlite")
        }
        #expect(throws: UnitDatabaseError.generation(.noManifest(directory: "/nonexistent"))) {
            try UnitDatabase(directory: "/nonexistent")
        }
    }

    @Test func aDirectoryWhereTheFileShouldBe() throws {
        let (fixture, _) = try built()
        defer { fixture.remove() }
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: UnitDatabaseError.notAFile(path: path)) { try UnitDatabase(path: path) }
        let manifest = fixture.path("dist/manifest.tsv")
        #expect(
            throws: UnitDatabaseError.generation(
                .artifactNotAFile(manifest: manifest, line: 6, artifact: "units.sqlite", file: path, kind: "a directory"))
        ) {
            try UnitDatabase(directory: fixture.path("dist"))
        }
    }

    @Test func notSQLiteAtAll() throws {
        let (fixture, _) = try built()
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.notAUnitDatabase(path: fixture.path("damaged.sqlite"))) {
            try open(Array("this is not a database, just text that is long enough to fill a header".utf8), in: fixture)
        }
        #expect(throws: UnitDatabaseError.self) { try open([], in: fixture).unit(named: "m") }
    }

    @Test func anotherApplicationsDatabase() throws {
        let (fixture, bytes) = try built()
        defer { fixture.remove() }
        var other = bytes
        other.replaceSubrange(68..<72, with: [0, 0, 0, 0])
        #expect(throws: UnitDatabaseError.notAUnitDatabase(path: fixture.path("damaged.sqlite"))) {
            try open(other, in: fixture)
        }
    }

    @Test func anUnsupportedFormatVersion() throws {
        let (fixture, bytes) = try built()
        defer { fixture.remove() }
        var newer = bytes
        newer.replaceSubrange(60..<64, with: [0, 0, 0, 99])
        #expect(throws: UnitDatabaseError.unsupportedFormatVersion(found: 99, supported: Int(DatabaseFormat.version))) {
            try open(newer, in: fixture)
        }
    }

    @Test(arguments: [100, 1024, 4096, 8192])
    func truncatedFilesFailCleanly(length: Int) throws {
        let (fixture, bytes) = try built()
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.self) {
            let database = try open(Array(bytes.prefix(length)), in: fixture)
            for name in ["m", "knot", "km/h", "min/km"] { _ = try database.unit(named: name) }
        }
    }

    /// Random bit flips anywhere: each read either succeeds or throws a
    /// `UnitDatabaseError`; the process must survive every one.
    @Test func randomBitFlipsNeverCrash() throws {
        let (fixture, bytes) = try built()
        defer { fixture.remove() }
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        var failures = 0
        for _ in 0..<300 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let offset = Int.random(in: 0..<damaged.count, using: &rng)
                damaged[offset] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
            }
            do {
                let database = try open(damaged, in: fixture)
                for name in ["m", "knot", "kilometer per hour", "min/km", "ft"] {
                    let unit = try database.unit(named: name)
                    _ = try? database.convert(2, from: unit, to: unit)
                }
            } catch is UnitDatabaseError {
                failures += 1
            } catch {
                Issue.record("seed \(seed): untyped error \(error)")
            }
        }
        // How many are detected is chance (issue 37: no test that depends on
        // it); that damage is detected at all is shown without it, by the
        // header's first byte.
        print("seed \(seed): \(failures) of 300 damaged copies refused")
        var header = bytes
        header[0] ^= 0xFF
        #expect(throws: UnitDatabaseError.self, "a damaged header opened") { _ = try open(header, in: fixture) }
    }
}
