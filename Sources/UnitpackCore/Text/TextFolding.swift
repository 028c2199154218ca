/// The folding both the database writer and the runtime apply to names and
/// symbols before comparing them, so that a lookup ignores case and how the
/// text was encoded: lower case, then NFC (`й` typed as `и` + U+0306, as
/// some keyboards and pasted text give it, meets the stored `й`), then the
/// spellings Arabic typists use interchangeably made one (`arabic`). The
/// search pack normalises further (`SearchKey`). A change here changes every
/// stored key: docs/database.md (`names.folded`) describes it for readers.
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        if let folded = foldedSimply(text) { return folded }
        return foldLowercased(text.lowercased())
    }

    /// `fold` of a text whose every scalar is ASCII, Latin-1 (U+0080–U+00FF)
    /// or a basic Cyrillic letter (U+0400–U+045F), lower-cased on its UTF-8
    /// bytes (upper-case letters of these ranges map one to one, and such a
    /// text is already NFC); nil for any other text. `String.lowercased()`
    /// builds a String per scalar that is not ASCII (thousands of
    /// instructions a Russian word, a fifth of a Russian phrase's parse).
    /// Held to `lowercased()` on every scalar of these ranges by the tests.
    static func foldedSimply(_ text: String) -> String? {
        var bytesOf = text
        // nil: not handled; an empty array: no capital, the text is its fold.
        let lowered = bytesOf.withUTF8 { bytes -> [UInt8]? in
            var changes = false
            var index = 0
            // First a pass that only reads: most words have no capital.
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x41...0x5A: changes = true
                case 0x00..<0x80: break
                case 0xC2, 0xC3, 0xD0, 0xD1:
                    guard index + 1 < bytes.count else { return nil }
                    let next = bytes[index + 1]
                    switch (byte, next) {
                    case (0xC3, 0x80...0x9E) where next != 0x97: changes = true  // À–Þ, not ×
                    case (0xD0, 0x80...0xAF): changes = true  // Ѐ–Я
                    case (0xD1, 0xA0...0xBF): return nil  // U+0460–U+047F: not handled here
                    default: break
                    }
                    index += 1
                default: return nil
                }
                index += 1
            }
            // Lower case already, and composed: its own fold.
            guard changes else { return [] }
            var lowered = [UInt8](bytes)
            index = 0
            while index < lowered.count {
                let byte = lowered[index]
                switch byte {
                case 0x41...0x5A: lowered[index] = byte + 0x20
                case 0x00..<0x80: break
                default:
                    let next = lowered[index + 1]
                    switch (byte, next) {
                    case (0xC3, 0x80...0x9E) where next != 0x97: lowered[index + 1] = next + 0x20
                    case (0xD0, 0x80...0x8F): (lowered[index], lowered[index + 1]) = (0xD1, next + 0x10)  // U+0400–U+040F: +0x50
                    case (0xD0, 0x90...0x9F): lowered[index + 1] = next + 0x20  // А–П: а–п
                    case (0xD0, 0xA0...0xAF): (lowered[index], lowered[index + 1]) = (0xD1, next - 0x20)  // Р–Я: р–я
                    default: break
                    }
                    index += 1
                }
                index += 1
            }
            return lowered
        }
        guard let lowered else { return nil }
        return lowered.isEmpty ? text : String(decoding: lowered, as: UTF8.self)
    }

    /// `fold` of a text already lower-cased as `String.lowercased()` does
    /// it: the build lower-cases its hundreds of thousands of words by a
    /// table instead (`BuildFolding`, which the checks compare with `fold`).
    public static func foldLowercased(_ lowered: String) -> String {
        if isComposed(lowered) { return lowered }
        return arabic(String(decoding: lowered._nfcCodeUnits, as: UTF8.self))
    }

    /// True when NFC cannot change the text: every scalar is below U+0300
    /// (ASCII, Latin letters) or a basic Cyrillic letter (U+0400–U+045F).
    /// Read from the UTF-8 bytes, so that the English and Russian words a
    /// phrase folds skip the Unicode tables (which only text with a
    /// combining mark or another script needs).
    static func isComposed(_ text: String) -> Bool { isComposed(utf8: text.utf8) }

    /// `isComposed` of UTF-8 bytes: the build's folding asks it of the
    /// bytes it reads (`BuildFolding`), the runtime of a String's.
    @inlinable package static func isComposed(utf8 bytes: some Sequence<UInt8>) -> Bool {
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

    /// Arabic text (after NFC) as people type it, the normalisation of
    /// Arabic information retrieval (Larkey, Ballesteros and Connell, "Light
    /// Stemming for Arabic Information Retrieval", 2007; Lucene's
    /// ArabicNormalizer): the hamza and madda on alif dropped (`أمتار`,
    /// `امتار`; `آلاف`, `الاف`), alif maqsura as ya (`إلى`, `الي`), ta
    /// marbuta as ha (`بوصة`, `بوصه`), and the tatweel (U+0640, `بـ`) and the
    /// short vowels, tanween, shadda and sukun (U+064B–U+0652: `قدمًا`,
    /// `قدما`; `حوّل`, `حول`) left out, with a combining madda or hamza
    /// (U+0653–U+0655) that NFC found no letter to compose with (after a
    /// tatweel), so that folding twice is folding once. Typists leave these out or swap them
    /// as a rule, and names written with them are not told apart by them
    /// (the build's checks refuse two units of one category with one folded
    /// word, E717). Other text is returned as it is, without a copy.
    static func arabic(_ text: String) -> String {
        // U+0600–U+06FF is D8–DB in UTF-8; the letters folded are all in D8–D9.
        guard text.utf8.contains(where: { $0 == 0xD8 || $0 == 0xD9 }) else { return text }
        var folded = String.UnicodeScalarView()
        var dropped = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0622, 0x0623, 0x0625: folded.append("\u{0627}")  // آ أ إ -> ا
            case 0x0649: folded.append("\u{064A}")  // ى -> ي
            case 0x0629: folded.append("\u{0647}")  // ة -> ه
            case 0x0640, 0x064B...0x0655: dropped = true  // tatweel; harakat, tanween, shadda, sukun; a stray madda or hamza
            default: folded.append(scalar)
            }
        }
        // A mark left out may have kept two others apart that NFC now
        // composes (`е` U+0654 U+0300 is `ѐ` without the hamza); with no
        // U+0653–U+0655 left, NFC makes no letter that folds again.
        return dropped ? String(decoding: String(folded)._nfcCodeUnits, as: UTF8.self) : String(folded)
    }
}
