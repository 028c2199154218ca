/// The normalisation of everything searchable, shared by the pack writer and
/// the runtime so that what a user types meets what was indexed: case folded,
/// NFC, `ё`→`е`, superscripts and `^` powers as plain digits (`m²`, `m^2`,
/// `m2`), the micro sign as Greek mu, look-alike degree and prime signs
/// unified, whitespace collapsed. It never drops a symbol (`%`, `°`, `"`,
/// `′`, `€` stay searchable): a key is never empty unless the text is blank.
public enum SearchKey {
    public static func normalize(_ text: String) -> String {
        normalizeSimple(text) ?? normalizeUnicode(text)
    }

    package static func normalizeUnicode(_ text: String) -> String {
        let composed = TextFolding.fold(text)  // lower case, then NFC
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        var previous: Unicode.Scalar?
        for scalar in composed.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            // `m^2` is `m2`; a `^` that is not a power stays.
            if scalar == "^" {
                previous = scalar
                continue
            }
            // Judged on what the scalar becomes (`−` is `-`), so that a second
            // pass keeps what the first wrote: `m^−2` is `m-2`, like `m^-2`.
            let mapped = replacement(scalar)
            if previous == "^", !isPowerStart(mapped[0]) { append("^", &result, &pendingSpace) }
            previous = scalar
            for each in mapped { append(each, &result, &pendingSpace) }
        }
        if previous == "^" { append("^", &result, &pendingSpace) }
        return String(result)
    }

    /// The same normalisation for the common case of a typed query, without
    /// Unicode tables: ASCII other than `^` and the basic Cyrillic letters
    /// (U+0400–U+045F, which NFC leaves alone). Lower case, `ё`→`е`, whitespace
    /// collapsed (ASCII whitespace: TAB, LF, VT, FF, CR, space). Nil for any
    /// other text, which takes the full path.
    package static func normalizeSimple(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.count <= 256 else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output -> String? in
                var count = 0
                var pendingSpace = false
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if byte == 0x20 || (0x09...0x0D).contains(byte) {
                        pendingSpace = count > 0
                        continue
                    }
                    if pendingSpace {
                        output[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    if byte < 0x80 {
                        guard byte != UInt8(ascii: "^") else { return nil }
                        output[count] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                        count += 1
                        continue
                    }
                    // Two-byte Cyrillic: lead D0 is U+0400–U+043F, D1 is U+0440–U+047F.
                    guard byte == 0xD0 || byte == 0xD1, index < bytes.count else { return nil }
                    var scalar = (byte == 0xD0 ? 0x400 : 0x440) + Int(bytes[index] & 0x3F)
                    index += 1
                    guard scalar <= 0x45F else { return nil }
                    if scalar < 0x410 { scalar += 0x50 } else if scalar < 0x430 { scalar += 0x20 }
                    if scalar == 0x451 { scalar = 0x435 }  // ё -> е
                    output[count] = scalar < 0x440 ? 0xD0 : 0xD1
                    output[count + 1] = 0x80 | UInt8(scalar < 0x440 ? scalar - 0x400 : scalar - 0x440)
                    count += 2
                }
                return String(decoding: UnsafeBufferPointer(rebasing: output[..<count]), as: UTF8.self)
            }
        }
    }

    private static func append(_ scalar: Unicode.Scalar, _ result: inout String.UnicodeScalarView, _ space: inout Bool) {
        if space { result.append(" ") }
        space = false
        result.append(scalar)
    }

    private static func isPowerStart(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || scalar == "-" || scalar == "⁻" || superscripts[scalar] != nil
    }

    static let superscripts: [Unicode.Scalar: Unicode.Scalar] = [
        "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-",
    ]

    private static func replacement(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let digit = superscripts[scalar] { return [digit] }
        switch scalar {
        case "ё": return ["е"]
        case "\u{00B5}": return ["\u{03BC}"]  // micro sign -> Greek mu
        case "\u{00BA}", "\u{02DA}": return ["°"]  // masculine ordinal, ring above
        case "\u{2032}", "\u{2019}", "\u{2018}", "\u{02B9}": return ["'"]  // prime, curly quotes
        case "\u{2033}", "\u{201C}", "\u{201D}", "\u{02BA}": return ["\""]  // double prime, curly quotes
        case "\u{2212}": return ["-"]  // minus sign
        case "\u{22C5}", "\u{2219}": return ["·"]  // dot operator, bullet operator
        case "\u{2103}": return ["°", "c"]  // ℃
        case "\u{2109}": return ["°", "f"]  // ℉
        case "\u{212B}": return ["å"]  // angstrom sign
        case "\u{2126}": return ["ω"]  // ohm sign
        default: return [scalar]
        }
    }
}
