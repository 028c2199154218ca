#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CZlib
import UnitpackCore

/// `unit_words.words` (docs/database.md, "unit_words"): the words of
/// consecutive units in every language that names them, as one text, kept
/// as one zlib stream a row. A unit's forms repeat one another (`атомная
/// единица`, `атомные единицы`, `атомных единиц`), and a row a form kept
/// each a row's key, length and checksum: 51,760 rows took 2.3 MB where
/// format 13's row a unit took 0.54; in a slice of few languages a row a
/// unit was mostly its own bookkeeping, so format 14 puts as many units in
/// a row as fill half a page (`PageRows` in the compiler; issue 38).
///
/// A row's text, UTF-8: lines separated by LF (U+000A), no LF at the end.
/// Each unit's part in id order, `first` to `last`: its line (`#` and its
/// id in decimal), then its words. A unit's words: a line without a TAB
/// names a language (its `languages.code`) and starts its section; each
/// line after it, up to the next language, is a form (`display`, a plural
/// category, `symbol`, `long:few`, ...: `NameForm`), a TAB and its text.
/// Languages in byte order, each once and with at least one form; forms in
/// byte order within their language, each once; no text empty or holding a
/// TAB. A unit named in no language has its line alone.
package enum UnitWords {
    /// The most bytes a row's text may have (`unit_words.size`): the largest
    /// of the repository's is 4,279; a stated size above it is damage,
    /// never a buffer to allocate.
    package static let maxSize = 1 << 20

    package struct Form: Sendable, Hashable {
        package var form: String
        package var text: String
        package init(form: String, text: String) {
            self.form = form
            self.text = text
        }
    }

    package struct Section: Sendable, Hashable {
        package var language: String
        package var forms: [Form]
        package init(language: String, forms: [Form]) {
            self.language = language
            self.forms = forms
        }
    }

    /// Why a row's words are not what the writer writes; the text is the
    /// `value` of `DatabaseDamage.invalidValue` (column `words`).
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case size(Int)
        case doesNotInflate
        case notUTF8
        case formBeforeLanguage
        case emptyLanguage(String)
        case languageOrder(String)
        case formOrder(language: String, form: String)
        case badLine(language: String)
        /// A row's text that does not start with a unit's line.
        case wordsBeforeUnit
        /// A unit's line that is not `#` and an id, or out of order, or
        /// twice, or outside the row's `first` and `last`.
        case unitLine(String)
        /// A row whose parts do not begin at its `first` or end at its `last`.
        case rowBounds(first: Int, last: Int)

        package var description: String {
            switch self {
            case .size(let size): "a size of \(size) bytes"
            case .doesNotInflate: "a stream that does not inflate to its size"
            case .notUTF8: "words that are not UTF-8"
            case .formBeforeLanguage: "a form before any language"
            case .emptyLanguage(let code): "language '\(code)' with no form"
            case .languageOrder(let code): "language '\(code)' out of order or twice"
            case .formOrder(let language, let form): "form '\(form)' of '\(language)' out of order or twice"
            case .badLine(let language): "a line of '\(language)' with no form, no text or two tabs"
            case .wordsBeforeUnit: "words before any unit's line"
            case .unitLine(let line): "unit line '\(line)' out of order, twice or outside the row's units"
            case .rowBounds(let first, let last): "parts that do not run from unit \(first) to unit \(last)"
            }
        }
    }

    // MARK: Writing

    /// A unit's part of a row's text: its line (`#` and its id in ASCII
    /// decimal), then, when it has any, the lines of `text(sections)`.
    package static func part(unit: Int, _ sections: [Section]) -> String {
        let words = text(sections)
        return words.isEmpty ? "#\(unit)" : "#\(unit)\n" + words
    }

    /// The text of `sections` (sorted here: languages, then forms, in byte order).
    package static func text(_ sections: [Section]) -> String {
        // Each key's bytes made once, and the lines written as bytes: with
        // an Array made at every comparison of the sorts and a String a
        // line, the units' parts took 0.20 billion instructions of the
        // build, 0.15 now.
        var bytes: [UInt8] = []
        var lines = 0
        func line(_ pieces: [UInt8]...) {
            if lines > 0 { bytes.append(0x0A) }
            for piece in pieces { bytes += piece }
            lines += 1
        }
        let languages = sections.map { (key: Array($0.language.utf8), forms: $0.forms) }
        for section in languages.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) where !section.forms.isEmpty {
            line(section.key)
            let forms = section.forms.map { (key: Array($0.form.utf8), text: $0.text) }
            for form in forms.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                line(form.key, [0x09], Array(form.text.utf8))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` as one zlib stream (RFC 1950) at level 9, as zlib's
    /// `compress2` writes it: the same bytes for the same text with the
    /// same zlib.
    package static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var bound = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(bound))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &bound, input.baseAddress, uLong(input.count), 9)
            }
        }
        precondition(status == Z_OK, "zlib's compress2 failed (\(status)) within its own bound")
        return Array(output.prefix(Int(bound)))
    }

    // MARK: Reading

    /// The text of a row: `stream` inflated, exactly `size` bytes and the
    /// stream's end (its Adler-32 checked by zlib), or the problem.
    package static func inflate(_ stream: UnsafeRawBufferPointer, size: Int) -> Result<[UInt8], Problem> {
        guard size >= 0, size <= maxSize else { return .failure(.size(size)) }
        guard let input = stream.baseAddress, !stream.isEmpty else { return .failure(.doesNotInflate) }
        // One byte of room past the size: a stream with more to give does
        // not end, and is refused.
        var output = [UInt8](repeating: 0, count: size + 1)
        var z = z_stream()
        guard inflateInit_(&z, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .failure(.doesNotInflate) }
        defer { inflateEnd(&z) }
        let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
            z.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: Bytef.self))
            z.avail_in = uInt(stream.count)
            z.next_out = out.baseAddress
            z.avail_out = uInt(out.count)
            return CZlib.inflate(&z, Z_FINISH)
        }
        guard status == Z_STREAM_END, Int(z.total_out) == size, z.avail_in == 0 else { return .failure(.doesNotInflate) }
        output.removeLast()
        return .success(output)
    }

    /// The parts of a row's text (format 14): for each unit of the row, in
    /// id order, its line (`#` and its id) and then its words' lines, up to
    /// the next unit's line. The first part is unit `first`'s, the last
    /// unit `last`'s; the words themselves are not read here.
    package static func parts(_ text: [UInt8], first: Int, last: Int) -> Result<[(unit: Int, words: ArraySlice<UInt8>)], Problem> {
        var parts: [(unit: Int, words: ArraySlice<UInt8>)] = []
        // Where the current part's words start: after its unit's line and LF.
        var wordsStart = 0
        // Ends the current part at `end` (the LF before the next unit's
        // line, or the text's end); a part with lines has words, never the
        // empty line that would read as none.
        func close(at end: Int) -> Problem? {
            guard !parts.isEmpty, end >= wordsStart else { return nil }
            guard end > wordsStart else { return .badLine(language: "") }
            parts[parts.count - 1].words = text[wordsStart..<end]
            return nil
        }
        var start = 0
        while start <= text.count {
            var end = start
            while end < text.count, text[end] != 0x0A { end += 1 }
            if end > start, text[start] == 0x23 {  // `#`
                guard let unit = decimal(text[(start + 1)..<end]), unit <= last,
                    parts.last.map({ $0.unit < unit }) ?? (unit == first)
                else {
                    return .failure(.unitLine(String(decoding: text[start..<end], as: UTF8.self)))
                }
                if let problem = close(at: start - 1) { return .failure(problem) }
                parts.append((unit, text[0..<0]))
                wordsStart = end + 1
            } else if parts.isEmpty {
                return .failure(.wordsBeforeUnit)
            }
            start = end + 1
        }
        guard parts.last?.unit == last else { return .failure(.rowBounds(first: first, last: last)) }
        if let problem = close(at: text.count) { return .failure(problem) }
        return .success(parts)
    }

    /// The words of `unit` in a row's text (`parts`), nil when the row has
    /// no part of it.
    package static func words(of unit: Int, in text: [UInt8], first: Int, last: Int) -> Result<[UInt8]?, Problem> {
        parts(text, first: first, last: last).map { parts in parts.first { $0.unit == unit }.map { Array($0.words) } }
    }

    /// A unit's id written in ASCII decimal, 1 to 2^31 - 1, without leading zeros.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard let lead = digits.first, lead != 0x30, digits.count <= 10 else { return nil }
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value <= Int(Int32.max) ? value : nil
    }

    /// Every section of a row's text, checked as the format says.
    package static func sections(_ text: [UInt8]) -> Result<[Section], Problem> {
        var sections: [Section] = []
        let problem = walk(text) { language in
            sections.append(Section(language: language, forms: []))
            return true
        } form: { form, text in
            sections[sections.count - 1].forms.append(Form(form: form, text: text))
            return true
        }
        if let problem { return .failure(problem) }
        return .success(sections)
    }

    /// The forms of `language` in a row's text, nil when the row has none
    /// of it; the text before it is checked, the text after it is not read.
    package static func forms(of language: String, in text: [UInt8]) -> Result<[Form]?, Problem> {
        var forms: [Form]?
        let problem = walk(text) { code in
            if forms != nil { return false }  // past the language: the rest is not read
            if code == language { forms = [] }
            return true
        } form: { form, text in
            if forms != nil { forms?.append(Form(form: form, text: text)) }
            return true
        }
        if let problem { return .failure(problem) }
        return .success(forms)
    }

    /// Reads the lines of `text` in order, calling `language` for a
    /// language's line and `form` for a form's, until either returns false
    /// (that line is then the last read: a section's end is checked only
    /// when the next starts, so a caller stops at the next language line).
    private static func walk(
        _ text: [UInt8], language: (String) -> Bool, form: (String, String) -> Bool
    ) -> Problem? {
        guard !text.isEmpty else { return nil }
        var current: [UInt8]?
        var lastForm: [UInt8]?
        var formsInSection = 0
        var start = 0
        while start <= text.count {
            var end = start
            while end < text.count, text[end] != 0x0A { end += 1 }
            let line = text[start..<end]
            start = end + 1
            if let tab = line.firstIndex(of: 0x09) {
                guard let code = current else { return .formBeforeLanguage }
                let name = Array(line[line.startIndex..<tab])
                let value = line[(tab + 1)...]
                guard !name.isEmpty, !value.isEmpty, !value.contains(0x09) else {
                    return .badLine(language: String(decoding: code, as: UTF8.self))
                }
                if let lastForm, !lastForm.lexicographicallyPrecedes(name) {
                    return .formOrder(language: String(decoding: code, as: UTF8.self), form: String(decoding: name, as: UTF8.self))
                }
                guard let formText = utf8(name),
                    let valueText = utf8(value)
                else { return .notUTF8 }
                lastForm = name
                formsInSection += 1
                if !form(formText, valueText) { return nil }
            } else {
                let code = Array(line)
                guard !code.isEmpty else { return .badLine(language: current.map { String(decoding: $0, as: UTF8.self) } ?? "") }
                if let current {
                    guard formsInSection > 0 else { return .emptyLanguage(String(decoding: current, as: UTF8.self)) }
                    guard current.lexicographicallyPrecedes(code) else { return .languageOrder(String(decoding: code, as: UTF8.self)) }
                }
                guard let codeText = utf8(code) else { return .notUTF8 }
                current = code
                lastForm = nil
                formsInSection = 0
                if !language(codeText) { return nil }
            }
        }
        if let current, formsInSection == 0 { return .emptyLanguage(String(decoding: current, as: UTF8.self)) }
        return nil
    }

    /// `bytes` as a String when they are valid UTF-8 (`String(validating:)`
    /// is newer than the runtime's oldest platforms).
    /// Compared with `memcmp` where the bytes are contiguous: an element
    /// at a time through `String.UTF8View` was slow. A text that needs no
    /// String asks `UTF8Validation.isValid`, which makes none.
    package static func utf8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            bytes.withContiguousStorageIfAvailable { raw in
                decoded.count == raw.count && (raw.isEmpty || memcmp(decoded.baseAddress!, raw.baseAddress!, raw.count) == 0)
            } ?? decoded.elementsEqual(bytes)
        }
        return same ? text : nil
    }
}

