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
    static func isComposed(_ bytes: [UInt8]) -> Bool { TextFolding.isComposed(utf8: bytes) }
}
