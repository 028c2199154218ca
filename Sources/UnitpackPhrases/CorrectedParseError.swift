import UnitpackDatabase
import UnitpackSearch

/// Why `parse(_:languages:correctingWith:)` has no result: the database
/// failed, or the search pack did. A damaged pack is an error, never a
/// phrase left uncorrected or a guess left unchecked in silence: either
/// would change the answer without a word (issue 37).
public enum CorrectedParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database's error (a damaged row, an unknown language).
    case database(UnitDatabaseError)
    /// The search pack's error (a damaged shard or index), never
    /// `.queryTooLong`: a word too long to search is simply not corrected.
    case search(SearchPackError)

    /// The carried error's sentence.
    public var description: String {
        switch self {
        case .database(let error): error.description
        case .search(let error): error.description
        }
    }
}
