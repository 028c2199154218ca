import UnitpackCore

/// One language's data for reading a query as it was meant rather than as
/// typed (search.pack format 5, from `locales/<lang>/keyboard.tsv` and
/// `transliteration.tsv`): the keyboard's letter rows, for the keys beside a
/// letter and for a query typed in another layout, and the Latin spellings
/// of the language's letters.
struct QueryRewriting: Sendable {
    /// Top to bottom, each left to right, as scalars.
    let keyboardRows: [[UInt32]]
    /// Latin sequence -> native text, longest Latin first (so that the first
    /// pair that fits is the one to take).
    let transliteration: [(latin: [UInt8], native: [UInt8])]
    /// The words that divide (`words.tsv`'s `per`: `per`, `на`), normalised.
    let perWords: [[UInt8]]

    var heldBytes: Int {
        guard !keyboardRows.isEmpty || !transliteration.isEmpty || !perWords.isEmpty else { return 0 }
        return ApproximateSize.allocation(ApproximateSize.objectHeader + 8 * keyboardRows.count)
            + keyboardRows.reduce(0) { $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + 4 * $1.count) }
            + ApproximateSize.allocation(ApproximateSize.objectHeader + 16 * transliteration.count)
            + transliteration.reduce(0) {
                $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + $1.latin.count)
                    + ApproximateSize.allocation(ApproximateSize.objectHeader + $1.native.count)
            }
            + ApproximateSize.allocation(ApproximateSize.objectHeader + 8 * perWords.count)
            + perWords.reduce(0) { $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + $1.count) }
    }

    /// Reads docs/pack-format.md's "Query rewriting" entry of one language;
    /// nil when cut short or not UTF-8.
    init?(_ reader: inout ByteReader) {
        guard let rowCount = reader.u8() else { return nil }
        var rows: [[UInt32]] = []
        for _ in 0..<rowCount {
            guard let length = reader.u8(), let bytes = reader.take(Int(length)),
                  let text = String(validating: bytes, as: UTF8.self) else { return nil }
            rows.append(text.unicodeScalars.map(\.value))
        }
        guard let pairCount = reader.u16() else { return nil }
        var pairs: [(latin: [UInt8], native: [UInt8])] = []
        for _ in 0..<pairCount {
            guard let latinLength = reader.u8(), let latin = reader.take(Int(latinLength)), !latin.isEmpty,
                  let nativeLength = reader.u8(), let native = reader.take(Int(nativeLength)),
                  String(validating: native, as: UTF8.self) != nil, latin.allSatisfy({ $0 < 0x80 })
            else { return nil }
            pairs.append((Array(latin), Array(native)))
        }
        guard let perCount = reader.u8() else { return nil }
        var per: [[UInt8]] = []
        for _ in 0..<perCount {
            guard let length = reader.u8(), let word = reader.take(Int(length)), !word.isEmpty,
                  String(validating: word, as: UTF8.self) != nil else { return nil }
            per.append(Array(word))
        }
        perWords = per
        keyboardRows = rows
        // Stable: among equal lengths the file's order.
        transliteration = pairs.enumerated().sorted {
            $0.element.latin.count != $1.element.latin.count ? $0.element.latin.count > $1.element.latin.count : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Where `scalar` is on the keyboard (row, column).
    func position(of scalar: UInt32) -> (row: Int, column: Int)? {
        for (row, keys) in keyboardRows.enumerated() {
            if let column = keys.firstIndex(of: scalar) { return (row, column) }
        }
        return nil
    }

    /// The keys touching `scalar`'s: left and right, and the two nearest of
    /// the rows above and below (rows are staggered by about half a key).
    func neighbours(of scalar: UInt32) -> [UInt32] {
        guard let (row, column) = position(of: scalar) else { return [] }
        var near: [UInt32] = []
        func add(_ row: Int, _ column: Int) {
            guard keyboardRows.indices.contains(row), keyboardRows[row].indices.contains(column) else { return }
            near.append(keyboardRows[row][column])
        }
        add(row, column - 1)
        add(row, column + 1)
        add(row - 1, column)
        add(row - 1, column + 1)
        add(row + 1, column - 1)
        add(row + 1, column)
        return near
    }

    /// `query` typed with `self`'s layout on where `other`'s was meant: each
    /// key replaced by the key at its place on `other`; nil unless some
    /// letter moved and every scalar other than a space or a digit is a key.
    func layoutSwap(_ query: [UInt32], to other: QueryRewriting) -> [UInt32]? {
        var moved = false
        var result: [UInt32] = []
        result.reserveCapacity(query.count)
        for scalar in query {
            if scalar == 0x20 || (0x30...0x39).contains(scalar) {
                result.append(scalar)
                continue
            }
            guard let (row, column) = position(of: scalar), other.keyboardRows.indices.contains(row),
                  other.keyboardRows[row].indices.contains(column) else { return nil }
            let swapped = other.keyboardRows[row][column]
            moved = moved || swapped != scalar
            result.append(swapped)
        }
        return moved ? result : nil
    }

    /// `query` (normalised UTF-8) read as this language written in Latin
    /// letters, the longest sequence first; nil when it has no Latin letter.
    /// Other bytes (spaces, digits, symbols, letters of other scripts) stay.
    func transliterate(_ query: [UInt8]) -> [UInt8]? {
        guard !transliteration.isEmpty, query.contains(where: { (0x61...0x7A).contains($0) }) else { return nil }
        var result: [UInt8] = []
        var at = 0
        outer: while at < query.count {
            for pair in transliteration where query[at...].starts(with: pair.latin) {
                result += pair.native
                at += pair.latin.count
                continue outer
            }
            result.append(query[at])
            at += 1
        }
        return result
    }
}
