import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Lookups and conversions against a database built from a small tree.
@Suite struct UnitDatabaseTests {
    let fixture: SourceFixture
    let database: UnitDatabase

    init() throws {
        fixture = try SourceFixture(
            SourceFixture.valid(replacing: [
                "units-src/categories.tsv": "length\t10\tmeter\tm\nspeed\t20\tmeter per second\tm/s\ntemperature\t30\tkelvin\tK\n",
                "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\nmegameter\tMm\t1e6\t0\tsiAdd2\nknot\t\t14.4018\t0\thistoric\n",
                "units-src/speed.tsv": """
                    meter per second\tm/s\t1\t5\tsi
                    knot\tkn,kt\t1852/3600\t3\timpAdd
                    kilometer per hour\tkm/h\t1000/3600\t5\tsi
                    Mach\tM\t295.0464\t2\tother
                    ^minutes per kilometer\tmin/km\tFORMULAE(1000/60/X,1000/60/X)\t0\tother
                    ^seconds per meter\ts/m\t1\t0\tother

                    """,
                "units-src/temperature.tsv": "kelvin\tK\t1\t5\tsi\ndegree Celsius\t°C\tFORMULAE(X+273.15,X-273.15)\t5\tsi\ndegree Fahrenheit\t°F\tFORMULAE((X+459.67)*5/9,X*9/5-459.67)\t4\timp\n",
                "units-src/ids.tsv": SourceFixture.validIDs + """
                    8\tspeed\tMach
                    9\tlength\tmegameter
                    10\ttemperature\tkelvin
                    11\ttemperature\tdegree Celsius
                    12\ttemperature\tdegree Fahrenheit
                    13\tspeed\tseconds per meter
                    14\tlength\tknot

                    """,
            ]))
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        database = try UnitDatabase(directory: fixture.path("dist"))
    }

    @Test func theDoneWhenConversion() throws {
        let result = try database.convert(1, from: "knot", to: "meter per second")
        #expect(DecimalFormatting.format(result.value) == "0.514444")
    }

    @Test func namesIgnoreCaseSymbolsDoNot() throws {
        #expect(try database.unit(named: "KILOMETER PER HOUR").name == "kilometer per hour")
        #expect(try database.unit(named: "M").name == "Mach")
        #expect(try database.unit(named: "m").name == "meter")
        #expect(try database.unit(named: "Mm").name == "megameter")
        #expect(try database.unit(named: "MM").name == "megameter", "no exact match: the case-folded one is used")
    }

    @Test func unknownAndAmbiguousUnitsAreTypedErrors() throws {
        #expect(throws: UnitDatabaseError.unknownUnit("furlong")) { try database.unit(named: "furlong") }
        // "knot" is a speed and, on a ship's log line, a length (47 ft 3 in).
        #expect(throws: UnitDatabaseError.ambiguousUnit("knot", candidates: ["speed/knot", "length/knot"])) {
            try database.unit(named: "knot")
        }
        // A conversion resolves it: only the speed pairs with m/s.
        #expect(try database.convert(1, from: "knot", to: "m/s").from.key == "speed/knot")
        #expect(try database.convert(1, from: "knot", to: "ft").from.key == "length/knot")
    }

    @Test func formulasAndInverseUnitsConvertBothWays() throws {
        #expect(abs(try database.convert(100, from: "°C", to: "°F").value - 212) < 1e-12)
        #expect(abs(try database.convert(-40, from: "°F", to: "°C").value + 40) < 1e-12)
        let pace = try database.convert(5, from: "min/km", to: "km/h").value
        #expect(abs(pace - 12) < 1e-12)
        #expect(abs(try database.convert(12, from: "km/h", to: "min/km").value - 5) < 1e-12)
        #expect(abs(try database.convert(2, from: "s/m", to: "m/s").value - 0.5) < 1e-15)
    }

    @Test func conversionErrorsAreTyped() throws {
        #expect(throws: UnitDatabaseError.conversionFailed(.divisionByZero)) {
            try database.convert(0, from: "min/km", to: "m/s")
        }
        #expect {
            try database.convert(1, from: "kn", to: "foot")
        } throws: { error in
            guard case .incompatibleUnits(let from, _, let to, _) = error as? UnitDatabaseError else { return false }
            return from == "knot" && to == "foot"
        }
    }

    @Test func unitsCarryWhatTheSourcesSaid() throws {
        let knot = try database.unit(named: "kt")
        #expect(knot.name == "knot")
        #expect(knot.id == UnitID(rawValue: 5))
        #expect(knot.symbols == ["kn", "kt"])
        #expect(knot.system == .imperial && knot.tier == 1)
        #expect(knot.key == "speed/knot")
        #expect(try database.unit(named: "min/km").isInverse)
    }

    @Test func concurrentLookupsAreSafe() async throws {
        let database = self.database
        try await withThrowingTaskGroup(of: Double.self) { group in
            for i in 0..<64 {
                group.addTask {
                    try database.convert(Double(i), from: i.isMultiple(of: 2) ? "kn" : "°C", to: i.isMultiple(of: 2) ? "m/s" : "K").value
                }
            }
            var count = 0
            for try await _ in group { count += 1 }
            #expect(count == 64)
        }
    }
}
