extension Generation {
    /// The manifest's lines that the database's own rows contradict, in
    /// line order: `source-sha256` against `meta.source_hash`, `languages`
    /// against the `languages` table's codes and, in a slice by category,
    /// `categories` against the `categories` table's keys (as sets: the
    /// order is not compared).
    ///
    /// Why: the cheap checks at open compare sizes only, and a database of
    /// another build can have the very size of the one named (same page
    /// count): it would answer from other data in silence (issue 37).
    /// Source hashes alone do not tell slices of one source tree apart
    /// (each keeps the whole tree's hash), hence the languages and
    /// categories. A manifest without a `categories` line (a build of every
    /// category) has nothing to compare them with.
    /// - Parameters:
    ///   - database: the database's path, for the errors.
    ///   - categories: read only when the manifest has a `categories` line
    ///     (nil is not read: nothing to compare).
    public func mismatches<Failure: Error>(
        database: String, sourceHash: String, languages: [String], categories: () throws(Failure) -> [String]
    ) throws(Failure) -> [GenerationError] {
        func mismatch(_ key: String, stated: String, found: String) -> GenerationError {
            .databaseMismatch(
                manifest: manifestPath, line: manifest.line(of: key), key: key, file: database, stated: stated, found: found)
        }
        var found: [GenerationError] = []
        if sourceHash != manifest.sourceSHA256 {
            found.append(mismatch("source-sha256", stated: manifest.sourceSHA256, found: sourceHash))
        }
        // Which, not in what order: that is the manifest's own business
        // (the build writes codes sorted, categories in display order).
        if languages.sorted() != manifest.languages.sorted() {
            found.append(mismatch("languages", stated: Self.list(manifest.languages), found: Self.list(languages)))
        }
        if let stated = manifest.categories {
            let held = try categories()
            if Set(held) != Set(stated) || held.count != stated.count { found.append(mismatch("categories", stated: Self.list(stated), found: Self.list(held))) }
        }
        return found.sorted { $0.manifestLine?.line ?? 0 < $1.manifestLine?.line ?? 0 }
    }

    /// `en ru`, as the manifest line lists them; `(none)` for no language.
    static func list(_ values: [String]) -> String {
        values.isEmpty ? "(none)" : values.joined(separator: " ")
    }
}

extension GenerationManifest {
    /// The 1-based column of the field `error` is about on its line (the
    /// file for a missing file, the size for a size, the SHA-256 for a
    /// digest, the first value of a keyed line), for `unitpack verify`'s
    /// `path:line:column:`. The manifest is ASCII, one tab between fields,
    /// so a column is a byte count; 1 when there is no one field.
    public func column(of error: GenerationError) -> Int {
        func artifactField(_ name: String, _ field: Int) -> Int {
            guard let artifact = artifact(name) else { return 1 }
            let fields = ["artifact", artifact.name, artifact.file, String(artifact.size)]
            return 1 + fields.prefix(field).reduce(0) { $0 + $1.utf8.count + 1 }
        }
        switch error {
        case .unsupportedManifestVersion: return Self.magic.utf8.count + 2
        case .artifactMissing(_, _, let name, _), .artifactNotAFile(_, _, let name, _, _),
            .artifactUnreadable(_, _, let name, _, _), .nameMismatch(_, _, let name, _, _):
            return artifactField(name, 2)
        case .sizeMismatch(_, _, let name, _, _, _): return artifactField(name, 3)
        case .digestMismatch(_, _, let name, _, _, _): return artifactField(name, 4)
        case .databaseMismatch(_, _, let key, _, _, _): return key.utf8.count + 2
        default: return 1
        }
    }
}
