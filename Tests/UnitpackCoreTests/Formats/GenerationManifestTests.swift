import Foundation
import Testing
import UnitpackCore
import UnitpackDigest

/// `manifest.tsv` as docs/manifest.md gives it: what it renders, what the
/// parser accepts, and the located error for each rule broken.
@Suite struct GenerationManifestTests {
    static let digestA = String(repeating: "0123456789abcdef", count: 4)
    static let digestB = String(repeating: "fedcba9876543210", count: 4)

    static let manifest = GenerationManifest(
        databaseFormat: 4, packFormat: 3, sourceSHA256: digestA, languages: ["en", "ru"],
        artifacts: [
            .init(name: "units.sqlite", file: "units-0123456789abcdef.sqlite", size: 21504, sha256: digestA),
            .init(name: "search.pack", file: "search-fedcba9876543210.pack", size: 456, sha256: digestB),
        ])

    static let text = """
        unitpack-manifest\t1
        database-format\t4
        pack-format\t3
        source-sha256\t\(digestA)
        languages\ten\tru
        artifact\tunits.sqlite\tunits-0123456789abcdef.sqlite\t21504\t\(digestA)
        artifact\tsearch.pack\tsearch-fedcba9876543210.pack\t456\t\(digestB)

        """

    @Test func rendersTheDocumentedLines() {
        #expect(String(decoding: Self.manifest.render(), as: UTF8.self) == Self.text)
    }

    @Test func parsesWhatItRendersWithEachArtifactsLine() throws {
        let parsed = try GenerationManifest.parse(Array(Self.text.utf8), path: "m")
        #expect(parsed == Self.manifest)
        #expect(parsed.artifacts.map(\.line) == [6, 7])
        #expect(parsed.artifact("search.pack")?.size == 456)
        #expect(parsed.artifact("other") == nil)
    }

    /// A slice by category (`build --categories`) says so on its own line,
    /// after `languages`; a build of every category has none.
    @Test func aSlicesCategoriesLine() throws {
        var sliced = Self.manifest
        sliced.categories = ["volume", "mass", "temperature-difference"]
        let text = Self.text.replacingOccurrences(
            of: "languages\ten\tru\n", with: "languages\ten\tru\ncategories\tvolume\tmass\ttemperature-difference\n")
        #expect(String(decoding: sliced.render(), as: UTF8.self) == text)
        let parsed = try GenerationManifest.parse(Array(text.utf8), path: "m")
        #expect(parsed == sliced)
        #expect(parsed.categories == ["volume", "mass", "temperature-difference"])
        #expect(try GenerationManifest.parse(Array(Self.text.utf8), path: "m").categories == nil)
    }

    @Test func noLanguagesIsAnEmptyList() throws {
        var manifest = Self.manifest
        manifest.languages = []
        let rendered = manifest.render()
        #expect(String(decoding: rendered, as: UTF8.self).contains("\nlanguages\n"))
        #expect(try GenerationManifest.parse(rendered, path: "m") == manifest)
    }

    @Test func theContentAddressedNameKeepsTheExtension() {
        #expect(GenerationManifest.contentAddressedName("units.sqlite", sha256: Self.digestB) == "units-fedcba9876543210.sqlite")
        #expect(GenerationManifest.contentAddressedName("ids", sha256: Self.digestB) == "ids-fedcba9876543210")
    }

