import Testing
import UnitpackTestSupport
import UnitpackCore

extension SeededGenerator {
    /// A finite Double with uniformly random bits (so every binade, sign,
    /// subnormals and zeros are all represented).
    mutating func nextFiniteDouble() -> Double {
        while true {
            let value = Double(bitPattern: next())
            if value.isFinite { return value }
        }
    }
}

@Suite struct DecimalDigitsTests {
    @Test func convention() {
        let speed = DecimalDigits(1852.0 / 3600.0, significantDigits: 6)
        #expect(speed.digits == [5, 1, 4, 4, 4, 4])
        #expect(speed.exponent == 0)
        #expect(!speed.isNegative)

        let mile = DecimalDigits(-1609.344, significantDigits: 6)
        #expect(mile.digits == [1, 6, 0, 9, 3, 4])
        #expect(mile.exponent == 4)
        #expect(mile.isNegative)

        let small = DecimalDigits(0.000015, significantDigits: 6)
        #expect(small.digits == [1, 5])
        #expect(small.exponent == -4)

        let big = DecimalDigits(1e21, significantDigits: 6)
        #expect(big.digits == [1])
        #expect(big.exponent == 22)
    }

    @Test func zeroIsCanonical() {
        let zero = DecimalDigits(0.0, significantDigits: 6)
        #expect(zero.digits == [0])
        #expect(zero.exponent == 0)
        #expect(!zero.isNegative)
        #expect(DecimalDigits(-0.0, significantDigits: 3) == zero)
        #expect(DecimalDigits(-0.0, significantDigits: 17).hashValue == zero.hashValue)
    }

    @Test func noTrailingOrLeadingZeros() {
        let value = DecimalDigits(100.5, significantDigits: 3)  // 100.5 -> 100 (half-even) -> [1]
        #expect(value.digits == [1])
        #expect(value.exponent == 3)
        let integer = DecimalDigits(1200.0, significantDigits: 17)
        #expect(integer.digits == [1, 2])
        #expect(integer.exponent == 4)
    }

    @Test func carryAddsADigit() {
        let ten = DecimalDigits(9.9999996, significantDigits: 6)
        #expect(ten.digits == [1])
        #expect(ten.exponent == 2)
        // Exact tie on an odd digit rounds up and carries all the way.
        let tie = DecimalDigits(99999.95, significantDigits: 6)
        #expect(tie.digits == [1])
        #expect(tie.exponent == 6)
    }

    /// Ties are resolved half-even on the shortest representation's digits.
    @Test(arguments: [
        (0.25, 1, [UInt8]([2])),     // exact tie, 2 is even
        (0.75, 1, [8]),              // exact tie, 7 is odd
        (0.35, 1, [4]),              // shortest "0.35" (binary value is a bit below)
        (0.45, 1, [4]),
        (2.675, 3, [2, 6, 8]),       // binary value is 2.67499999…
        (2.665, 3, [2, 6, 6]),
        (2.6651, 3, [2, 6, 7]),      // above the tie
        (125.0, 2, [1, 2]),
        (135.0, 2, [1, 4]),
    ])
    func halfEven(value: Double, significantDigits: Int, expected: [UInt8]) {
        #expect(DecimalDigits(value, significantDigits: significantDigits).digits == expected)
    }

    @Test func extremes() {
        let greatest = DecimalDigits(.greatestFiniteMagnitude, significantDigits: 6)
        #expect(greatest.digits == [1, 7, 9, 7, 6, 9])
        #expect(greatest.exponent == 309)
        let least = DecimalDigits(.leastNonzeroMagnitude, significantDigits: 6)
        #expect(least.digits == [5])  // shortest round-trip form is 5e-324
        #expect(least.exponent == -323)
        let leastNormal = DecimalDigits(.leastNormalMagnitude, significantDigits: 17)
        #expect(leastNormal.digits == [2, 2, 2, 5, 0, 7, 3, 8, 5, 8, 5, 0, 7, 2, 0, 1, 4])
        #expect(leastNormal.exponent == -307)
    }

