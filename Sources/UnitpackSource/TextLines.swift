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
        // The text's own UTF-8 (an invalid byte is U+FFFD now), read as
        // bytes: walking a file's scalars and Characters was half of reading it.
        let units = Array(String(decoding: body, as: UTF8.self).utf8)
        var sawCRLF = false
        var sawCR = false
        var number = 0
        for (range, end) in Self.lineRanges(units) {
            number += 1
            let raw = units[range]
            let endColumn = Self.scalarCount(raw) + 1
            if end == .crlf && !sawCRLF {
                sawCRLF = true
                diagnostics.append(
                    Diagnostic(
                        .crlfLineEndings, "line ends with CRLF; accepted, but the project uses LF",
                        at: SourceLocation(path: path, line: number, column: endColumn),
                        hint: "convert the file to LF line endings (e.g. `dos2unix`)"))
            }
            if end == .cr && !sawCR {
                // Read as a line break all the same, so that the file's
                // other mistakes are found where they are.
                sawCR = true
                diagnostics.append(
                    Diagnostic(
                        .crLineEndings,
                        "line ends with a CR alone (old Mac OS line endings); every line of the file would read as one",
                        at: SourceLocation(path: path, line: number, column: endColumn),
                        hint: "convert the file to LF line endings (e.g. `tr '\\r' '\\n' < FILE > FILE.new`), then check it again"))
            }
            if Self.isBlankOrComment(raw) { continue }
            if let (offset, scalar) = Self.firstControl(raw) {
                diagnostics.append(
                    Diagnostic(
                        .controlCharacter, "a control character, \(Self.describe(scalar)), in the line",
                        at: SourceLocation(path: path, line: number, column: offset + 1),
                        hint: "remove it: no value holds a control character (an escape sequence would reach the terminal, a NUL cut the text short)"))
            }
            lines.append(Self.split(raw, line: number, path: path))
        }
    }

    /// How a line ends.
    enum LineEnd { case lf, crlf, cr, endOfFile }

    /// The lines of `text` without their ends: LF, CRLF, or a CR alone.
    static func rawLines(_ text: String) -> [(Substring, LineEnd)] {
        let scalars = text.unicodeScalars
        var lines: [(Substring, LineEnd)] = []
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "\n" || scalar == "\r" else {
                index = scalars.index(after: index)
                continue
            }
            var next = scalars.index(after: index)
            var end = LineEnd.lf
            if scalar == "\r" {
                end = .cr
                if next < scalars.endIndex && scalars[next] == "\n" {
                    end = .crlf
                    next = scalars.index(after: next)
                }
            }
            lines.append((Substring(scalars[start..<index]), end))
            start = next
            index = next
        }
        lines.append((Substring(scalars[start..<scalars.endIndex]), .endOfFile))
        return lines
    }

    /// A C0 control but TAB (the separator), DEL, a C1 control (NEL among
    /// them), or the line and paragraph separators U+2028 and U+2029.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `U+001B (ESC)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL",
            0x85: "NEL", 0x9B: "CSI", 0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR",
        ]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let name = names[scalar.value] ?? (scalar.value < 0x80 ? "a C0 control" : "a C1 control")
        return "\(code) (\(name))"
    }

    /// A field's text trimmed of spaces, and how many it had in front, read
    /// as Characters: a space before a combining mark is part of the mark's
    /// Character, and so no space to trim (what `split` leaves to this).
    static func trimmedByCharacters(_ piece: Substring) -> (text: String, leading: Int) {
        let leading = piece.prefix(while: { $0 == " " }).unicodeScalars.count
        var trimmed = piece.dropFirst(leading)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return (String(trimmed), leading)
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