extension RowDecoder {
    /// A `unit_words` row at columns `offset...` (first, last, size, words,
    /// crc): its checksum, its first and last unit's ids, and its words
    /// inflated to the size it states. The text's parts are read by
    /// `UnitWords.parts` or `words(of:in:first:last:)`, a part's lines by
    /// `UnitWords.sections` or `forms(of:in:)`, whose problems
    /// `damagedWords` gives as damage.
    package func unitWords(at offset: Int32) throws(Failure) -> (first: Int, last: Int, text: [UInt8]) {
        try check("unit_words", at: offset)
        return try inflatedUnitWords(at: offset)
    }

    /// `unitWords(at:)` of a row whose checksum was checked (`TableScan`).
    package func inflatedUnitWords(at offset: Int32) throws(Failure) -> (first: Int, last: Int, text: [UInt8]) {
        let first = try id(offset, "unit_words", "first")
        let last = try id(offset + 1, "unit_words", "last")
        guard last >= first else { throw damaged(.invalidValue(table: "unit_words", column: "last", key: "\(first)", value: "\(last)")) }
        let size = statement.int(at: offset + 2)
        switch inflatedBlob(at: offset + 3, size: size) {
        case .success(let text): return (first, last, text)
        case .failure(let problem): throw damagedWords(problem, unit: first)
        }
    }

    /// The BLOB at column `index` inflated to exactly `size` bytes
    /// (`UnitWords.inflate`), read in place: a unit's words, a block of names.
    package func inflatedBlob(at index: Int32, size: Int) -> Result<[UInt8], UnitWords.Problem> {
        statement.withColumn(index) { stored in
            guard case .blob(let bytes) = stored else { return .failure(.doesNotInflate) }
            return UnitWords.inflate(bytes, size: size)
        }
    }

    /// The damage of a unit's words that do not read as the format says:
    /// a form no reader knows is `unknownValue`, any other problem
    /// `invalidValue` of column `words`.
    package func damagedWords(_ problem: UnitWords.Problem, unit: Int) -> Failure {
        switch problem {
        case .size(let size): damaged(.invalidValue(table: "unit_words", column: "size", key: "\(unit)", value: "\(size)"))
        default: damaged(.invalidValue(table: "unit_words", column: "words", key: "\(unit)", value: problem.description))
        }
    }
}
