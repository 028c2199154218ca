import UnitpackCore
import UnitpackDatabase
import UnitpackSearch

/// Reads what a person types or dictates (`27 psi in bar`, `сколько футов в
/// метре`) against a database: numbers as people write them, the units a
/// phrase names and the ones it asks for (docs/phrases.md).
///
/// A reader holds its database and nothing else: what it learns of a
/// language's words and names is kept in the database's object cache, under
/// entries of its own, within the database's one budget (`purge()` drops
/// them with the rest). Cheap to make; safe to share between threads as the
/// database is.
public struct PhraseReader: Sendable {
    /// The database the phrase's words are looked up in.
    public let database: UnitDatabase

    /// A reader of phrases against `database`.
    public init(database: UnitDatabase) {
        self.database = database
    }

    /// The longest phrase `parse` reads, in bytes of UTF-8 (4 KiB): far more
    /// than anyone types or dictates, and a bound on the work of one parse.
    public static let maxPhraseBytes = TextLimits.phraseBytes

    /// Why `text` is too long to parse (`.tooLong`), or nil when it is not.
    public static func phraseTooLong(_ text: String) -> PhraseProblem? {
        let bytes = text.utf8.count
        guard bytes > maxPhraseBytes else { return nil }
        return .tooLong(bytes: bytes, limit: maxPhraseBytes)
    }
}

// What an app wrote before the reader was a type of its own (`database.parse`)
// still compiles and means the same: each is the reader's, over this database.
extension UnitDatabase {
    /// `PhraseReader(database: self).parse(text, languages:, numbers:)`.
    public func parse(_ text: String, languages: [String]? = nil, numbers options: NumberReader.Options = [])
        throws(UnitDatabaseError) -> PhraseResult
    {
        try PhraseReader(database: self).parse(text, languages: languages, numbers: options)
    }

    /// `PhraseReader(database: self).parse(text, languages:, correctingWith:)`.
    public func parse(_ text: String, languages: [String]? = nil, correctingWith search: SearchPack)
        throws(CorrectedParseError) -> CorrectedPhraseResult
    {
        try PhraseReader(database: self).parse(text, languages: languages, correctingWith: search)
    }

    /// `PhraseReader(database: self).defaultPhraseLanguages()`.
    public func defaultPhraseLanguages() throws(UnitDatabaseError) -> [String] {
        try PhraseReader(database: self).defaultPhraseLanguages()
    }

    /// `PhraseReader(database: self).regionalReading(of:phrase:region:)`.
    public func regionalReading(of reading: PhraseReading, phrase: String, region: String) throws(UnitDatabaseError)
        -> PhraseReading?
    {
        try PhraseReader(database: self).regionalReading(of: reading, phrase: phrase, region: region)
    }

    /// `PhraseReader.maxPhraseBytes`.
    public static var maxPhraseBytes: Int { PhraseReader.maxPhraseBytes }

    /// `PhraseReader.phraseTooLong(_:)`.
    public static func phraseTooLong(_ text: String) -> PhraseProblem? { PhraseReader.phraseTooLong(text) }
}
