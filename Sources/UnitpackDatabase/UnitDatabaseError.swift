import UnitpackCore

/// Everything that can go wrong when reading a database or converting.
/// A front end can match on it: e.g. fall back to its bundled copy on
/// `.unsupportedFormatVersion`, `.corrupt` or `.damaged`.
///
/// A damaged file is one of two cases: `.damaged` when the reader's own
/// checks find it (a row's checksum, a value out of range, a lost row: the
/// typed `DatabaseDamage` says which and where), `.corrupt` when SQLite
/// does (a page it cannot read, `PRAGMA integrity_check`), with SQLite's
/// words. An app that falls back on damage matches both.
public enum UnitDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing readable at the path.
    case fileNotFound(path: String)
    /// Something other than a regular file (a directory, a device) is where the database should be.
    case notAFile(path: String)
    /// The build directory's current generation cannot be used (no manifest,
    /// a file it names missing or of another size): see `GenerationError`.
    case generation(GenerationError)
    /// The file is not a unitpack database (not SQLite, or another application's).
    case notAUnitDatabase(path: String)
    /// The database is of another format version than this reader's (`PRAGMA user_version`).
    case unsupportedFormatVersion(found: Int, supported: Int)
    /// The file is a unitpack database but SQLite finds its pages damaged
    /// (or `verify`'s `PRAGMA integrity_check` does): `detail` is SQLite's
    /// message. Damage the reader's own checks find is `.damaged`.
    case corrupt(path: String, detail: String)
    /// The file is a unitpack database but the reader's checks find it
    /// damaged (docs/database.md, "Proving the data"): its header, `meta`,
    /// a row's checksum, a value out of range, a key with fewer rows than it
    /// states, a row that names a missing one. `damage` says which and where.
    case damaged(path: String, damage: DatabaseDamage)
    /// No unit has this name, symbol or key.
    case unknownUnit(String)
    /// The database has no such language (nor its base language).
    case unknownLanguage(String, available: [String])
    /// Several units have this name; `candidates` are their keys.
    case ambiguousUnit(String, candidates: [String])
    /// The units measure different things (a length and a mass).
    case incompatibleUnits(from: String, fromCategory: String, to: String, toCategory: String)
    /// One unit is a point on a scale (20 °C) and the other a difference of
    /// such points (a rise of 20 Δ°F): they measure different things, and
    /// `differenceFrom` to `differenceTo` (the absolute one's difference unit
    /// in its place) is the conversion that was probably meant.
    case absoluteAndDifference(from: String, to: String, differenceFrom: String, differenceTo: String)
    /// A unit's formula gave no finite number for the value.
    case conversionFailed(FormulaEvaluationError)
    /// `split` was given units or a rounding it cannot make a mixed quantity of.
    case invalidMixedQuantity(MixedQuantityProblem)
    /// The text is not an expression of the database's units (docs/expressions.md):
    /// the reason says what and where (Unicode scalar offsets into the text).
    case badExpression(String, UnitExpressionError)
    /// A unit that converts by a formula (not a point on a scale with a
    /// difference unit) or inversely (its value grows as the quantity
    /// falls: `Ne`, the cotton count) stands in a product or quotient.
    case notInExpression(String, unit: String)
    /// `unit(named:in:)` was given a category the database does not have.
    case unknownCategory(String, available: [String])
    /// A region that is no CLDR region code (two letters, `US`, in either
    /// case, or three digits, `001`): `USA`, `metric`, or a language tag
    /// such as `en-US`, whose region `UnitDatabase.region(of:)` gives.
    case invalidRegion(String)
    /// A usage no preference list of the database has, nor one it falls
    /// back to as CLDR's do (`road-small` -> `road`), with the usages it has.
    case unknownUsage(String, available: [String])
    /// `parse` was asked to read a phrase in no language (an empty list):
    /// pass nil for every language of the database.
    case noLanguagesAsked
    /// Any other failure of the storage engine (SQLite: an I/O error, out of
    /// memory), with SQLite's extended result code, its message and the SQL
    /// it was running. The runtime's own case, so that an app never meets
    /// the SQLite wrapper's error type.
    case storage(code: Int32, message: String, sql: String?)
    /// The units convert, but not to what was asked (`answer`): no target
    /// given and none preferred, a part of a mixed target of another
    /// category, fractions of a scale; the problem says which.
    case noAnswer(AnswerProblem)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "no database at \(TextEscaping.visible(path)); run `unitpack build` to create it"
        case .notAFile(let path):
            return "\(TextEscaping.visible(path)) is not a regular file; remove it and run `unitpack build` to create the database there"
        case .generation(let error):
            return error.description
        case .notAUnitDatabase(let path):
            return "\(TextEscaping.visible(path)) is not a unitpack database; re-generate it with `unitpack build`"
        case .unsupportedFormatVersion(let found, let supported) where found > supported:
            // Data downloaded for a newer app: the app keeps its bundled copy.
            return "database format \(found) is newer than this reader's (format \(supported)); update the reader (UnitpackRuntime, unitpack), or use a database of format \(supported)"
        case .unsupportedFormatVersion(let found, let supported):
            return "database format \(found) is not supported (this reader reads format \(supported)); re-generate it with a matching `unitpack build`"
        case .corrupt(let path, let detail):
            return "\(TextEscaping.visible(path)) is damaged (\(detail)); re-generate it with `unitpack build`"
        case .damaged(let path, let damage):
            return "\(TextEscaping.visible(path)) is damaged (\(damage)); re-generate it with `unitpack build`"
        case .unknownUnit(let text):
            return "unknown unit '\(TextEscaping.visible(text))'"
        case .unknownLanguage(let code, let available):
            return available.isEmpty
                ? "no language '\(TextEscaping.visible(code))': this database has no languages (build it from sources with locales/)"
                : "no language '\(TextEscaping.visible(code))'; this database has \(available.joined(separator: ", "))"
        case .ambiguousUnit(let text, let candidates):
            return "'\(TextEscaping.visible(text))' could mean \(candidates.joined(separator: " or ")); use a longer name"
        case .incompatibleUnits(let from, let fromCategory, let to, let toCategory):
            return "cannot convert \(from) (\(fromCategory)) to \(to) (\(toCategory))"
        case .absoluteAndDifference(let from, let to, let differenceFrom, let differenceTo):
            return "cannot convert \(from) to \(to): one is a point on a scale, the other a difference between two points; "
                + "convert a difference to a difference: 5 \(differenceFrom) in \(differenceTo)"
        case .conversionFailed(let error):
            return "conversion failed: \(error.description)"
        case .invalidMixedQuantity(let problem):
            return "cannot make a mixed quantity: \(problem)"
        case .badExpression(let text, let error):
            return "cannot read '\(TextEscaping.visible(text))' as a unit: \(error.description)"
                + (error.range.isEmpty ? "" : " (at character \(error.range.lowerBound + 1))")
        case .notInExpression(let text, let unit):
            return "'\(TextEscaping.visible(text))' is \(unit), which converts by a formula or inversely, not by a factor: it cannot be multiplied or divided"
        case .unknownCategory(let category, let available):
            return "no category '\(TextEscaping.visible(category))'; this database has \(available.joined(separator: ", "))"
        case .invalidRegion(let text):
            return "'\(TextEscaping.visible(text))' is not a CLDR region code (two letters such as US, or three digits such as 001)"
                + (UnitDatabase.region(of: text).map { "; the region of this language tag is \($0)" } ?? "")
        case .unknownUsage(let usage, let available):
            return "no usage '\(TextEscaping.visible(usage))'; this database has \(available.joined(separator: ", "))"
        case .noLanguagesAsked:
            return "no language asked to read the phrase in; pass nil for every language of the database"
        case .storage(let code, let message, let sql):
            return "SQLite error \(code): \(message)" + (sql.map { " (while running: \($0))" } ?? "")
        case .noAnswer(let problem):
            return problem.description
        }
    }
}
