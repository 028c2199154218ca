import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `parse` of quantities in several parts (`6 ft 2 in`), mixed targets
/// (`ft+in`, `in feet and inches`) and fractions in words, on the
/// repository's data. Phrases/quantities.tsv checks hundreds more.
@Suite struct QuantityPhraseTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func first(_ text: String, _ languages: [String] = ["en", "ru"]) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let parts = reading.parts.map { "\($0.value) \($0.unit.name)" }.joined(separator: " + ")
            let targets = reading.targets.map(\.key).joined(separator: "+")
            return "\(parts) = \(reading.value) \(reading.from.key)" + (targets.isEmpty ? "" : " -> \(targets)")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func partsAddUpInTheFirstUnit() throws {
        #expect(try first("6 ft 2 in in meters") == "6.0 foot + 2.0 inch = \(6 + 2.0 / 12) length/foot -> length/meter")
        #expect(try first("2 h 45 min in s") == "2.0 hour + 45.0 minute = 2.75 time/hour -> time/second")
        #expect(try first("1 кг 200 г") == "1.0 kilogram + 200.0 gram = 1.2 mass/kilogram")
        #expect(try first("1 mile 200 yards 2 feet") == "1.0 mile + 200.0 yard + 2.0 foot = \(1 + 600.0 / 5280 + 2.0 / 5280) length/mile")
    }

    @Test func feetAndInchesMarksTakeFractions() throws {
        #expect(try first("5′8½″") == "5.0 foot + 8.5 inch = \(5 + 8.5 / 12) length/foot")
        #expect(try first("5' 8 1/2\" in cm") == "5.0 foot + 8.5 inch = \(5 + 8.5 / 12) length/foot -> length/centimeter")
    }

    @Test func theSignIsTheFirstPartsAndCoversTheWhole() throws {
        #expect(try first("-1 ft 6 in") == "-1.0 foot + 6.0 inch = -1.5 length/foot")
    }

    @Test func mixedTargets() throws {
        #expect(try first("180 cm in ft+in") == "180.0 centimeter = 180.0 length/centimeter -> length/foot+length/inch")
        #expect(try first("in ft+in 180 cm") == "180.0 centimeter = 180.0 length/centimeter -> length/foot+length/inch")
        #expect(try first("1° in deg+arcmin+arcsec").hasSuffix("angle/degree+angle/arcminute+angle/arcsecond"))
    }

    @Test func partsThatDoNotAddUpSayWhy() throws {
        #expect(try first("5 ft 3 kg") == "not understood: foot (length) and kilogram (mass) are not of one category: the parts of a quantity must be")
        #expect(try first("2 in 6 ft in m") == "not understood: inch before foot: the parts of a quantity go from the largest unit down (6 ft 2 in, 2 h 45 min)")
        #expect(try first("180 cm in in+ft").hasPrefix("not understood: inch before foot"))
        // A bare number after a part counts the unit a mixed unit puts next (issue 36: `5 ft 2` is
        // 5 ft 2 in, NumberFormsTests); after a unit no mixed unit continues, it reads nothing.
        #expect(try first("5 km 2").hasPrefix("not understood:"))
        #expect(try first("20 °C 5 K").hasPrefix("not understood: degree Celsius and kelvin (temperature) cannot be added"))
    }

    @Test func fractionsInWords() throws {
        #expect(try first("three quarters of a cup in ml").hasPrefix("0.75 "))
        #expect(try first("a quarter pound in grams") == "0.25 pound = 0.25 mass/pound -> mass/gram")
        #expect(try first("two and three quarters miles") == "2.75 mile = 2.75 length/mile")
        #expect(try first("a couple of miles") == "2.0 mile = 2.0 length/mile")
        #expect(try first("half of a mile") == "0.5 mile = 0.5 length/mile")
        #expect(try first("три четверти часа в минутах") == "0.75 hour = 0.75 time/hour -> time/minute")
        #expect(try first("четверть мили в метрах") == "0.25 mile = 0.25 length/mile -> length/meter")
        #expect(try first("полмили в метрах") == "0.5 mile = 0.5 length/mile -> length/meter")
        #expect(try first("пол-литра") == "0.5 liter = 0.5 volume/liter")
        // Typed apart, before the unit's word.
        #expect(try first("пол литра в унциях") == "0.5 liter = 0.5 volume/liter -> volume/US fluid ounce")
        // Not numbers: a count after `and` needs its denominator.
        #expect(try first("two and three miles").hasPrefix("not understood"))
    }

    @Test func mixedQuantitiesInWords() throws {
        #expect(try first("two hours and fifteen minutes") == "2.0 hour + 15.0 minute = 2.25 time/hour")
        #expect(try first("два часа и пятнадцать минут") == "2.0 hour + 15.0 minute = 2.25 time/hour")
        #expect(try first("180 cm in feet and inches") == "180.0 centimeter = 180.0 length/centimeter -> length/foot+length/inch")
        #expect(try first("180 см в футах и дюймах") == "180.0 centimeter = 180.0 length/centimeter -> length/foot+length/inch")
    }

    func fit(_ text: String) throws -> PhraseFit? {
        try database.parse(text, languages: ["en", "ru"]).readings.first?.fit
    }

    @Test func differences() throws {
        let celsius = "temperature-difference/degree Celsius (difference)"
        let fahrenheit = "temperature-difference/degree Fahrenheit (difference)"
        #expect(try first("5 Δ°C in °F") == "5.0 degree Celsius (difference) = 5.0 \(celsius) -> \(fahrenheit)")
        #expect(try fit("5 Δ°C in °F") == .targetAsDifference)
        #expect(try first("temperature difference of 20 °C in °F") == "20.0 degree Celsius (difference) = 20.0 \(celsius) -> \(fahrenheit)")
        #expect(try fit("temperature difference of 20 °C in °F") == .difference)
        #expect(try first("a change of 10 °F in °C") == "10.0 degree Fahrenheit (difference) = 10.0 \(fahrenheit) -> \(celsius)")
        #expect(try first("разница температур 5 °C в °F") == "5.0 degree Celsius (difference) = 5.0 \(celsius) -> \(fahrenheit)")
        // A difference word among the context words before the number (a verb of a change) names one too,
        // and the other meanings of a unit's word are read as differences (`C`: the coulomb, and °C).
        #expect(try first("the temperature dropped 15 degrees F how much is that in C", ["en"])
            == "15.0 degree Fahrenheit (difference) = 15.0 \(fahrenheit) -> \(celsius)")
        #expect(try first("a drop of 15 °F in C", ["en"]) == "15.0 degree Fahrenheit (difference) = 15.0 \(fahrenheit) -> \(celsius)")
        #expect(try first("температура упала на 10 градусов Цельсия, сколько по Фаренгейту", ["ru"])
            == "10.0 degree Celsius (difference) = 10.0 \(celsius) -> \(fahrenheit)")
        // After the number, context changes nothing: the oven is at 350 °F.
        #expect(try first("350 F oven in C", ["en"]) == "350.0 degree Fahrenheit = 350.0 temperature/degree Fahrenheit -> temperature/degree Celsius")
        // Without a difference word, a temperature is a point on its scale.
        #expect(try first("20 °C in °F") == "20.0 degree Celsius = 20.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try fit("20 °C in °F") == .asWritten)
        // A point on a scale into a difference is refused, naming both.
        let refused = try first("5 °C in Δ°F")
        #expect(refused.hasPrefix("not understood: cannot convert degree Celsius to degree Fahrenheit (difference): one is a point on a scale"))
    }

    @Test func theReadingThatFitsTheOtherUnit() throws {
        #expect(try first("12 oz in ml") == "12.0 US fluid ounce = 12.0 volume/US fluid ounce -> volume/milliliter")
        #expect(try fit("12 oz in ml") == .otherMeaning(written: try database.unit(key: "mass/ounce")))
        #expect(try first("12 oz in g") == "12.0 ounce = 12.0 mass/ounce -> mass/gram")
        #expect(try first("10 lb in N") == "10.0 pound-force = 10.0 force/pound-force -> force/newton")
        #expect(try first("10 N in lb") == "10.0 newton = 10.0 force/newton -> force/pound-force")
        #expect(try first("1 rpm in Hz").hasSuffix("-> frequency/hertz"))
        #expect(try fit("1 rpm in Hz") == .sameQuantity)
        let rpm = try #require(try database.parse("60 rpm in Hz", languages: ["en"]).readings.first)
        #expect(abs(try database.convert(rpm.value, from: rpm.from, to: try #require(rpm.to)) - 1) < 1e-12)
        #expect(try first("5 kg in m") == "not understood: kilogram (mass) cannot be converted to meter (length)")
    }
}
