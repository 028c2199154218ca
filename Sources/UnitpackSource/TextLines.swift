import UnitpackCore

/// One data line of a TSV file, split into trimmed fields with their columns.
struct TSVLine {
    struct Field {
        var text: String
        /// Column of the field's first non-blank scalar (1-based, in scalars).
        var location: SourceLocation
    }
    var number: Int
    var fields: [Field]
    var location: SourceLocation
}

/// Decodes a TSV file's bytes: BOM, UTF-8 and CRLF diagnostics, comments and
/// blank lines dropped, fields split on TAB and trimmed of spaces.
struct TextLines {
    var lines: [TSVLine] = []
    var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8], path: String) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) {
            diagnostics.append(
                Diagnostic(
                    .byteOrderMark, "file starts with a UTF-8 byte-order mark", at: .file(path),
                    hint: "save the file as UTF-8 without BOM"))
            body = body.dropFirst(3)
        }
        if let bad = Self.firstInvalidUTF8Offset(body) {
            let before = body[body.startIndex..<bad]
            let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex
            let column = String(decoding: body[lineStart..<bad], as: UTF8.self).unicodeScalars.count + 1
            diagnostics.append(
                Diagnostic(
                    .invalidUTF8,
                    "invalid UTF-8 (byte 0x\(String(body[bad], radix: 16, uppercase: true)) at byte offset \(bad))",
                    at: SourceLocation(path: path, line: line, column: column),
                    hint: "re-save the file as UTF-8; the bad bytes show as \u{FFFD} in most editors"))
        }
        let text = String(decoding: body, as: UTF8.self)
        var sawCR = false
        var number = 0
        // Split on scalars, not Characters: "\r\n" is one Character in Swift.
        for scalars in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var raw = Substring(scalars)
            if raw.unicodeScalars.last == "\r" {
                raw = Substring(raw.unicodeScalars.dropLast())
                if !sawCR {
                    sawCR = true
                    diagnostics.append(
                        Diagnostic(
                            .crlfLineEndings, "line ends with CRLF; accepted, but the project uses LF",
                            at: SourceLocation(path: path, line: number, column: raw.unicodeScalars.count + 1),
                            hint: "convert the file to LF line endings (e.g. `dos2unix`)"))
                }
            }
            let content = raw.drop(while: { $0 == " " || $0 == "\t" })
            if content.isEmpty || content.first == "#" { continue }
            lines.append(Self.split(raw, line: number, path: path))
        }
    }

    private static func split(_ raw: Substring, line: Int, path: String) -> TSVLine {
        var fields: [TSVLine.Field] = []
        var column = 1
        for scalars in raw.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false) {
            let piece = Substring(scalars)
            let leading = piece.prefix(while: { $0 == " " }).unicodeScalars.count
            var trimmed = piece.dropFirst(leading)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            fields.append(
                TSVLine.Field(
                    text: String(trimmed),
                    location: SourceLocation(path: path, line: line, column: column + leading)))
            column += piece.unicodeScalars.count + 1
        }
        return TSVLine(number: line, fields: fields, location: SourceLocation(path: path, line: line, column: 1))
    }

    /// The offset of the first byte that does not belong to valid UTF-8, if any.
    static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            var minimum: UInt32 = 0
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2; minimum = 0x80
            case 0xE0...0xEF: length = 3; minimum = 0x800
            case 0xF0...0xF4: length = 4; minimum = 0x10000
            default: return index
            }
            guard index + length <= bytes.endIndex else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for next in bytes[(index + 1)..<(index + length)] {
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }
}
