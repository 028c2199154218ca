import Testing
import UnitpackTestSupport

@testable import UnitpackCore

/// `TextFolding.fold` is lower case then NFC, then Arabic's interchangeable
/// spellings made one; its shortcut (no Unicode tables for Latin and basic
/// Cyrillic text) must never skip a text that NFC changes.
@Suite struct TextFoldingTests {
    func nfc(_ text: String) -> [UInt8] { Array(text.lowercased()._nfcCodeUnits) }

    @Test func composesDecomposedText() {
        #expect(Array(TextFolding.fold("ДЮИ\u{306}М").utf8) == Array("дюйм".utf8))
        #expect(Array(TextFolding.fold("Cafe\u{301}").utf8) == Array("caf\u{E9}".utf8))
        #expect(Array(TextFolding.fold("е\u{308}").utf8) == Array("ё".utf8))
        #expect(TextFolding.fold("Meter per SECOND") == "meter per second")
    }

    @Test func theShortcutTakesOnlyTextThatNFCLeavesAlone() {
        #expect(TextFolding.isComposed("метр в секунду ёж ѐ џ"))  // U+0400–U+045F
        #expect(TextFolding.isComposed("café 5°C ± ǿ"))  // below U+0300
        #expect(!TextFolding.isComposed("e\u{301}"))  // a combining mark
        #expect(!TextFolding.isComposed("μ"))  // Greek takes the full path
        #expect(!TextFolding.isComposed("ѣ"))  // U+0463: Cyrillic past U+045F
        #expect(!TextFolding.isComposed("€"))
    }

    /// The shortcut that lower-cases UTF-8 bytes (`foldedSimply`) takes every
    /// scalar of ASCII, Latin-1 and U+0400–U+045F, alone and between others
    /// (a capital first, a lower-case letter after), and folds each as
    /// `lowercased()` then NFC does; it refuses the scalars just past them.
    @Test func theByteShortcutLowersAsLowercasedDoes() {
        let scalars = (0..<0x100).compactMap(Unicode.Scalar.init) + (0x400...0x45F).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for text in [String(scalar), "A\(scalar)z", "Ж\(scalar)ß"] {
                let folded = TextFolding.foldedSimply(text)
                #expect(folded != nil, "\(text.debugDescription) takes the byte shortcut")
                #expect(Array((folded ?? "").utf8) == nfc(text), "\(text.debugDescription)")
            }
        }
        for past in ["\u{100}", "\u{3BC}", "\u{460}", "\u{462}", "e\u{301}", "\u{20AC}", "ا"] {
            #expect(TextFolding.foldedSimply("Ab" + past) == nil, "\(past.debugDescription) is left to lowercased()")
        }
    }

    /// Seeded random text from scalars around the shortcut's edges: folding
    /// always equals lower case then NFC, byte for byte.
    @Test func foldingIsLowerCaseThenNFC() {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF, 0x20AC...0x20AC,
        ]
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let range = ranges.randomElement(using: &rng)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { text.append(scalar) }
            }
            let string = String(text)
            #expect(Array(TextFolding.fold(string).utf8) == nfc(string), "seed \(seed): \(string.debugDescription)")
        }
    }

    /// Arabic typed without hamza on alif, with ه for ة, ي for ى, without
    /// tanween, shadda or vowel marks, with a tatweel, or with the hamza as a
    /// combining mark, folds as the name written in full does.
    @Test func arabicSpellingsTypistsMixFoldAlike() {
        for (typed, written) in [
            ("امتار", "أمتار"), ("الاف", "آلاف"), ("اربعة", "أربعة"), ("الي", "إلى"), ("بوصه", "بوصة"), ("قدما", "قدمًا"),
            ("حول", "حوّل"), ("ب", "بـ"), ("كيلـومتر", "كيلومتر"), ("ا\u{654}متار", "أمتار"), ("ا\u{653}لاف", "آلاف"), ("ا\u{640}\u{654}", "ا"),
        ] {
            #expect(TextFolding.fold(typed) == TextFolding.fold(written), "\(typed) \(written)")
        }
        #expect(Array(TextFolding.fold("أمتار").utf8) == Array("امتار".utf8))
        #expect(Array(TextFolding.fold("ثوانٍ قوسية").utf8) == Array("ثوان قوسيه".utf8))
        // Letters other than those stay apart: ؤ and ئ keep their hamza, ة is no ت.
        #expect(TextFolding.fold("ميل") != TextFolding.fold("مثل"))
        #expect(TextFolding.fold("مؤشر") != TextFolding.fold("موشر"))
        #expect(TextFolding.fold("ساعة") != TextFolding.fold("ساعت"))
    }

    /// Folding twice is folding once, Arabic and its marks included, and text
    /// without Arabic (U+0600–U+06FF) is still lower case then NFC.
    @Test func foldingIsIdempotentAndLeavesOtherScriptsToNFC() {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x300...0x36F, 0x400...0x45F, 0x600...0x6FF, 0x64B...0x655]
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let range = ranges.randomElement(using: &rng)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { text.append(scalar) }
            }
            let string = String(text), once = TextFolding.fold(string)
            #expect(TextFolding.fold(once) == once, "seed \(seed): \(string.debugDescription)")
            if !string.unicodeScalars.contains(where: { (0x600...0x6FF).contains($0.value) }) {
                #expect(Array(once.utf8) == nfc(string), "seed \(seed): \(string.debugDescription)")
            }
        }
    }

    /// `withoutAccents` reads each Latin scalar's base letter from a table
    /// made once: every scalar of its two blocks, their edges and the
    /// scalars just outside them read as the Unicode names say.
    @Test func baseLettersFromTheTableAreTheNamesOnes() {
        let scalars = Array(0xBF...0x250) + Array(0x1DFF...0x1F00) + [0x41, 0x7F, 0x2C60, 0xFF21]
        for value in scalars {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(TextFolding.baseLetter(scalar) == TextFolding.baseLetterByName(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(TextFolding.baseLetter("é") == "e")
        #expect(TextFolding.baseLetter("Ł") == "L")
        #expect(TextFolding.baseLetter("ỹ") == "y")
        #expect(TextFolding.baseLetter("æ") == nil)
    }
}
