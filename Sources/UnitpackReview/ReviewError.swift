import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Why a built database cannot be dumped or compared. Every case names the
/// file and says what to do.
public enum ReviewError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case notAUnitDatabase(path: String)
    case unsupportedFormatVersion(path: String, found: Int, supported: Int)
    case corrupt(path: String, detail: String)
    /// A directory without a usable generation (no manifest, a file missing).
    case generation(GenerationError)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no database here (give a dist/ directory or a database file; run 'unitpack build' first)"
        case .notAUnitDatabase(let path):
            return "\(path): not a unitpack database"
        case .unsupportedFormatVersion(let path, let found, let supported):
            return "\(path): database format \(found), but this unitpack reads format \(supported): rebuild it with this unitpack (or compare it with the unitpack that built it)"
        case .corrupt(let path, let detail):
            return "\(path): the database is damaged (\(detail)): rebuild it"
        case .generation(let error):
            return error.description
        }
    }
}
