import Foundation
import UnitpackCore
import UnitpackDigest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The points of a build's write, in order (docs/manifest.md, "Writing").
/// The CLI's test hook `UNITPACK_TEST_KILL_AT=<point>` kills the build at one
/// of them, so that the fault-injection tests can check that a build stopped
/// anywhere leaves the previous generation current and whole.
public enum BuildStep: String, CaseIterable, Sendable {
    /// `units.sqlite.tmp-PID` written, not yet synced.
    case databaseWritten = "database-written"
    /// Synced and hashed; next, its rename to `units-<hash>.sqlite`.
    case beforeDatabaseRename = "before-database-rename"
    case afterDatabaseRename = "after-database-rename"
    /// `search.pack.tmp-PID` written and synced.
    case packWritten = "pack-written"
    case beforePackRename = "before-pack-rename"
    case afterPackRename = "after-pack-rename"
    /// `manifest.tsv.tmp-PID` written and synced.
    case manifestWritten = "manifest-written"
    /// Next: the rename of the manifest over `manifest.tsv`, the switch.
    case beforeManifestSwitch = "before-manifest-switch"
    case afterManifestSwitch = "after-manifest-switch"
    /// The first file of an older generation removed, others maybe left.
    case cleanupMidway = "cleanup-midway"
    case cleanupDone = "cleanup-done"
}

/// Writes one generation into a build directory and makes it current:
/// every artifact under its content-addressed name, then the manifest
/// renamed over `manifest.tsv` (the one atomic step), then the files of
/// older generations removed, the previous generation's kept.
enum GenerationWriter {
    /// What the build left.
    struct Written {
        var manifest: GenerationManifest
        /// Each artifact's path, in the manifest's order.
        var paths: [String]
    }

    /// - Parameters:
    ///   - database: the database written by `DatabaseWriter.writeTemporary`
    ///     as `DIRECTORY/units.sqlite.tmp-PID`; moved into place or removed.
    ///   - categories: the category keys of a `--categories` slice, for the
    ///     manifest's `categories` line; nil for every category.
    ///   - step: called at each `BuildStep`.
    static func commit(
        database: String, pack: [UInt8], model: CompiledModel, categories: [String]? = nil, in directory: String,
        step: (BuildStep) -> Void
    ) throws -> Written {
        let previous = try? Generation.manifest(in: directory)
        var temporaries = [database]
        defer { for temporary in temporaries { unlink(temporary) } }

        step(.databaseWritten)
        try AtomicFile.sync(database)
        guard let databaseData = FileManager.default.contents(atPath: database) else {
            throw AtomicFile.WriteError(path: database, reason: "it cannot be read back")
        }
        let databaseArtifact = artifact(DatabaseFormat.fileName, bytes: [UInt8](databaseData))
        step(.beforeDatabaseRename)
        try AtomicFile.replace(directory + "/" + databaseArtifact.file, with: database)
        temporaries.removeAll()
        step(.afterDatabaseRename)

        let packArtifact = artifact(SearchPackFormat.fileName, bytes: pack)
        let packTemporary = AtomicFile.temporary(for: directory + "/" + SearchPackFormat.fileName)
        temporaries = [packTemporary]
        unlink(packTemporary)
        try AtomicFile.create(packTemporary, with: pack)
        step(.packWritten)
        step(.beforePackRename)
        try AtomicFile.replace(directory + "/" + packArtifact.file, with: packTemporary)
        temporaries.removeAll()
        step(.afterPackRename)

        let manifest = GenerationManifest(
            databaseFormat: Int(DatabaseFormat.version), packFormat: Int(SearchPackFormat.version),
            sourceSHA256: model.sourceHash, languages: model.languages.map(\.code), categories: categories,
            artifacts: [databaseArtifact, packArtifact])
        let manifestPath = directory + "/" + GenerationManifest.fileName
        let manifestTemporary = AtomicFile.temporary(for: manifestPath)
        temporaries = [manifestTemporary]
        unlink(manifestTemporary)
        try AtomicFile.create(manifestTemporary, with: manifest.render())
        step(.manifestWritten)
        step(.beforeManifestSwitch)
        try AtomicFile.replace(manifestPath, with: manifestTemporary)
        temporaries.removeAll()
        step(.afterManifestSwitch)
        try AtomicFile.syncDirectory(directory)

        removeOlderGenerations(in: directory, keeping: manifest, previous: previous, step: step)
        step(.cleanupDone)
        return Written(manifest: manifest, paths: manifest.artifacts.map { directory + "/" + $0.file })
    }

    static func artifact(_ name: String, bytes: [UInt8]) -> GenerationManifest.Artifact {
        let digest = SHA256.hexDigest(bytes)
        return GenerationManifest.Artifact(
            name: name, file: GenerationManifest.contentAddressedName(name, sha256: digest), size: bytes.count,
            sha256: digest)
    }

    /// Removes the artifact files no longer current, except the previous
    /// generation's: a reader that read the old manifest a moment ago can
    /// still open what it names. Before manifests the previous generation
    /// was `units.sqlite` and `search.pack` themselves. Only regular files
    /// with an artifact's name are touched (and never a temporary: those are
    /// `removeStaleTemporaries`', before the next build writes).
    /// - Returns: the names removed.
    @discardableResult
    static func removeOlderGenerations(
        in directory: String, keeping current: GenerationManifest, previous: GenerationManifest?,
        step: (BuildStep) -> Void = { _ in }
    ) -> [String] {
        let logical = current.artifacts.map(\.name)
        var kept = Set(current.artifacts.map(\.file))
        if let previous {
            kept.formUnion(previous.artifacts.map(\.file))
        } else {
            kept.formUnion(logical)
        }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries.sorted() where !kept.contains(entry) && isArtifactFile(entry, of: logical) {
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 else { continue }
            removed.append(entry)
            if removed.count == 1 { step(.cleanupMidway) }
        }
        return removed
    }

    /// `units.sqlite` itself, or `units-` 16 hexadecimal digits `.sqlite`.
    static func isArtifactFile(_ entry: String, of names: [String]) -> Bool {
        names.contains { name in
            if entry == name { return true }
            let pattern = GenerationManifest.contentAddressedName(name, sha256: String(repeating: "#", count: 16))
            guard entry.utf8.count == pattern.utf8.count else { return false }
            return zip(entry.utf8, pattern.utf8).allSatisfy { have, want in
                want == UInt8(ascii: "#") ? isLowerHex(have) : have == want
            }
        }
    }

    static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}
