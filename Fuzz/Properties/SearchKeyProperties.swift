import UnitpackCore

/// What the search relies on: a key normalises to itself (the writer stores
/// normalised keys and the reader normalises what is typed, so a key typed
/// as stored must meet itself), the ASCII-and-Cyrillic fast path gives what
/// the full Unicode path gives, and only a text of blanks and dropped marks
/// (the Arabic harakat) becomes empty.
enum SearchKeyProperties {
    static func check(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let key = SearchKey.normalize(text)
        let full = SearchKey.normalizeUnicode(text)
        if let simple = SearchKey.normalizeSimple(text), simple != full {
            return "\(text.debugDescription): the fast path gives \(simple.debugDescription), the full one \(full.debugDescription)"
        }
        let again = SearchKey.normalize(key)
        guard again == key else {
            return "\(text.debugDescription) normalises to \(key.debugDescription), which normalises to \(again.debugDescription)"
        }
        // Blanks go, and so do the Arabic marks the folding drops by design
        // (harakat, tanween, tatweel: TextFolding.arabic), so a text of only
        // those is empty too; any other scalar must leave something.
        if key.isEmpty,
            let kept = text.unicodeScalars.first(where: { !$0.properties.isWhitespace && !SearchKey.normalize(String($0)).isEmpty })
        {
            return "\(text.debugDescription) is not blank but normalises to nothing (\(kept.escaped(asASCII: true)) would stay alone)"
        }
        return nil
    }
}
