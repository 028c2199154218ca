import Foundation
import UnitpackCore
import UnitpackDigest

/// A build directory's current generation, as its manifest names it (read
/// without checking the files, so that tests can damage them first).
enum Dist {
    /// The path of artifact `name` (`units.sqlite`, `search.pack`).
    static func file(_ name: String, in dist: String) throws -> String {
        let manifest = try Generation.manifest(in: dist)
        guard let artifact = manifest.artifact(name) else {
            throw CLIError(description: "\(dist)/manifest.tsv names no \(name)")
        }
        return dist + "/" + artifact.file
    }

    static func database(_ dist: String) throws -> String { try file(DatabaseFormat.fileName, in: dist) }
    static func pack(_ dist: String) throws -> String { try file(SearchPackFormat.fileName, in: dist) }

    /// What a directory holding exactly one generation lists: the manifest
    /// and the files it names, sorted.
    static func generationFiles(_ dist: String) throws -> [String] {
        (["manifest.tsv"] + (try Generation.manifest(in: dist)).artifacts.map(\.file)).sorted()
    }
}

extension Dist {
    /// Makes `directory` a generation whose database is `bytes` (whatever
    /// they are) and whose pack is `dist`'s, with a manifest that matches
    /// them: what reads it gets past the manifest's checks to the database's.
    /// - Returns: the database's path.
    @discardableResult
    /// The SHA-256 of `bytes` by coreutils' `sha256sum`, checked against
    /// the project's own on a small input: the project's, unoptimised in a
    /// debug build of the tests, took seconds for each 2 MB database of a
    /// test that writes hundreds.
    static func systemDigest(of bytes: [UInt8], in directory: String) throws -> String {
        let file = directory + "/.digest-input"
        try Files.write(bytes, to: file)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let digest = String(decoding: data.prefix(64), as: UTF8.self)
        guard process.terminationStatus == 0, digest.count == 64 else {
            throw CLIError(description: "sha256sum failed on \(file)")
        }
        if bytes.count > 1 << 20 {
            // The tool and the project agree (on a prefix, cheap to hash here).
            let sample = Array(bytes.prefix(4096))
            guard try systemDigest(of: sample, in: directory) == SHA256.hexDigest(sample) else {
                throw CLIError(description: "sha256sum and the project's SHA-256 disagree")
            }
        }
        return digest
    }

    static func writeGeneration(database bytes: [UInt8], into directory: String, packFrom dist: String) throws -> String {
        var manifest = try Generation.manifest(in: dist)
        let digest = try systemDigest(of: bytes, in: directory)
        let database = GenerationManifest.Artifact(
            name: DatabaseFormat.fileName,
            file: GenerationManifest.contentAddressedName(DatabaseFormat.fileName, sha256: digest), size: bytes.count,
            sha256: digest)
        manifest.artifacts = manifest.artifacts.map { $0.name == database.name ? database : $0 }
        let pack = try pack(dist)
        try Files.write(bytes, to: directory + "/" + database.file)
        try Files.write(try Files.bytes(pack), to: directory + "/" + (try Generation.manifest(in: dist)).artifact(SearchPackFormat.fileName)!.file)
        try Files.write(manifest.render(), to: directory + "/manifest.tsv")
        return directory + "/" + database.file
    }
}
