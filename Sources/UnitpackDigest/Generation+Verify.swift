import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `unitpack verify`'s full check of a generation: every artifact hashed.
/// Here, not in UnitpackCore, because only the command line hashes: an app
/// opens a generation with `Generation.read` and `path(of:)`, which check
/// sizes, and so links no SHA-256 (docs/platforms.md).
extension Generation {
    /// Every artifact checked in full: the cheap checks, then the whole
    /// file's SHA-256 against the manifest, then the file's content-addressed
    /// name against that SHA-256 (`GenerationManifest.contentAddressedName`).
    /// For `unitpack verify`.
    /// - Returns: one error per artifact that fails, in manifest order.
    public func verify() -> [GenerationError] {
        var problems: [GenerationError] = []
        for artifact in manifest.artifacts {
            do throws(GenerationError) {
                let path = try path(of: artifact.name)
                let digest = try Self.digest(of: path, artifact: artifact, manifest: manifestPath)
                if digest != artifact.sha256 {
                    problems.append(
                        .digestMismatch(
                            manifest: manifestPath, line: artifact.line, artifact: artifact.name, file: path,
                            expected: artifact.sha256, found: digest))
                } else if artifact.file != GenerationManifest.contentAddressedName(artifact.name, sha256: digest) {
                    // The manifest's hash matches the bytes but the name does
                    // not: both were changed after the build (a pack with
                    // bytes appended and its line rewritten). A content-
                    // addressed name is a promise about the bytes; a broken
                    // one would let a later build's file of that name differ.
                    problems.append(
                        .nameMismatch(
                            manifest: manifestPath, line: artifact.line, artifact: artifact.name, file: path, found: digest))
                }
            } catch {
                problems.append(error)
            }
        }
        return problems
    }

    /// The SHA-256 of the artifact's file, in lower-case hexadecimal. A link
    /// or a special file is refused (`O_NOFOLLOW`, `fstat`), never followed or read.
    static func digest(of path: String, artifact: GenerationManifest.Artifact, manifest: String)
        throws(GenerationError) -> String
    {
        func unreadable(_ code: Int32) -> GenerationError {
            .artifactUnreadable(manifest: manifest, line: artifact.line, artifact: artifact.name, file: path, reason: message(code))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw unreadable(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unreadable(errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .artifactNotAFile(
                manifest: manifest, line: artifact.line, artifact: artifact.name, file: path, kind: kind(info.st_mode))
        }
        var hasher = SHA256()
        do throws(Errno) {
            try readAll(descriptor, limit: Int.max) { hasher.update($0) }
        } catch {
            throw unreadable(error.code)
        }
        return SHA256.lowercaseHex(hasher.finalize())
    }
}
