import Foundation
import Testing
import UnitpackStore
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// The repository's `units-src/relations.tsv` as a front end sees it:
/// rotation speed converts to frequency, temperatures know their difference
/// units and refuse to convert into them, and the ounce is also a fluid ounce.
@Suite struct RelationTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    func unit(_ key: String) throws -> UnitpackRuntime.MeasureUnit { try database.unit(key: key) }

    func expectClose(_ value: Double, _ expected: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(abs(value - expected) <= abs(expected) * 1e-12, "\(value) != \(expected)", sourceLocation: sourceLocation)
    }

    @Test func rotationSpeedConvertsToFrequency() throws {
        let rpm = try unit("rotation-speed/revolution per minute"), hertz = try unit("frequency/hertz")
        expectClose(try database.convert(1, from: rpm, to: hertz), 1.0 / 60)
        expectClose(try database.convert(60, from: rpm, to: hertz), 1)
        expectClose(try database.convert(1, from: hertz, to: rpm), 60)
        expectClose(try database.convert(60, from: "rpm", to: "Hz").value, 1)
        expectClose(try database.sameQuantityFactor(from: "rotation-speed", to: "frequency") ?? 0, 1 / (2 * Double.pi))
        expectClose(try database.sameQuantityFactor(from: "frequency", to: "rotation-speed") ?? 0, 2 * Double.pi)
        #expect(try database.sameQuantityFactor(from: "frequency", to: "frequency") == 1)
        // Sharing a dimension is not being one quantity.
        #expect(try database.sameQuantityFactor(from: "frequency", to: "radioactivity") == nil)
        #expect(try database.sameQuantityFactor(from: "torque", to: "energy") == nil)
        #expect(throws: UnitDatabaseError.self) { try self.database.convert(1, from: "Hz", to: "Bq") }
    }

    /// docs/database.md, `same`: a row (B, A) converts by `* (1 / factor)`, the reciprocal rounded
    /// first; 0.3 Hz in rad/s tells it from a division (1.8849555921538756) in the last bit.
    @Test func aReversedSameRowMultipliesByTheReciprocal() throws {
        let hertz = try unit("frequency/hertz"), radians = try unit("rotation-speed/radian per second")
        let factor = try #require(try database.sameQuantityFactor(from: "rotation-speed", to: "frequency"))
        let converted = try database.convert(0.3, from: hertz, to: radians)
        #expect(converted == 0.3 * (1 / factor))
        #expect(converted == 1.8849555921538759)
        #expect(0.3 / factor != converted, "the case no longer tells a division from the reciprocal")
    }

    @Test func aDifferenceConvertsThroughTheDifferenceUnits() throws {
        let celsius = try unit("temperature/degree Celsius"), fahrenheit = try unit("temperature/degree Fahrenheit")
        let deltaC = try #require(try database.differenceUnit(of: celsius))
        let deltaF = try #require(try database.differenceUnit(of: fahrenheit))
        #expect(deltaC.key == "temperature-difference/degree Celsius (difference)")
        expectClose(try database.convert(5, from: deltaC, to: deltaF), 9)
        #expect(try database.absoluteUnit(ofDifference: deltaF)?.key == fahrenheit.key)
        // Every temperature has one; a difference unit of no scale has no absolute unit.
        for name in ["kelvin", "degree Rankine", "degree Réaumur", "degree Rømer", "degree Delisle", "degree Newton"] {
            #expect(try database.differenceUnit(of: unit("temperature/" + name))?.name == name + " (difference)")
        }
        #expect(try database.absoluteUnit(ofDifference: unit("temperature-difference/millikelvin")) == nil)
        #expect(try database.differenceUnit(of: unit("length/meter")) == nil)
    }

    @Test func aPointOnAScaleIsNotADifference() throws {
        let celsius = try unit("temperature/degree Celsius")
        let deltaF = try unit("temperature-difference/degree Fahrenheit (difference)")
        let expected = UnitDatabaseError.absoluteAndDifference(
            from: "degree Celsius", to: "degree Fahrenheit (difference)", differenceFrom: "degree Celsius (difference)",
            differenceTo: "degree Fahrenheit (difference)")
        #expect(throws: expected) { try self.database.convert(20, from: celsius, to: deltaF) }
        #expect(
            expected.description
                == "cannot convert degree Celsius to degree Fahrenheit (difference): one is a point on a scale, the other a difference between two points; convert a difference to a difference: 5 degree Celsius (difference) in degree Fahrenheit (difference)"
        )
        // The other way round, and a difference unit of no scale.
        #expect(
            throws: UnitDatabaseError.absoluteAndDifference(
                from: "degree Fahrenheit (difference)", to: "degree Celsius", differenceFrom: "degree Fahrenheit (difference)",
                differenceTo: "degree Celsius (difference)")
        ) { try self.database.convert(1, from: deltaF, to: celsius) }
        #expect(throws: UnitDatabaseError.self) {
            try self.database.convert(1, from: self.unit("temperature/kelvin"), to: self.unit("temperature-difference/millikelvin"))
        }
        // Other categories stay incompatible.
        #expect {
            try self.database.convert(1, from: celsius, to: self.unit("length/meter"))
        } throws: { error in
            if case .incompatibleUnits = error as? UnitDatabaseError { true } else { false }
        }
    }

    @Test func theOunceIsAlsoAFluidOunce() throws {
        let ounce = try unit("mass/ounce")
        let readings = try database.alsoReadings(of: ounce).map(\.key)
        #expect(readings.contains("volume/US fluid ounce"))
        #expect(readings.contains("force/ounce-force"))
        #expect(
            try database.alsoReadings(of: unit("mass/pound")).map(\.key).sorted()
                == ["force/pound-force", "pressure/pound-force per square inch"])
        // A rating in BTU is per hour (an air conditioner's), a tyre's pounds psi.
        #expect(try database.convert(12000, from: "BTU", to: "W").from.key == "power/British thermal unit per hour")
        #expect(try database.convert(32, from: "lb", to: "bar").from.key == "pressure/pound-force per square inch")
        #expect(try database.alsoReadings(of: unit("volume/US fluid ounce")).isEmpty)
        // By name: 12 oz in ml is 354.882 ml, 5 lb in N is pound-force, and back.
        let ml = try database.convert(12, from: "oz", to: "ml")
        #expect(ml.from.key == "volume/US fluid ounce")
        expectClose(ml.value, 12 * 0.0254 * 0.0254 * 0.0254 * 231 / 128 * 1e6)
        #expect(abs(ml.value - 354.882) < 0.001)
        let force = try database.convert(5, from: "lb", to: "N")
        #expect(force.from.key == "force/pound-force")
        expectClose(force.value, 5 * 0.45359237 * 9.80665)
        #expect(try database.convert(354.882, from: "ml", to: "oz").to.key == "volume/US fluid ounce")
        // A unit of the same category wins over another reading.
        #expect(try database.convert(1, from: "oz", to: "g").from.key == "mass/ounce")
    }

    /// The table stays within the object cache's budget: counted when kept,
    /// read again when the budget leaves no room.
    @Test func theRelationsAreKeptWithinTheBudget() throws {
        let roomy = try UnitDatabase(path: database.path)
        _ = try roomy.sameQuantityFactor(from: "rotation-speed", to: "frequency")
        let held = roomy.statistics
        // The table and the statements that read it (kept in the same cache).
        #expect(held.objectsHeld >= 1)
        #expect(held.objectBytes > 0 && held.objectBytes <= held.objectBudget)
        // Kept: asked again, nothing is missed.
        _ = try roomy.sameQuantityFactor(from: "rotation-speed", to: "frequency")
        #expect(roomy.statistics.misses == held.misses)

        let tiny = try UnitDatabase(path: database.path, objectCacheBytes: 0)
        for _ in 0..<2 { expectClose(try tiny.sameQuantityFactor(from: "rotation-speed", to: "frequency") ?? 0, 1 / (2 * Double.pi)) }
        #expect(tiny.statistics.objectBytes == 0 && tiny.statistics.objectsHeld == 0)
    }

    @Test func aRelationToNothingIsCorruption() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        // With its checksum and the count of meta, as a writer's mistake (not damage) would be.
        let connection = try Connection(path: path, mode: .readWriteCreate)
        let row: [Statement.Value] = [.text("also"), .integer(1), .integer(999), .null, .text(""), .integer(1), .integer(1)]
        try connection.prepare("INSERT INTO relations VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .run(row + [RowChecksum.stored(RowChecksum.of(table: "relations", row))])
        try DatabaseProofTests.set(connection, "meta", where: "key = 'relation_count'", "value", to: .text("1"))
        let damaged = try UnitDatabase(path: path)
        #expect {
            try damaged.alsoReadings(of: damaged.unit(key: "length/meter"))
        } throws: { error in
            error as? UnitDatabaseError == .damaged(path: path, damage: .missingRow(table: "units", key: "999", namedBy: "relations"))
        }
    }

    /// Typography measures in points and picas; the inch, the millimetre and
    /// the centimetre are length's alone, so their symbols name one unit, and
    /// points convert to them through `same typography length`.
    @Test func typographyConvertsToLengthWithoutRepeatingItsUnits() throws {
        #expect(try database.unit(named: "cm").key == "length/centimeter")
        #expect(try database.unit(named: "in", in: "length").key == "length/inch")
        let centimeters = try database.convert(12, from: "cm", to: "in")
        #expect(centimeters.from.key == "length/centimeter" && centimeters.to.key == "length/inch")
        expectClose(centimeters.value, 12 / 2.54)
        // `pt` is also the US pint and the carat's point: the pair of one
        // quantity is the typographic point's.
        let points = try database.convert(612, from: "pt", to: "in")
        #expect(points.from.key == "typography/point" && points.to.key == "length/inch")
        expectClose(points.value, 8.5)
        expectClose(try database.sameQuantityFactor(from: "typography", to: "length") ?? 0, 0.0254 / 72)
    }

    /// No unit is written twice: two units that share a symbol and convert
    /// one into the other at 1 (in one category or two of one quantity) are
    /// one unit in two places, and make its symbol ambiguous for nothing.
    @Test func noUnitIsRepeatedUnderOneSymbol() throws {
        var bySymbol: [String: [UnitpackRuntime.MeasureUnit]] = [:]
        var id = 1, misses = 0
        while misses < 200 {
            if let unit = try? database.unit(UnitID(rawValue: id)) {
                misses = 0
                for symbol in unit.symbols { bySymbol[symbol, default: []].append(unit) }
            } else {
                misses += 1
            }
            id += 1
        }
        #expect(bySymbol["cm"]?.count == 1, "the centimetre is one unit")
        var repeated: [String] = []
        for (symbol, units) in bySymbol where units.count > 1 {
            for (index, first) in units.enumerated() {
                for second in units[(index + 1)...] {
                    guard try database.sameQuantityFactor(from: first.category, to: second.category) != nil,
                        let value = try? database.convert(1, from: first, to: second), abs(value - 1) < 1e-9
                    else { continue }
                    repeated.append("\(symbol): \(first.key) = \(second.key)")
                }
            }
        }
        #expect(repeated.isEmpty, "\(repeated.sorted())")
    }

}
