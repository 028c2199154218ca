/// What one parse found for spans of its phrase, by span (`Phrase.Span`):
/// the lookup memo's tables. A span's entries are chained from its first
/// scalar, so a lookup walks only the spans that start there (at most a
/// few dozen, `PhraseReader.longestSpan` words each way), and the work stays
/// linear in the phrase.
///
/// Not a Dictionary: each of a parse's Dictionaries of the reader's own
/// types looked up its storage's generic metadata when it first grew, and
/// hashed each span with SipHash; together a twentieth of a warm parse.
struct SpanTable<Value> {
    /// By a span's first scalar: the index + 1 of its latest entry, 0 for none.
    private var heads: [Int32] = []
    private var entries: [Entry] = []

    private struct Entry {
        let end: Int
        let value: Value
        /// The index + 1 of the entry before it of the same first scalar, 0 for none.
        let next: Int32
    }

    subscript(span: Phrase.Span) -> Value? {
        guard span.start >= 0, span.start < heads.count else { return nil }
        var at = Int(heads[span.start])
        while at > 0 {
            if entries[at - 1].end == span.end { return entries[at - 1].value }
            at = Int(entries[at - 1].next)
        }
        return nil
    }

    /// Keeps `value` for `span`; a span asked again finds the latest value.
    mutating func insert(_ value: Value, for span: Phrase.Span) {
        guard span.start >= 0 else { return }
        if span.start >= heads.count {
            // Room for a typical phrase's spans at once: grown a step at a
            // time, the tables were copied several times a parse.
            if entries.isEmpty { entries.reserveCapacity(16) }
            heads.append(contentsOf: repeatElement(0, count: max(span.start + 1, 2 * heads.count, 32) - heads.count))
        }
        entries.append(Entry(end: span.end, value: value, next: heads[span.start]))
        heads[span.start] = Int32(entries.count)
    }
}
