/// What is wrong with a damaged `units.sqlite`, as the reader's own checks
/// find it (docs/database.md, "Proving the data"): the header, `meta`, a
/// row's checksum, a value out of its range, a key with fewer rows than it
/// states, a row that names one that is missing. What SQLite itself reports
/// (a page it cannot read, `PRAGMA integrity_check`) is not one of these:
/// it is `UnitDatabaseError.corrupt`, with SQLite's message.
///
/// The database gives it as `UnitDatabaseError.damaged(path:damage:)`; the
/// review module (`dump`, `diff`) reads rows through the same checks.
///
/// A case locates the damage by table and column, as the table's schema
/// names them (docs/database.md), and by `key` where the row's key has
/// been read: what identifies the row, or the group of rows, in its table,
/// as text: a unit's id (`units`), a category's key or, where only that is
/// known, its id (`categories`, `clusters`), a language's code
/// (`languages`, `phrase_words`, `compounds`), a block's number
/// (`name_blocks`), a unit's id and a language's code separated by a space for
/// a unit's row of words (`unit_words`: `3`; `3 ru` for a word of its
/// text in a language, whose `column` is then `form` or `words`), a relation's kind (`relations`),
/// the folded word (`left_out_names`), the key of the row (`meta`). A nil
/// `key` is a row whose key was not read, or was itself the damage.
///
/// `description` says it in words, as the database's error message gives
/// it ("a row of 'units' does not match its checksum"); match the case, not
/// the words, which may be reworded.
public enum DatabaseDamage: Sendable, Hashable, CustomStringConvertible {
    // MARK: The file

    /// The header gives a page size other than `DatabaseFormat.pageSize`.
    case pageSize(Int)
    /// The file's size (`bytes`) is not the header's page count times its
    /// page size: the file was cut short or extended (or the count is stale).
    case fileSize(bytes: Int, pages: Int, pageSize: Int)

    // MARK: meta

    /// A row of `meta` is missing (`value` nil) or its value is not one the
    /// writer writes: a format version other than this reader's, a count
    /// out of range, a source hash that is not 64 hexadecimal digits.
    case meta(key: String, value: String?)
    /// `meta` has other keys than the writer writes (`verify`); `keys` are
    /// the ones it has, sorted.
    case metaKeys([String])

    // MARK: One row

    /// A row of `table` does not match its `crc` (docs/database.md, "Row checksums").
    case checksumMismatch(table: String)
    /// A row of `table` is read twice in one query: a damaged page points at
    /// it in place of another row, which it hides.
    case rowReadTwice(table: String)
    /// An id column (`units.id`, `unit_words.unit`, ...) holds `value`, outside 1 to 2^31 - 1.
    case invalidID(table: String, column: String, key: String?, value: Int)
    /// A count column (`key_rows`, `cluster_rows`, ...) holds `value`, outside 0 to 2^31 - 1.
    case invalidCount(table: String, column: String, key: String?, value: Int)
    /// A text column that is never empty (a name, a separator, a code) is empty or NULL.
    case emptyText(table: String, column: String, key: String?)
    /// A column that holds one of a list of values (a name's kind, a word's
    /// form, a unit's system or flags, a compound pattern's key) holds
    /// `value`, which is none of them.
    case unknownValue(table: String, column: String, key: String?, value: String)
    /// A value out of the range docs/database.md ("Sanity of values read")
    /// allows: a factor, a tier, a grouping, a pattern, a threshold;
    /// `value` is the value as text where it says more than the column does.
    case invalidValue(table: String, column: String, key: String?, value: String?)
    /// The formulas of a unit that converts by formula (`to_base`,
    /// `from_base`) do not parse, or it has a factor too.
    case unreadableFormula(unit: Int)
    /// The plural rules of `language` do not parse (docs/plural-rules.md).
    case unreadablePluralRules(language: String, error: PluralRulesError)

    // MARK: Keys

