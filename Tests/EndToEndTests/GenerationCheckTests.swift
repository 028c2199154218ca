import Foundation
import Testing
import UnitpackCore
import UnitpackSQLite

/// One generation, checked (issue 37, findings 6 and 7): `convert`,
/// `search` and `verify` on a directory whose database is another build's,
/// whose manifest contradicts its database, whose pack's name no longer
/// matches its bytes, or whose database has a damaged row that `search`
/// used to hide behind a fallback name.
@Suite struct GenerationCheckTests {
    let temporary: OwnedTemporaryDirectory
    let sources: String

    init() throws {
        temporary = try OwnedTemporaryDirectory()
        sources = temporary.path("sources")
        try Files.copyTree(Paths.fixture("valid"), to: sources)
    }

    static let rebuild = "run `unitpack build` to write a whole generation"
    static let differentBuilds = "the manifest and the database are from different builds; " + rebuild

    /// The fixture built into `<temporary>/NAME`.
    func build(_ name: String) throws -> String {
        let output = temporary.path(name)
        let result = try CLI.run(["build", "--source", sources, "--output", output])
        try #require(result.status == 0, "\(result)")
        return output
    }

    /// `directory`'s manifest rewritten by `edit`.
    func editManifest(_ directory: String, _ edit: (inout GenerationManifest) -> Void) throws {
        var manifest = try Generation.manifest(in: directory)
        edit(&manifest)
        try Files.write(manifest.render(), to: directory + "/manifest.tsv")
    }

    @Test func anotherBuildsDatabaseUnderTheCurrentNameIsRefused() throws {
        let current = try build("current")
        // A comment: other sources, the same rows, a database of the same size.
        try Files.write(
            Array("# another build\n".utf8) + (try Files.bytes(sources + "/units-src/length.tsv")),
            to: sources + "/units-src/length.tsv")
        let other = try build("other")
        let database = try Dist.database(current)
        let foreign = try Files.bytes(try Dist.database(other))
        try #require(foreign.count == (try Files.bytes(database)).count)
        try Files.write(foreign, to: database)

        let stated = try Generation.manifest(in: current).sourceSHA256
        let found = try Generation.manifest(in: other).sourceSHA256
        let message = "\(current)/manifest.tsv:4: source-sha256: the manifest says \(stated), but \(database) holds \(found): "
            + Self.differentBuilds + "\n"
        for arguments in [["convert", "--data", current, "1", "km", "m"], ["search", "--data", current, "fo"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 1, "\(arguments[0]): \(result)")
            #expect(result.stdout == "", "\(arguments[0])")
            #expect(result.stderr == "error: " + message, "\(arguments[0])")
        }
        // Its bytes are not the manifest's either: verify says so first.
        let verify = try CLI.run(["verify", "--data", current])
        #expect(verify.status == 1)
        #expect(verify.stderr.hasPrefix("\(current)/manifest.tsv:6:"), "\(verify)")
        #expect(verify.stderr.contains(": error: units.sqlite: \(database) has SHA-256 "), "\(verify)")
    }

