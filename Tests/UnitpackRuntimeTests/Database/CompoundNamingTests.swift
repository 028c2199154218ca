import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Names of compound units from their parts' names and the language's
/// patterns (locales/<lang>/compounds.tsv), in the repository's database.
/// Where CLDR 41 names the same compound itself (common/main/en.xml and
/// ru.xml, the long unitPattern of the unit type in the comment), its words
/// are the expectation; the others are checked by hand, as the comment says.
@Suite struct CompoundNamingTests {
    static var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func part(_ key: String, prefix: String? = nil, power: Int = 1) throws -> CompoundNamePart {
        CompoundNamePart(unit: try Self.database.unit(key: key), prefix: prefix, power: power)
    }

    func name(_ numerator: [CompoundNamePart], per denominator: [CompoundNamePart] = [], _ count: Double, _ language: String) throws -> String? {
        try Self.database.compoundName(numerator: numerator, denominator: denominator, count: count, language: language)
    }

    /// CLDR's own English names of compound units: count 1 takes the `one`
    /// pattern, 2 the `other`.
    @Test(arguments: [
        // concentr-milligram-per-deciliter
        ("mass/milligram", nil, "volume/deciliter", 1, "milligram per deciliter", "milligrams per deciliter"),
        // consumption-liter-per-kilometer
        ("volume/liter", nil, "length/kilometer", 1, "liter per kilometer", "liters per kilometer"),
        // speed-kilometer-per-hour
        ("length/kilometer", nil, "time/hour", 1, "kilometer per hour", "kilometers per hour"),
        // pressure-pound-force-per-square-inch
        ("force/pound-force", nil, "length/inch", 2, "pound-force per square inch", "pounds-force per square inch"),
        // the same kilometer, with the prefix pattern kilo{0} on meter
        ("length/meter", "kilo", "time/hour", 1, "kilometer per hour", "kilometers per hour"),
    ] as [(String, String?, String, Int, String, String)])
    func englishQuotientsAreCLDRs(
        numerator: String, prefix: String?, denominator: String, power: Int, one: String, other: String
    ) throws {
        let top = [try part(numerator, prefix: prefix)]
        let bottom = [try part(denominator, power: power)]
        #expect(try name(top, per: bottom, 1, "en") == one)
        #expect(try name(top, per: bottom, 2, "en") == other)
    }

    /// area-square-foot and volume-cubic-inch, CLDR's "square feet", "cubic inches".
    @Test func englishPowersAreCLDRs() throws {
        #expect(try name([try part("length/foot", power: 2)], 1, "en") == "square foot")
        #expect(try name([try part("length/foot", power: 2)], 2, "en") == "square feet")
        #expect(try name([try part("length/inch", power: 3)], 1, "en") == "cubic inch")
        #expect(try name([try part("length/inch", power: 3)], 2.5, "en") == "cubic inches")
    }

