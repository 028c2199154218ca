import UnitpackCore

/// Which data a database holds, for a front end that ships data in its
/// bundle and downloads updates beside it: the format (what a reader must
/// understand) and the sources it was built from. Read from `meta` when the
/// database is opened (docs/database.md, "Identifying and opening").
///
/// A value type: safe to share between threads.
public struct DataVersion: Sendable, Hashable, CustomStringConvertible {
    /// The database format, `PRAGMA user_version` (and `meta.format_version`).
    /// A database opens only when this is `UnitDatabase.readableFormatVersion`.
    public let formatVersion: Int
    /// SHA-256 of the sources the database was built from, 64 lower-case
    /// hexadecimal digits (`meta.source_hash`; the manifest's
    /// `source-sha256`). Equal hashes: built from the same sources. A slice
    /// (`unitpack build --languages`) keeps the hash of the whole sources;
    /// its manifest says which languages and categories it holds.
    public let sourceHash: String
    /// The tool that wrote it (`meta.generator`, e.g. `unitpack 0.1.0`).
    public let generator: String

    /// A version as `meta` gives it (for tests and for front ends that
    /// record the version of a download before opening it).
    public init(formatVersion: Int, sourceHash: String, generator: String) {
        self.formatVersion = formatVersion
        self.sourceHash = sourceHash
        self.generator = generator
    }

    /// `format 11, sources 032e04e28694`: the first 12 digits, as `unitpack build` prints them.
    public var description: String { "format \(formatVersion), sources \(sourceHash.prefix(12))" }
}

extension UnitDatabase {
    /// The one database format this library reads; `init(path:)` refuses
    /// any other with `.unsupportedFormatVersion` (a newer one: update the
    /// library, or keep using the bundled copy).
    public static var readableFormatVersion: Int { Int(DatabaseFormat.version) }
}
