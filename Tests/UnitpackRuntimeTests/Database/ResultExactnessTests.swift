import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 37, findings 4 and 5, in the runtime (what apps get, not only the
/// command line): a conversion that underflows is refused, never 0 or a
/// subnormal; and `ConversionAnswer.isExact(significantDigits:)`, the `=`
/// of `unitpack convert`, holds only when the digits written are the
/// double result's exact value rounded to 15 digits.
@Suite struct ResultExactnessTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// The pairs the random round trip converts between: linear units,
    /// scales through kelvin (binary noise), and one unit into itself.
    static let pairs = [
        ("m", "m"), ("ft", "in"), ("mi", "km"), ("°C", "°F"), ("°F", "°C"), ("K", "°C"), ("lb", "kg"), ("knot", "m/s"),
        ("liter", "milliliter"), ("h", "min"), ("in", "cm"), ("km/h", "mph"), ("pm", "Pm"), ("Pm", "pm"),
    ]

    /// A value as a person types it: 1 to 17 significant digits at a random
    /// place, and the count of digits typed (what `convert` shows at least).
    static func typedValue(_ generator: inout SeededGenerator) -> (value: Double, text: String, digits: Int) {
        let digits = Int.random(in: 1...17, using: &generator)
        var mantissa = "\(Int.random(in: 1...9, using: &generator))"
        for _ in 1..<digits { mantissa += "\(Int.random(in: 0...9, using: &generator))" }
        // Near a round number too: 1.999999999999991, the filed case's kind.
        if Bool.random(using: &generator) && digits > 2 {
            mantissa = "1" + String(repeating: "9", count: digits - 2) + "\(Int.random(in: 0...9, using: &generator))"
        }
        let exponent = Int.random(in: -8...8, using: &generator)
        let text = "\(mantissa)e\(exponent - digits + 1)"
        return (Double(text)!, text, digits)
    }

    /// Many random values: whenever the answer says `=` at the digits
    /// `unitpack convert` shows (6 to 15, or any `--precision`), the number
    /// written is exactly the result's 15-digit rounding, checked against
    /// the test's own exact expansion of the double (`ExactBinaryDecimal`).
    @Test func equalsIsShownOnlyForTheExactDigits() throws {
        let database = try database
        let seed = SeededGenerator.seed()
        var generator = SeededGenerator(seed: seed)
        var equals = 0
        var approximately = 0
        for _ in 0..<3000 {
            let (from, to) = Self.pairs[Int.random(in: 0..<Self.pairs.count, using: &generator)]
            let typed = Self.typedValue(&generator)
            let answer: ConversionAnswer
            do {
                answer = try database.answer(typed.value, from: from, to: to, significantDigits: typed.digits)
            } catch .conversionFailed {
                continue  // out of range for this pair (1e300 Pm in pm): refused, not shown
            }
            let shownDigits = Bool.random(using: &generator)
                ? min(15, max(6, typed.digits)) : Int.random(in: 1...17, using: &generator)
            let number = try database.format(
                answer.result, answer.to, language: "en", options: .init(significantDigits: shownDigits, grouping: false)
            ).number
            let exact = ExactBinaryDecimal.rounded(answer.result, significantDigits: 15)
            let written = DecimalDigits(answer.result, significantDigits: shownDigits).plainText
            let context = "seed \(seed): \(typed.text) \(from) in \(to) = \(answer.result) shown \(number) to \(shownDigits)"
            // The text written is those digits (plain notation when it is not scientific).
            if !number.contains("×") { #expect(number.replacingMinus() == written, "\(context)") }
            if answer.isExact(significantDigits: shownDigits) {
                equals += 1
                #expect(written == exact, "\(context): `=` but the result is \(exact) to 15 digits")
            } else {
                approximately += 1
                #expect(written != exact, "\(context): `≈` but \(written) is the result to 15 digits")
            }
        }
        #expect(equals > 300 && approximately > 300, "seed \(seed): \(equals) `=` and \(approximately) `≈`: both are tried")
    }

    /// The filed cases: 1.999999999999991 m in m was `= 2 meters`; 0 °C in
    /// °F (31.999999999999943 through kelvin) is shown 32, which is not the
    /// double, so `≈`.
    @Test func trimmedNoiseIsNotExact() throws {
        let database = try database
        let same = try database.answer(1.999999999999991, from: "m", to: "m", significantDigits: 16)
        #expect(!same.isExact(significantDigits: 15))
        #expect(try database.answer(1.99999999999999, from: "m", to: "m").isExact(significantDigits: 15))
        let freezing = try database.answer(0, from: "°C", to: "°F")
        #expect(freezing.result == 31.999999999999943)
        #expect(!freezing.isExact(significantDigits: 6) && !freezing.isExact(significantDigits: 15))
        #expect(try database.answer(1, from: "ft", to: "in").isExact(significantDigits: 6))
        #expect(!(try database.answer(1, from: "mi", to: "km").isExact(significantDigits: 6)))
        #expect(try database.answer(1, from: "mi", to: "km").isExact(significantDigits: 7))
        // Mixed results: every part as written against the unrounded split.
        #expect(try database.answer(72, from: "in", to: "ft+in").isExact(significantDigits: 6))
        #expect(!(try database.answer(180, from: "cm", to: "ft+in").isExact(significantDigits: 6)))
        #expect(try database.answer(180, from: "cm", to: "ft+in", rounding: .significantDigits(17)).isExact(significantDigits: 6) == false)
        #expect(try database.answer(10.875, from: "in", to: "in", rounding: .fraction(denominator: 8)).isExact(significantDigits: 6))
        #expect(!(try database.answer(10.88, from: "in", to: "in", rounding: .fraction(denominator: 8)).isExact(significantDigits: 6)))
    }

    /// Finding 4: a result below the least normal Double (or 0 from a value
    /// that is not) is refused as an underflow, as an overflow is; a
    /// subnormal value too. A true 0 stays an answer.
    @Test func underflowIsRefusedNotShownAsZero() throws {
        let database = try database
        let underflow = UnitDatabaseError.conversionFailed(.underflow)
        #expect(throws: underflow) { try database.convert(1e-300, from: "pm", to: "Pm") }
        #expect(throws: underflow) { try database.convert(1e-307, from: "m", to: "km") }
        // 1e-322 as a Double reads it: the subnormal 20 × 2^-1074, 9.88131291682493e-323.
        let subnormal = 20 * Double.leastNonzeroMagnitude
        #expect(throws: underflow) { try database.convert(subnormal, from: "km", to: "m") }
        #expect(throws: underflow) { try database.convert(-subnormal, from: "Pm", to: "pm") }
        #expect(throws: underflow) { try database.answer(1e-300, from: "pm", to: "Pm") }
        #expect(throws: underflow) { try database.answer(subnormal, from: "in", to: "ft+in") }
        #expect(throws: UnitDatabaseError.conversionFailed(.overflow)) { try database.convert(1e300, from: "Pm", to: "pm") }
        #expect(try database.convert(0, from: "pm", to: "Pm").value == 0)
        #expect(try database.convert(273.15, from: "K", to: "°C").value == 0, "a formula's 0 is its value")
        #expect(try database.convert(1e-250, from: "pm", to: "Pm").value == 1e-250 * 1e-12 / 1e15)
    }

    /// A typed number past a Double's range is no number, with the reason
    /// naming it as typed (it was read as 0 and answered `0 meters = 0 kilometers`).
    @Test func aPhraseWithANumberOutOfRangeSaysWhich() throws {
        let database = try database
        for (text, typed, tooLarge) in [
            ("1e-400 m in km", "1e-400", false), ("1e-322 km in m", "1e-322", false), ("1e400 m in km", "1e400", true),
            ("5 ft 1e-400 in in cm", "1e-400", false), ("-2×10^-400 m in km", "-2×10^-400", false),
        ] {
            guard case .notUnderstood(.numberOutOfRange(let problem)) = try database.parse(text, languages: ["en"]) else {
                Issue.record("\(text) is understood or refused for another reason: \(try database.parse(text, languages: ["en"]))")
                continue
            }
            #expect(problem.text == typed && problem.isTooLarge == tooLarge, "\(text): \(problem)")
        }
        #expect(
            NumberOutOfRange(text: "1e-400", isTooLarge: false, read: 0).description
                == "the number '1e-400' is too small for a Double (at least 2.2250738585072014e-308 unless 0): it would read as 0")
    }

    /// A value near a Double's edge reaches the reader's own conversions (a
    /// pace's sum, the numbers that tell two spellings of a unit apart):
    /// the phrase is read or refused, never the database's overflow thrown
    /// out of `parse` (found by fuzzing: Fuzz/corpus/quantity-phrase/regression-a-pace-past-a-doubles-range).
    @Test func aPhraseNearADoublesEdgeIsReadOrRefusedNotThrown() throws {
        let database = try database
        for text in [
            "1e300 hundred years 5 s per km", "5 s 1e300 hundred years per km", "1e300 hundred tb in kb", "1e300 hundred gb in kb",
            "a F a a 1e300 hundred a a a half a a в half a a hundred a 1e300 s a * und a a a a a a",
        ] {
            #expect(throws: Never.self, "\(text)") { _ = try database.parse(text, languages: ["en", "ru", "de", "es"]) }
        }
        // The reading stays; converting it is what overflows, and says so.
        guard case .understood(let readings) = try database.parse("1e300 hundred tb in kb", languages: ["en"]), let first = readings.first
        else {
            Issue.record("1e300 hundred tb in kb: \(try database.parse("1e300 hundred tb in kb", languages: ["en"]))")
            return
        }
        #expect(first.value == 1e302)
        #expect(throws: UnitDatabaseError.conversionFailed(.overflow)) {
            try database.convert(first.value, from: first.from, to: first.targets[0])
        }
        // A pace within range still reads (`4 min 30 s per km`: 4.5 min/km).
        guard case .understood(let paces) = try database.parse("4 min 30 s per km", languages: ["en"]) else {
            Issue.record("4 min 30 s per km is not understood")
            return
        }
        #expect(paces.first?.value == 4.5)
    }
}


extension String {
    /// Without the sign: the digits are compared as magnitudes.
    fileprivate func replacingMinus() -> String { hasPrefix("-") ? String(dropFirst()) : self }
}
