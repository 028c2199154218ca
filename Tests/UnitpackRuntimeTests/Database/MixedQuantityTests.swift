import Foundation
import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `split` and `format` of mixed quantities (5 ft 11 in, 2 часа 1 минута) on
/// the repository's database.
@Suite struct MixedQuantityTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func unit(_ key: String) throws -> UnitpackRuntime.MeasureUnit { try database.unit(key: key) }

    func split(_ value: Double, _ from: String, _ into: [String], _ rounding: MixedRounding = .whole) throws
        -> MixedQuantity
    {
        try database.split(value, of: unit(from), into: into.map { try unit($0) }, rounding: rounding)
    }

    func values(_ quantity: MixedQuantity) -> [Double] { quantity.parts.map(\.value) }

    func long(_ quantity: MixedQuantity, _ language: String) throws -> String {
        try database.format(quantity, language: language).long
    }

    func short(_ quantity: MixedQuantity, _ language: String) throws -> String {
        try database.format(quantity, language: language).short
    }

    static let feetAndInches = ["length/foot", "length/inch"]
    static let hoursAndMinutes = ["time/hour", "time/minute"]
    static let degreesMinutesSeconds = ["angle/degree", "angle/arcminute", "angle/arcsecond"]

    // MARK: Splitting

    @Test func aHeightInFeetAndInches() throws {
        let whole = try split(180, "length/centimeter", Self.feetAndInches)
        #expect(values(whole) == [5, 11])
        #expect(whole.parts.map(\.unit.name) == ["foot", "inch"])
        #expect(!whole.isNegative && whole.fraction == nil && whole.rounding == .whole)
        #expect(try long(whole, "en") == "5 feet 11 inches")
        // English's symbols of the foot and the inch are marks, written against the number.
        #expect(try short(whole, "en") == "5 ft 11 in")
        #expect(try long(whole, "ru") == "5 футов 11 дюймов")
        // CLDR's short symbol of the foot in Russian (`фт`, locales/ru/length.tsv).
        #expect(try short(whole, "ru") == "5 фт 11 дюйм")

        let precise = try split(180, "length/centimeter", Self.feetAndInches, .significantDigits(6))
        #expect(values(precise) == [5, 10.8661])
        #expect(try long(precise, "en") == "5 feet 10.8661 inches")
        #expect(try long(precise, "ru") == "5 футов 10,8661 дюйма")

        let ruler = try split(180, "length/centimeter", Self.feetAndInches, .fraction(denominator: 16))
        #expect(values(ruler) == [5, 10.875])
        #expect(ruler.fraction == MixedQuantity.Fraction(numerator: 7, denominator: 8))
        #expect(try long(ruler, "en") == "5 feet 10 7/8 inches")
        #expect(try short(ruler, "en") == "5 ft 10 7/8 in")
        #expect(try long(ruler, "ru") == "5 футов 10 7/8 дюйма")
    }

    @Test func aWeightInStoneAndPounds() throws {
        let weight = try split(80, "mass/kilogram", ["mass/stone", "mass/pound"])
        #expect(values(weight) == [12, 8])
        #expect(try long(weight, "en") == "12 stone 8 pounds")
        #expect(try short(weight, "en") == "12 st 8 lb")
        #expect(try long(weight, "ru") == "12 стоунов 8 фунтов")
    }

    @Test func durationsInHoursAndMinutes() throws {
        let hours = try split(2.75, "time/hour", Self.hoursAndMinutes)
        #expect(values(hours) == [2, 45])
        #expect(try long(hours, "en") == "2 hours 45 minutes")
        #expect(try short(hours, "ru") == "2 ч 45 мин")
        let seconds = try split(9000, "time/second", Self.hoursAndMinutes)
        #expect(values(seconds) == [2, 30])
        #expect(try long(seconds, "ru") == "2 часа 30 минут")
    }

    @Test func eachPartTakesItsOwnPluralForm() throws {
        #expect(try long(split(121, "time/minute", Self.hoursAndMinutes), "ru") == "2 часа 1 минута")
        #expect(try long(split(90, "time/minute", Self.hoursAndMinutes), "ru") == "1 час 30 минут")
        #expect(try long(split(71, "length/inch", Self.feetAndInches), "ru") == "5 футов 11 дюймов")
        #expect(try long(split(13, "length/inch", Self.feetAndInches), "en") == "1 foot 1 inch")
        #expect(try long(split(22 * 60 + 4, "time/minute", Self.hoursAndMinutes), "ru") == "22 часа 4 минуты")
    }

    @Test func anglesInDegreesMinutesAndSeconds() throws {
        let angle = try split(10 + 30 / 60.0 + 15 / 3600.0, "angle/degree", Self.degreesMinutesSeconds)
        #expect(values(angle) == [10, 30, 15])
        #expect(try short(angle, "en") == "10° 30′ 15″")
        #expect(try long(angle, "en") == "10 degrees 30 arcminutes 15 arcseconds")
        #expect(try long(angle, "ru") == "10 градусов 30 угловых минут 15 угловых секунд")
    }

    @Test func aPartialLanguageFallsBackToEnglishPartByPart() throws {
        // A horse's height: French (partial) names the inch but not the hand.
        let horse = try split(62, "length/inch", ["length/hand", "length/inch"])
        #expect(values(horse) == [15, 2])
        let french = try database.format(horse, language: "fr")
        // Each part as its language writes it: French's no-break space (CLDR's pattern), English's space.
        #expect(french.long == "15 hands 2\u{A0}pouces")
        #expect(french.parts.map(\.nameLanguage) == ["en", "fr"])
        #expect(french.long == french.parts.map(\.long).joined(separator: " "))
        #expect(french.short == french.parts.map(\.short).joined(separator: " "))
    }

    // MARK: Carrying

    @Test func aRoundedLastPartCarries() throws {
        let height = try split(71.96, "length/inch", Self.feetAndInches)
        #expect(values(height) == [6, 0])
        #expect(try short(height, "en") == "6 ft")
        #expect(values(try split(119.6, "time/minute", Self.hoursAndMinutes)) == [2, 0])
        let angle = try split(1 + 59 / 60.0 + 59.7 / 3600, "angle/degree", Self.degreesMinutesSeconds)
        #expect(values(angle) == [2, 0, 0])
        #expect(try short(angle, "en") == "2°")
        // Rounded to 3 digits, 59.96 min reaches the next hour.
        #expect(values(try split(119.96, "time/minute", Self.hoursAndMinutes, .significantDigits(3))) == [2, 0])
        // 1 digit makes 15.6 oz 20, past a pound: one pound more, not 1 lb 4 oz.
        #expect(values(try split(15.6, "mass/ounce", ["mass/pound", "mass/ounce"], .significantDigits(1))) == [1, 0])
        // 15.99/16 of an inch is a whole inch, and 11 in and that a foot.
        let ruler = try split(11 + 15.99 / 16, "length/inch", Self.feetAndInches, .fraction(denominator: 16))
        #expect(values(ruler) == [1, 0])
        #expect(ruler.fraction == nil)
        #expect(try long(ruler, "en") == "1 foot")
    }

    @Test func fractionsAreReduced() throws {
        let half = try split(10.5, "length/inch", ["length/inch"], .fraction(denominator: 16))
        #expect(half.fraction == MixedQuantity.Fraction(numerator: 1, denominator: 2))
        #expect(try long(half, "en") == "10 1/2 inches")
        let sixtyFourths = try split(0.3, "length/inch", Self.feetAndInches, .fraction(denominator: 64))
        #expect(sixtyFourths.fraction == MixedQuantity.Fraction(numerator: 19, denominator: 64))
        #expect(try short(sixtyFourths, "en") == "19/64 in", "no whole part: the fraction alone")
        #expect(try long(split(25.25, "length/inch", Self.feetAndInches, .fraction(denominator: 4)), "ru") == "2 фута 1 1/4 дюйма")
    }

    // MARK: Sign and zero

    @Test func theSignIsWrittenOnce() throws {
        let negative = try split(-14, "length/inch", Self.feetAndInches)
        #expect(negative.isNegative)
        #expect(values(negative) == [1, 2])
        #expect(try short(negative, "en") == "-1 ft 2 in")
        #expect(try long(negative, "en") == "-1 foot 2 inches")
        let formatted = try database.format(negative, language: "ru")
        #expect(formatted.parts.map(\.number) == ["-1", "2"])
        #expect(formatted.long == "-1 фут 2 дюйма")
        #expect(try short(split(-2, "length/inch", Self.feetAndInches), "en") == "-2 in")
        #expect(try long(split(-0.4, "length/inch", Self.feetAndInches, .fraction(denominator: 2)), "en") == "-1/2 inches")
    }

    @Test func zeroHasNoSignAndShowsTheLastUnit() throws {
        for value in [0.0, -0.0, -0.3, 0.3] {
            let zero = try split(value, "length/inch", Self.feetAndInches)
            #expect(values(zero) == [0, 0])
            #expect(!zero.isNegative, "\(value)")
            #expect(try long(zero, "en") == "0 inches")
            #expect(try long(zero, "ru") == "0 дюймов")
        }
    }

    @Test func onlyPartsThatAreNotZeroAreShown() throws {
        let feet = try split(72, "length/inch", Self.feetAndInches)
        #expect(values(feet) == [6, 0], "the parts keep every unit")
        #expect(feet.shownParts.map(\.unit.name) == ["foot"])
        #expect(try long(feet, "en") == "6 feet")
        #expect(try long(split(2, "length/inch", Self.feetAndInches), "en") == "2 inches")
        let week = try split(7 * 24 * 60 + 5, "time/minute", ["time/day", "time/hour", "time/minute"])
        #expect(values(week) == [7, 0, 5])
        #expect(try long(week, "en") == "7 days 5 minutes")
    }

    // MARK: Numbers

    @Test func numbersFollowTheLanguage() throws {
        let minutes = try split(1.5, "time/minute", Self.hoursAndMinutes, .significantDigits(6))
        #expect(try long(minutes, "ru") == "1,5 минуты")
        #expect(try long(minutes, "en") == "1.5 minutes")
        let far = try split(1_234_567 * 12 + 3, "length/inch", Self.feetAndInches)
        #expect(try long(far, "en") == "1,234,567 feet 3 inches", "whole parts exactly, never to 6 digits")
        #expect(try long(far, "ru") == "1\u{00A0}234\u{00A0}567 футов 3 дюйма")
        #expect(try database.format(far, language: "en", grouping: false).short == "1234567 ft 3 in")
    }

    // MARK: Refusals

    @Test func unitsThatCannotBeSplitInto() throws {
        #expect(throws: UnitDatabaseError.incompatibleUnits(from: "inch", fromCategory: "length", to: "hour", toCategory: "time")) {
            try split(1, "length/inch", ["time/hour", "time/minute"])
        }
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(.noUnits)) { try split(1, "length/inch", []) }
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(.notDescending(larger: "length/inch", smaller: "length/foot"))) {
            try split(1, "length/inch", ["length/inch", "length/foot"])
        }
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(.notDescending(larger: "length/foot", smaller: "length/foot"))) {
            try split(1, "length/inch", ["length/foot", "length/foot"])
        }
        let kilometers = UnitDatabaseError.invalidMixedQuantity(
            .notWholeMultiple(larger: "length/mile", smaller: "length/kilometer", ratio: 1.609344))
        #expect(throws: kilometers) { try split(1, "length/mile", ["length/mile", "length/kilometer"]) }
        #expect(kilometers.description == "cannot make a mixed quantity: one length/mile is 1.60934 length/kilometer, not a whole number of it")
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(.notProportional("temperature/degree Celsius"))) {
            try split(1, "temperature/degree Celsius", ["temperature/degree Celsius"])
        }
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(.notProportional("fuel-consumption/liter per 100 kilometers"))) {
            try split(1, "fuel-consumption/liter per 100 kilometers", ["fuel-consumption/liter per 100 kilometers"])
        }
    }

    @Test(arguments: [MixedRounding.fraction(denominator: 10), .fraction(denominator: 128), .fraction(denominator: 1),
                      .significantDigits(0), .significantDigits(18)])
    func roundingsOutOfRange(rounding: MixedRounding) throws {
        let expected: MixedQuantityProblem
        switch rounding {
        case .fraction(let denominator): expected = .fractionDenominator(denominator)
        case .significantDigits(let digits): expected = .significantDigits(digits)
        case .whole: Issue.record("whole is always valid"); return
        }
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(expected)) {
            try split(1, "length/inch", Self.feetAndInches, rounding)
        }
    }

    @Test func valuesThatAreNotFinite() throws {
        #expect(throws: UnitDatabaseError.conversionFailed(.notFinite)) { try split(.nan, "length/inch", Self.feetAndInches) }
        #expect(throws: UnitDatabaseError.conversionFailed(.notFinite)) { try split(.nan, "length/meter", Self.feetAndInches) }
        #expect(throws: UnitDatabaseError.conversionFailed(.overflow)) { try split(-.infinity, "length/inch", Self.feetAndInches) }
    }

    // MARK: Property

    /// Unit chains of whole ratios; a test takes any ordered subset of one.
    static let chains = [
        ["length/mile", "length/yard", "length/foot", "length/inch"],
        ["time/week", "time/day", "time/hour", "time/minute", "time/second"],
        ["angle/degree", "angle/arcminute", "angle/arcsecond"],
        ["mass/stone", "mass/pound", "mass/ounce"],
        ["volume/US gallon", "volume/US quart", "volume/US pint", "volume/US cup", "volume/US fluid ounce"],
    ]

    @Test func randomSplitsRecombineToTheValue() throws {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<3000 {
            let chain = try Self.chains.randomElement(using: &rng)!.map { try unit($0) }
            var units = chain.filter { _ in Bool.random(using: &rng) }
            if units.isEmpty { units = [chain.randomElement(using: &rng)!] }
            let source = chain.randomElement(using: &rng)!
            let magnitude = Double.random(in: -3...6, using: &rng)
            let value = (Bool.random(using: &rng) ? -1 : 1) * pow10(magnitude)
            let rounding: MixedRounding = switch Int.random(in: 0..<3, using: &rng) {
            case 0: .whole
            case 1: .significantDigits(Int.random(in: 1...12, using: &rng))
            default: .fraction(denominator: MixedRounding.fractionDenominators.randomElement(using: &rng)!)
            }
            let quantity = try database.split(value, of: source, into: units, rounding: rounding)
            let context = "seed \(seed): \(value) \(source.name) into \(units.map(\.name)) \(rounding): \(values(quantity))"

            // Ratios in the smallest unit: a whole number of each part.
            let smallestFactor = factor(units.last!)
            let scales = units.map { (factor($0) / smallestFactor).rounded() }
            let expected = try database.convert(value, from: source, to: units.last!)
            var recombined = 0.0
            for (index, part) in quantity.parts.enumerated() {
                #expect(part.value >= 0, "\(context)")
                if index < units.count - 1 { #expect(part.value == part.value.rounded(), "\(context)") }
                if index > 0 { #expect(part.value < scales[index - 1] / scales[index], "\(context)") }
                recombined += part.value * scales[index]
            }
            if quantity.isNegative { recombined = -recombined }
            #expect(quantity.isNegative == (expected < 0 && recombined != 0), "\(context)")

            // The largest error the last part's rounding allows, and a little
            // for the arithmetic of adding the parts up.
            let raw = units.count == 1 ? abs(expected) : abs(expected).truncatingRemainder(dividingBy: scales[scales.count - 2])
            let step: Double = switch rounding {
            case .whole: 0.5
            case .fraction(let denominator): 0.5 / Double(denominator)
            case .significantDigits(let digits): raw * pow10(Double(1 - digits))
            }
            #expect(abs(recombined - expected) <= step + abs(expected) * 1e-12, "\(context): \(recombined)")
            if let fraction = quantity.fraction {
                #expect(fraction.numerator % 2 == 1 && fraction.numerator < fraction.denominator, "\(context)")
            }
        }
    }

    func factor(_ unit: UnitpackRuntime.MeasureUnit) -> Double {
        guard case .linear(let factor) = unit.conversion else { return .nan }
        return factor
    }

    func pow10(_ exponent: Double) -> Double { pow(10, exponent) }
}
