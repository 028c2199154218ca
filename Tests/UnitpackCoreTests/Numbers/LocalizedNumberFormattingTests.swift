import Testing
import UnitpackTestSupport

@testable import UnitpackCore

@Suite struct LocalizedNumberFormattingTests {
    static let english = NumberSymbols(decimal: ".", group: ",")
    static let russian = NumberSymbols(decimal: ",", group: "\u{00A0}")
    static let polish = NumberSymbols(decimal: ",", group: "\u{00A0}", minimumGroupingDigits: 2)
    static let hindi = NumberSymbols(decimal: ".", group: ",", primaryGrouping: 3, secondaryGrouping: 2)

    func text(_ value: Double, _ symbols: NumberSymbols, _ options: LocalizedNumberFormatting.Options = .init())
        -> String
    {
        LocalizedNumberFormatting.format(value, symbols: symbols, options: options).text
    }

    @Test(arguments: [
        (1234.5, "1,234.5", "1\u{00A0}234,5", "1234,5", "1,234.5"),
        (5000, "5,000", "5\u{00A0}000", "5000", "5,000"),
        (12345, "12,345", "12\u{00A0}345", "12\u{00A0}345", "12,345"),
        (1234567, "1,234,570", "1\u{00A0}234\u{00A0}570", "1\u{00A0}234\u{00A0}570", "12,34,570"),
        (999, "999", "999", "999", "999"),
        (0.5, "0.5", "0,5", "0,5", "0.5"),
        (-1234.5, "-1,234.5", "-1\u{00A0}234,5", "-1234,5", "-1,234.5"),
        (0, "0", "0", "0", "0"),
    ])
    func separatorsAndGrouping(value: Double, en: String, ru: String, pl: String, hi: String) {
        #expect(text(value, Self.english) == en)
        #expect(text(value, Self.russian) == ru)
        #expect(text(value, Self.polish) == pl)
        #expect(text(value, Self.hindi) == hi)
    }

    @Test func groupingCanBeTurnedOff() {
        #expect(text(5000, Self.russian, .init(grouping: false)) == "5000")
        #expect(text(1234.5, Self.russian, .init(grouping: false)) == "1234,5")
    }

    @Test func pluralTextIsTheDigitsAsShown() {
        let options = LocalizedNumberFormatting.Options(significantDigits: 3)
        let number = LocalizedNumberFormatting.format(1234.5, symbols: Self.russian, options: options)
        #expect(number.text == "1\u{00A0}230")
        #expect(number.pluralText == "1230")
        #expect(LocalizedNumberFormatting.format(1.5, symbols: Self.russian).pluralText == "1.5")
        // Padding zeros are visible fraction digits: "1,0" is not "1" to a plural rule.
        let padded = LocalizedNumberFormatting.format(1, symbols: Self.russian, options: .init(minimumFractionDigits: 1))
        #expect(padded.text == "1,0")
        #expect(padded.pluralText == "1.0")
    }

    @Test func veryLargeAndSmallNumbersUseAReadableScientificForm() {
        let large = LocalizedNumberFormatting.format(1.5e20, symbols: Self.russian)
        #expect(large.text == "1,5 × 10²⁰")
        #expect(large.pluralText == "1.5c20")
        let small = LocalizedNumberFormatting.format(-2.5e-7, symbols: Self.english)
        #expect(small.text == "-2.5 × 10⁻⁷")
        #expect(small.pluralText == "0.00000025")
        #expect(text(1e15, Self.english) == "1 × 10¹⁵")
        #expect(text(999_999_999_999_999, Self.english, .init(significantDigits: 17)) == "999,999,999,999,999")
    }

    @Test func nonFiniteValuesDoNotCrash() {
        #expect(text(.infinity, Self.english) == "∞")
        #expect(text(-.infinity, Self.english) == "-∞")
        #expect(text(.nan, Self.english) == "NaN")
    }

    @Test func optionsAreClamped() {
        #expect(LocalizedNumberFormatting.Options(significantDigits: 40).significantDigits == 17)
        #expect(LocalizedNumberFormatting.Options(significantDigits: 0).significantDigits == 1)
    }

    /// Whole numbers take a shortcut (`wholeNumber`); it must write what the
    /// general path writes, grouping, padding and signs included.
    @Test func wholeNumbersWriteWhatTheGeneralPathWrites() {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        let symbols = [Self.english, Self.russian, Self.polish, Self.hindi]
        for _ in 0..<5000 {
            let digits = Int.random(in: 1...16, using: &rng)
            var value = Double(UInt64.random(in: 0..<UInt64(1e15), using: &rng) % UInt64(pow10(digits)))
            if Bool.random(using: &rng) { value = (value / 1000).rounded() * 1000 }
            if Bool.random(using: &rng) { value = -value }
            let options = LocalizedNumberFormatting.Options(
                significantDigits: Int.random(in: 1...17, using: &rng),
                minimumFractionDigits: Int.random(in: 0...2, using: &rng), grouping: Bool.random(using: &rng))
            let number = symbols.randomElement(using: &rng)!
            let general = LocalizedNumberFormatting.rounded(value, symbols: number, options: options)
            #expect(LocalizedNumberFormatting.format(value, symbols: number, options: options) == general, "seed \(seed): \(value) \(options)")
        }
        for value in [0.0, -0.0, 1, 999_999_999_999_999, 1e15, -1e15, 123_456_789] {
            #expect(LocalizedNumberFormatting.format(value, symbols: Self.russian) == LocalizedNumberFormatting.rounded(value, symbols: Self.russian, options: .init()))
        }
    }

    func pow10(_ exponent: Int) -> Double { (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}
