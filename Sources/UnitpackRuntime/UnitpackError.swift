import UnitpackCore

/// What every error the runtime throws conforms to, so that one `catch` can
/// handle any of them: a sentence for a person (`description`) and a stable
/// code for a program (`code`).
///
/// A code is `<type>.<case>` (`database.unknownUnit`, `search.corruptShard`,
/// `library.budgetTooSmall`), the case's name in the Swift source: it never
/// changes for a case, while the sentence may be reworded. Thread safety:
/// errors are values (`Sendable`).
public protocol UnitpackError: Error, Sendable, CustomStringConvertible {
    /// The stable code of this error: `<type>.<case>`, such as `database.unknownUnit`.
    var code: String { get }
}

extension UnitDatabaseError: UnitpackError {
    /// `database.<case>`: `database.unknownUnit`, `database.damaged`, ...
    public var code: String {
        let name: String =
            switch self {
            case .fileNotFound: "fileNotFound"
            case .notAFile: "notAFile"
            case .generation: "generation"
            case .notAUnitDatabase: "notAUnitDatabase"
            case .unsupportedFormatVersion: "unsupportedFormatVersion"
            case .corrupt: "corrupt"
            case .damaged: "damaged"
            case .unknownUnit: "unknownUnit"
            case .unknownLanguage: "unknownLanguage"
            case .ambiguousUnit: "ambiguousUnit"
            case .incompatibleUnits: "incompatibleUnits"
            case .absoluteAndDifference: "absoluteAndDifference"
            case .conversionFailed: "conversionFailed"
            case .invalidMixedQuantity: "invalidMixedQuantity"
            case .badExpression: "badExpression"
            case .notInExpression: "notInExpression"
            case .unknownCategory: "unknownCategory"
            case .invalidRegion: "invalidRegion"
            case .unknownUsage: "unknownUsage"
            case .noLanguagesAsked: "noLanguagesAsked"
            case .storage: "storage"
            case .noAnswer: "noAnswer"
            }
        return "database." + name
    }
}

extension SearchPackError: UnitpackError {
    /// `search.<case>`: `search.corruptShard`, `search.queryTooLong`, ...
    public var code: String {
        let name: String =
            switch self {
            case .fileNotFound: "fileNotFound"
            case .notAFile: "notAFile"
            case .generation: "generation"
            case .unreadable: "unreadable"
            case .notAPack: "notAPack"
            case .unsupportedVersion: "unsupportedVersion"
            case .truncated: "truncated"
            case .corruptIndex: "corruptIndex"
            case .corruptShard: "corruptShard"
            case .queryTooLong: "queryTooLong"
            }
        return "search." + name
    }
}

extension CorrectedParseError: UnitpackError {
    /// The code of the database's or the pack's error it carries
    /// (`search.corruptShard`): the same failure has one code however it was met.
    public var code: String {
        switch self {
        case .database(let error): error.code
        case .search(let error): error.code
        }
    }
}

extension UnitLibraryError: UnitpackError {
    /// `library.<case>`, or the code of the database's or the pack's error
    /// it carries (`database.damaged`): the same failure has one code
    /// whichever object was opened.
    public var code: String {
        switch self {
        case .generation(let error): error.code
        case .database(let error): error.code
        case .search(let error): error.code
        case .budgetTooSmall: "library.budgetTooSmall"
        }
    }
}

extension GenerationError: UnitpackError {
    /// `generation.<case>`: `generation.sizeMismatch`, ... (docs/manifest.md).
    public var code: String {
        let name: String =
            switch self {
            case .noManifest: "noManifest"
            case .manifestNotAFile: "manifestNotAFile"
            case .manifestUnreadable: "manifestUnreadable"
            case .manifestTooLarge: "manifestTooLarge"
            case .malformedManifest: "malformedManifest"
            case .unsupportedManifestVersion: "unsupportedManifestVersion"
            case .unsupportedFormat: "unsupportedFormat"
            case .artifactNotListed: "artifactNotListed"
            case .artifactMissing: "artifactMissing"
            case .artifactNotAFile: "artifactNotAFile"
            case .artifactUnreadable: "artifactUnreadable"
            case .sizeMismatch: "sizeMismatch"
            case .digestMismatch: "digestMismatch"
            case .nameMismatch: "nameMismatch"
            case .databaseMismatch: "databaseMismatch"
            }
        return "generation." + name
    }
}

extension FormulaSyntaxError: UnitpackError {
    /// `formula.syntax`: `Formula(parsing:)` could not read the text.
    public var code: String { "formula.syntax" }
}

extension FormulaEvaluationError: UnitpackError {
    /// `formula.evaluation`: a formula gave no finite number.
    public var code: String { "formula.evaluation" }
}

extension UnitExpressionError: UnitpackError {
    /// `expression.<reason>`: `expression.unknownUnit`, `expression.prefixNotTaken`, ...
    public var code: String {
        let name: String =
            switch reason {
            case .empty: "empty"
            case .unbalancedParenthesis: "unbalancedParenthesis"
            case .missingOperand: "missingOperand"
            case .badPower: "badPower"
            case .unknownUnit: "unknownUnit"
            case .danglingPower: "danglingPower"
            case .badNumber: "badNumber"
            case .tooDeep: "tooDeep"
            case .tooManyTerms: "tooManyTerms"
            case .outOfRange: "outOfRange"
            case .prefixNotTaken: "prefixNotTaken"
            case .notHeld: "notHeld"
            }
        return "expression." + name
    }
}

extension PluralRulesError: UnitpackError {
    /// `pluralRules.syntax`: `PluralRules(canonicalText:)` could not read the rules.
    public var code: String { "pluralRules.syntax" }
}