    /// A lookup asked for the row(s) of key `asked` and read the row of `found`.
    case wrongKey(table: String, asked: String, found: String)
    /// The rows of `table` under `key` (the whole table when nil) are
    /// `found`, not the `stated` count: a row is lost.
    case countMismatch(table: String, key: String?, found: Int, stated: Int)
    /// The rows of one key of `table` state different counts of rows.
    case countsDisagree(table: String, key: String)
    /// A lookup of a key in `table` (`name_blocks`) found no block, or a
    /// block that does not hold it (the key is before its `first` or not
    /// before its `next`): a damaged index or page sent the search
    /// elsewhere, and would hide the key.
    case hiddenKey(table: String)
    /// The blocks of `table` (`name_blocks`) do not chain: the block after
    /// block `key` does not begin where it ends (its `next`), the first
    /// block (`key` 0 before it) does not begin at the empty key, or the
    /// last block (`key`) has a `next`; nil when unknown.
    case keyChain(table: String, key: String?)

    // MARK: References

    /// The row of `key` in `table` is named (by a row of `namedBy`, when
    /// known) but missing: a unit a name names, a unit's category, a
    /// language listed in `languages` that its lookup does not find.
    case missingRow(table: String, key: String?, namedBy: String?)
    /// `unit` has no words in `language`, which is complete (`form` nil),
    /// or lacks the word of `form` (`display`, `other`) that every unit
    /// named in a language has.
    case missingWords(unit: Int, language: String, form: String?)
    /// A name of `unit` in `name_blocks` is under a key that is not its
    /// text's folding (`verify`).
    case nameUnderWrongKey(unit: Int)

    // MARK: Preference lists and relations

    /// The ranks of the `usage` `region` list of `category` are not 0, 1, 2, ...
    case rankGap(category: String, usage: String, region: String)
    /// The `usage` `region` list of `category` is completed
    /// (`clusters.completed`) but has no list as written.
    case completedListAlone(category: String, usage: String, region: String)
    /// A preferred mixed unit of `unit` (its key) has a part of another
    /// category, `part` (its key).
    case partOfAnotherCategory(unit: String, part: String)
    /// A `regional` relation names units of two categories.
    case relationAcrossCategories(kind: String, first: Int, second: Int)

    /// The damage in words, as `UnitDatabaseError.damaged`'s message gives it.
    public var description: String {
        switch self {
        case .pageSize(let size):
            return "the header gives a page size of \(size) bytes, not \(DatabaseFormat.pageSize)"
        case .fileSize(let bytes, let pages, let pageSize):
            return "the file has \(bytes) bytes, but its header says \(pages) pages of \(pageSize) bytes: it was cut short or extended"
        case .meta(let key, nil):
            return "meta has no \(Self.text(key))"
        case .meta(let key, let value?):
            return "meta has an invalid \(Self.text(key)) '\(Self.text(value))'"
        case .metaKeys(let keys):
            return "meta has the keys \(keys.map(Self.text).joined(separator: ", "))"
        case .checksumMismatch(let table):
            return "a row of '\(table)' does not match its checksum"
        case .rowReadTwice(let table):
            return "a row of '\(table)' is read twice: its page points at it in place of another"
        case .invalidID(let table, let column, let key, let value):
            return "\(Self.row(table, key)) has an invalid \(column) \(value)"
        case .invalidCount(let table, let column, let key, let value):
            return "\(Self.row(table, key)) has an invalid \(column) \(value)"
        case .emptyText(let table, let column, let key):
            return "\(Self.row(table, key)) has an empty \(column)"
        case .unknownValue(let table, let column, let key, let value):
            return "\(Self.row(table, key)) has an unknown \(column) '\(Self.text(value))'"
        case .invalidValue(let table, let column, let key, let value):
            return "\(Self.row(table, key)) has an invalid \(column)" + (value.map { " '\(Self.text($0))'" } ?? "")
        case .unreadableFormula(let unit):
            return "unit \(unit) has an unreadable formula"
        case .unreadablePluralRules(let language, let error):
            return "the plural rules of '\(Self.text(language))' do not parse: \(error)"
        case .wrongKey(let table, let asked, let found):
            return "\(Self.row(table, found)) was found for \(Self.row(table, asked))"
        case .countMismatch(let table, nil, let found, let stated):
            return "'\(table)' has \(found) of its \(stated) rows"
        case .countMismatch(let table, let key?, let found, let stated):
            return "\(Self.group(table, key)) has \(found) of its \(stated) \(Self.rows(table))"
        case .countsDisagree(let table, let key):
            return "the \(Self.rows(table)) of \(Self.group(table, key)) disagree on their count"
        case .hiddenKey(let table):
            return "a key of '\(table)' is missing: the block found for it does not hold it"
        case .keyChain(let table, let key?):
            return "the blocks of '\(table)' do not chain after block \(Self.text(key))"
        case .keyChain(let table, nil):
            return "the blocks of '\(table)' do not chain"
        case .missingRow(let table, let key, nil):
            return "\(Self.row(table, key)) is named but missing"
        case .missingRow(let table, let key, let namedBy?):
            return "\(Self.row(table, key)) is named by a row of '\(namedBy)' but missing"
        case .missingWords(let unit, let language, nil):
            return "unit \(unit) has no words in '\(Self.text(language))', a complete language"
        case .missingWords(let unit, let language, let form?):
            return "unit \(unit) has no '\(Self.text(form))' word in '\(Self.text(language))'"
        case .nameUnderWrongKey(let unit):
            return "a name of unit \(unit) is filed under the wrong key"
        case .rankGap(let category, let usage, let region):
            return "the \(Self.text(usage)) \(Self.text(region)) list of \(Self.text(category)) has a gap in its ranks"
        case .completedListAlone(let category, let usage, let region):
            return "the \(Self.text(usage)) \(Self.text(region)) list of \(Self.text(category)) is completed but has no list as written"
        case .partOfAnotherCategory(let unit, let part):
            return "a preferred mixed unit of \(Self.text(unit)) has a part of another category, \(Self.text(part))"
        case .relationAcrossCategories(let kind, let first, let second):
            return "a '\(Self.text(kind))' relation names units of two categories, \(first) and \(second)"
        }
    }

