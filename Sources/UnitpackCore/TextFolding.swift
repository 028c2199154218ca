/// The folding both the database writer and the runtime apply to names and
/// symbols before comparing them, so that a lookup ignores case and how the
/// text was encoded: lower case, then NFC (`й` typed as `и` + U+0306, as
/// some keyboards and pasted text give it, meets the stored `й`). The search
/// pack normalises further (`SearchKey`).
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        let lowered = text.lowercased()
        return isComposed(lowered) ? lowered : String(decoding: lowered._nfcCodeUnits, as: UTF8.self)
    }

    /// True when NFC cannot change the text: every scalar is below U+0300
    /// (ASCII, Latin letters) or a basic Cyrillic letter (U+0400–U+045F).
    /// Read from the UTF-8 bytes, so that the English and Russian words a
    /// phrase folds skip the Unicode tables (which only text with a
    /// combining mark or another script needs).
    static func isComposed(_ text: String) -> Bool {
        var afterD1 = false
        for byte in text.utf8 {
            switch byte {
            case 0x00..<0x80, 0xC2...0xCB, 0xD0: afterD1 = false  // U+0000–U+02FF, U+0400–U+043F
            case 0xD1: afterD1 = true
            case 0x80...0xBF where !afterD1 || byte <= 0x9F: afterD1 = false  // U+0440–U+045F after D1
            default: return false
            }
        }
        return true
    }
}
