import ArgumentParser
import UnitpackRuntime

/// The longest values the commands accept, checked before any work: a
/// value far over them is a mistake (or an attack), and reading it could
/// take long (a 100 KB `--usage` took seconds).
enum InputLimits {
    /// An option's value (`--usage`, `--region`, `--lang`, `--system`), in bytes of UTF-8.
    static let optionBytes = 256
    /// A phrase, a search query or a unit name, in bytes of UTF-8: the
    /// runtime's own limit on a phrase (`UnitDatabase.maxPhraseBytes`).
    static let queryBytes = UnitDatabase.maxPhraseBytes

    /// Throws when `value` of `option` (`--usage`) is over `optionBytes`.
    static func checkOption(_ value: String?, _ option: String) throws {
        guard let value, value.utf8.count > optionBytes else { return }
        throw ValidationError(
            "\(option) is \(value.utf8.count) bytes long, over the limit of \(optionBytes) bytes; give a short value")
    }

    /// Throws when `value` (`what`: "the phrase", "the query") is over `queryBytes`.
    static func checkQuery(_ value: String?, _ what: String) throws {
        guard let value, value.utf8.count > queryBytes else { return }
        throw ValidationError(
            "\(what) is \(value.utf8.count) bytes long, over the limit of \(queryBytes) bytes of UTF-8; shorten it")
    }
}
