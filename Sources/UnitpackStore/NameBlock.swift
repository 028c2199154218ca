import UnitpackCore

/// A row of `name_blocks` (docs/database.md, "name_blocks"): the names of
/// consecutive keys, as lines of text kept as one zlib stream. Format 12
/// kept a row per name, each with its key, its key's count of rows, a link
/// to the key before and a checksum: 41,588 rows took 2.1 MB of the file,
/// where 868 compressed blocks take 0.57 (issue 38, docs/database.md).
///
/// The text, UTF-8: lines separated by LF, none after the last. Each line is
/// one name: `folded`, `unit`, `kind`, `lang` and `text` separated by TABs,
/// as format 12's row of `names` held them (`unit` and `kind` in ASCII
/// decimal; `text` empty where it is `folded`). Lines in the order of those
/// columns: `folded` in byte order, then `unit` and `kind` as numbers,
/// then `lang` and `text` in byte order; no line twice. Every `folded` is at
/// least the row's `first` and, but in the last block, less than its
/// `next`: the first key of the block after it.
package struct NameBlock: Sendable {
    package struct Entry: Sendable, Hashable {
        package var unit: Int
        package var kind: Int
        package var language: String
        /// As stored: the empty string where the text is the key.
        package var stored: String

        package init(unit: Int, kind: Int, language: String, stored: String) {
            self.unit = unit
            self.kind = kind
            self.language = language
            self.stored = stored
        }
    }

    /// Why a block's text is not what the writer writes; the `value` of
    /// `DatabaseDamage.invalidValue` (column `entries`).
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case words(UnitWords.Problem)
        case badLine(Int)
        case order(Int)
        case outside(Int)
        case storesKey(Int)

        package var description: String {
            switch self {
            case .words(let problem): problem.description
            case .badLine(let line): "line \(line) is not five fields: a key, a unit id, a kind, a language and a text"
            case .order(let line): "line \(line) is out of order or twice"
            case .outside(let line): "line \(line) has a key outside the block's first and next"
            case .storesKey(let line): "line \(line) stores its key as its text"
            }
        }
    }

    /// The row's `block`, `first` and `next` (nil for the last block).
    package let number: Int
    package let first: String
    package let next: String?
    /// The text as inflated, checked: what the object cache keeps (a few
    /// KB a block; decoding every name of a block into strings took four
    /// times as much, and a phrase reader's lookups then pushed one another
    /// out of the cache: issue 38).
    private let text: [UInt8]
    /// Where each key's first line starts in `text`, and `text.count + 1`
    /// after the last: the lines of key `i` are `keyStarts[i]..<keyStarts[i + 1] - 1`.
    private let keyStarts: [Int32]

    /// How many keys the block holds.
    package var keyCount: Int { keyStarts.count - 1 }

    /// The bytes of the block's two arrays: its text and its index of keys.
    package var arrayBytes: (text: Int, index: Int) { (text.count, 4 * keyStarts.count) }

    /// Key `index`, in byte order.
    package func key(at index: Int) -> String {
        String(decoding: keyBytes(at: index), as: UTF8.self)
    }

    /// Every key, in byte order (`verify`, the review).
    package var keys: [String] { (0..<keyCount).map(key(at:)) }

    /// Key `index`'s UTF-8 bytes, in place.
    package func keyBytes(at index: Int) -> ArraySlice<UInt8> {
        let start = Int(keyStarts[index])
        var end = start
        while text[end] != 0x09 { end += 1 }
        return text[start..<end]
    }

    /// The names of key `index`, in order.
    package func entries(at index: Int) -> [Entry] {
        let start = Int(keyStarts[index])
        let end = Int(keyStarts[index + 1]) - 1
        return text[start..<end].split(separator: 0x0A).map { line in
            // Checked when the block was read: five fields, numbers that parse.
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            return Entry(
                unit: Self.decimal(fields[1]), kind: Self.decimal(fields[2]), language: String(decoding: fields[3], as: UTF8.self),
                stored: String(decoding: fields[4], as: UTF8.self))
        }
    }

    /// Whether this block comes right after `previous` in a scan of the
    /// table by number: block 1 begins at the empty key (`previous` nil),
    /// and each begins where the one before it ends (`verify`, the review).
    package func follows(_ previous: NameBlock?) -> Bool {
        previous.map { $0.number + 1 == number && $0.next == first } ?? (number == 1 && first.isEmpty)
    }

    /// Whether `key` belongs in this block: at least `first`, and less than
    /// `next` (the next block's first key) when there is one.
    package func covers(_ key: String) -> Bool {
        !Self.precedes(key, first) && next.map { Self.precedes(key, $0) } ?? true
    }

    /// The names of `key`, empty when the block has no such key.
    package func entries(of key: String) -> [Entry] {
        let index = firstIndex(atLeast: key)
        guard index < keyCount, keyBytes(at: index).elementsEqual(key.utf8) else { return [] }
        return entries(at: index)
    }

    /// The position of the first key that is not before `key` in byte
    /// order (`keyCount` when every key is).
    package func firstIndex(atLeast key: String) -> Int {
        var low = 0
        var high = keyCount
        while low < high {
            let middle = (low + high) / 2
            if keyBytes(at: middle).lexicographicallyPrecedes(key.utf8) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// UTF-8 byte order, SQLite's BINARY collation (a String's `<` is
    /// Unicode's canonical order, which differs outside NFC).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1 &- 0x30) }
    }

    // MARK: Writing

    /// The text of a block of `names`, each (folded, entry), in their order.
    package static func text(_ names: [(folded: String, entry: Entry)]) -> String {
        names.map { "\($0.folded)\t\($0.entry.unit)\t\($0.entry.kind)\t\($0.entry.language)\t\($0.entry.stored)" }
            .joined(separator: "\n")
    }

    // MARK: Reading

    /// The block of a row: its text read and checked against the format
    /// and the row's `first` and `next`.
    package static func read(number: Int, first: String, next: String?, text: [UInt8]) -> Result<NameBlock, Problem> {
        guard UTF8Validation.isValid(text) else { return .failure(.words(.notUTF8)) }
        var keyStarts: [Int32] = []
        // Read on the bytes, fields as ranges: a line's fields as slices of
        // the array retained and released it at each line and each copy of
        // the line before (a block is read at each miss of the object cache).
        let problem: Problem? = text.withUnsafeBufferPointer { bytes in
            var previous: (key: Range<Int>, unit: Int, kind: Int, language: Range<Int>, stored: Range<Int>)?
            var start = 0
            var lineNumber = 0
            while start <= bytes.count {
                lineNumber += 1
                let end = bytes.firstIndex(of: 0x0A, in: start..<bytes.count) ?? bytes.count
                // Four tabs, no fifth.
                func tab(after index: Int) -> Int? { bytes.firstIndex(of: 0x09, in: (index + 1)..<end) }
                guard let tab0 = tab(after: start - 1), let tab1 = tab(after: tab0), let tab2 = tab(after: tab1),
                    let tab3 = tab(after: tab2), tab(after: tab3) == nil, tab0 > start,
                    let unit = Self.number(bytes, (tab0 + 1)..<tab1), DatabaseSanity.isValidID(unit),
                    let kind = Self.number(bytes, (tab1 + 1)..<tab2), NameKind(rawValue: kind) != nil
                else { return .badLine(lineNumber) }
                let line = (key: start..<tab0, unit: unit, kind: kind, language: (tab2 + 1)..<tab3, stored: (tab3 + 1)..<end)
                guard bytes.order(line.stored, line.key) != 0 else { return .storesKey(lineNumber) }
                if let previous, bytes.order(previous.key, line.key) == 0 {
                    let ordered =
                        previous.unit != unit ? previous.unit < unit
                        : previous.kind != kind ? previous.kind < kind
                        : bytes.order(previous.language, line.language) != 0 ? bytes.order(previous.language, line.language) < 0
                        : bytes.order(previous.stored, line.stored) < 0
                    guard ordered else { return .order(lineNumber) }
                } else {
                    if let previous, bytes.order(previous.key, line.key) >= 0 { return .order(lineNumber) }
                    keyStarts.append(Int32(start))
                }
                previous = line
                start = end + 1
            }
            return nil
        }
        if let problem { return .failure(problem) }
        keyStarts.append(Int32(text.count + 1))
        let block = NameBlock(number: number, first: first, next: next, text: text, keyStarts: keyStarts)
        // Keys in order: the first and the last say whether all are inside.
        for index in [0, block.keyCount - 1] where !block.covers(block.key(at: index)) {
            return .failure(.outside(line(ofKey: index, in: text, keyStarts)))
        }
        return .success(block)
    }

    /// A decimal number as the writer writes it (ASCII digits, no leading
    /// zero), at `range` of `bytes`.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let first = range.first.map({ bytes[$0] }), first != 0x30 || range.count == 1, range.count <= 10 else { return nil }
        var value = 0
        for index in range {
            let digit = bytes[index] &- 0x30
            guard digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func line(ofKey index: Int, in text: [UInt8], _ keyStarts: [Int32]) -> Int {
        text[0..<Int(keyStarts[index])].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    /// Format 12's primary-key order of a key's rows: unit and kind as
    /// numbers, language and text as bytes.
    package static func entryPrecedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.unit != b.unit { return a.unit < b.unit }
        if a.kind != b.kind { return a.kind < b.kind }
        if a.language != b.language { return precedes(a.language, b.language) }
        return precedes(a.stored, b.stored)
    }
}

extension RowDecoder {
    /// A `name_blocks` row at columns `offset...` (block, first, next,
    /// size, entries, crc): its checksum, and its text inflated and read.
    package func nameBlock(at offset: Int32) throws(Failure) -> NameBlock {
        try check("name_blocks", at: offset)
        return try checkedNameBlock(at: offset)
    }

    /// `nameBlock(at:)` of a row whose checksum was checked (`TableScan`).
    package func checkedNameBlock(at offset: Int32) throws(Failure) -> NameBlock {
        let number = try id(offset, "name_blocks", "block")
        func invalid(_ column: String, _ value: String) -> Failure {
            damaged(.invalidValue(table: "name_blocks", column: column, key: "\(number)", value: value))
        }
        guard let first = statement.text(at: offset + 1) else { throw damaged(.emptyText(table: "name_blocks", column: "first", key: "\(number)")) }
        let next = statement.isNull(at: offset + 2) ? nil : statement.text(at: offset + 2)
        let size = statement.int(at: offset + 3)
        let text: [UInt8]
        switch inflatedBlob(at: offset + 4, size: size) {
        case .success(let bytes): text = bytes
        case .failure(.size(let size)): throw invalid("size", "\(size)")
        case .failure(let problem): throw invalid("entries", problem.description)
        }
        guard !text.isEmpty else { throw invalid("entries", "no names") }
        switch NameBlock.read(number: number, first: first, next: next, text: text) {
        case .success(let block): return block
        case .failure(let problem): throw invalid("entries", problem.description)
        }
    }
}