    /// A text read from the file, its control characters made visible.
    private static func text(_ text: String) -> String { TextEscaping.visible(text) }

    /// One row of `table` in words: `unit 3`, `language 'ru'`, `a row of 'meta'`.
    private static func row(_ table: String, _ key: String?) -> String {
        guard let key else {
            return switch table {
            case "units": "a unit"
            case "categories": "a category"
            case "languages": "a language"
            case "name_blocks": "a block of names"
            case "unit_words": "a unit's words"
            case "clusters": "a cluster"
            case "phrase_words": "a language's phrase words"
            case "compounds": "a compound pattern"
            case "relations": "a relation"
            default: "a row of '\(table)'"
            }
        }
        let shown = text(key)
        return switch table {
        case "units": "unit \(shown)"
        case "categories": "category \(shown)"
        case "languages": "language '\(shown)'"
        case "name_blocks": "block \(shown) of the names"
        case "unit_words": key.contains(" ") ? "a word of \(unitAndLanguage(shown))" : "the row of words of unit \(shown)"
        case "clusters": "a cluster of category \(shown)"
        case "phrase_words": "the phrase words of '\(shown)'"
        case "compounds": "a compound pattern of '\(shown)'"
        case "relations": "a '\(shown)' relation"
        case "left_out_names": "the left-out name '\(shown)'"
        case "meta": "meta's \(shown)"
        default: "the row \(shown) of '\(table)'"
        }
    }

    /// The rows of one key of `table` in words: `'kg'`, `unit 3 in 'ru'`, `category length`.
    private static func group(_ table: String, _ key: String) -> String {
        switch table {
        case "clusters", "categories": "category \(text(key))"
        case "name_blocks": "'name_blocks'"
        default: "'\(text(key))'"
        }
    }

    /// What the rows of one key of `table` are, in words.
    private static func rows(_ table: String) -> String {
        switch table {
        case "name_blocks": "names"
        case "clusters": "clusters"
        case "phrase_words": "phrase words"
        case "compounds": "compound patterns"
        default: "rows"
        }
    }

    /// `3 ru` as `unit 3 in 'ru'`, `3` as `unit 3`.
    private static func unitAndLanguage(_ key: String) -> String {
        guard let space = key.firstIndex(of: " ") else { return "unit \(key)" }
        return "unit \(key[..<space]) in '\(key[key.index(after: space)...])'"
    }
}
