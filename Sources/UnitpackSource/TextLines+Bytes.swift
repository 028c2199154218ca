import UnitpackCore

/// `TextLines` reads a file's UTF-8 bytes, not its scalars and Characters,
/// and gives what reading Characters gave: a space or `#` is a Character of
/// its own wherever the byte after it is ASCII, and where it is not (a
/// combining mark may join the space), that line or field is read as
/// Characters (`trimmedByCharacters`). Tabs, CR and LF are controls, which
/// Character boundaries always surround.
extension TextLines {
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// The lines of `units` without their ends (LF, CRLF, or a CR alone), as
    /// `rawLines` splits a text.
    static func lineRanges(_ units: [UInt8]) -> [(Range<Int>, LineEnd)] {
        var lines: [(Range<Int>, LineEnd)] = []
        var start = 0
        var index = 0
        while index < units.count {
            let byte = units[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            var next = index + 1
            var end = LineEnd.lf
            if byte == 0x0D {
                end = .cr
                if next < units.count && units[next] == 0x0A {
                    end = .crlf
                    next += 1
                }
            }
            lines.append((start..<index, end))
            start = next
            index = next
        }
        lines.append((start..<units.count, .endOfFile))
        return lines
    }

    /// The scalars `bytes` encode: the bytes that start one.
    static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// A line of spaces and tabs only, or whose first Character after them is `#`.
    static func isBlankOrComment(_ raw: ArraySlice<UInt8>) -> Bool {
        guard let first = raw.firstIndex(where: { $0 != space && $0 != tab }) else { return true }
        let byte = raw[first]
        if byte >= 0x80 {
            // After a space, a combining mark makes one Character with it.
            guard first > raw.startIndex, raw[first - 1] == space else { return false }
            return isBlankOrCommentByCharacters(raw)
        }
        guard byte == UInt8(ascii: "#") else { return false }
        // `#` and a combining mark (a keycap, U+20E3) are no `#`.
        guard first + 1 < raw.endIndex, raw[first + 1] >= 0x80 else { return true }
        return isBlankOrCommentByCharacters(raw)
    }

    private static func isBlankOrCommentByCharacters(_ raw: ArraySlice<UInt8>) -> Bool {
        let content = String(decoding: raw, as: UTF8.self).drop(while: { $0 == " " || $0 == "\t" })
        return content.isEmpty || content.first == "#"
    }

    /// The first control character (`isControl`) of a line, and its offset in scalars.
    static func firstControl(_ raw: ArraySlice<UInt8>) -> (Int, Unicode.Scalar)? {
        var offset = 0
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte < 0x80 {
                let scalar = Unicode.Scalar(byte)
                if isControl(scalar) { return (offset, scalar) }
            } else if byte == 0xC2 || byte == 0xE2 {
                // U+0080–U+009F (C2 80–9F) and U+2028, U+2029 (E2 80 A8, A9): decoded to ask.
                var end = index + 1
                while end < raw.endIndex && raw[end] & 0xC0 == 0x80 { end += 1 }
                if let scalar = String(decoding: raw[index..<end], as: UTF8.self).unicodeScalars.first, isControl(scalar) {
                    return (offset, scalar)
                }
            }
            if byte & 0xC0 != 0x80 { offset += 1 }
            index += 1
        }
        return nil
    }

    /// The line's fields, split on TAB and trimmed of spaces.
    static func split(_ raw: ArraySlice<UInt8>, line: Int, path: String) -> TSVLine {
        var fields: [TSVLine.Field] = []
        var column = 1
        var start = raw.startIndex
        while true {
            let end = raw[start...].firstIndex(of: tab) ?? raw.endIndex
            let piece = raw[start..<end]
            let (text, leading) = trimmed(piece)
            fields.append(TSVLine.Field(text: text, location: SourceLocation(path: path, line: line, column: column + leading)))
            column += scalarCount(piece) + 1
            guard end < raw.endIndex else { break }
            start = end + 1
        }
        return TSVLine(number: line, fields: fields, location: SourceLocation(path: path, line: line, column: 1))
    }

    /// A field trimmed of spaces, and how many were in front.
    private static func trimmed(_ piece: ArraySlice<UInt8>) -> (text: String, leading: Int) {
        var first = piece.startIndex
        while first < piece.endIndex && piece[first] == space { first += 1 }
        var last = piece.endIndex
        while last > first && piece[last - 1] == space { last -= 1 }
        // A space before a non-ASCII scalar, which may join it (a combining
        // mark after the leading spaces, a prepended mark before the trailing ones).
        let leadingJoins = first > piece.startIndex && first < piece.endIndex && piece[first] >= 0x80
        let trailingJoins = last < piece.endIndex && last > first && piece[last - 1] >= 0x80
        if leadingJoins || trailingJoins {
            return trimmedByCharacters(Substring(String(decoding: piece, as: UTF8.self)))
        }
        return (String(decoding: piece[first..<last], as: UTF8.self), first - piece.startIndex)
    }
}
