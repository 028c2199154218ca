import Testing
import UnitpackCore

/// The one escaping every message applies to what a user typed.
@Suite struct TextEscapingTests {
    @Test func controlCharactersAreWrittenOut() {
        #expect(TextEscaping.visible("plain метр °C") == "plain метр °C")
        #expect(TextEscaping.visible("\u{1B}[31mred") == "\\u{1B}[31mred")
        #expect(TextEscaping.visible("a\tb\nc\r") == "a\\u{9}b\\u{A}c\\u{D}")
        #expect(TextEscaping.visible("\u{0}\u{7F}\u{85}\u{9F}") == "\\u{0}\\u{7F}\\u{85}\\u{9F}")
        #expect(TextEscaping.visible("abc\u{202E}fed") == "abc\\u{202E}fed")
        #expect(TextEscaping.visible("back\\slash") == "back\\slash")
    }

    @Test func nothingThatNeedsEscapingIsLeft() {
        for value in UInt32(0)...0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let shown = TextEscaping.visible("x" + String(scalar) + "y")
            #expect(!shown.unicodeScalars.contains(where: TextEscaping.needsEscaping), "U+\(value)")
        }
    }
}