    /// Issue 19's names. A product: the last unit takes the count's plural
    /// (CLDR's root derivation `times`: one, compound), joined with a space as
    /// the names files write products (`newton meter`, locales/en/torque.tsv).
    /// A quotient: the numerator takes the count's plural, the denominator
    /// the singular. Checked by hand.
    @Test func englishNamesOfIssue19() throws {
        #expect(try name([try part("force/pound-force"), try part("length/foot")], 36.8781, "en") == "pound-force feet")
        #expect(try name([try part("force/newton"), try part("length/meter")], 50, "en") == "newton meters")
        #expect(try name([try part("force/newton"), try part("length/meter")], 1, "en") == "newton meter")
        #expect(
            try name([try part("power/watt")], per: [try part("length/meter"), try part("temperature/kelvin")], 2, "en")
                == "watts per meter kelvin")
        #expect(
            try name([try part("mass/kilogram")], per: [try part("length/meter", power: 3)], 3, "en")
                == "kilograms per cubic meter")
        #expect(
            try name([try part("mass/gram", prefix: "kilo")], per: [try part("length/meter", power: 3)], 1, "en")
                == "kilogram per cubic meter")
    }

    /// CLDR's own Russian names of powers, every plural category: 1, 2, 5 and
    /// 1.5 (one, few, many, other); the power's word agrees with the unit's
    /// gender (миля is feminine) and the prefix joins the unit (кило + метр).
    @Test(arguments: [
        // area-square-meter
        ("length/meter", nil, 2, ["квадратный метр", "квадратных метра", "квадратных метров", "квадратного метра"]),
        // area-square-kilometer
        ("length/meter", "kilo", 2, ["квадратный километр", "квадратных километра", "квадратных километров", "квадратного километра"]),
        // area-square-mile
        ("length/mile", nil, 2, ["квадратная миля", "квадратные мили", "квадратных миль", "квадратной мили"]),
        // volume-cubic-meter
        ("length/meter", nil, 3, ["кубический метр", "кубических метра", "кубических метров", "кубического метра"]),
        // volume-cubic-centimeter
        ("length/meter", "centi", 3, ["кубический сантиметр", "кубических сантиметра", "кубических сантиметров", "кубического сантиметра"]),
    ] as [(String, String?, Int, [String])])
    func russianPowersAreCLDRs(unit: String, prefix: String?, power: Int, forms: [String]) throws {
        let parts = [try part(unit, prefix: prefix, power: power)]
        #expect(try [1, 2, 5, 1.5].map { try name(parts, $0, "ru") } == forms)
    }

    /// CLDR's German volume-cubic-meter and area-square-kilometer, "Kubikmeter",
    /// "Quadratkilometer": a glued pattern (Kubik{0}, Kilo{0}) makes one word,
    /// and Meter's capital is no longer its first letter.
    @Test func germanPowersAreOneWord() throws {
        #expect(try name([try part("length/meter", power: 3)], 2, "de") == "Kubikmeter")
        #expect(try name([try part("length/meter", prefix: "kilo", power: 2)], 1, "de") == "Quadratkilometer")
    }

    /// Polish and Ukrainian `na`, `на` take the accusative (compounds.tsv,
    /// hand-written), as CLDR's own names of speeds: "kilometry na godzinę",
    /// "кілометри на годину".
    @Test func polishAndUkrainianQuotientsTakeTheAccusative() throws {
        #expect(try name([try part("length/kilometer")], per: [try part("time/hour")], 2, "pl") == "kilometry na godzinę")
        #expect(try name([try part("length/kilometer")], per: [try part("time/hour")], 2, "uk") == "кілометри на годину")
    }

    /// speed-kilometer-per-hour: CLDR's "километр в час" ... in every plural
    /// category: a quotient by a unit of time takes `в` (compounds.tsv, `time:-`).
    @Test func russianSpeedIsCLDRs() throws {
        let top = [try part("length/kilometer")]
        let bottom = [try part("time/hour")]
        #expect(
            try [1, 2, 5, 1.5].map { try name(top, per: bottom, $0, "ru") }
                == ["километр в час", "километра в час", "километров в час", "километра в час"])
        // A feminine unit of time in the accusative: в минуту (CLDR's case form).
        #expect(try name([try part("length/meter")], per: [try part("time/minute")], 5, "ru") == "метров в минуту")
        // A power of a unit of time takes the general `на`: "в квадратную секунду" is no Russian.
        #expect(
            try name([try part("length/meter")], per: [try part("time/second", power: 2)], 5, "ru") == "метров на квадратную секунду")
    }

    /// Issue 19's `3 грамма на литр`; `на` takes the accusative: `тонну`
    /// (hand-corrected in compounds.tsv, CLDR 41 has the nominative).
    /// Products join with a hyphen, the last part in the count's form
    /// (`ньютон-метров`, as locales/ru/torque.tsv writes the unit).
    @Test func russianNamesOfIssue19() throws {
        #expect(try name([try part("mass/gram")], per: [try part("volume/liter")], 3, "ru") == "грамма на литр")
        #expect(try name([try part("mass/gram")], per: [try part("mass/tonne")], 5, "ru") == "граммов на тонну")
        #expect(try name([try part("force/newton"), try part("length/meter")], 5, "ru") == "ньютон-метров")
        #expect(try name([try part("force/newton"), try part("length/meter")], 2, "ru") == "ньютон-метра")
        // The power's word in the accusative too (CLDR's one/masculine/accusative).
        #expect(
            try name([try part("mass/kilogram")], per: [try part("length/meter", power: 3)], 3, "ru")
                == "килограмма на кубический метр")
        #expect(
            try name([try part("mass/gram")], per: [try part("length/mile", power: 2)], 5, "ru") == "граммов на квадратную милю")
    }

    /// Nil, never a wrong word: a unit the language does not name (no English
    /// inside a French name), a power word whose gender the unit lacks, a
    /// case form CLDR does not give, an unknown prefix, a power beyond 3, no
    /// numerator.
    @Test func aNameThatCannotBeBuiltIsNil() throws {
        #expect(try name([try part("length/arshin")], 1, "fr") == nil)
        #expect(try name([try part("length/arshin", power: 2)], 1, "ru") == nil)
        #expect(try name([try part("mass/gram")], per: [try part("length/arshin")], 3, "ru") == nil)
        #expect(try name([try part("length/meter", prefix: "kila")], 1, "en") == nil)
        #expect(try name([try part("length/meter", power: 4)], 1, "en") == nil)
        #expect(try name([], per: [try part("time/second")], 1, "en") == nil)
        #expect(throws: UnitDatabaseError.self) { try name([try part("length/meter")], 1, "xx") }
    }

    /// A compounds row lost from the database is damage, not a name left out;
    /// so are a unit's words lost from a complete language (a flip of an
    /// interior page of `unit_names`, as format 12 kept words, sent the search elsewhere, and the
    /// English name of W/(m²·K) was nil with no error: issue 37, seed
    /// 13207762366612041621 of ByteFlipTests).
    @Test func aLostPatternIsAnError() throws {
        let directory = NSTemporaryDirectory() + "unitpack-compound-naming-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try BuildPipeline.build(source: CLDRUnitsTests.repository, output: directory)
        let path = try GenerationFiles.database(in: directory)
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            try connection.execute("DELETE FROM compounds WHERE lang = 'ru' AND key = 'per' AND form = '-'")
            try UnitWordsEdit.removeLanguage(connection, unit: try UnitWordsEdit.unit(connection, named: "kelvin"), language: "en")
        }
        let database = try UnitDatabase(directory: directory)
        let gram = try database.unit(key: "mass/gram")
        let liter = try database.unit(key: "volume/liter")
        #expect(throws: UnitDatabaseError.self) {
            try database.compoundName(
                numerator: [CompoundNamePart(unit: gram)], denominator: [CompoundNamePart(unit: liter)], count: 3, language: "ru")
        }
        let watt = try database.unit(key: "power/watt")
        let meter = try database.unit(key: "length/meter")
        let kelvin = try database.unit(key: "temperature/kelvin")
        #expect(throws: UnitDatabaseError.self) {
            try database.compoundName(
                numerator: [CompoundNamePart(unit: watt)], denominator: [CompoundNamePart(unit: meter, power: 2), CompoundNamePart(unit: kelvin)],
                count: 2, language: "en")
        }
        #expect(throws: UnitDatabaseError.self) { try database.verify() }
    }
}
