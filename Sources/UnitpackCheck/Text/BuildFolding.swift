import UnitpackCore

/// `TextFolding.fold`, the same keys, lower-cased by `CaseMapping`: the
/// checks, the composer and the writer fold the words of every language,
/// and `String.lowercased()` was most of a fold. What the runtime folds
/// stays `TextFolding.fold` (`BuildFoldingTests` compares the two).
public enum BuildFolding {
    public static func fold(_ text: String) -> String {
        // ASCII lower-cased is folded: the standard library's own fast path.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        let lowered = CaseMapping.lowercasedBytes(text)
        let string = String(decoding: lowered, as: UTF8.self)
        return isComposed(lowered) ? string : TextFolding.foldLowercased(string)
    }

    /// `TextFolding.isComposed` on the bytes at hand: every scalar below
    /// U+0300 or a basic Cyrillic letter (U+0400–U+045F), which NFC and the
    /// Arabic folding leave as they are.
    static func isComposed(_ bytes: [UInt8]) -> Bool {
        var afterD1 = false
        for byte in bytes {
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
