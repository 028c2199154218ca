import ArgumentParser
import UnitpackCore
import UnitpackRuntime

/// How every command reads `--lang`, `--region`, `--system` and `--usage`,
/// so that one value means one thing everywhere (docs/cli.md, "Options every
/// command reads alike"). What can be checked without the database
/// (`--region`'s and `--system`'s form) is a usage error (status 64); what
/// the database decides (its languages and usages) is an error of the run
/// (status 1), with the values it has.
enum OptionValues {
    /// `--region`: a CLDR code in either case (`us` is `US`), or three
    /// digits (`001`). A well-formed code without a list of its own gets the
    /// world's units, as in CLDR.
    static func region(_ text: String) throws -> String {
        guard let code = UnitDatabase.regionCode(text) else {
            throw ValidationError(
                "--region '\(TextEscaping.visible(text))' is not a region code: give two letters (US, GB, DE) or 001 for the world; for metric, us or imperial use --system")
        }
        return code
    }

    /// `--system`, in either case.
    static func system(_ text: String) throws -> MeasurementSystem {
        guard let system = MeasurementSystem(rawValue: TextFolding.fold(text)) else {
            throw ValidationError("unknown system '\(TextEscaping.visible(text))': use metric, us or imperial")
        }
        return system
    }

    /// `--lang`: the database's language for the tag, matched as BCP 47
    /// lookup does (`RU`, `ru_RU` and `ru-RU` are `ru`, with no warning).
    /// - Throws: `.unknownLanguage` listing the database's languages.
    static func language(_ code: String, in database: UnitDatabase) throws(UnitDatabaseError) -> String {
        try database.language(code).code
    }

    /// `--usage`, in either case: one the database has a list for, or one
    /// that falls back to such a usage (`road-small` -> `road`).
    static func usage(_ text: String, in database: UnitDatabase) throws -> String {
        if let usage = try database.knownUsage(text) { return usage }
        throw OptionError(
            "unknown usage '\(TextEscaping.visible(text))'; this database has \(try database.usages().joined(separator: ", "))")
    }
}

/// A value of an option that the database has no use for.
struct OptionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
