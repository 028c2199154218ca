import Testing
import UnitpackCore
import UnitpackTestSupport

/// Issue 37, finding 5: `=` claims that the digits written are the result,
/// so it is decided on the double's exact binary value rounded to 15
/// digits (`DecimalDigits(exactly:significantDigits:)`, `isExact(of:)`),
/// never on the shortest form trimmed of binary noise.
@Suite struct ExactDigitsTests {
    static func plain(_ decimal: DecimalDigits) -> String { decimal.plainText }

    @Test func theExactValueNotItsShortestForm() {
        #expect(Self.plain(DecimalDigits(exactly: 0.1, significantDigits: 17)) == "0.10000000000000001")
        #expect(Self.plain(DecimalDigits(exactly: 0.1, significantDigits: 15)) == "0.1")
        #expect(Self.plain(DecimalDigits(exactly: 31.999999999999943, significantDigits: 15)) == "31.9999999999999")
        #expect(Self.plain(DecimalDigits(exactly: 1.999999999999991, significantDigits: 15)) == "1.99999999999999")
        // 2.675 is 2.67499999999999982236431605997495353221893310546875: below the tie.
        #expect(Self.plain(DecimalDigits(exactly: 2.675, significantDigits: 3)) == "2.67")
        #expect(Self.plain(DecimalDigits(exactly: 0.5, significantDigits: 1)) == "0.5")
        #expect(Self.plain(DecimalDigits(exactly: 2.5, significantDigits: 1)) == "2", "a true tie goes to even")
        #expect(Self.plain(DecimalDigits(exactly: 0x1p60, significantDigits: 17)) == "1152921504606847000")
        #expect(Self.plain(DecimalDigits(exactly: 0x1p50, significantDigits: 17)) == "1125899906842624")
        #expect(DecimalDigits(exactly: -0.0, significantDigits: 15) == DecimalDigits(0, significantDigits: 15))
        #expect(DecimalDigits(exactly: -1.5, significantDigits: 15).isNegative)
        // The least subnormal, 4.9406564584124654e-324, not its shortest form 5e-324.
        let least = DecimalDigits(exactly: .leastNonzeroMagnitude, significantDigits: 17)
        #expect(least.digits == [4, 9, 4, 0, 6, 5, 6, 4, 5, 8, 4, 1, 2, 4, 6, 5, 4] && least.exponent == -323)
        let greatest = DecimalDigits(exactly: .greatestFiniteMagnitude, significantDigits: 17)
        #expect(greatest.digits == [1, 7, 9, 7, 6, 9, 3, 1, 3, 4, 8, 6, 2, 3, 1, 5, 7] && greatest.exponent == 309)
    }

    /// The filed case: 1.999999999999991 is shown `2` to 15 digits (the
    /// trimming of binary noise), which is not its value: not exact.
    @Test func trimmedDigitsAreNotExact() {
        let shown = DecimalDigits(1.999999999999991, significantDigits: 15)
        #expect(Self.plain(shown) == "2")
        #expect(!shown.isExact(of: 1.999999999999991))
        #expect(!DecimalDigits(31.999999999999943, significantDigits: 6).isExact(of: 31.999999999999943))
        #expect(DecimalDigits(12, significantDigits: 6).isExact(of: 12))
        #expect(DecimalDigits(1.609344, significantDigits: 7).isExact(of: 1.609344))
        #expect(!DecimalDigits(1.609344, significantDigits: 6).isExact(of: 1.609344))
        #expect(!DecimalDigits(0.1 + 0.2, significantDigits: 17).isExact(of: 0.1 + 0.2), "17 digits are past 15")
        #expect(!DecimalDigits(0, significantDigits: 6).isExact(of: .infinity))
    }

    /// Random doubles of every size, subnormals and 16- and 17-digit ones
    /// included: the runtime's exact digits are those of the test's own
    /// expansion (another algorithm), at every precision.
    @Test func randomValuesAgreeWithAnIndependentExpansion() {
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        for round in 0..<600 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)  // any finite
            case 1: value = Double(bitPattern: generator.next() & 0x000F_FFFF_FFFF_FFFF)  // subnormal
            case 2: value = Double.random(in: 1e-6..<1e15, using: &generator)
            default:
                // A short decimal moved by a few ulps: what a conversion leaves.
                let short = Double(Int.random(in: 1...99999, using: &generator)) / 100
                var moved = short
                for _ in 0..<Int.random(in: 1...40, using: &generator) { moved = moved.nextUp }
                value = Bool.random(using: &generator) ? moved : short
            }
            for digits in [1, 6, 15, 17] {
                let runtime = Self.plain(DecimalDigits(exactly: value, significantDigits: digits))
                let expected = ExactBinaryDecimal.rounded(value, significantDigits: digits)
                #expect(runtime == expected, "seed \(seed): \(value) to \(digits): \(runtime), exactly \(expected)")
            }
            // `isExact` of the shown digits: exactly when they are the 15-digit rounding.
            for digits in [6, 15] {
                let shown = DecimalDigits(value, significantDigits: digits)
                let exact = Self.plain(shown) == ExactBinaryDecimal.rounded(value, significantDigits: 15)
                #expect(shown.isExact(of: value) == exact, "seed \(seed): \(value) shown \(Self.plain(shown)) to \(digits)")
            }
        }
    }
}