    /// (edit to the good text, the line reported, words of the detail)
    static let broken: [(String, String, Int, String)] = [
        ("unitpack-manifest\t1\n", "", 1, "the file is empty"),
        ("\(digestB)\n", "\(digestB)", 7, "does not end with a line feed"),
        ("unitpack-manifest\t1\n", "unitpack-manifest\n", 1, "this is not a unitpack manifest"),
        ("unitpack-manifest\t1\n", "{\"json\": true}\n", 1, "this is not a unitpack manifest"),
        ("database-format\t4\n", "", 6, "no database-format line"),
        ("pack-format\t3\n", "pack-format\t3\npack-format\t3\n", 4, "a second 'pack-format' line"),
        ("pack-format\t3\n", "pack-format\t03\n", 3, "'03' is not a whole number"),
        ("pack-format\t3\n", "pack-format\t-3\n", 3, "'-3' is not a whole number"),
        ("pack-format\t3\n", "pack-format\t3\t4\n", 3, "'pack-format' takes one value, got 2"),
        ("source-sha256\t\(digestA)\n", "source-sha256\tABC\n", 4, "source-sha256 must be 64 lower-case"),
        ("languages\ten\tru\n", "languages\ten\ten\n", 5, "a language is listed twice"),
        ("languages\ten\tru\n", "languages\ten\tr u\n", 5, "'r u' is not a language code"),
        ("languages\ten\tru\n", "", 6, "no languages line"),
        ("\t456\t", "\t4 56\t", 7, "'4 56' is not a whole number"),
        ("\t456\t", "\t456\t\t", 7, "an artifact line has 4 values"),
        ("search-fedcba9876543210.pack", "../search.pack", 7, "'../search.pack' is not a file name in this directory"),
        ("search-fedcba9876543210.pack", "sub/search.pack", 7, "is not a file name in this directory"),
        ("search-fedcba9876543210.pack", ".hidden", 7, "is not a file name in this directory"),
        ("search-fedcba9876543210.pack", "units-0123456789abcdef.sqlite", 7, "is named by two artifacts"),
        ("artifact\tsearch.pack", "artifact\tunits.sqlite", 7, "a second line for units.sqlite"),
        ("456\t\(digestB)", "456\t\(digestB.uppercased())", 7, "the sha256 must be 64 lower-case"),
        ("pack-format\t3\n", "pack-format\t3\r\n", 3, "control character"),
        ("pack-format\t3\n", "pack-format\t3\nsize\t9\n", 4, "unknown key 'size'"),
        ("languages\ten\tru\n", "languages\ten\tru\ncategories\n", 6, "names at least one category"),
        ("languages\ten\tru\n", "languages\ten\tru\ncategories\tmass\tmass\n", 6, "a category is listed twice"),
        ("languages\ten\tru\n", "languages\ten\tru\ncategories\tMass\n", 6, "'Mass' is not a category key"),
        ("languages\ten\tru\n", "languages\ten\tru\ncategories\tmass\ncategories\tvolume\n", 7, "a second 'categories' line"),
    ]

    @Test(arguments: broken.indices)
    func eachBrokenRuleIsALocatedError(_ index: Int) throws {
        let (from, to, line, detail) = Self.broken[index]
        let text = from == "unitpack-manifest\t1\n" && to == "" ? "" : Self.text.replacingOccurrences(of: from, with: to)
        #expect(text != Self.text || text.isEmpty)
        do {
            _ = try GenerationManifest.parse(Array(text.utf8), path: "dist/manifest.tsv")
            Issue.record("accepted: \(text.debugDescription)")
        } catch {
            guard case .malformedManifest(let path, let found, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "dist/manifest.tsv")
            #expect(found == line, "\(message)")
            #expect(message.contains(detail), "\(message)")
            #expect(error.description.hasPrefix("dist/manifest.tsv:\(line): the manifest is malformed: "))
            #expect(error.description.hasSuffix("; run `unitpack build` to write a whole generation"))
        }
    }

