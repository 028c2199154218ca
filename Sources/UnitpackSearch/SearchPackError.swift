import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import UnitpackCore

/// Why `search.pack` cannot be used, or a query cannot be searched. Every
/// damage is one of these: the reader never traps and never allocates more
/// than a shard's declared size, which is checked against
/// `SearchPackFormat.maxShardBytes` first.
public enum SearchPackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// Something other than a regular file (a directory, a FIFO, a device) is
    /// where the pack should be: it is refused at once, never read from.
    case notAFile(path: String)
    /// The build directory's current generation cannot be used: see `GenerationError`.
    case generation(GenerationError)
    /// The file cannot be read; `errno` says why (0 when unknown).
    case unreadable(path: String, errno: Int32)
    /// The file does not start with the pack's magic bytes.
    case notAPack(path: String)
    /// The pack is of another format version than this reader's.
    case unsupportedVersion(found: Int, supported: Int)
    /// The file is shorter than its header and index say; `damage` says where.
    case truncated(path: String, damage: Truncation)
    /// The header's tables are damaged (out of order, out of the file, a
    /// CRC-32 mismatch); `damage` says which and how.
    case corruptIndex(path: String, damage: IndexDamage)
    /// A shard is damaged: it does not inflate, or its keys are not as
    /// written; `damage` says how.
    case corruptShard(path: String, shard: Int, damage: ShardDamage)
    /// The query is over `SearchPack.maxQueryBytes`: refused before any work,
    /// not cut (a cut query would answer another question). Not damage.
    case queryTooLong(bytes: Int, limit: Int)

    public var description: String {
        let regenerate = "; re-generate it with `unitpack build`"
        switch self {
        case .fileNotFound(let path): return "no search pack at \(TextEscaping.visible(path)); run `unitpack build` to create it"
        case .notAFile(let path):
            return "\(TextEscaping.visible(path)) is not a regular file; remove it and run `unitpack build` to create the search pack there"
        case .generation(let error): return error.description
        case .unreadable(let path, let errno):
            guard errno != 0, let message = strerror(errno) else { return "cannot read \(TextEscaping.visible(path))" }
            return "cannot read \(TextEscaping.visible(path)): \(String(cString: message).lowercased())"
        case .notAPack(let path): return "\(TextEscaping.visible(path)) is not a unitpack search pack" + regenerate
        case .unsupportedVersion(let found, let supported):
            return "search pack format \(found) is not supported (this reader reads format \(supported))" + regenerate
        case .truncated(let path, let damage): return "\(TextEscaping.visible(path)) is truncated (\(damage))" + regenerate
        case .corruptIndex(let path, let damage): return "\(TextEscaping.visible(path)) has a damaged index (\(damage))" + regenerate
        case .corruptShard(let path, let shard, let damage):
            return "\(TextEscaping.visible(path)) has a damaged shard \(shard) (\(damage))" + regenerate
        case .queryTooLong(let bytes, let limit):
            return "the query is \(bytes) bytes long, over the limit of \(limit) bytes of UTF-8; shorten it"
        }
    }
}