    /// Structural invariants and the rounding error bound, for random values
    /// at every precision.
    @Test func randomInvariants() {
        let seed: UInt64 = 0xD1617_5EED
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<5_000 {
            let value = rng.nextFiniteDouble()
            let precision = Int.random(in: 1...17, using: &rng)
            let decimal = DecimalDigits(value, significantDigits: precision)
            let context = "seed \(seed) trial \(trial): \(value) to \(precision) digits -> \(decimal)"
            #expect(!decimal.digits.isEmpty, "\(context)")
            #expect(decimal.digits.count <= precision, "\(context)")
            #expect(decimal.digits.allSatisfy { $0 <= 9 }, "\(context)")
            if value == 0 {
                #expect(decimal.digits == [0] && decimal.exponent == 0, "\(context)")
                continue
            }
            #expect(decimal.digits.first != 0 && decimal.digits.last != 0, "\(context)")
            #expect(decimal.isNegative == (value < 0), "\(context)")

            // |rounded - value| <= half a unit in the last kept place (+ the
            // sub-ulp gap between the value and its shortest representation;
            // + one unit in the 15th digit when binary noise is trimmed, at 15
            // digits or fewer: 31.999999999999943 is 32, not 31.9999999999999).
            guard value.magnitude > 1e-290, value.magnitude < 1e290 else { continue }
            let text = DecimalFormatting.format(value, significantDigits: precision)
            guard let parsed = Double(text) else {
                Issue.record("\(context): \(text) does not parse")
                continue
            }
            let halfUnit = 0.5 * Double("1e\(decimal.exponent - precision)")!
            #expect(
                (parsed - value).magnitude
                    <= halfUnit * (1 + 1e-12) + 2 * value.ulp + (precision <= 15 ? Double("1e\(decimal.exponent - 15)")! : 0),
                "\(context): \(text)")
        }
    }
}

