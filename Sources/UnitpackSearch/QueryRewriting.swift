import UnitpackCore

/// One language's data for reading a query as it was meant rather than as
/// typed (search.pack format 5, from `locales/<lang>/keyboard.tsv` and
/// `transliteration.tsv`): the keyboard's letter rows, for the keys beside a
/// letter and for a query typed in another layout, and the Latin spellings
/// of the language's letters.
struct QueryRewriting: Sendable {
    /// Top to bottom, each left to right, as scalars: the rows back to back,
    /// `rowEnds[r]` where row `r` ends (a few allocations, not one a row:
    /// what opening holds counts against the search's budget).
    private let keys: [UInt32]
    private let rowEnds: [UInt8]
    /// The transliteration pairs back to back, longest Latin first (so that
    /// the first pair that fits is the one to take): u8 Latin length, the
    /// Latin bytes, u8 native length, the native bytes.
    private let pairs: [UInt8]
    /// The words that divide (`words.tsv`'s `per`: `per`, `на`), normalised.
    let perWords: [[UInt8]]

    var hasKeyboard: Bool { !rowEnds.isEmpty }

    /// Where row `row` lies in `keys`.
    private func row(_ row: Int) -> Range<Int> {
        (row == 0 ? 0 : Int(rowEnds[row - 1]))..<Int(rowEnds[row])
    }

    /// The key at `row`, `column`, if there is one.
    func key(row: Int, column: Int) -> UInt32? {
        guard rowEnds.indices.contains(row), column >= 0, column < self.row(row).count else { return nil }
        return keys[self.row(row).lowerBound + column]
    }

    var heldBytes: Int {
        [4 * keys.count, rowEnds.count, pairs.count, 8 * perWords.count].reduce(0) {
            $0 + ($1 == 0 ? 0 : ApproximateSize.allocation(ApproximateSize.objectHeader + $1))
        } + perWords.reduce(0) { $0 + ApproximateSize.allocation(ApproximateSize.objectHeader + $1.count) }
    }

    /// Reads docs/pack-format.md's "Query rewriting" entry of one language;
    /// nil when cut short or not UTF-8.
    init?(_ reader: inout ByteReader) {
        guard let rowCount = reader.u8() else { return nil }
        var keys: [UInt32] = []
        var rowEnds: [UInt8] = []
        for _ in 0..<rowCount {
            guard let length = reader.u8(), let bytes = reader.take(Int(length)),
                  let text = String(validating: bytes, as: UTF8.self) else { return nil }
            keys += text.unicodeScalars.map(\.value)
            guard keys.count <= Int(UInt8.max) else { return nil }
            rowEnds.append(UInt8(keys.count))
        }
        guard let pairCount = reader.u16() else { return nil }
        var read: [(latin: ArraySlice<UInt8>, native: ArraySlice<UInt8>)] = []
        for _ in 0..<pairCount {
            guard let latinLength = reader.u8(), let latin = reader.take(Int(latinLength)), !latin.isEmpty,
                  let nativeLength = reader.u8(), let native = reader.take(Int(nativeLength)),
                  String(validating: native, as: UTF8.self) != nil, latin.allSatisfy({ $0 < 0x80 })
            else { return nil }
            read.append((latin, native))
        }
        guard let perCount = reader.u8() else { return nil }
        var per: [[UInt8]] = []
        for _ in 0..<perCount {
            guard let length = reader.u8(), let word = reader.take(Int(length)), !word.isEmpty,
                  String(validating: word, as: UTF8.self) != nil else { return nil }
            per.append(Array(word))
        }
        // Stable: among equal lengths the file's order.
        var flat: [UInt8] = []
        for pair in read.enumerated().sorted(by: {
            $0.element.latin.count != $1.element.latin.count ? $0.element.latin.count > $1.element.latin.count : $0.offset < $1.offset
        }).map(\.element) {
            flat.append(UInt8(pair.latin.count))
            flat += pair.latin
            flat.append(UInt8(pair.native.count))
            flat += pair.native
        }
        (self.keys, self.rowEnds, pairs, perWords) = (keys, rowEnds, flat, per)
    }

    /// Where `scalar` is on the keyboard (row, column).
    func position(of scalar: UInt32) -> (row: Int, column: Int)? {
        for index in rowEnds.indices {
            let range = row(index)
            if let at = keys[range].firstIndex(of: scalar) { return (index, at - range.lowerBound) }
        }
        return nil
    }

    /// The keys touching `scalar`'s: left and right, and the two nearest of
    /// the rows above and below (rows are staggered by about half a key).
    func neighbours(of scalar: UInt32) -> [UInt32] {
        guard let (row, column) = position(of: scalar) else { return [] }
        var near: [UInt32] = []
        func add(_ row: Int, _ column: Int) {
            if let key = key(row: row, column: column) { near.append(key) }
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
            guard let (row, column) = position(of: scalar), let swapped = other.key(row: row, column: column) else { return nil }
            moved = moved || swapped != scalar
            result.append(swapped)
        }
        return moved ? result : nil
    }

    /// `query` (normalised UTF-8) read as this language written in Latin
    /// letters, the longest sequence first; nil when it has no Latin letter.
    /// Other bytes (spaces, digits, symbols, letters of other scripts) stay.
    func transliterate(_ query: [UInt8]) -> [UInt8]? {
        guard !pairs.isEmpty, query.contains(where: { (0x61...0x7A).contains($0) }) else { return nil }
        var result: [UInt8] = []
        var at = 0
        outer: while at < query.count {
            var entry = 0
            while entry < pairs.count {
                let latinLength = Int(pairs[entry])
                let latin = pairs[(entry + 1)..<(entry + 1 + latinLength)]
                let nativeStart = entry + 1 + latinLength
                let nativeEnd = nativeStart + 1 + Int(pairs[nativeStart])
                if query[at...].starts(with: latin) {
                    result += pairs[(nativeStart + 1)..<nativeEnd]
                    at += latinLength
                    continue outer
                }
                entry = nativeEnd
            }
            result.append(query[at])
            at += 1
        }
        return result
    }
}