    @Test func anotherVersionIsRefusedByName() {
        let text = Self.text.replacingOccurrences(of: "unitpack-manifest\t1\n", with: "unitpack-manifest\t2\n")
        #expect(throws: GenerationError.unsupportedManifestVersion(path: "m", found: "2", supported: 1)) {
            try GenerationManifest.parse(Array(text.utf8), path: "m")
        }
    }

    @Test func invalidUTF8AndOversizeAreRefused() {
        var bytes = Array(Self.text.utf8)
        bytes.insert(0xFF, at: bytes.count - 2)
        #expect(throws: GenerationError.malformedManifest(path: "m", line: 7, detail: "the line is not UTF-8")) {
            try GenerationManifest.parse(bytes, path: "m")
        }
        let huge = Array(Self.text.utf8) + Array(repeating: UInt8(ascii: "\n"), count: GenerationManifest.maxBytes)
        #expect(throws: GenerationError.manifestTooLarge(path: "m", limit: GenerationManifest.maxBytes)) {
            try GenerationManifest.parse(huge, path: "m")
        }
    }

    // MARK: Reading a directory

    func directory(_ files: [String: [UInt8]]) throws -> String {
        let path = NSTemporaryDirectory() + "unitpack-manifest-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name)) }
        return path
    }

    /// A directory holding a generation of two small files, as a build writes it.
    func generation() throws -> (directory: String, manifest: GenerationManifest) {
        let database = Array("a database".utf8)
        let pack = Array("a pack".utf8)
        let artifacts = [("units.sqlite", database), ("search.pack", pack)].map { name, bytes in
            let digest = SHA256.hexDigest(bytes)
            return GenerationManifest.Artifact(
                name: name, file: GenerationManifest.contentAddressedName(name, sha256: digest), size: bytes.count,
                sha256: digest)
        }
        let manifest = GenerationManifest(
            databaseFormat: Int(DatabaseFormat.version), packFormat: Int(SearchPackFormat.version),
            sourceSHA256: Self.digestA, languages: [], artifacts: artifacts)
        let directory = try directory([
            "manifest.tsv": manifest.render(), artifacts[0].file: database, artifacts[1].file: pack,
        ])
        return (directory, manifest)
    }

    @Test func aWholeGenerationReadsAndVerifies() throws {
        let (directory, manifest) = try generation()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let generation = try Generation.read(directory: directory)
        #expect(generation.manifest == manifest)
        #expect(try generation.path(of: "units.sqlite") == directory + "/" + manifest.artifacts[0].file)
        #expect(generation.verify().isEmpty)
        #expect(throws: GenerationError.artifactNotListed(path: directory + "/manifest.tsv", artifact: "ids.tsv")) {
            try generation.path(of: "ids.tsv")
        }
    }

    @Test func theCheapChecksAndTheDigest() throws {
        let (directory, manifest) = try generation()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manifestPath = directory + "/manifest.tsv"
        let database = directory + "/" + manifest.artifacts[0].file
        let pack = directory + "/" + manifest.artifacts[1].file
        // Same size, other bytes: only the digest tells.
        try Data("A database".utf8).write(to: URL(fileURLWithPath: database))
        let generation = try Generation.read(directory: directory)
        #expect(try generation.path(of: "units.sqlite") == database)
        #expect(
            generation.verify() == [
                .digestMismatch(
                    manifest: manifestPath, line: 6, artifact: "units.sqlite", file: database,
                    expected: manifest.artifacts[0].sha256, found: SHA256.hexDigest("A database".utf8))
            ])
        // Another size: the cheap check at open tells.
        try Data("a longer pack".utf8).write(to: URL(fileURLWithPath: pack))
        let size = GenerationError.sizeMismatch(
            manifest: manifestPath, line: 7, artifact: "search.pack", file: pack, expected: 6, found: 13)
        #expect(throws: size) { try generation.path(of: "search.pack") }
        #expect(generation.verify().last == size)
        // A link to the right bytes is still refused: the build writes files.
        try FileManager.default.removeItem(atPath: pack)
        try Data("a pack".utf8).write(to: URL(fileURLWithPath: directory + "/elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: pack, withDestinationPath: directory + "/elsewhere")
        #expect(
            throws: GenerationError.artifactNotAFile(
                manifest: manifestPath, line: 7, artifact: "search.pack", file: pack, kind: "a symbolic link")
        ) { try generation.path(of: "search.pack") }
        try FileManager.default.removeItem(atPath: pack)
        #expect(
            throws: GenerationError.artifactMissing(manifest: manifestPath, line: 7, artifact: "search.pack", file: pack)
        ) { try generation.path(of: "search.pack") }
    }

    @Test func theManifestItselfMustBeARegularFile() throws {
        let (directory, _) = try generation()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/manifest.tsv"
        try FileManager.default.moveItem(atPath: path, toPath: directory + "/kept.tsv")
        #expect(throws: GenerationError.noManifest(directory: directory)) { try Generation.read(directory: directory) }
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory + "/kept.tsv")
        #expect(throws: GenerationError.manifestNotAFile(path: path, kind: "a symbolic link")) {
            try Generation.read(directory: directory)
        }
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: GenerationError.manifestNotAFile(path: path, kind: "a FIFO (named pipe)")) {
            try Generation.read(directory: directory)
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: GenerationError.manifestNotAFile(path: path, kind: "a directory")) {
            try Generation.read(directory: directory)
        }
    }

    @Test func anotherFormatIsRefusedBeforeAnyFileIsOpened() throws {
        let (directory, manifest) = try generation()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var other = manifest
        other.databaseFormat = Int(DatabaseFormat.version) + 1
        try Data(other.render()).write(to: URL(fileURLWithPath: directory + "/manifest.tsv"))
        #expect(
            throws: GenerationError.unsupportedFormat(
                path: directory + "/manifest.tsv", key: "database-format", found: Int(DatabaseFormat.version) + 1,
                supported: Int(DatabaseFormat.version))
        ) { try Generation.read(directory: directory) }
        #expect(try Generation.manifest(in: directory) == other)
    }
}