    @Test func verifyReportsEveryManifestLineTheDatabaseContradicts() throws {
        let dist = try build("dist")
        let database = try Dist.database(dist)
        let good = try Generation.manifest(in: dist)
        try editManifest(dist) {
            $0.sourceSHA256 = String(repeating: "0", count: 64)
            $0.languages = ["en"]
            $0.categories = ["speed"]
        }
        let result = try CLI.run(["verify", "--data", dist])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let manifest = "\(dist)/manifest.tsv"
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                "\(manifest):4:15: error: source-sha256: the manifest says \(String(repeating: "0", count: 64)), "
                    + "but \(database) holds \(good.sourceSHA256): " + Self.differentBuilds,
                "\(manifest):5:11: error: languages: the manifest says en, but \(database) holds en ru: " + Self.differentBuilds,
                "\(manifest):6:12: error: categories: the manifest says speed, but \(database) holds length time speed: "
                    + Self.differentBuilds,
            ], "\(result)")
        // convert and search refuse it too, at the first line contradicted.
        let convert = try CLI.run(["convert", "--data", dist, "1", "km", "m"])
        #expect(convert.status == 1)
        #expect(convert.stderr.hasPrefix("error: \(manifest):4: source-sha256: the manifest says "), "\(convert)")
        // The languages alone (the hash put back): a manifest of a slice
        // over a whole build's database.
        try editManifest(dist) {
            $0.sourceSHA256 = good.sourceSHA256
            $0.categories = nil
        }
        let search = try CLI.run(["search", "--data", dist, "fo"])
        #expect(search.status == 1)
        #expect(
            search.stderr == "error: \(manifest):5: languages: the manifest says en, but \(database) holds en ru: "
                + Self.differentBuilds + "\n", "\(search)")
    }

    @Test func verifyChecksEachNameAgainstItsContent() throws {
        let dist = try build("dist")
        let pack = try Dist.pack(dist)
        // A megabyte appended and the manifest line's size and hash made to
        // match: the pack still opens, and only its name tells.
        var bytes = try Files.bytes(pack)
        bytes += (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Files.write(bytes, to: pack)
        let digest = try Dist.systemDigest(of: bytes, in: temporary.path)
        try editManifest(dist) {
            $0.artifacts = $0.artifacts.map { artifact in
                guard artifact.name == "search.pack" else { return artifact }
                return .init(name: artifact.name, file: artifact.file, size: bytes.count, sha256: digest)
            }
        }
        let file = (pack as NSString).lastPathComponent
        let result = try CLI.run(["verify", "--data", dist])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "\(dist)/manifest.tsv:7:\(10 + "search.pack".count + 1): error: search.pack: \(pack) has SHA-256 "
                + "\(digest), which its name does not start: it changed after the build; \(Self.rebuild)\n", "\(result)")
        #expect(!file.contains(digest.prefix(16)))
    }

    /// `search` showed the unit's name from `units-src/` (`foot`) where a
    /// damaged row hid the word in the asked language (`feet`), exit 0;
    /// `convert` reports the damage. Now both do.
    /// The words of foot are in one compressed row (`unit_words`, with its
    /// neighbours'): a bit of its stream is flipped, found by the stream's bytes.
    @Test(arguments: [("languages", "enEnglish", "enEnglisx"), ("unit_words", "", "")])
    func searchReportsDamageAsConvertDoes(table: String, row: String, damaged: String) throws {
        let dist = try build("dist")
        var bytes = try Files.bytes(try Dist.database(dist))
        var needle = Array(row.utf8)
        var replacement = Array(damaged.utf8)
        if table == "unit_words" {
            let connection = try Connection(path: try Dist.database(dist), mode: .readOnlyImmutable)
            let query = try connection.prepare(
                "SELECT words FROM unit_words WHERE first <= (SELECT id FROM units WHERE name = 'foot') ORDER BY first DESC LIMIT 1")
            try #require(try query.step(), "no words of foot")
            needle = query.blob(at: 0)
            replacement = needle
            replacement[needle.count / 2] ^= 0x01
        }
        let at = try #require(
            (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) },
            "no \(table) row \(row) in the database")
        bytes.replaceSubrange(at..<(at + needle.count), with: replacement)
        let directory = temporary.path("damaged")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = try Dist.writeGeneration(database: bytes, into: directory, packFrom: dist)
        let message = "error: \(file) is damaged (a row of '\(table)' does not match its checksum); "
            + "re-generate it with `unitpack build`\n"
        let search = try CLI.run(["search", "--data", directory, "fee"])
        #expect(search.status == 1, "\(search)")
        #expect(search.stdout == "", "\(search)")
        #expect(search.stderr == message, "\(search)")
        let convert = try CLI.run(["convert", "--data", directory, "2", "ft", "m"])
        #expect(convert.status == 1, "\(convert)")
        #expect(convert.stderr == message, "\(convert)")
    }
}
