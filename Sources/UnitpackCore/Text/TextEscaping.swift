/// How every message shows text a user typed (a unit name, a phrase, a
/// language tag, a line of `--batch`): control characters written out, so
/// that an escape sequence or a carriage return in the input cannot repaint
/// the terminal or hide part of the message, and a tab or a newline cannot
/// split a line a script reads.
///
/// Escaped, as `\u{1B}` (Swift's notation, hexadecimal, upper case): the C0
/// controls U+0000–U+001F (tab and newline included), DEL U+007F, the C1
/// controls U+0080–U+009F, and the invisible direction marks and overrides
/// (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that can make text read in
/// another order than it is stored. Everything else, a backslash included,
/// is shown as typed.
public enum TextEscaping {
    /// `text` with every control character written as `\u{…}`; the text
    /// itself when it has none (the common case costs one pass over the bytes).
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscaping(scalar) {
                result += "\\u{" + hex(scalar.value) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `visible` writes `scalar` out.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        var text: [Character] = []
        var rest = value
        repeat {
            text.append(digits[Int(rest % 16)])
            rest /= 16
        } while rest > 0
        return String(text.reversed())
    }
}
