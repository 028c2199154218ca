import UnitpackCore
import UnitpackDatabase

/// Why one reading of a phrase comes before another, by the order of
/// docs/phrases.md ("Readings"): what a front end shows beside the answer
/// when it offers the other readings. `description` is the reason in words,
/// as `unitpack convert --json` writes it (`chosen`).
public enum ReadingPrecedence: Sendable, Hashable, CustomStringConvertible {
    /// The first reading's units are as written, the second's read to fit
    /// the other unit (`PhraseFit`).
    case asWritten
    /// The second reading converts a unit to itself (`1升は何リットル`: the
    /// litre to litres), which no one asks; the first converts to another.
    case notItself
    /// The first reading makes fewer guesses (a word left out, an ending
    /// cut, a correction: `PhraseGuess`): more of the text read as written.
    case fewerGuesses(first: Int, second: Int)
    /// The number reads two ways, and the first reading takes its lone
    /// separator as `languages` (the phrase's) write it.
    case separator(NumberReader.Separator, languages: [String])
    /// The number reads two ways, and the first reading is its first way.
    case numberReading
    /// The value's unit of the first reading ranks before the second's: a
    /// unit named in the phrase's language, an exact symbol before a name, a
    /// name of an asked language, then priority.
    case sourceRanks(first: MeasureUnit, second: MeasureUnit)
    /// A target of the first reading ranks before the second's.
    case targetRanks(first: MeasureUnit, second: MeasureUnit)
    /// The words name `written`, which a reader in `region` reads as `read`
    /// (`units-src/relations.tsv`, kind `regional`: a pint in GB).
    /// `PhraseReader.regionalReading(of:phrase:region:)` makes that reading,
    /// put first.
    case regional(written: MeasureUnit, read: MeasureUnit, region: String)
    /// The readings are equal in every way the order reads.
    case equal

    /// Why `first`, the reading `parse` put first, comes before `second`.
    /// A regional reading's precedence is `.regional`, which only the one
    /// who asked for it knows.
    public init(_ first: PhraseReading, before second: PhraseReading) {
        if first.fit == .asWritten && second.fit != .asWritten {
            self = .asWritten
        } else if first.targets != [first.from] && second.targets == [second.from] {
            self = .notItself
        } else if first.guesses.count < second.guesses.count {
            self = .fewerGuesses(first: first.guesses.count, second: second.guesses.count)
        } else if first.value != second.value, let separator = first.separator {
            self = .separator(separator, languages: first.separatorLanguages)
        } else if first.value != second.value {
            self = .numberReading
        } else if first.from != second.from {
            self = .sourceRanks(first: first.from, second: second.from)
        } else if let (one, other) = zip(first.targets, second.targets).first(where: { $0 != $1 }) {
            self = .targetRanks(first: one, second: other)
        } else {
            self = .equal
        }
    }

    /// The reason in words: `the units as written come before units read to
    /// fit the other unit`.
    public var description: String {
        switch self {
        case .asWritten:
            return "the units as written come before units read to fit the other unit"
        case .notItself:
            return "a unit converted to itself comes last: no one asks it"
        case .separator(let separator, let languages):
            let way = separator.isDecimal ? "the decimal separator" : "a group separator"
            return "'\(separator.typed)' as the phrase's language writes it: '\(separator.character)' is \(way) in \(languages.joined(separator: ", "))"
        case .fewerGuesses(let first, let second):
            return "more of the text read as written: \(first) guess\(first == 1 ? "" : "es") against \(second)"
        case .numberReading:
            return "the number's first reading"
        case .sourceRanks(let first, let second):
            return "\(first.key) ranks before \(second.key): a unit named in the phrase's language, an exact symbol before a name, a name of an asked language, then priority"
        case .targetRanks(let first, let second):
            return "\(first.key) ranks before \(second.key): an exact symbol before a name, a name of an asked language, then priority"
        case .regional(let written, let read, let region):
            return "\(written.key) is read as \(read.key) in \(region) (units-src/relations.tsv, regional)"
        case .equal:
            return "the first of equal readings"
        }
    }
}
