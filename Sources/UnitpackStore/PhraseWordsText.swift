#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import UnitpackCore
import UnitpackSQLite

/// `phrase_words.words` (docs/database.md, "phrase_words"): every phrase
/// word of one language as one text. Format 14 kept a row a word and kind
/// (2,349 rows, each with its key, checksum and place in a count), and a
/// parse after `purge()` spent a third of its work on that bookkeeping for
/// the ~400 words of two languages (issue 38).
///
/// The text, UTF-8: lines separated by LF (U+000A), no LF at the end, none
/// empty. Each line: the word (folded), TAB, the kind (`PhraseWordKind`'s
/// raw value), TAB, the value: empty for a kind without one, else a decimal
/// number (digits, an optional `.` and digits, an optional exponent) that
/// reads as the value. Lines in byte order of the word, then of the kind;
/// each word and kind once; no word empty or holding a TAB.
package enum PhraseWordsText {
    /// One line: the word's bytes in the text, its kind and its value.
    package struct Line: Sendable, Hashable {
        package var word: Range<Int>
        package var kind: PhraseWordKind
        package var value: Double?
    }

    /// The most bytes a language's text may have: the largest of the
    /// repository's (Ukrainian) is 14,641; a larger one is damage, not words.
    package static let maxSize = 1 << 20

    /// Why a text is not what the writer writes; the description is the
    /// `value` of `DatabaseDamage.invalidValue` (column `words`).
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case size(Int)
        case notUTF8
        /// A line without three fields, or with an empty word (1-based).
        case badLine(Int)
        case unknownKind(line: Int, kind: String)
        /// A value missing, present where the kind has none, or out of the
        /// kind's range (`DatabaseSanity.isValidWordValue`).
        case badValue(line: Int, value: String)
        /// A line not after the one before it in byte order, or the same word and kind again.
        case order(line: Int)

        package var description: String {
            switch self {
            case .size(let size): "a text of \(size) bytes"
            case .notUTF8: "words that are not UTF-8"
            case .badLine(let line): "line \(line) without a word, a kind and a value"
            case .unknownKind(let line, let kind): "line \(line) of unknown kind '\(kind)'"
            case .badValue(let line, let value): "line \(line) with value '\(value)'"
            case .order(let line): "line \(line) out of order or twice"
            }
        }
    }

    /// The text of a language's words, sorted and each word and kind once.
    package static func text(_ words: [(word: String, kind: PhraseWordKind, value: Double?)]) -> String {
        var seen: Set<[UInt8]> = []
        var lines: [[UInt8]] = []
        for (word, kind, value) in words {
            var line = Array(word.utf8)
            line.append(0x09)
            line.append(contentsOf: kind.rawValue.utf8)
            line.append(0x09)
            let key = line
            guard seen.insert(key).inserted else { continue }
            if let value { line.append(contentsOf: Self.decimal(value).utf8) }
            lines.append(line)
        }
        // Byte order of word then kind is the order of the word and kind
        // bytes joined by TAB, which sorts before every byte a word holds.
        lines.sort { $0.lexicographicallyPrecedes($1) }
        return String(decoding: Array(lines.joined(separator: [0x0A])), as: UTF8.self)
    }

    /// A value as the text writes it: the shortest decimal that reads back
    /// as the same number, without a `.0` for whole numbers.
    package static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The lines of `text`, each checked as the writer writes it. Read on
    /// the bytes (a parse after `purge()` reads two or more languages' texts).
    package static func lines(_ text: [UInt8]) -> Result<[Line], Problem> {
        guard text.count <= maxSize else { return .failure(.size(text.count)) }
        guard UTF8Validation.isValid(text) else { return .failure(.notUTF8) }
        guard !text.isEmpty else { return .failure(.badLine(1)) }
        return text.withUnsafeBufferPointer { bytes in
            var lines: [Line] = []
            lines.reserveCapacity(text.count / 12)
            var start = 0
            var number = 0
            let kinds = Self.kindTable
            var previous: (word: Range<Int>, kindRank: Int)?
            while true {
                number += 1
                // The line's end and its tabs found by `memchr` (a byte at a
                // time, the scan was a third of reading a text).
                let end = bytes.firstIndex(of: 0x0A, in: start..<bytes.count) ?? bytes.count
                let first = bytes.firstIndex(of: 0x09, in: start..<end)
                let second = first.flatMap { bytes.firstIndex(of: 0x09, in: ($0 + 1)..<end) }
                guard let first, let second, bytes.firstIndex(of: 0x09, in: (second + 1)..<end) == nil, first > start else {
                    return .failure(.badLine(number))
                }
                let tabs = (first: first, second: second)
                let word = start..<tabs.first
                let kindBytes = UnsafeBufferPointer(rebasing: bytes[(tabs.first + 1)..<tabs.second])
                guard !kindBytes.isEmpty, let kindRank = kinds.rank(kindBytes) else {
                    return .failure(.unknownKind(line: number, kind: String(decoding: kindBytes, as: UTF8.self)))
                }
                let kind = kinds.kinds[kindRank]
                let valueBytes = UnsafeBufferPointer(rebasing: bytes[(tabs.second + 1)..<end])
                var value: Double?
                if valueBytes.isEmpty {
                    guard !kind.hasValue else { return .failure(.badValue(line: number, value: "")) }
                } else {
                    guard kind.hasValue, isDecimal(valueBytes), let read = Self.value(valueBytes), DatabaseSanity.isValidWordValue(read, kind: kind)
                    else { return .failure(.badValue(line: number, value: String(decoding: valueBytes, as: UTF8.self))) }
                    value = read
                }
                if let previous {
                    let order = bytes.order(previous.word, word)
                    guard order < 0 || (order == 0 && previous.kindRank < kindRank) else { return .failure(.order(line: number)) }
                }
                previous = (word, kindRank)
                lines.append(Line(word: word, kind: kind, value: value))
                if end == bytes.count { return .success(lines) }
                start = end + 1
                // A text that ends with LF has an empty last line: never written.
                if start == bytes.count { return .failure(.badLine(number + 1)) }
            }
        }
    }

    /// Every kind's raw value's bytes, in byte order of the raw values (a
    /// kind's index is its rank in the order of lines), back to back: found
    /// by comparing bytes, not by making a String of each line's kind, and
    /// read through one buffer (an array of arrays retained each element
    /// at each comparison: most of the parse of a text).
    private struct KindTable {
        let kinds: [PhraseWordKind]
        /// `bytes[starts[i] ..< starts[i + 1]]` is `kinds[i]`'s raw value.
        let starts: [Int]
        let bytes: [UInt8]

        /// The kinds' indices by the length of their raw value: those of
        /// length `n` are `byLength[lengthStarts[n] ..< lengthStarts[n + 1]]`,
        /// the only ones a word of `n` bytes is compared with (each line of
        /// a text asks: two dozen comparisons a line were a quarter of a read).
        let byLength: [Int]
        let lengthStarts: [Int]

        init() {
            let sorted = PhraseWordKind.allCases.map { (Array($0.rawValue.utf8), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
            kinds = sorted.map(\.1)
            bytes = sorted.flatMap(\.0)
            starts = sorted.reduce(into: [0]) { $0.append($0.last! + $1.0.count) }
            let longest = sorted.map(\.0.count).max() ?? 0
            byLength = sorted.indices.sorted { (sorted[$0].0.count, $0) < (sorted[$1].0.count, $1) }
            lengthStarts = (0...(longest + 1)).map { length in sorted.filter { $0.0.count < length }.count }
        }

        /// The index in `kinds` of the kind whose raw value is `word`.
        func rank(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
            guard word.count + 1 < lengthStarts.count else { return nil }
            return starts.withUnsafeBufferPointer { starts in
                bytes.withUnsafeBufferPointer { bytes in
                    for index in byLength[lengthStarts[word.count]..<lengthStarts[word.count + 1]] {
                        if memcmp(bytes.baseAddress! + starts[index], word.baseAddress!, word.count) == 0 { return index }
                    }
                    return nil
                }
            }
        }
    }

    private static let kindTable = KindTable()

    /// The value of a decimal (`isDecimal`): whole numbers of up to 15
    /// digits exactly from their digits (most values: `1000`, `2`), others as
    /// `Double(_:)` reads them. No String for most lines.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if bytes.count <= 15, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Double(bytes.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) })
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Digits, an optional `.` and digits, an optional exponent: what
    /// `decimal` writes, and nothing `Double(_:)` reads besides (`inf`,
    /// `0x1p3`, `nan`).
    private static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            let from = index
            while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - from
        }
        guard digits() > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == 0x2E {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.endIndex, bytes[index] == 0x65 {
            index += 1
            if index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}

extension RowDecoder {
    /// A `phrase_words` row at columns `offset...` (lang, words, crc): its
    /// checksum, and its words' lines, each checked as the writer writes
    /// them (`PhraseWordsText.lines`), over the text's bytes.
    package func phraseWords(at offset: Int32) throws(Failure) -> (lang: String, text: [UInt8], lines: [PhraseWordsText.Line]) {
        try check("phrase_words", at: offset)
        return try checkedPhraseWords(at: offset)
    }

    /// `phraseWords(at:)` of a row whose checksum was checked (`TableScan`).
    package func checkedPhraseWords(at offset: Int32) throws(Failure) -> (lang: String, text: [UInt8], lines: [PhraseWordsText.Line]) {
        let lang = try word(offset, "phrase_words", "lang")
        guard
            let text = statement.withColumn(offset + 1, { column -> [UInt8]? in
                if case .text(let bytes) = column { return Array(bytes) }
                return nil
            })
        else {
            throw damaged(.invalidValue(table: "phrase_words", column: "words", key: lang, value: "a value that is not text"))
        }
        switch PhraseWordsText.lines(text) {
        case .success(let lines): return (lang, text, lines)
        case .failure(let problem):
            throw damaged(.invalidValue(table: "phrase_words", column: "words", key: lang, value: problem.description))
        }
    }
}
