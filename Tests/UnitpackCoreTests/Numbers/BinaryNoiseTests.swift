import Testing
import UnitpackCore
import UnitpackTestSupport

/// Issue 21, finding 6/7: up to 15 significant digits, a result within
/// binary noise of a shorter decimal is shown as that decimal; a number
/// that is its own shortest decimal of 15 digits or fewer never changes.
@Suite struct BinaryNoiseTests {
    /// 0 °C, -40 °C and 100 °C in °F, computed through kelvin.
    @Test func temperaturesThroughKelvinShowTheirDecimal() {
        for digits in [6, 12, 15] {
            #expect(DecimalFormatting.format(31.999999999999943, significantDigits: digits) == "32")
            #expect(DecimalFormatting.format(-40.00000000000006, significantDigits: digits) == "-40")
            #expect(DecimalFormatting.format(211.99999999999994, significantDigits: digits) == "212")
            #expect(DecimalFormatting.format(0.1 + 0.2, significantDigits: digits) == "0.3")
        }
        // 16 and 17 digits show every digit of the Double, noise included.
        #expect(DecimalFormatting.format(31.999999999999943, significantDigits: 17) == "31.999999999999943")
        #expect(DecimalFormatting.format(31.999999999999943, significantDigits: 16) == "31.99999999999994")
    }

    @Test func digitsThatAreTheValueAreKept() {
        #expect(DecimalFormatting.format(9.99999999999999, significantDigits: 15) == "9.99999999999999")
        #expect(DecimalFormatting.format(1.00000000000001, significantDigits: 15) == "1.00000000000001")
        #expect(DecimalFormatting.format(1852.0 / 3600.0, significantDigits: 15) == "0.514444444444444")
        #expect(DecimalFormatting.format(1234567.5 / 0.3048, significantDigits: 15) == "4050418.30708661")
        // The localized renderer rounds through the same digits.
        let symbols = NumberSymbols(decimal: ",", group: " ", primaryGrouping: 3, secondaryGrouping: 3, minimumGroupingDigits: 1)
        let options = LocalizedNumberFormatting.Options(significantDigits: 15, grouping: false)
        #expect(LocalizedNumberFormatting.format(31.999999999999943, symbols: symbols, options: options).text == "32")
    }

    /// Any number written with at most 15 significant digits formats back to
    /// itself at 15: trimming only ever removes digits a typed value cannot have.
    @Test func typedNumbersAreUnchanged() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &random)
            var mantissa = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digits { mantissa += String(Int.random(in: 0...9, using: &random)) }
            let exponent = Int.random(in: -20...20, using: &random)
            let text = mantissa + "e" + String(exponent)
            guard let value = Double(text) else { continue }
            let shortest = DecimalDigits(value, significantDigits: 17)
            let shown = DecimalDigits(value, significantDigits: 15)
            #expect(shown == shortest, "seed \(seed): \(text)")
        }
    }
}
