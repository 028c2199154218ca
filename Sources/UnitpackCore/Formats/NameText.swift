/// `names.text` as format 11 stores it (docs/database.md, `names`): the empty
/// string where the text is its `folded` key byte for byte, else the text.
/// About 82% of the rows are lower-case words that are their own key, and
/// storing them once saved 13% of the repository's database. The empty
/// string, not NULL: a WITHOUT ROWID table's primary key columns are NOT
/// NULL, and `text` is in the key (one unit can have `L` and `l`). Either
/// costs one header byte and no body in SQLite's record.
public enum NameText {
    /// What the writer stores for `text` filed under `folded`. Compared as
    /// UTF-8 bytes, not as Swift strings (which are equal when canonically
    /// equivalent): a text typed decomposed keeps its own bytes, and a
    /// reader's exact match (`M` is Mach, `m` metre) stays a byte comparison.
    public static func stored(_ text: String, folded: String) -> String {
        text.utf8.elementsEqual(folded.utf8) ? "" : text
    }

    /// The text of a row whose `text` column holds `stored`.
    public static func text(stored: String, folded: String) -> String {
        stored.isEmpty ? folded : stored
    }

    /// Whether `stored` is what the writer writes for some text under
    /// `folded`: the empty string, or a text that is not `folded` itself
    /// (which would have been written empty). Readers refuse anything else
    /// like a wrong checksum.
    public static func isCanonical(stored: String, folded: String) -> Bool {
        stored.isEmpty || !stored.utf8.elementsEqual(folded.utf8)
    }
}
