import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: targets as people shape them, each a rule (docs/phrases.md,
/// "Targets" and "Context words"): two units joined by a word of `per` that
/// is also a marker, a word of `per` and a unit alone after a pace, context
/// before a target named first, a degree without a scale after a scale
/// named first, a time with colons per a length, a number word of another
/// language left out, a system word that agrees with the name, a marker
/// after the fillers of a question, a word of the phrases in brackets; and
/// symbols typed without their case read as one unit with the other side.
@Suite struct TargetShapesTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `ContextWordsTests.first`: `value from -> to [left out: words]`.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        try ContextWordsTests().first(text, languages)
    }

    /// The first reading's guesses, by kind.
    func guesses(_ text: String, _ languages: [String]? = nil) throws -> [PhraseGuess.Kind] {
        guard case .understood(let readings) = try database.parse(text, languages: languages) else { return [] }
        return readings[0].guesses.map(\.kind)
    }

    @Test func twoUnitsJoinedByAMarkerThatIsPerAreATargetTheDataNames() throws {
        #expect(try first("12 km/h w min na km", ["pl"]) == "12.0 speed/kilometer per hour -> speed/minutes per kilometer")
        // `mil` is the mil as written, and the Polish miles' form.
        #expect(
            try first("6 l na 100 km w mil na galon amerykański", ["pl"])
                == "6.0 fuel-consumption/liter per 100 kilometers -> fuel-consumption/mile per US gallon")
        // Arabic `في` is `per` in CLDR's own names (`متر في الثانية`).
        #expect(
            try first("80 Mbit/s كم ميجابايت في الثانية", ["ar"])
                == "80.0 data-rate/megabit per second -> data-rate/megabyte per second")
        // No unit is km per mile: `в милях` stays the target.
        #expect(try first("10 км в милях", ["ru"]) == "10.0 length/kilometer -> length/mile")
        #expect(try first("كم قدما في ميل", ["ar"]) == "1.0 length/mile -> length/foot")
    }

    @Test func aWordOfPerAndAUnitAfterAPaceAreThePacesUnitPerIt() throws {
        let perKilometer = "6.0 speed/minutes per mile -> speed/minutes per kilometer"
        #expect(try first("6 min/mi in per km", ["en"]) == perKilometer)
        #expect(try first("6 minutes per mile what is that per km", ["en"]) == perKilometer)
        #expect(try first("6 хвилин на милю це який темп на кілометр", ["uk"]) == perKilometer + " [left out: це який темп]")
        // Only a unit per another: a length has no `per`.
        #expect(try first("6 km in per hour", ["en"]).hasPrefix("not understood"))
    }

    @Test func contextBeforeATargetNamedFirstIsLeftOut() throws {
        #expect(
            try first("quelle est la vitesse en km/h de 15 m/s", ["fr"])
                == "15.0 speed/meter per second -> speed/kilometer per hour [left out: quelle est la vitesse]")
        #expect(
            try first("what is the speed in mph of 100 km/h", ["en"])
                == "100.0 speed/kilometer per hour -> speed/mile per hour [left out: the speed]")
        // A word that names a unit is no context.
        #expect(try first("in meters 34 feet in yards", ["en"]).hasPrefix("not understood"))
    }

    @Test func aDegreeAfterAScaleNamedFirstIsTheOtherScale() throws {
        #expect(
            try first("la temperatura en fahrenheit de 20 grados", ["es"])
                == "20.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try guesses("la temperatura en fahrenheit de 20 grados", ["es"]).contains(.scale))
        #expect(try first("多少华氏度是38.5度", ["zh"]) == "38.5 temperature/degree Celsius -> temperature/degree Fahrenheit")
    }

    @Test func aTimeWithColonsPerALengthIsAPace() throws {
        #expect(try first("4:45 на км в км/ч", ["ru"]) == "4.75 speed/minutes per kilometer -> speed/kilometer per hour")
        let paced = try database.parse("5:30 per mile in km/h", languages: ["en"])
        guard case .understood(let readings) = paced else {
            Issue.record("not understood")
            return
        }
        #expect(abs(try database.convert(readings[0].value, from: readings[0].from, to: readings[0].to!) - 17.5565) < 0.001)
        // Still no length with colons.
        #expect(try first("1:30 in min", ["en"]).hasPrefix("not understood"))
    }

    @Test func aNumberWordOfAnotherLanguageBeforeTheQuantityIsLeftOut() throws {
        // French `four` (oven) is English four; Italian `vent` is twenty.
        #expect(
            try first("four à 400 F, ça fait combien en celsius ?")
                == "400.0 temperature/degree Fahrenheit -> temperature/degree Celsius [left out: four à]")
        #expect(try first("vent de 25 nœuds en km/h") == "25.0 speed/knot -> speed/kilometer per hour [left out: vent de]")
        // Not right before the digits: `four 350 F` may be four times.
        #expect(try first("four 350 F in C").hasPrefix("not understood"))
    }

    @Test func namesApartWhereTheExpressionGrammarReadsNone() throws {
        // `US-Gallone` in an expression would be µS·gal.
        #expect(
            try first("6,5 Liter auf 100 km in Meilen pro US-Gallone", ["de"])
                == "6.5 fuel-consumption/liter per 100 kilometers -> fuel-consumption/mile per US gallon")
        // A system word before the name (CLDR's Ukrainian US gallon is `галон`).
        #expect(try first("1 американський галон в л", ["uk"]) == "1.0 volume/US gallon -> volume/liter")
        #expect(
            try first("7 л на 100 км скільки це миль на американський галон", ["uk"])
                == "7.0 fuel-consumption/liter per 100 kilometers -> fuel-consumption/mile per US gallon")
    }

    @Test func aWordOfPerThatNamesNothingAfterItIsContext() throws {
        // Portuguese `na` (in the) is Polish `per`: nothing is per `corrida`.
        #expect(
            try first("450 kcal na corrida, quanto é em kJ")
                == "450.0 energy/kilocalorie -> energy/kilojoule [left out: na corrida,]")
        // Still no context where it makes the unit's `per`.
        #expect(try first("5 m per s in km", ["en"]).hasPrefix("not understood"))
    }

    @Test func aWordForAPrefixWrittenApartFromTheName() throws {
        #expect(try first("250 hp كم كيلو واط", ["ar"]) == "250.0 power/horsepower -> power/kilowatt")
        #expect(try first("3 mega bytes in kB", ["en"]) == "3.0 data-size/megabyte -> data-size/kilobyte")
        // `kilo` alone is still the kilogram.
        #expect(try first("5 kilo in lb", ["en"]) == "5.0 mass/kilogram -> mass/pound")
    }

    @Test func aMinusBetweenAScaleAndItsNumberMovesWithTheNumber() throws {
        #expect(try first("摂氏マイナス5度は華氏で何度", ["ja"]) == "-5.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("华氏零下4度是多少摄氏度", ["zh"]) == "-4.0 temperature/degree Fahrenheit -> temperature/degree Celsius")
    }

    @Test func wordsOfLanguagesAddedForTheseKinds() throws {
        // Polish `kwintal` (SJP), Japanese `お米` (what 合 measures).
        #expect(try first("2,5 kwintala na kg", ["pl"]) == "2.5 mass/quintal -> mass/kilogram")
        #expect(try first("お米3合は何ml", ["ja"]) == "3.0 volume/gō -> volume/milliliter [left out: お米]")
    }

    @Test func aFractionWordThatOpensNoQuantityIsContext() throws {
        #expect(
            try first("half marathon is 13.1 miles how many km", ["en"])
                == "13.1 length/mile -> length/kilometer [left out: half marathon is]")
    }

    @Test func aSystemWordThatAgreesWithTheNameReadsWithIt() throws {
        #expect(try first("how many grams in a troy ounce of gold", ["en"]) == "1.0 mass/troy ounce -> mass/gram")
        #expect(try first("сколько грамм в тройской унции золота", ["ru"]) == "1.0 mass/troy ounce -> mass/gram")
        #expect(try first("1 ounce of gold in grams", ["en"]) == "1.0 mass/troy ounce -> mass/gram")
    }

    @Test func aMarkerAfterTheFillersOfAQuestionLeadsToTheTarget() throws {
        #expect(try first("10 كم كم يساوي بالميل", ["ar"]) == "10.0 length/kilometer -> length/mile")
        #expect(try first("38.5度换成华氏是多少", ["zh"]) == "38.5 temperature/degree Celsius -> temperature/degree Fahrenheit")
    }

    @Test func aWordOfThePhrasesInBracketsIsAnAside() throws {
        #expect(try first("5加仑（英制）是多少升", ["zh"]) == "5.0 volume/imperial gallon -> volume/liter")
        #expect(try first("5加仑（美制）是多少升", ["zh"]) == "5.0 volume/US gallon -> volume/liter")
        #expect(
            try first("8升/百公里等于多少mpg（美制）", ["zh"])
                == "8.0 fuel-consumption/liter per 100 kilometers -> fuel-consumption/mile per US gallon")
        // The brackets of an expression stay.
        #expect(
            try first("1 W/(m·K) in BTU/(h·ft·°F)", ["en"]).hasPrefix("1.0 thermal-conductivity/watt per meter kelvin"))
        #expect(Self.asides("mpg（美制）") == "mpg (美制)")
        #expect(Self.asides("W/(m·K)") == "W/(m·K)")
    }

    static func asides(_ text: String) -> String {
        guard let words = try? RepositoryBuild.database().phraseWords(["zh", "en"]) else { return "" }
        return PhraseReader.asidesApart(PhraseReader.fullWidthAsTyped(text), words)
    }

    /// Symbols typed without their case, read in the spellings that are one
    /// unit with the other side's (`PhraseReader.narrowedByBase`), a guess.
    @Test func aSymbolWithoutItsCaseIsReadAsOneUnitWithTheOtherSide() throws {
        #expect(try first("1.5tb to gb", ["en"]) == "1.5 data-size/terabyte -> data-size/gigabyte")
        #expect(try first("2 gb in mb", ["en"]) == "2.0 data-size/gigabyte -> data-size/megabyte")
        #expect(try guesses("2 gb in mb", ["en"]) == [.caseOfUnit, .caseOfUnit])
        // The bits give the same number: they are the alternative.
        guard case .understood(let readings) = try database.parse("1.5tb to gb", languages: ["en"]) else {
            Issue.record("not understood")
            return
        }
        #expect(readings.contains { $0.from.key == "data-size/terabit" && $0.to?.key == "data-size/gigabit" })
        // Both spellings a prefix of the coulomb, a billion apart: refused.
        #expect(try first("1 Mc in C", ["en"]).hasPrefix("not understood: 'Mc' is no symbol as written"))
        #expect(try first("1 mw in W", ["en"]).hasPrefix("not understood: 'mw' is no symbol as written"))
        // As written, the millibar.
        #expect(try first("5 mb in hPa", ["en"]) == "5.0 pressure/millibar -> pressure/hectopascal")
    }

    /// The spelling that would convert a unit to itself is not the one meant.
    @Test func aSpellingThatConvertsAUnitToItselfIsNotRead() throws {
        #expect(try first("100 mbps in MB/s", ["en"]) == "100.0 data-rate/megabit per second -> data-rate/megabyte per second")
        #expect(try guesses("100 mbps in MB/s", ["en"]) == [.caseOfUnit])
    }

    /// Units of information take SI prefixes as multiples only.
    @Test func aUnitOfInformationTakesMultiplesOnly() throws {
        let milli = try #require(UnitPrefix.named("milli")), kilo = try #require(UnitPrefix.named("kilo"))
        #expect(!milli.isTaken(by: [.siPrefixes, .binaryPrefixes]))
        #expect(kilo.isTaken(by: [.siPrefixes, .binaryPrefixes]))
        #expect(milli.isTaken(by: [.siPrefixes]))
        #expect(try database.expressionUnits("kB/s", languages: ["en"]) != nil)
        // No millibyte: `mB` reads as what it is ignoring case, never 0.008 bit.
        let units = try database.expressionUnits("mB/s", languages: ["en"]) ?? []
        #expect(!units.contains { $0.conversion == .linear(factor: 8e-3) })
    }

    /// A quantity of the inverse of a category's dimension is of it only
    /// where the category lists an inverse unit (a pace of speed).
    @Test func anInverseDimensionIsACategoryOnlyWithInverseUnits() throws {
        let db = try database
        #expect(try db.expressionUnits("min/km", languages: ["en"])?.first?.category == "speed")
        let sPerSquareMeter = try db.expressionUnits("min/(mi·km)", languages: ["en"])
        #expect(sPerSquareMeter?.first?.category.hasPrefix("dimension ") == true)
    }
}
