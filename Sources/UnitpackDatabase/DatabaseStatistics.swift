import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// What a `UnitDatabase` holds, part by part (bytes), and how its object cache
/// has done. SQLite's figures come from `sqlite3_db_status`.
public struct DatabaseStatistics: Sendable, Hashable {
    /// What SQLite allocated to open the file (`UnitDatabase.openBytes`).
    public var openBytes: Int
    /// The bytes SQLite's page cache may hold (`PRAGMA cache_size`, from the budget).
    public var pageCacheBudget: Int
    /// SQLite's cached pages (`SQLITE_DBSTATUS_CACHE_USED`).
    public var pageCacheBytes: Int
    /// The parsed schema (`SQLITE_DBSTATUS_SCHEMA_USED`).
    public var schemaBytes: Int
    /// The prepared statements (`SQLITE_DBSTATUS_STMT_USED`): held in the
    /// object cache, so part of `objectBytes` too (none at open).
    public var statementBytes: Int
    /// The connection's lookaside pool, allocated at open: 0 where the
    /// SQLite linked has none (built with `SQLITE_OMIT_LOOKASIDE`, as Debian's is).
    public var lookasideBytes: Int
    /// The bytes the cache of decoded objects may hold.
    public var objectBudget: Int
    /// Decoded units, languages, names, phrase words, relations and what
    /// names found (approximate, see `ApproximateSize`).
    public var objectBytes: Int
    /// How many decoded objects the cache holds.
    public var objectsHeld: Int
    /// Lookups the object cache answered.
    public var hits: Int
    /// Lookups that read the database.
    public var misses: Int
    /// Objects dropped to stay within the budget.
    public var evictions: Int

    /// Everything: what opening cost (schema and lookaside are part of it),
    /// the page cache and the objects (the prepared statements among them).
    public var bytesHeld: Int { openBytes + pageCacheBytes + objectBytes }
}

/// The keys and values of the database's one object cache.
enum CachedKey: Hashable {
    case unit(UnitID)
    case language(String)
    case names(NamesKey)
    /// Number and marker words of a list of languages, by the list's key (`LanguageKeys`).
    case phraseWords(String)
    /// What a name or symbol finds: the preferred languages' key
    /// (`LanguageKeys`; `*` for none), a tab, the text as written.
    case candidates(ByteString)
    /// Whether a name starts with these folded words (a whole word of it).
    case nameStart(ByteString)
    /// A block of `name_blocks`, by number.
    case nameBlock(Int)
    /// The whole `relations` table.
    case relations
    /// A language's compound patterns, by code.
    case compounds(String)
    /// Every category's dimension (`categories`).
    case dimensions
    /// The units of a text read as an expression: the preferred languages
    /// (`*` for none), a tab, the text.
    case expression(ByteString)
    /// An entry of a reader built over the database (the phrase reader,
    /// UnitpackPhrases): the reader's own kind of entry and its key. It
    /// shares the database's one budget, so a phrase's caches and the
    /// units' are dropped by one rule.
    case reader(kind: UInt8, ByteString)
    /// The words for the SI and binary prefixes of a list of languages, by the list's key (`LanguageKeys`).
    case prefixWords(String)
    /// A category's preference lists (`clusters`), by the category's key.
    case clusters(String)
    /// The whole `left_out_names` table.
    case leftOutNames
    /// A prepared statement, by its SQL (`UnitDatabase.State.prepare`).
    case statement(String)
}

/// Indirect, so that a slot of the cache's hash table holds a pointer, not
/// the largest of the values.
indirect enum CachedObject {
    case unit(MeasureUnit)
    case language(Language)
    case names(LocalizedNames)
    case phraseWords(NumberWords)
    /// The units a name finds, best first, the language of the best match,
    /// whether it matched only ignoring case, and the name with its accents
    /// when it matched only without them. The units themselves, not their
    /// ids: a parse asks a few names a dozen times, and each id looked up
    /// again in the cache at each ask was a twentieth of a warm parse.
    case candidates([MeasureUnit], String?, Bool, String?)
    case nameStart(Bool)
    case nameBlock(NameBlock)
    case relations(RelationTable)
    case compounds(CompoundPatterns)
    case dimensions(DimensionTable)
    /// An expression's units (`UnitDatabase.expressionUnits`), nil for a single name.
    case expression([MeasureUnit]?)
    /// A reader's entry (`CachedKey.reader`), which the reader casts back.
    case reader(any Sendable)
    case prefixWords([UnitDatabase.PrefixWord])
    /// Why a text is no expression (`badExpression`, `notInExpression`):
    /// as certain as a reading, and asked again at each parse.
    case expressionFailure(UnitDatabaseError)
    /// A category's `clusters` rows, checked (`UnitDatabase.preferenceList`).
    case clusters([ClusterRow])
    /// The keys of the left-out units each word names, by folded word.
    case leftOutNames([String: [String]])
    /// A prepared statement: SQLite's bytes for it are its cost, in the one
    /// budget, and `purge()` finalizes it with the rest.
    case statement(CachedStatement)
}

/// A statement in the object cache. Unchecked: a statement is used only
/// under the database's lock, by whoever holds `State`, like the connection.
final class CachedStatement: @unchecked Sendable {
    let statement: Statement
    init(_ statement: Statement) { self.statement = statement }
}
