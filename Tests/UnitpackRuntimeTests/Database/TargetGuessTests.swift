import Foundation
import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport
import UnitpackCompiler

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `expectedTarget`: the usage a unit implies, the completed lists, the
/// reader when nothing is said, and the alternatives (docs/database.md, "The
/// converter's guess"). The repository's database, opened once for every
/// suite (RepositoryBuild.database()).
@Suite struct TargetGuessTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func guess(_ value: Double, _ key: String, _ request: TargetRequest = TargetRequest()) throws -> ExpectedTarget {
        try #require(try database.expectedTarget(for: value, in: try database.unit(key: key), request: request))
    }

    @Test func theUnitImpliesItsUsage() throws {
        let cup = try guess(1, "volume/US cup")
        #expect(cup.target.unit.key == "volume/milliliter")
        #expect(abs(cup.target.value - 236.5882365) < 1e-9)
        #expect((cup.usage, cup.usageSource) == ("fluid", .unit))
        #expect((cup.reader, cup.readerSource) == ("001", .otherSystem))
        // A litre in the US reads in US fluid measures, not cubic inches.
        let litres = try guess(2, "volume/liter")
        #expect(litres.target.unit.key == "volume/US quart")
        #expect((litres.reader, litres.usage) == ("US", "fluid"))
        #expect(try guess(1, "area/acre").target.unit.key == "area/hectare")
    }

    /// `1 barrel`: the usage the oil barrel implies lists the barrel itself;
    /// a unit converted to itself answers nothing, so the default list is
    /// read (issue 36). A usage the caller gives is kept.
    @Test func aUnitIsNeverItsOwnExpectedTarget() throws {
        let barrel = try guess(1, "volume/oil barrel")
        #expect(barrel.target.unit.key != "volume/oil barrel")
        #expect((barrel.usage, barrel.usageSource) == ("default", .default))
        #expect(try guess(1, "volume/oil barrel", TargetRequest(usage: "oil")).target.unit.key == "volume/oil barrel")
    }

    @Test func aGivenUsageWinsAndDefaultRestoresCLDRs() throws {
        let cup = try guess(1, "volume/US cup", TargetRequest(usage: "default"))
        #expect(cup.target.unit.key == "volume/cubic centimeter")
        #expect((cup.usage, cup.usageSource) == ("default", .given))
        // A unit that implies nothing reads the default lists.
        let metre = try guess(1, "length/meter")
        #expect((metre.usage, metre.usageSource) == ("default", .default))
    }

    @Test func reciprocalUnitsAreOneChoice() throws {
        let us = try guess(7, "fuel-consumption/liter per 100 kilometers", TargetRequest(region: "US"))
        #expect(us.target.unit.key == "fuel-consumption/mile per US gallon")
        #expect(abs(us.target.value - 33.602) < 1e-3)
        let de = try guess(30, "fuel-consumption/mile per US gallon", TargetRequest(region: "DE"))
        #expect(de.target.unit.key == "fuel-consumption/liter per 100 kilometers")
        #expect(abs(de.target.value - 7.84049) < 1e-5)
        #expect((de.reader, de.readerSource) == ("DE", .given))
    }

    @Test func completionsFillTheGapsOfCLDRsLists() throws {
        #expect(try guess(15, "pressure/pound-force per square inch").target.unit.key == "pressure/bar")
        #expect(try guess(50, "pressure/kilopascal", TargetRequest(region: "DE")).target.unit.key == "pressure/kilopascal")
        // bestTarget stays CLDR's: 900,000 Pa is pascal in CLDR's own test data.
        let pascal = try database.unit(key: "pressure/pascal")
        #expect(try database.bestTarget(for: 900_000, in: pascal, region: "001")?.unit.key == "pressure/pascal")
        #expect(try guess(900_000, "pressure/pascal", TargetRequest(region: "001")).target.unit.key == "pressure/bar")
    }

    @Test func theLanguagesRegionIsSaidToBeTheLanguages() throws {
        let gb = try guess(10, "length/kilometer", TargetRequest(region: "GB", regionSource: .language))
        #expect((gb.reader, gb.readerSource) == ("GB", .language))
        #expect(gb.target.unit.key == "length/mile")
    }

    @Test func aRegionReadsNamesAsItsPeopleDo() throws {
        let pint = try database.unit(key: "volume/US pint")
        #expect(try database.regionalReading(of: pint, words: "2 pints", region: "GB")?.key == "volume/imperial pint")
        #expect(try database.regionalReading(of: pint, words: "2 pt", region: "IE")?.key == "volume/imperial pint")
        // The words say which pint: it stays, in English and in the phrase's language.
        #expect(try database.regionalReading(of: pint, words: "2 US pints", region: "GB") == nil)
        #expect(try database.regionalReading(of: pint, words: "2 американские пинты", region: "GB", language: "ru") == nil)
        #expect(try database.regionalReading(of: pint, words: "2 pints", region: "US") == nil)
        #expect(try database.regionalReading(of: pint, words: "2 pints", region: "DE") == nil)
        let mpg = try database.unit(key: "fuel-consumption/mile per US gallon")
        #expect(try database.regionalReading(of: mpg, words: "40 mpg", region: "GB")?.key == "fuel-consumption/mile per imperial gallon")
        let hundredweight = try database.unit(key: "mass/short hundredweight")
        #expect(try database.regionalReading(of: hundredweight, words: "3 cwt", region: "GB")?.key == "mass/long hundredweight")
        #expect(try database.regionalReading(of: hundredweight, words: "3 short hundredweight", region: "GB") == nil)
    }

    @Test func aRegionalReadingOfAPhraseKeepsTheValueAsTyped() throws {
        guard case .understood(let readings) = try database.parse("2 pints 4 fl oz", languages: ["en"]) else {
            Issue.record("not understood")
            return
        }
        let regional = try #require(try database.regionalReading(of: readings[0], phrase: "2 pints 4 fl oz", region: "GB"))
        #expect(regional.from.key == "volume/imperial pint")
        #expect(regional.parts.map(\.unit.key) == ["volume/imperial pint", "volume/imperial fluid ounce"])
        #expect(abs(regional.value - 2.2) < 1e-12)
    }

    @Test func alternativesAreTheNeighboursAndTheSourcesOwnSystem() throws {
        let acre = try guess(1, "area/acre")
        // hectare is the world's land list alone: the source system's acre is the source itself, never offered.
        #expect(acre.alternatives.allSatisfy { $0.unit.key != "area/acre" && $0.unit.key != "area/hectare" })
        let psi = try guess(15, "pressure/pound-force per square inch")
        #expect(psi.alternatives.map(\.unit.key) == ["pressure/megapascal", "pressure/kilopascal"])
        let litre = try guess(500, "volume/milliliter")
        #expect(litre.alternatives.count <= 3)
        #expect(!litre.alternatives.contains { $0.units == litre.target.units })
        // A metric value read in US units offers the metric system's own best unit.
        let metres = try guess(3, "length/meter")
        #expect(metres.target.unit.key == "length/foot")
        #expect(metres.alternatives.contains { $0.unit.key == "length/meter" } == false)
        #expect(metres.alternatives.contains { $0.unit.key == "length/inch" })
    }
}

