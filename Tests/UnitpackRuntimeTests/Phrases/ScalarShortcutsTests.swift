import Testing
import UnitpackCore

@testable import UnitpackPhrases

/// The phrase reader asks a few Unicode properties of every scalar of a
/// phrase; for the scripts most phrases are written in it answers from the
/// scalar's value instead of Unicode's tables (a fifth of a Russian
/// phrase's parse went to those tables). Each shortcut is held here to the
/// property it stands for, on every scalar it answers for and past them.
@Suite struct ScalarShortcutsTests {
    @Test func whiteSpaceAsUnicodeSaysIt() {
        for value in UInt32(0)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // `¿` and `¡` separate words too (Spanish questions).
            let expected = scalar.properties.isWhitespace || value == 0xBF || value == 0xA1
            #expect(Phrase.isSpace(scalar) == expected, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func lettersOfUnspacedScriptsAsUnicodeSaysThem() {
        for value in UInt32(0)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let expected = value >= 0x100 && [.otherLetter, .modifierLetter, .nonspacingMark, .spacingMark].contains(category)
            #expect(PhraseReader.isUnspacedScalar(scalar) == expected, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func operatorsOfExpressionsWithOrWithoutTheASCIIShortcut() {
        let operators: Set<Unicode.Scalar> = ["*", "·", "⋅", "×", "∙", "/", "÷", "∕", "(", ")", "^", "⁻", "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        for value in UInt32(0)..<0x2300 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(UnitExpressionGrammar.isOperator(scalar) == operators.contains(scalar), "U+\(String(value, radix: 16, uppercase: true))")
        }
    }
}
