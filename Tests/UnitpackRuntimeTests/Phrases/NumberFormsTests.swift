import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36, "Numbers as people write them" and the words each language
/// uses: docs/phrases.md, "Numbers as each language writes them", and the
/// reading order's rule that a unit converted to itself comes last.
@Suite struct NumberFormsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `value from -> to` of the first reading, or what was not understood.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let parts = reading.parts.count > 1 ? " (" + reading.parts.map { "\($0.value) \($0.unit.key)" }.joined(separator: " + ") + ")" : ""
            return "\(reading.value) \(reading.from.key)" + (reading.to.map { " -> \($0.key)" } ?? "") + parts
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func aHyphenJoinsTheNumberToItsUnit() throws {
        #expect(try first("six-mile in km", ["en"]) == "6.0 length/mile -> length/kilometer")
        #expect(try first("3-inch in cm", ["en"]) == "3.0 length/inch -> length/centimeter")
        // Number words joined by hyphens stay one number.
        #expect(try first("thirty-four feet in m", ["en"]) == "34.0 length/foot -> length/meter")
        #expect(try first("quatre-vingt-dix km en miles", ["fr"]) == "90.0 length/kilometer -> length/mile")
    }

    /// `1:30 h`, `8:30 min/mile`: a time with colons, in its first field's
    /// unit, before a unit of time or a pace only.
    @Test func aTimeWithColons() throws {
        #expect(try first("1:30 h in minutes", ["en"]) == "1.5 time/hour -> time/minute")
        #expect(try first("1:30h in min", ["en"]) == "1.5 time/hour -> time/minute")
        #expect(try first("2:15:30 h in min", ["en"]) == "2.2583333333333333 time/hour -> time/minute")
        #expect(try first("5:30 min/km in min/mi", ["en"]) == "5.5 speed/minutes per kilometer -> speed/minutes per mile")
        #expect(try first("1:30 km in m", ["en"]).hasPrefix("not understood: a number written with colons"))
        // A field past 59, or of one digit, or a third colon: no time.
        #expect(try first("1:75 h in min", ["en"]).hasPrefix("not understood"))
        #expect(try first("10:1 h in min", ["en"]).hasPrefix("not understood"))
        #expect(try first("1:30:00:00 h in min", ["en"]).hasPrefix("not understood"))
    }

    @Test func aSignOrAWordBelowZero() throws {
        #expect(try first("- 20 degrees C in F", ["en"]) == "-20.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("minus 40 F in C", ["en"]) == "-40.0 temperature/degree Fahrenheit -> temperature/degree Celsius")
        #expect(try first("мінус 40 за цельсієм у фаренгейтах", ["uk"])
            == "-40.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("零下20摄氏度是多少华氏度", ["zh"]) == "-20.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        // Below zero said after the quantity, in words of several.
        #expect(try first("32 gradi sotto zero in fahrenheit", ["it"]) == "-32.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("10 градусов ниже нуля по Фаренгейту", ["ru"]) == "-10.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("5 °C below zero in °F", ["en"]) == "-5.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        // One minus word, not a run of them; and a sign is never left out as context.
        #expect(try first("minus minus 5 m", ["en"]).hasPrefix("not understood"))
    }

    @Test func degreeSignsAsTyped() throws {
        #expect(try first("37ºC in F", ["en"]) == "37.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("20℃ in F", ["en"]) == "20.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
    }

    @Test func digitsAConnectorAndAFraction() throws {
        #expect(try first("2 i pół godziny w minutach", ["pl"]) == "2.5 time/hour -> time/minute")
        #expect(try first("2 and a half hours in minutes", ["en"]) == "2.5 time/hour -> time/minute")
    }

    @Test func theLastUnitOfAMixedQuantityMayBeImplied() throws {
        // foot+inch, pound+ounce, stone+pound in clusters.tsv.
        #expect(try first("5 ft 3", ["en"]) == "\(5.25) length/foot (5.0 length/foot + 3.0 length/inch)")
        #expect(try first("5'3 in cm", ["en"]) == "\(5.25) length/foot -> length/centimeter (5.0 length/foot + 3.0 length/inch)")
        // Never between units a power of ten apart: 一米八 is 1.8 m, not 1 m 8 cm.
        #expect(try first("一米八是多少英尺", ["zh"]).hasPrefix("not understood"))
        // An article alone counts no implied unit (`a`: no year and a month),
        // and units of other categories the words name are no obstacle (fuzzing).
        #expect(try first("quarter 5 a a", ["en"]).hasPrefix("not understood"))
        #expect(try first("quarter 5\u{064E} a a", ["en", "ru", "de", "es"]).hasPrefix("not understood"))
        // `1'000` is a thousand grouped the Swiss way, not feet and inches.
        #expect(try first("1'000 m in km", ["en"]) == "1000.0 length/meter -> length/kilometer")
    }

    @Test func minutesAndSecondsWithPrimesBeforeALengthAreAPace() throws {
        #expect(try first("5'30\" al km in km/h", ["it"]) == "5.5 speed/minutes per kilometer -> speed/kilometer per hour")
        #expect(try first("4′45″ per mile in km/h", ["en"]) == "4.75 speed/minutes per mile -> speed/kilometer per hour")
        // Feet and inches still read first where they can (`5'08"`), and `5'30" in cm` is no pace.
        #expect(try first("5'08\" in cm", ["en"]) == "\(5 + 8.0 / 12) length/foot -> length/centimeter (5.0 length/foot + 8.0 length/inch)")
        #expect(try first("5'30\" in cm", ["en"]).hasPrefix("not understood"))
        #expect(try first("1'000 m in km", ["de"]) == "1000.0 length/meter -> length/kilometer")
    }

    @Test func aWholeNumberAndAFractionInDigits() throws {
        #expect(try first("1 and 1/2 cups in ml", ["en"]) == "1.5 volume/US cup -> volume/milliliter")
        #expect(try first("2 y ¾ tazas en ml", ["es"]) == "2.75 volume/US cup -> volume/milliliter")
        // `3/2` is no part of one; `one and`, a number's words, is never context left out.
        #expect(try first("1 and 3/2 cups in ml", ["en"]).hasPrefix("not understood"))
        #expect(try first("one and 1/2 cups in ml", ["en"]).hasPrefix("not understood"))
    }

    @Test func aFractionInWordsRightAfterItsUnit() throws {
        #expect(try first("2時間半は何分", ["ja"]) == "2.5 time/hour -> time/minute")
        #expect(try first("一吨半是多少公斤", ["zh"]) == "1.5 mass/tonne -> mass/kilogram")
        // Before a marker that is also a unit's symbol (`in`, the inch): not half an inch.
        #expect(try first("2時間半 in minutes") == "2.5 time/hour -> time/minute")
        // A fraction with its own unit is a part of its own.
        #expect(try first("5 feet half an inch in cm", ["en"])
            == "\(5 + 0.5 / 12) length/foot -> length/centimeter (5.0 length/foot + 0.5 length/inch)")
    }

    @Test func scaleWordsAndPartsOfOneTakeTheirPartitive() throws {
        #expect(try first("2,4 milliards de gallons en litres", ["fr"]) == "\(2.4e9) volume/US gallon -> volume/liter")
        #expect(try first("2 millones de litros en galones", ["es"]) == "\(2e6) volume/liter -> volume/US gallon")
        #expect(try first("1/4 di miglio in metri", ["it"]) == "0.25 length/mile -> length/meter")
        #expect(try first("1/4 of a mile in m", ["en"]) == "0.25 length/mile -> length/meter")
        // Indian English counts in lakhs and crores (locales/en/words.tsv).
        #expect(try first("25 lakh tonnes in kg", ["en"]) == "\(2.5e6) mass/tonne -> mass/kilogram")
        // A whole count takes no partitive after digits.
        #expect(try first("3 of miles in km", ["en"]).hasPrefix("not understood"))
    }

    @Test func minutesAfterHoursAsAClockSaysThem() throws {
        // time clock: hour+minute in clusters.tsv.
        #expect(try first("1 h 30 in min", ["en"]) == "1.5 time/hour -> time/minute (1.0 time/hour + 30.0 time/minute)")
    }

    /// A degree word with no scale, converted to a scale: the one other
    /// scale clusters.tsv lists for temperature, shown as a guess.
    @Test func aDegreeWithoutItsScaleIsTheOtherScale() throws {
        #expect(try first("38,5 graus em fahrenheit", ["pt"]) == "38.5 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("100 degrees in celsius", ["en"]) == "100.0 temperature/degree Fahrenheit -> temperature/degree Celsius")
        let reading = try #require(try database.parse("moins 5 degrés en fahrenheit", languages: ["fr"]).readings.first)
        #expect(reading.guesses.map(\.kind) == [.scale] && reading.guesses[0].word == "degrés")
        #expect(reading.guesses[0].description == "a guess: 'degrés' read as 'degree Celsius', the other scale: the phrase names none")
        // Kelvin leaves two scales: refused, never one picked.
        #expect(try first("300 degrees in kelvin", ["en"]).hasPrefix("not understood"))
        // An angle to an angle stays an angle.
        #expect(try first("90 degrees in radians", ["en"]) == "90.0 angle/degree -> angle/radian")
    }

    /// A number word of one language that is a unit's word in another:
    /// when the number leads nowhere, the word is tried as the target.
    @Test func aNumberWordThatLeadsNowhereMayBeTheTarget() throws {
        // `once`: eleven in Spanish, ounces in Italian.
        #expect(try first("quante once sono 250 grammi") == "250.0 mass/gram -> mass/ounce")
        #expect(try first("once metros en pies") == "11.0 length/meter -> length/foot")
    }

    /// `1h30`, `1m80`, `5ft11`: the parts of a mixed quantity written as one word.
    @Test func partsWrittenTogether() throws {
        #expect(try first("1h30 en minutes", ["fr"]) == "1.5 time/hour -> time/minute (1.0 time/hour + 30.0 time/minute)")
        #expect(try first("5ft11 in cm", ["en"]) == "5.916666666666666 length/foot -> length/centimeter (5.0 length/foot + 11.0 length/inch)")
        // Between units a power of ten apart, as many digits as the power's
        // zeros read alike as a part or as decimals (1.80 m); fewer do not.
        #expect(try first("1m80 en pieds", ["fr"]) == "1.8 length/meter -> length/foot (1.0 length/meter + 80.0 length/centimeter)")
        #expect(try first("1 m 8 en pieds", ["fr"]).hasPrefix("not understood"))
        // An exponent is no unit.
        #expect(try first("1e3 m in km", ["en"]) == "1000.0 length/meter -> length/kilometer")
        // Letters and digits that name a unit as written are that unit, where
        // the letters' mixed unit is a power of ten apart (`1 m 2` is refused).
        #expect(try first("60m2 in sq ft", ["en"]) == "60.0 area/square meter -> area/square foot")
        #expect(try first("5ft2 in cm", ["en"]) == "5.166666666666667 length/foot -> length/centimeter (5.0 length/foot + 2.0 length/inch)")
    }

    /// `м2`, `см3`: a symbol's power typed as a plain digit.
    @Test func aPowerTypedAsAPlainDigit() throws {
        #expect(try first("60 м2 у квадратних футах", ["uk"]) == "60.0 area/square meter -> area/square foot")
        #expect(try first("500 см3 в литрах", ["ru"]) == "500.0 volume/cubic centimeter -> volume/liter")
        // Not a number after a unit's letters: `5 ft 2` stays two parts.
        #expect(try first("5 ft 2 in cm", ["en"]) == "5.166666666666667 length/foot -> length/centimeter (5.0 length/foot + 2.0 length/inch)")
    }

    /// `200 caballos (CV)`, `5 feet (ft)`: a word in brackets that names a
    /// unit the part's words name restates it, and never multiplies it.
    @Test func aUnitRestatedInBracketsIsTheUnit() throws {
        #expect(try first("5 feet (ft) in cm", ["en"]) == "5.0 length/foot -> length/centimeter")
        #expect(try first("200 caballos de vapor (CV) en kW", ["es"]) == "200.0 power/metric horsepower -> power/kilowatt")
        // Before, `feet (ft)` read as an expression, feet times feet, and
        // `cm` as the circular mil (`CM`), an area.
        #expect(try first("5 feet (ft) in cm²", ["en"]).hasPrefix("not understood"))
    }

    /// The parts of a quantity are of one system: `1 m 75 in ft` is not a
    /// metre and 75 inches (then the implied centimetres read).
    @Test func thePartsOfAQuantityAreOfOneSystem() throws {
        #expect(try first("1 ft 5 cm", ["en"]) == "not understood: foot and centimeter are of two systems: the parts of a quantity are of one (6 ft 2 in, 1 m 80 cm)")
        #expect(try first("1 m 75 in ft", ["en"]) == "1.75 length/meter -> length/foot (1.0 length/meter + 75.0 length/centimeter)")
        #expect(try first("11 st 6 lb in kg", ["en"]) == "\(11 + 6.0 / 14) mass/stone -> mass/kilogram (11.0 mass/stone + 6.0 mass/pound)")
    }

    /// A filler of one language that is a number word of another opens the
    /// number: `um` is German's filler and Portuguese for one.
    @Test func aFillerThatIsANumberWordOpensTheNumber() throws {
        #expect(try first("um metro em pés") == "1.0 length/meter -> length/foot")
        #expect(try first("um quilo em libras") == "1.0 mass/kilogram -> mass/pound")
        // A question without a number still reads as one.
        #expect(try first("um wieviel Fuß ist ein Meter") == "1.0 length/meter -> length/foot")
    }

    @Test func aQuestionWithoutANumberMayJoinItsUnitsWithAVerb() throws {
        #expect(try first("ile sekund ma doba", ["pl"]) == "1.0 time/day -> time/second")
        #expect(try first("¿cuántos litros tiene un galón?", ["es"]) == "1.0 volume/US gallon -> volume/liter")
    }

    @Test func aUnitConvertedToItselfComesLast() throws {
        // 升 is the litre in zh and the shō in ja; the phrase asks in litres.
        #expect(try first("1升は何リットル") == "1.0 volume/shō -> volume/liter")
        guard case .understood(let readings) = try database.parse("1升は何リットル"), readings.count > 1 else {
            Issue.record("one reading")
            return
        }
        #expect(ReadingPrecedence(readings[0], before: readings[1]) == .notItself)
    }

    @Test func measuresAsEachLanguageMeansThem() throws {
        #expect(try first("100 CV en kW", ["es"]) == "100.0 power/metric horsepower -> power/kilowatt")
        #expect(try first("200 caballos de fuerza en kw", ["es"]) == "200.0 power/horsepower -> power/kilowatt")
        #expect(try first("2 cucharadas en ml", ["es"]) == "2.0 volume/metric tablespoon -> volume/milliliter")
        #expect(try first("1 tablespoon in ml", ["en"]) == "1.0 volume/US tablespoon -> volume/milliliter")
        #expect(try first("1吨等于多少磅", ["zh"]) == "1.0 mass/tonne -> mass/pound")
        #expect(try first("٢٫٥ طن كم باوند", ["ar"]) == "2.5 mass/tonne -> mass/pound")
        #expect(try first("2 طن قصير كم كيلو", ["ar"]) == "2.0 mass/short ton -> mass/kilogram")
        #expect(try first("ساعتين ونص كم دقيقة", ["ar"]) == "2.5 time/hour -> time/minute")
    }

    /// An expression whose dimension no category has (`kg·°`) has no
    /// preferred units; asking for them is no damage of the database
    /// (it was: "category dimension kg·rad is named but missing").
    @Test func anExpressionOfNoCategoryHasNoPreferredUnits() throws {
        let reader = PhraseReader(database: try database)
        let reading = try #require(try reader.parse("5 kg*deg", languages: ["en"]).readings.first)
        #expect(reading.from.category.hasPrefix("dimension "))
        #expect(try reader.answer(for: reading) == nil)
        #expect(try database.impliedPart(after: reading.from) == nil)
    }
}