/// Every preference list, completed where it has completions, read over
/// values from 1e-6 to 1e9 of every unit of its category: a result with more
/// than six integer digits, or below 0.001, is reported when a unit of the
/// list would have given a value between 0.001 and 999,999 (docs/source-format.md,
/// "Readable magnitudes"). The exceptions are listed in
/// `Targets/readability-exceptions.tsv` with their reason; a listed exception
/// that no longer happens fails too, so the list cannot rot.
@Suite struct ReadableMagnitudeTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    struct Finding: Hashable, CustomStringConvertible {
        var category: String
        var usage: String
        var region: String
        var description: String { "\(category)\t\(usage)\t\(region)" }
    }

    static let exceptionsFile = CLDRUnitsTests.repository + "/Tests/UnitpackRuntimeTests/Database/Targets/readability-exceptions.tsv"

    @Test func everyListGivesReadableMagnitudes() throws {
        let tree = SourceReader.read(directory: CLDRUnitsTests.repository)
        var lists: [Finding] = []
        for row in tree.clusters {
            for region in row.regions {
                let key = Finding(category: row.category.value, usage: row.usage.value, region: region.value)
                if !lists.contains(key) { lists.append(key) }
            }
        }
        var unitsOf: [String: [UnitpackRuntime.MeasureUnit]] = [:]
        for unit in tree.units { unitsOf[unit.category, default: []].append(try database.unit(key: unit.key)) }
        let values = (-6...9).flatMap { exponent in [1.0, 3.0].map { $0 * pow(10, Double(exponent)) } }

        var found: [Finding: String] = [:]
        // Many regions share one list (the world's, or one CLDR row naming
        // sixty regions): each distinct list is read once.
        var seen: [String: String?] = [:]
        for list in lists {
            let system = MeasurementSystem.allCases.first { $0.preferenceSystem == list.region }
            let entries = try database.preferenceList(
                category: list.category, regions: system.map { UnitDatabase.regions(of: $0) } ?? [list.region, "001"],
                usage: list.usage, completed: true)
            let signature = list.category + ":" + entries.map { "\($0.unit) \($0.atLeast) \($0.parts)" }.joined(separator: ",")
            if let known = seen[signature] {
                if let known { found[list] = known }
                continue
            }
            let listUnits = try entries.map { try database.unit($0.unit) }
            var example: String?
            for unit in unitsOf[list.category] ?? [] where unit.isProportional && example == nil {
                for value in values {
                    guard let choice = try database.chosenEntry(for: value, in: unit, list: entries)?.target else { continue }
                    let result = abs(choice.value)
                    guard result >= 1e6 || result < 1e-3 else { continue }
                    let better = try listUnits.contains { other in
                        let converted = abs(try database.convert(value, from: unit, to: other))
                        return converted >= 1e-3 && converted < 1e6
                    }
                    if better {
                        example = "\(value) \(unit.name) -> \(choice.value) \(choice.unit.name)"
                        break
                    }
                }
            }
            seen[signature] = .some(example)
            if let example { found[list] = example }
        }
        let listed = try Self.exceptions()
        for (list, example) in found.sorted(by: { $0.key.description < $1.key.description }) where listed[list] == nil {
            Issue.record(Comment(rawValue: "\(list): \(example): complete the list (units-src/clusters.tsv) or list the exception with its reason"))
        }
        for list in listed.keys where found[list] == nil {
            Issue.record(Comment(rawValue: "\(list) is listed as an exception but reads well now: remove its line"))
        }
        print("ReadableMagnitudeTests: \(lists.count) lists, \(found.count) with unreadable results, \(listed.count) listed")
    }

    /// The exceptions: category, usage, region, reason.
    static func exceptions() throws -> [Finding: String] {
        var result: [Finding: String] = [:]
        for (key, reason) in try reasonedExceptions(in: exceptionsFile, keyColumns: 3, columns: "category, usage, region") {
            result[Finding(category: key[0], usage: key[1], region: key[2])] = reason
        }
        return result
    }
}
