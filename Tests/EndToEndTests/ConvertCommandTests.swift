import Foundation
import Testing

/// `unitpack convert` on the CLI's build of the repository's own data (English
/// by default: the database has languages).
@Suite struct ConvertCommandTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test func convertsByNameWithSixSignificantDigits() throws {
        let result = try database.convert(["1", "knot", "meter per second"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1 knot ≈ 0.514444 meters per second\n")
        #expect(result.stderr == "")
    }

    /// Without TO, the region's or system's preferred unit for the magnitude
    /// (units-src/clusters.tsv).
    @Test func theRegionPicksTheTarget() throws {
        let cases: [([String], String)] = [
            (["1", "m", "--region", "US"], "1 meter ≈ 3.28084 feet\n"),
            (["2", "km", "--region", "US"], "2 kilometers ≈ 1.24274 miles\n"),
            (["5", "mi", "--region", "DE"], "5 miles = 8.04672 kilometers\n"),
            (["5", "mi", "--system", "metric"], "5 miles = 8.04672 kilometers\n"),
            // The imperial system's own list has yards from 10 (GB's CLDR list has none).
            (["10", "m", "--system", "imperial"], "10 meters ≈ 10.9361 yards\n"),
            (["30", "mpg", "--region", "FR", "--usage", "vehicle-fuel"], "30 miles per US gallon ≈ 7.84049 liters per 100 kilometers\n"),
            // cm is also a typographic unit, of lower priority: length is meant.
            (["180", "cm", "--region", "US", "--usage", "person-height"], "180 centimeters ≈ 5 feet 11 inches\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
        }
        let none = try database.convert(["1", "sievert", "--region", "US"])
        #expect(none.status == 1)
        #expect(none.stderr == "error: no preferred units for equivalent-dose (units-src/clusters.tsv): give the target unit\n")
        let both = try database.convert(["1", "m", "ft", "--region", "US"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--region, --system and --usage choose the target unit: give VALUE FROM without TO"))
    }

    @Test func terseFlagPrintsOnlyTheNumber() throws {
        for flag in ["-t", "--terse"] {
            let result = try database.convert([flag, "1", "knot", "meter per second"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "0.514444\n")
            #expect(result.stderr == "")
        }
    }

    @Test func aNegativeValueAfterDoubleDash() throws {
        let result = try database.convert(["--", "-40", "°C", "°F"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "-40 degrees Celsius ≈ -40 degrees Fahrenheit\n")
    }

    @Test func batchConvertsLineByLineAndReportsBadLines() throws {
        let input = """
            1	length/mile	length/meter
            100	temperature/degree Celsius	degree Fahrenheit
            2	kn	km/h
            1	mile	second
            x	y

            """
        let result = try database.convert(["--batch", "--terse", "--precision", "15"], input: input)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == """
            1609.344
            212
            3.704
            error: cannot convert mile (length) to second (time)
            error: Missing expected argument '<to>' (give VALUE FROM TO, e.g. 1 km mi, or VALUE FROM --region US)

            """)
        let clean = try database.convert(["--batch", "--precision", "3"], input: "1\tmile\tkm\n")
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout == "1 mile ≈ 1.61 kilometers\n")
        let mixed = try database.convert(["--batch", "1", "mile", "km"])
        #expect(mixed.status == 64)
    }

    @Test func symbolsAreCaseSensitive() throws {
        let mach = try database.convert(["1", "M", "m/s"])
        #expect(mach.status == 0, "\(mach)")
        #expect(mach.stdout == "1 Mach ≈ 295.046 meters per second\n")
        let meter = try database.convert(["1", "m", "ft"])
        #expect(meter.status == 0, "\(meter)")
        #expect(meter.stdout == "1 meter ≈ 3.28084 feet\n")
    }

    @Test func precisionSetsSignificantDigits() throws {
        #expect(try database.convert(["--precision", "2", "1", "knot", "m/s"]).stdout == "1 knot ≈ 0.51 meters per second\n")
        #expect(try database.convert(["--precision", "17", "1", "lb", "kg"]).stdout == "1 pound = 0.45359237 kilograms\n")
    }

    @Test func anInverseUnitConverts() throws {
        let result = try database.convert(["5", "min/km", "km/h"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "5 minutes per kilometer = 12 kilometers per hour\n")
    }

    // MARK: Errors: status 1, one `error:` line on stderr, nothing on stdout

    @Test func anUnknownUnit() throws {
        let from = try database.convert(["1", "furlongs per fortnightx", "m/s"])
        #expect(from.exitedNormally)
        #expect(from.status == 1)
        #expect(from.stdout == "")
        // `per` makes it an expression: the error says which word names nothing, and where.
        #expect(from.stderr == "error: cannot read 'furlongs per fortnightx' as a unit: no unit named 'fortnightx' (at character 14)\n")

        let to = try database.convert(["1", "m/s", "parsecs per hourx"])
        #expect(to.status == 1)
        #expect(to.stderr == "error: cannot read 'parsecs per hourx' as a unit: no unit named 'hourx' (at character 13)\n")

        let plain = try database.convert(["1", "furlongx", "m/s"])
        #expect(plain.status == 1)
        #expect(plain.stderr == "error: unknown unit 'furlongx'\n")
    }

    @Test func unitsOfDifferentCategories() throws {
        let result = try database.convert(["1", "kg", "m"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: cannot convert kilogram (mass) to meter (length)\n")
    }

    @Test func aConversionOutsideAFormulasDomain() throws {
        let result = try database.convert(["0", "minutes per kilometer", "m/s"])
        #expect(result.exitedNormally)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: conversion failed: division by zero\n")
    }

    @Test func aMissingDatabaseSaysToRunBuild() throws {
        let missing = database.temporary.path("nothing-built-here")
        let result = try CLI.run(["convert", "--data", missing, "1", "knot", "m/s"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "error: no manifest at \(missing)/manifest.tsv: \(missing) is not a build output "
                + "(or was built before manifests); run `unitpack build` to build it\n")
    }

    @Test func theDefaultDataDirectoryIsDistInTheWorkingDirectory() throws {
        let here = try TemporaryDirectory()
        defer { here.remove() }
        let missing = try CLI.run(["convert", "1", "knot", "m/s"], in: here.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no manifest at dist/manifest.tsv: "), "\(missing)")

        try Files.copyTree(database.dist, to: here.path("dist"))
        let found = try CLI.run(["convert", "1", "knot", "m/s"], in: here.path)
        #expect(found.status == 0, "\(found)")
        #expect(found.stdout == "1 knot ≈ 0.514444 meters per second\n")
    }

    // MARK: Usage errors: status 64

    @Test(arguments: [
        (["--precision", "0", "1", "knot", "m/s"], "--precision must be between 1 and 17, got 0"),
        (["--precision", "18", "1", "knot", "m/s"], "--precision must be between 1 and 17, got 18"),
        (["inf", "knot", "m/s"], "the value must be a finite number"),
        (["abc", "knot", "m/s"], "'abc' is not a number: give VALUE FROM TO, or the whole phrase in quotes"),
        (["1", "knot"], "Missing expected argument '<to>'"),
    ])
    func wrongUsageExits64(arguments: [String], message: String) throws {
        let result = try database.convert(arguments)
        #expect(result.exitedNormally)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(result.stderr.contains("Usage: unitpack convert"))
    }
}

/// `unitpack convert "PHRASE"`: a whole phrase in one argument.
@Suite struct ConvertPhraseTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test func phrasesInEnglishAndRussian() throws {
        let cases: [([String], String)] = [
            (["27 psi in bar"], "27 pounds-force per square inch ≈ 1.86158 bars\n"),
            // Answered in the language of the unit names, unless --lang says otherwise.
            (["тридцать четыре фута в метрах"], "34 фута = 10,3632 метра\n"),
            (["--lang", "en", "тридцать четыре фута в метрах"], "34 feet = 10.3632 meters\n"),
            (["в метрах 34 фута"], "34 фута = 10,3632 метра\n"),
            (["how many feet are there in a mile?"], "1 mile = 5,280 feet\n"),
            (["сколько футов в метре"], "1 метр ≈ 3,28084 фута\n"),
            (["convert 5 km to miles"], "5 kilometers ≈ 3.10686 miles\n"),
            // One unit: the other system's best unit, unless --region or --system.
            (["12 in"], "12 inches = 30.48 centimeters\n"),
            (["5 km"], "5 kilometers ≈ 3.10686 miles\n"),
            (["--region", "US", "2 km"], "2 kilometers ≈ 1.24274 miles\n"),
            (["--region", "001", "2 km"], "2 kilometers = 2 kilometers\n"),
            // A negative value needs no `--`.
            (["-40 °C in °F"], "-40 degrees Celsius ≈ -40 degrees Fahrenheit\n"),
            (["-40", "°C", "°F"], "-40 degrees Celsius ≈ -40 degrees Fahrenheit\n"),
            (["--", "-40", "°C", "°F"], "-40 degrees Celsius ≈ -40 degrees Fahrenheit\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
            #expect(result.stderr == "")
        }
    }

    @Test func jsonForScripts() throws {
        struct Report: Decodable {
            struct UnitRef: Decodable { let id: Int; let key: String; let name: String }
            let understood: Bool
            let reason: String?
            let value: Double?
            let from: UnitRef?
            let to: UnitRef?
            let result: Double?
        }
        let result = try database.convert(["--json", "27 psi in bar"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("}\n") && result.stdout.filter { $0 == "\n" }.count == 1, "one line")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.understood && report.value == 27)
        #expect(report.from?.key == "pressure/pound-force per square inch" && report.from?.name == "pound-force per square inch")
        #expect(report.from.map { $0.id > 0 } == true)
        #expect(report.to?.key == "pressure/bar")
        #expect(abs((report.result ?? 0) - 1.86158) < 1e-5)

        let refused = try database.convert(["--json", "5 flurbs"])
        #expect(refused.status == 1)
        let why = try JSONDecoder().decode(Report.self, from: Data(refused.stdout.utf8))
        #expect(!why.understood && why.reason?.hasPrefix("no unit named 'flurbs'") == true && why.value == nil)
    }

    @Test func notUnderstoodIsAnErrorWithTheReason() throws {
        let result = try database.convert(["5 kg in m"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: not understood: kilogram (mass) cannot be converted to meter (length)\n")
    }

    /// `convert "ten miles" m`: a phrase, then its target as a second argument.
    @Test func aPhraseAndItsTargetApart() throws {
        let result = try database.convert(["ten miles", "m"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "10 miles ≈ 16,093.4 meters\n")
        let mixed = try database.convert(["5 ft 3", "cm"])
        #expect(mixed.stdout == "5 feet 3 inches = 160.02 centimeters\n", "\(mixed)")
        // A phrase that names its own target as well is refused, both named.
        let twice = try database.convert(["5 km in mi", "m"])
        #expect(twice.status == 1)
        #expect(twice.stderr.hasPrefix("error: the phrase names its target (mile) and 'm' is another"), "\(twice)")
        let other = try database.convert(["ten miles", "kg"])
        #expect(other.status == 1)
        #expect(other.stderr == "error: cannot convert mile (length) to kilogram (mass)\n", "\(other)")
    }

    /// `90 degrees` alone: what was read, and why no target was chosen.
    @Test func aQuantityWithoutPreferredUnitsSaysWhatItRead() throws {
        let result = try database.convert(["90 degrees"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: read 90 × degree (angle); degree has no preferred units to convert to"), "\(result)")
        #expect(result.stderr.contains("unitpack convert \"90 degrees\" UNIT"))
    }
}

/// `unitpack convert` with quantities of several parts and mixed results
/// (issue 18): `6 ft 2 in`, `ft+in`, `--fraction`, CLDR's foot-and-inch.
@Suite struct MixedConvertCommandTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test func mixedResults() throws {
        let cases: [([String], String)] = [
            (["180", "cm", "--region", "US", "--usage", "person-height"], "180 centimeters ≈ 5 feet 11 inches\n"),
            (["180", "cm", "ft+in"], "180 centimeters ≈ 5 feet 11 inches\n"),
            (["180", "cm", "ft+in", "--fraction", "16"], "180 centimeters ≈ 5 feet 10 7/8 inches\n"),
            (["180", "cm", "ft+in", "--precision", "4"], "180 centimeters ≈ 5 feet 10.87 inches\n"),
            (["180", "cm", "ft+in", "--symbols"], "180 cm ≈ 5 ft 11 in\n"),
            (["183", "cm", "ft+in"], "183 centimeters ≈ 6 feet\n"),
            (["80", "kg", "--region", "GB", "--usage", "person"], "80 kilograms ≈ 12 stone 8 pounds\n"),
            (["180 cm in feet and inches"], "180 centimeters ≈ 5 feet 11 inches\n"),
            (["6 ft 2 in in meters"], "6 feet 2 inches = 1.8796 meters\n"),
            (["2 hours and 45 minutes in seconds"], "2 hours 45 minutes = 9,900 seconds\n"),
            (["2 часа 15 минут в секундах"], "2 часа 15 минут = 8\u{00A0}100 секунд\n"),
            (["9000 с в часах и минутах"], "9\u{00A0}000 секунд = 2 часа 30 минут\n"),
            (["-14", "in", "ft+in"], "-14 inches = -1 foot 2 inches\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
            #expect(result.stderr == "", "\(arguments)")
        }
        let bad = try database.convert(["180", "cm", "ft+in", "--fraction", "10"])
        #expect(bad.status != 0 && bad.stderr.contains("--fraction must be 2, 4, 8, 16, 32 or 64, got 10"))
        let mixedCategories = try database.convert(["180", "cm", "ft+kg"])
        #expect(mixedCategories.status == 1)
        #expect(mixedCategories.stderr == "error: kg is not a unit of length: the parts of a mixed unit are of one category (ft+in)\n")
    }

    /// The seed's clusters: a system's own list reads by magnitude.
    @Test func theSystemsOwnListReadsByMagnitude() throws {
        let cases: [([String], String)] = [
            (["1", "m", "--system", "imperial"], "1 meter ≈ 3.28084 feet\n"),
            (["10", "m", "--system", "imperial"], "10 meters ≈ 10.9361 yards\n"),
            (["2", "km", "--system", "imperial"], "2 kilometers ≈ 1.24274 miles\n"),
            (["5", "mi", "--system", "metric"], "5 miles = 8.04672 kilometers\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
        }
    }

    @Test func jsonKeepsThePartsReadAndWritten() throws {
        struct Report: Decodable {
            struct UnitRef: Decodable { let key: String }
            struct Part: Decodable { let value: Double; let unit: UnitRef }
            let understood: Bool
            let value: Double?
            let read: [Part]?
            let parts: [Part]?
            let targets: [UnitRef]?
            let result: Double?
        }
        let result = try database.convert(["--json", "6 ft 2 in in ft+in"])
        #expect(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.read?.map(\.unit.key) == ["length/foot", "length/inch"])
        #expect(report.read?.map(\.value) == [6, 2])
        #expect(report.targets?.map(\.key) == ["length/foot", "length/inch"])
        #expect(report.parts?.map(\.value) == [6, 2])

        let height = try database.convert(["--json", "180 cm", "--region", "US", "--usage", "person-height"])
        let best = try JSONDecoder().decode(Report.self, from: Data(height.stdout.utf8))
        #expect(best.parts?.map(\.unit.key) == ["length/foot", "length/inch"])
        #expect(best.parts?.map(\.value) == [5, 11])
    }

    /// Other readings come with their results and fit, and the report says
    /// why the first won (`год`: the Russian year, and the Ukrainian symbol
    /// of the hour).
    @Test func jsonListsTheOtherReadingsAndWhyTheFirstWon() throws {
        struct Report: Decodable {
            struct UnitRef: Decodable { let key: String }
            struct Fit: Decodable { let kind: String }
            struct Reading: Decodable { let from: UnitRef; let to: [UnitRef]; let result: Double?; let fit: Fit }
            let from: UnitRef
            let fit: Fit
            let otherReadings: [Reading]
            let chosen: String?
        }
        let result = try database.convert(["--json", "1 год в днях"])
        #expect(result.status == 0, "\(result)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.from.key == "time/year" && report.fit.kind == "asWritten")
        #expect(report.otherReadings.map(\.from.key) == ["time/hour"])
        #expect(report.otherReadings.first?.to.map(\.key) == ["time/day"])
        #expect(abs((report.otherReadings.first?.result ?? 0) - 1.0 / 24) < 1e-12)
        #expect(report.chosen?.hasPrefix("time/year ranks before time/hour") == true)

        let fitted = try database.convert(["--json", "12 oz in ml"])
        let other = try JSONDecoder().decode(Report.self, from: Data(fitted.stdout.utf8))
        #expect(other.from.key == "volume/US fluid ounce" && other.fit.kind == "otherMeaning")
    }

    @Test func partsThatDoNotAddUpAreRefusedWithTheReason() throws {
        let result = try database.convert(["5 ft 3 kg"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: not understood: foot (length) and kilogram (mass) are not of one category: the parts of a quantity must be\n")
    }
}

/// `--fraction` on a result of one unit: a ruler's reading, refused for a scale.
@Suite struct FractionConvertCommandTests {
    @Test func oneUnitToARulersFraction() throws {
        let database = try BuiltRepositoryDatabase()
        let result = try database.convert(["26.2 cm in inches", "--fraction", "16"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "26.2 centimeters ≈ 10 5/16 inches\n")
        let scale = try database.convert(["100", "°C", "°F", "--fraction", "2"])
        #expect(scale.status == 1)
        #expect(scale.stderr.hasPrefix("error: --fraction writes a result in fractions of its unit, and degree Fahrenheit is a scale"))
    }
}
