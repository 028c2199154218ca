import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// `UnitDatabase.answer` and `PhraseReader.answer(for:)`: a value and its
/// units turned into an answer by one call (issue 35), as `unitpack
/// convert` answers, on the repository's database (RepositoryBuild).
@Suite struct ConversionAnswerTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func unit(_ key: String) throws -> MeasureUnit { try database.unit(key: key) }

    // MARK: Targets given

    @Test func aGivenTargetIsConvertsResult() throws {
        let database = try database
        let answer = try database.answer(1, from: try unit("length/mile"), to: [try unit("length/kilometer")])
        #expect(answer.result == 1.609344 && answer.value == 1 && answer.to.key == "length/kilometer")
        #expect(answer.parts == [PhraseQuantity(value: 1, unit: try unit("length/mile"))])
        #expect(answer.mixed == nil && answer.choice == nil && answer.significantDigits == nil)
        #expect(throws: UnitDatabaseError.invalidMixedQuantity(.noUnits)) { try database.answer(1, from: try unit("length/mile"), to: []) }
    }

    /// Names are read as a pair, as `convert(_:from:to:)` reads them: `min`
    /// to `h` is the minute, not the arcminute.
    @Test func namesAreReadAsAPair() throws {
        let database = try database
        let answer = try database.answer(90, from: "min", to: "h", significantDigits: 2)
        let converted = try database.convert(90, from: "min", to: "h")
        #expect(answer.from == converted.from && answer.to == converted.to && answer.result == converted.value)
        #expect(answer.parts == [PhraseQuantity(value: 90, unit: converted.from, significantDigits: 2)] && answer.significantDigits == 2)
    }

    @Test func aMixedTargetIsSplit() throws {
        let database = try database
        let height = try database.answer(180, from: "cm", to: "ft+in")
        #expect(height.targets.map(\.key) == ["length/foot", "length/inch"])
        #expect(height.mixed?.parts.map(\.value) == [5, 11] && abs(height.result - 5.905511811) < 1e-9)
        // The first part read with the value's unit: `min` in `h+min` is the minute.
        let time = try database.answer(90, from: "min", to: "h+min")
        #expect(time.from.key == "time/minute" && time.mixed?.parts.map(\.value) == [1, 30])
        let finer = try database.answer(180, from: "cm", to: "ft+in", rounding: .fraction(denominator: 8))
        #expect(finer.mixed?.fraction == MixedQuantity.Fraction(numerator: 7, denominator: 8))
    }

    @Test func mixedTargetsReadEachPartInTheCategory() throws {
        let database = try database
        let meter = try unit("length/meter")
        #expect(try database.mixedTargets("yd+ft+in", like: meter)?.map(\.key) == ["length/yard", "length/foot", "length/inch"])
        // No mixed target: one unit, or an empty part.
        for text in ["ft", "ft+", "+in", "ft++in"] { #expect(try database.mixedTargets(text, like: meter) == nil, "\(text)") }
        #expect(throws: UnitDatabaseError.unknownUnit("flurb")) { try database.mixedTargets("ft+flurb", like: meter) }
        #expect(throws: UnitDatabaseError.noAnswer(.mixedTargetCategory(part: "kg", category: "length"))) {
            try database.mixedTargets("ft+kg", like: meter)
        }
        let problem = AnswerProblem.mixedTargetCategory(part: "kg", category: "length")
        #expect(problem.description == "kg is not a unit of length: the parts of a mixed unit are of one category (ft+in)")
    }

    /// A one-unit result in fractions of a ruler (`--fraction 16`), and a
    /// scale refused: its fractions do not add up.
    @Test func oneUnitInFractions() throws {
        let database = try database
        let ruler = try database.answer(26.2, from: "cm", to: "in", rounding: .fraction(denominator: 16))
        #expect(ruler.mixed?.parts.map(\.value) == [10.3125] && ruler.mixed?.fraction?.numerator == 5)
        // Significant digits write a plain result: no split.
        #expect(try database.answer(26.2, from: "cm", to: "in", rounding: .significantDigits(3)).mixed == nil)
        let fahrenheit = try unit("temperature/degree Fahrenheit")
        #expect(throws: UnitDatabaseError.noAnswer(.fractionOfScale(fahrenheit))) {
            try database.answer(5, from: "°C", to: "°F", rounding: .fraction(denominator: 8))
        }
        let inch = try unit("length/inch")
        #expect(!fahrenheit.isProportional && inch.isProportional)
    }

    /// Unit keys, as scripts give them: a name on the other side is read in
    /// the key's category.
    @Test func unitKeys() throws {
        let database = try database
        let inches = try database.answer(1, from: "length/foot", to: "in")
        #expect(abs(inches.result - 12) < 1e-12 && inches.to.key == "length/inch")
        #expect(try database.answer(1, from: "ft", to: "length/inch") == inches)
        #expect(try database.answer(1000, from: "length/meter", request: TargetRequest(region: "US")).from.key == "length/meter")
        // An expression with a slash is no key.
        #expect(try database.answer(36, from: "km/h", to: "m/s").result == 10)
    }

    // MARK: Targets expected

    @Test func theExpectedTarget() throws {
        let database = try database
        let kilometer = try unit("length/kilometer")
        let request = TargetRequest(region: "US")
        let answer = try database.answer(10, from: kilometer, request: request)
        let choice = try #require(try database.expectedTarget(for: 10, in: kilometer, request: request))
        #expect(answer.choice == choice && answer.targets == choice.target.units && answer.result == choice.target.value)
        #expect(try database.answer(10, from: "km", request: request) == answer)
        // A mixed expected target is split (a person's height in GB).
        let height = try database.answer(180, from: "cm", request: TargetRequest(region: "GB", usage: "person-height"))
        #expect(height.targets.count > 1 && height.mixed != nil)
    }

    /// Of the units a name names, those with preferred units; of them, the
    /// one of the higher priority; at one priority, none.
    @Test func theUnitANameMeans() throws {
        let database = try database
        // Sv: the sievert has no preferred units, the sverdrup has.
        #expect(try database.answer(5, from: "Sv").from.key == "flow-rate/sverdrup")
        // M: Mach (2) and mole per liter (5).
        #expect(try database.answer(5, from: "M", request: TargetRequest(region: "US")).from.key == "molar-concentration/mole per liter")
        let tie = #expect(throws: UnitDatabaseError.self) { try database.answer(5, from: "g/L") }
        guard case .ambiguousUnit(let text, let candidates)? = tie else {
            Issue.record("g/L: \(String(describing: tie))")
            return
        }
        #expect(text == "g/L" && candidates.count == 2)
        let sievert = try unit("equivalent-dose/sievert")
        #expect(throws: UnitDatabaseError.noAnswer(.noPreferredUnits(sievert))) { try database.answer(5, from: "sievert") }
        #expect(throws: UnitDatabaseError.unknownUnit("flurbs")) { try database.answer(5, from: "flurbs") }
        #expect(throws: UnitDatabaseError.invalidRegion("USA")) { try database.answer(5, from: "km", request: TargetRequest(region: "USA")) }
    }

    /// A name that means another unit in the request's region: a pint in GB.
    @Test func aRegionReadsItsOwnUnit() throws {
        let database = try database
        #expect(try database.answer(2, from: "pints", request: TargetRequest(region: "GB")).from.key == "volume/imperial pint")
        #expect(try database.answer(2, from: "pints", request: TargetRequest(region: "gb", regionSource: .language)).from.key == "volume/imperial pint")
        #expect(try database.answer(2, from: "US pints", request: TargetRequest(region: "GB")).from.key == "volume/US pint")
        #expect(try database.answer(2, from: "pints", request: TargetRequest(region: "US")).from.key == "volume/US pint")
    }

    // MARK: A phrase's reading

    func reading(_ phrase: String) throws -> PhraseReading {
        try #require(try database.parse(phrase, languages: ["en"]).readings.first, "\(phrase)")
    }

    @Test func aReadingsAnswer() throws {
        let reader = PhraseReader(database: try database)
        let height = try reading("6 ft 2.5 in in cm")
        let answer = try #require(try reader.answer(for: height))
        #expect(answer.parts == height.parts && answer.value == height.value && answer.significantDigits == 2)
        #expect(abs(answer.result - 189.23) < 1e-9 && answer.choice == nil)
        let mixed = try #require(try reader.answer(for: try reading("180 cm in feet and inches")))
        #expect(mixed.mixed?.parts.map(\.value) == [5, 11])
        let finer = try #require(try reader.answer(for: try reading("180 cm in feet and inches"), rounding: .fraction(denominator: 8)))
        #expect(finer.mixed?.fraction?.numerator == 7)

        // No target named: the expected one, as the database's answer gives it.
        let road = try reading("10 km")
        let request = TargetRequest(region: "US")
        let expected = try #require(try reader.answer(for: road, request: request))
        #expect(expected == (try reader.database.answer(10, from: road.from, request: request, given: road.parts)))
        #expect(expected.choice?.reader == "US")

        let dose = try reading("5 sievert")
        #expect(try reader.answer(for: dose) == nil)
        #expect(PhraseProblem.noPreferredUnits(dose.from).description
            == "sievert has no preferred units to convert to (units-src/clusters.tsv): name the target in the phrase")
    }

    // MARK: Why a reading comes first

    @Test func whyAReadingComesFirst() throws {
        let meter = try unit("length/meter")
        let foot = try unit("length/foot")
        let inch = try unit("length/inch")
        let plain = PhraseReading(value: 1, from: meter, targets: [foot])
        #expect(ReadingPrecedence(plain, before: plain) == .equal)
        let fitted = PhraseReading(value: 1, from: meter, targets: [foot], fit: .sameQuantity)
        let asWritten = ReadingPrecedence(plain, before: fitted)
        #expect(asWritten == .asWritten && asWritten.description == "the units as written come before units read to fit the other unit")
        #expect(ReadingPrecedence(plain, before: PhraseReading(value: 2, from: meter, targets: [foot])) == .numberReading)
        var decimal = PhraseReading(value: 1.5, from: meter, targets: [foot])
        decimal.separator = NumberReader.Separator(character: ".", isDecimal: true, typed: "1.500")
        decimal.separatorLanguages = ["en"]
        let separator = ReadingPrecedence(decimal, before: PhraseReading(value: 1500, from: meter, targets: [foot]))
        #expect(separator.description == "'1.500' as the phrase's language writes it: '.' is the decimal separator in en")
        let source = ReadingPrecedence(plain, before: PhraseReading(value: 1, from: foot, targets: [inch]))
        #expect(source == .sourceRanks(first: meter, second: foot))
        // A unit converted to itself comes last (issue 36: `1升は何リットル`).
        let itself = ReadingPrecedence(plain, before: PhraseReading(value: 1, from: foot, targets: [foot]))
        #expect(itself == .notItself && itself.description == "a unit converted to itself comes last: no one asks it")
        #expect(source.description.hasPrefix("length/meter ranks before length/foot: a unit named in the phrase's language"))
        // Fewer guesses first: more of the text read as written (issue 36).
        var guessed = PhraseReading(value: 1, from: meter, targets: [foot])
        guessed.guesses = [PhraseGuess(kind: .context, word: "flour", readAs: "")]
        let fewer = ReadingPrecedence(plain, before: guessed)
        #expect(fewer == .fewerGuesses(first: 0, second: 1) && fewer.description == "more of the text read as written: 0 guesses against 1")
        #expect(ReadingPrecedence(guessed, before: plain) == .equal)
        let target = ReadingPrecedence(plain, before: PhraseReading(value: 1, from: meter, targets: [inch]))
        #expect(target.description.hasPrefix("length/foot ranks before length/inch: an exact symbol before a name"))
        let pint = try unit("volume/US pint")
        let imperial = try unit("volume/imperial pint")
        #expect(ReadingPrecedence.regional(written: pint, read: imperial, region: "GB").description
            == "volume/US pint is read as volume/imperial pint in GB (units-src/relations.tsv, regional)")
    }
}