@Suite struct DecimalFormattingTests {
    @Test(arguments: [
        (1852.0 / 3600.0, "0.514444"),
        (1.0 / 3.0, "0.333333"),
        (2.0 / 3.0, "0.666667"),
        (1609.344, "1609.34"),
        (0.3048, "0.3048"),
        (1.0, "1"),
        (100.0, "100"),
        (0.1, "0.1"),
        (12.5, "12.5"),
        (123456789.0, "123457000"),
        (9.9999996, "10"),
        (999999.5, "1000000"),          // exact tie on an odd digit rounds up
        (4.35, "4.35"),
        (0.0, "0"),
        (1e21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (1234567890123456789012.0, "1.23457e+21"),
        (1.5e-7, "1.5e-07"),
        (1.23456789e-7, "1.23457e-07"),
        (1e-100, "1e-100"),
        (6.02214076e23, "6.02214e+23"),
    ])
    func sixDigits(value: Double, expected: String) {
        #expect(DecimalFormatting.format(value) == expected)
        #expect(DecimalFormatting.format(value, significantDigits: 6) == expected)
    }

    @Test func negatives() {
        #expect(DecimalFormatting.format(-1609.344) == "-1609.34")
        #expect(DecimalFormatting.format(-1852.0 / 3600.0) == "-0.514444")
        #expect(DecimalFormatting.format(-9.9999996) == "-10")
        #expect(DecimalFormatting.format(-1e21) == "-1e+21")
        #expect(DecimalFormatting.format(-1.5e-7) == "-1.5e-07")
        #expect(DecimalFormatting.format(-123456789.0) == "-123457000")
    }

    @Test func zeroOfEitherSign() {
        #expect(DecimalFormatting.format(0.0) == "0")
        #expect(DecimalFormatting.format(-0.0) == "0")
        #expect(DecimalFormatting.format(-0.0, significantDigits: 17) == "0")
    }

    @Test func nonFinite() {
        #expect(DecimalFormatting.format(.infinity) == "inf")
        #expect(DecimalFormatting.format(-.infinity) == "-inf")
        #expect(DecimalFormatting.format(.nan) == "nan")
        #expect(DecimalFormatting.format(-.nan) == "nan")
        #expect(DecimalFormatting.format(.signalingNaN) == "nan")
    }

    /// Plain notation for 1e-6 <= |rounded| < 1e15, scientific outside.
    @Test func notationThresholds() {
        #expect(DecimalFormatting.format(1e-6) == "0.000001")
        #expect(DecimalFormatting.format(1.5e-6) == "0.0000015")
        #expect(DecimalFormatting.format(9.99999e-7) == "9.99999e-07")
        #expect(DecimalFormatting.format(9.9999996e-7) == "0.000001")     // rounds up to 1e-6
        #expect(DecimalFormatting.format(9.9999996e-7, significantDigits: 8) == "9.9999996e-07")
        #expect(DecimalFormatting.format(999999999999999.0) == "1e+15")   // rounds up to 1e15
        #expect(DecimalFormatting.format(999999999999999.0, significantDigits: 15) == "999999999999999")
        #expect(DecimalFormatting.format(123456789012345.0) == "123457000000000")
        #expect(DecimalFormatting.format(123456789012345.67, significantDigits: 17) == "123456789012345.67")
        #expect(DecimalFormatting.format(1e15) == "1e+15")
        #expect(DecimalFormatting.format(1e14) == "100000000000000")
        #expect(DecimalFormatting.format(1.25e15) == "1.25e+15")

        #expect(DecimalFormatting.usesScientificNotation(DecimalDigits(1e15, significantDigits: 6)))
        #expect(!DecimalFormatting.usesScientificNotation(DecimalDigits(9.99e14, significantDigits: 6)))
        #expect(!DecimalFormatting.usesScientificNotation(DecimalDigits(1e-6, significantDigits: 6)))
        #expect(DecimalFormatting.usesScientificNotation(DecimalDigits(9.9e-7, significantDigits: 6)))
        #expect(!DecimalFormatting.usesScientificNotation(DecimalDigits(0.0, significantDigits: 6)))
    }

    @Test func extremes() {
        #expect(DecimalFormatting.format(.greatestFiniteMagnitude) == "1.79769e+308")
        #expect(DecimalFormatting.format(-.greatestFiniteMagnitude) == "-1.79769e+308")
        #expect(DecimalFormatting.format(.greatestFiniteMagnitude, significantDigits: 17) == "1.7976931348623157e+308")
        // Shortest round-trip form of the least subnormal is 5e-324 (documented).
        #expect(DecimalFormatting.format(.leastNonzeroMagnitude) == "5e-324")
        #expect(DecimalFormatting.format(-.leastNonzeroMagnitude) == "-5e-324")
        #expect(DecimalFormatting.format(.leastNonzeroMagnitude, significantDigits: 17) == "5e-324")
        #expect(DecimalFormatting.format(.leastNormalMagnitude) == "2.22507e-308")
    }

    @Test func oneSignificantDigit() {
        #expect(DecimalFormatting.format(1852.0 / 3600.0, significantDigits: 1) == "0.5")
        #expect(DecimalFormatting.format(1609.344, significantDigits: 1) == "2000")
        #expect(DecimalFormatting.format(0.25, significantDigits: 1) == "0.2")
        #expect(DecimalFormatting.format(9.5, significantDigits: 1) == "10")
        #expect(DecimalFormatting.format(95, significantDigits: 1) == "100")
        #expect(DecimalFormatting.format(85, significantDigits: 1) == "80")
        #expect(DecimalFormatting.format(-0.0035, significantDigits: 1) == "-0.004")
        #expect(DecimalFormatting.format(.greatestFiniteMagnitude, significantDigits: 1) == "2e+308")
        #expect(DecimalFormatting.format(1.5e-7, significantDigits: 1) == "2e-07")
    }

    @Test func seventeenDigits() {
        #expect(DecimalFormatting.format(0.1, significantDigits: 17) == "0.1")
        #expect(DecimalFormatting.format(1852.0 / 3600.0, significantDigits: 17) == "0.5144444444444445")
        #expect(DecimalFormatting.format(1.0 / 3.0, significantDigits: 17) == "0.3333333333333333")
        #expect(DecimalFormatting.format(5.144444444444445e-06, significantDigits: 17) == "0.000005144444444444445")
        #expect(DecimalFormatting.format(5.144444444444445e-07, significantDigits: 17) == "5.144444444444445e-07")
        #expect(DecimalFormatting.format(1e16, significantDigits: 17) == "1e+16")
    }

    /// 17 significant digits always round-trip, for random finite bit patterns.
    @Test func seventeenDigitsRoundTrip() {
        let seed: UInt64 = 0x0000_1EEE_754D_0B1E
        var rng = SeededGenerator(seed: seed)
        var checked = 0
        while checked < 10_000 {
            let value = rng.nextFiniteDouble()
            checked += 1
            let text = DecimalFormatting.format(value, significantDigits: 17)
            let parsed = Double(text)
            #expect(
                parsed == value,
                "seed \(seed) value #\(checked): \(value) (bits 0x\(String(value.bitPattern, radix: 16))) formatted as \(text)")
        }
    }

    /// Output is plain ASCII with the documented alphabet.
    @Test func alphabet() {
        var rng = SeededGenerator(seed: 42)
        let allowed = Set("0123456789.-+e")
        for _ in 0..<1000 {
            let value = rng.nextFiniteDouble()
            let text = DecimalFormatting.format(value, significantDigits: Int.random(in: 1...17, using: &rng))
            #expect(text.allSatisfy(allowed.contains), "seed 42: \(value) -> \(text)")
            #expect(!text.hasSuffix("."), "seed 42: \(value) -> \(text)")
        }
    }
}
