import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `bestTarget` on the repository's preference lists (units-src/clusters.tsv).
@Suite struct BestTargetTests {
    static var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func best(_ value: Double, _ key: String, region: String, usage: String = "default") throws -> (String, Double)? {
        let unit = try Self.database.unit(key: key)
        return try Self.database.bestTarget(for: value, in: unit, region: region, usage: usage).map { ($0.unit.key, $0.value) }
    }

    func expect(_ found: (String, Double)?, _ key: String, _ value: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(found?.0 == key, sourceLocation: sourceLocation)
        #expect(abs((found?.1 ?? .nan) - value) <= abs(value) * 1e-9, "\(String(describing: found))", sourceLocation: sourceLocation)
    }

    @Test func theMagnitudePicksTheUnit() throws {
        expect(try best(1, "length/meter", region: "US"), "length/foot", 1 / 0.3048)
        expect(try best(2, "length/kilometer", region: "US"), "length/mile", 2000 / 1609.344)
        expect(try best(5, "length/mile", region: "001"), "length/kilometer", 8.04672)
        expect(try best(0.5, "length/meter", region: "001"), "length/centimeter", 50)
        expect(try best(10_000, "area/square meter", region: "001"), "area/hectare", 1)
    }

    @Test func aRegionWithoutAListUsesTheWorldsAndAUsageFallsBack() throws {
        expect(try best(5, "length/mile", region: "DE"), "length/kilometer", 8.04672)
        // road-bike is no CLDR usage: it falls back to road, then default.
        expect(try best(500, "length/meter", region: "GB", usage: "road-bike"), "length/yard", 500 / 0.9144)
        expect(try best(500, "length/meter", region: "GB", usage: "road"), "length/yard", 500 / 0.9144)
    }

    @Test func inverseScalesOrderCorrectly() throws {
        // 30 mpg and 7.84 L/100 km are the same consumption, in opposite directions.
        let litres = try #require(try best(30, "fuel-consumption/mile per US gallon", region: "FR", usage: "vehicle-fuel"))
        #expect(litres.0 == "fuel-consumption/liter per 100 kilometers")
        #expect(abs(litres.1 - 7.84049) < 1e-5)
        let miles = try #require(try best(litres.1, litres.0, region: "US", usage: "vehicle-fuel"))
        #expect(miles.0 == "fuel-consumption/mile per US gallon")
        #expect(abs(miles.1 - 30) < 1e-9)
    }

    @Test func aSystemReadsAsItsRegion() throws {
        let meter = try Self.database.unit(key: "length/meter")
        let us = try Self.database.bestTarget(for: 1, in: meter, system: .us)
        #expect(us?.unit.key == "length/foot")
        let metric = try Self.database.bestTarget(for: 3, in: try Self.database.unit(key: "length/foot"), system: .metric)
        #expect(metric?.unit.key == "length/centimeter")
    }

    func best(_ value: Double, _ key: String, system: MeasurementSystem, usage: String = "default") throws -> PreferredTarget? {
        try Self.database.bestTarget(for: value, in: try Self.database.unit(key: key), system: system, usage: usage)
    }

    /// The seed's example: a system's own list (units-src/clusters.tsv,
    /// `metric`, `us`, `imperial`) when no region is known.
    @Test func theSeedExampleReadsInTheSystemsOwnList() throws {
        let feet = try best(1, "length/meter", system: .imperial)
        expect(feet.map { ($0.unit.key, $0.value) }, "length/foot", 1 / 0.3048)
        let yards = try best(10, "length/meter", system: .imperial)
        expect(yards.map { ($0.unit.key, $0.value) }, "length/yard", 10 / 0.9144)
        let miles = try best(2, "length/kilometer", system: .imperial)
        expect(miles.map { ($0.unit.key, $0.value) }, "length/mile", 2000 / 1609.344)
        let kilometers = try best(5, "length/mile", system: .metric)
        expect(kilometers.map { ($0.unit.key, $0.value) }, "length/kilometer", 8.04672)
        // GB's CLDR default list (mile, foot, inch) has no yards: they come from the
        // imperial list, the system's own.
        #expect(try best(10, "length/meter", region: "GB")?.0 == "length/foot")
        // US practice has no yards for distances: 10 m is feet for a US reader.
        #expect(try best(10, "length/meter", system: .us)?.unit.key == "length/foot")
    }

    /// A usage CLDR has a list for keeps it for a system's reader: the system
    /// lists are default ones.
    @Test func aSystemKeepsCLDRsListsOfOtherUsages() throws {
        let height = try #require(try best(1.8, "length/meter", system: .imperial, usage: "person-height"))
        #expect(height.units.map(\.key) == ["length/foot", "length/inch"])
        let weight = try #require(try best(70, "mass/kilogram", system: .imperial, usage: "person"))
        #expect(weight.units.map(\.key) == ["mass/stone", "mass/pound"])
        #expect(abs(weight.value - 70 / 6.35029318) <= 1e-9)
        let road = try #require(try best(500, "length/meter", system: .us, usage: "road"))
        #expect(road.unit.key == "length/foot" && road.units.count == 1)
    }

    /// Every everyday category has a list per system, and a reader of a
    /// system is given only that system's units, whatever the magnitude.
    @Test(arguments: ["length/meter", "mass/kilogram", "volume/liter", "area/square meter", "speed/meter per second"])
    func aSystemsListGivesItsOwnUnits(_ key: String) throws {
        let allowed: [MeasurementSystem: Set<MeasurementSystem>] = [
            .metric: [.metric], .us: [.us, .imperial], .imperial: [.imperial, .uk],
        ]
        let category = String(key.split(separator: "/")[0])
        for (system, systems) in allowed {
            let rows = try Self.database.preferenceList(category: category, regions: [system.rawValue], usage: "default")
            #expect(rows.count >= 2, "\(category) has no \(system) list of its own")
            for exponent in -9...9 {
                let value = 3 * pow(10, Double(exponent))
                let found = try #require(try best(value, key, system: system))
                #expect(systems.contains(found.unit.system), "\(value) \(key) for \(system): \(found.unit.key)")
            }
        }
    }

    @Test func aCategoryWithoutListsHasNoBestTarget() throws {
        #expect(try best(12, "data-size/byte", region: "US") == nil)
    }
}
