import Testing

@testable import UnitpackCore

/// `PluralOperands` read from the text of a number as shown.
@Suite struct PluralOperandsTests {
    @Test(arguments: [
        ("5", "5"), ("-3", "3"), ("+3", "3"), ("0", "0"), ("007", "7"), ("1.50", "1.50"), ("0.5", "0.5"),
        ("1.2c3", "1200 (c3)"), ("1.2e3", "1200 (c3)"), ("1.0000001c6", "1000000.1 (c6)"),
        ("1c0", "1"), ("12.345c2", "1234.5 (c2)"),
    ])
    func numbers(text: String, expected: String) {
        #expect(PluralOperands(text)?.description == expected, "\(text)")
    }

    @Test(arguments: ["", "-", ".5", "1.", "1..2", "1.2.3", "1c", "1c-3", "1c3.5", "1cc3", "1c12345", "1-", "--1", "1 ", "١", "5٫5", "x"])
    func notNumbers(text: String) {
        #expect(PluralOperands(text) == nil, "\(text)")
    }

    @Test func aSubstringReadsAsItsString() {
        for text in ["1.50", "-12", "1.2c3", "1.", "abc"] {
            let substring = ("[" + text + "]").dropFirst().dropLast()
            #expect(PluralOperands(substring) == PluralOperands(text), "\(text)")
        }
    }
}
