import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Expressions of the repository's units (docs/expressions.md): factors,
/// dimensions, the categories an expression converts in, and refusals.
@Suite struct CompoundUnitTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    @Test func aProductOfUnitsIsTheNamedUnitItEquals() throws {
        let newton = try database.unit(key: "force/newton")
        let compound = try database.compoundUnit("kg*m/s^2")
        #expect(compound.categories == ["force"])
        #expect(abs(compound.factor - 1) <= 1e-12)
        #expect(compound.dimension == QuantityDimension(["kg": 1, "m": 1, "s": -2]))
        let unit = try #require(try database.units(of: compound).first)
        #expect(unit.isExpression)
        #expect(abs(try database.convert(1, from: unit, to: newton) - 1) <= 1e-12)
    }

    @Test func torqueAndEnergyShareADimension() throws {
        let compound = try database.compoundUnit("N*m")
        #expect(compound.categories == ["energy", "torque"], "display order: energy (62) before torque (64)")
        let units = try database.units(of: compound)
        #expect(units.map(\.category) == ["energy", "torque"])
        // A named unit keeps its category: the joule is energy only.
        let joule = try database.unit(key: "energy/joule")
        let newtonMeter = try database.unit(key: "torque/newton meter")
        #expect(throws: UnitDatabaseError.self) { try database.convert(1, from: joule, to: newtonMeter) }
        // Two expressions of one dimension convert once, whatever the category
        // (GNU units: `units -t -d 15 "50 N*m" "lbf*ft"` = 36.8781074638633).
        let result = try database.convert(50, from: "N*m", to: "lbf*ft")
        #expect(abs(result.value - 36.8781074638633) <= 1e-9 * 36.88)
    }

    @Test func aPointOnAScaleIsReadAsItsDifference() throws {
        let compound = try database.compoundUnit("BTU/(h*ft*°F)")
        let part = try #require(compound.parts.last)
        #expect(part.unit.category == "temperature-difference")
        #expect(part.power == -1)
        let result = try database.convert(1, from: "W/(m*K)", to: "BTU/(h*ft*°F)")
        #expect(abs(result.value - 0.5777893165) <= 1e-9)
    }

    @Test func aDimensionNoCategoryHasConvertsToItself() throws {
        let compound = try database.compoundUnit("m^4")
        #expect(compound.categories.isEmpty)
        let unit = try #require(try database.units(of: compound).first)
        #expect(unit.category == "dimension m⁴")
        #expect(try database.bestTarget(for: 1, in: unit, region: "US") == nil)
        let result = try database.convert(1, from: "m^4", to: "ft^4")
        #expect(abs(result.value - 1 / 0.0086309748412416) <= 1e-9 * result.value)
    }

    /// `s/m` is of no category; speed is its inverse: a pace, converted by
    /// its reciprocal as the paces of `speed.tsv` are.
    @Test func theInverseOfACategorysDimensionIsOfItByItsReciprocal() throws {
        let compound = try database.compoundUnit("min/mi")
        #expect(compound.categories.isEmpty)
        let unit = try #require(try database.units(of: compound).first)
        #expect(unit.category == "speed" && unit.isInverse)
        // 8.5 min/mi is 1609.344 m in 510 s.
        let speed = try database.convert(8.5, from: unit, to: try database.unit(key: "speed/meter per second"))
        #expect(abs(speed - 1609.344 / 510) <= 1e-12 * speed)
        let pace = try database.convert(8.5, from: unit, to: try database.unit(key: "speed/minutes per kilometer"))
        #expect(abs(pace - 8.5 / 1.609344) <= 1e-12 * pace)
        // m⁴ has no inverse category either: it stays of its own dimension.
        #expect(try database.units(of: try database.compoundUnit("m^-4")).first?.category == "dimension m⁻⁴")
    }

    @Test func numbersScaleTheProduct() throws {
        let compound = try database.compoundUnit("L/100 km")
        #expect(compound.number == 0.01)
        #expect(abs(compound.factor - 1e-8) <= 1e-20)
    }

    @Test func badInputIsLocated() throws {
        let database = try database
        func reason(_ text: String) -> UnitDatabaseError? {
            do {
                _ = try database.compoundUnit(text)
                return nil
            } catch {
                return error
            }
        }
        guard case .badExpression(_, let unbalanced)? = reason("W/(m*K") else { Issue.record("W/(m*K read"); return }
        #expect(unbalanced.reason == .unbalancedParenthesis)
        #expect(unbalanced.range == 2..<3)
        guard case .badExpression(_, let unknown)? = reason("kg*m/furlongx^2") else { Issue.record("furlongx read"); return }
        #expect(unknown.reason == .unknownUnit("furlongx"))
        guard case .badExpression(_, let power)? = reason("m^10") else { Issue.record("m^10 read"); return }
        #expect(power.reason == .badPower("^10"))
        guard case .badExpression(_, let size)? = reason("ly^9*ly^9*ly^9") else { Issue.record("ly^9*ly^9*ly^9 read"); return }
        #expect(size.reason == .outOfRange)
        // A formula unit other than a point on a scale has no factor to multiply.
        let formula = reason("dBm*s")
        if case .notInExpression? = formula {} else if case .badExpression? = formula {} else {
            Issue.record("dBm*s: \(String(describing: formula))")
        }
    }

    @Test func expressionsAreWrittenWithSymbolsInEveryLanguage() throws {
        let unit = try #require(try database.units(of: try database.compoundUnit("lbf*ft")).first)
        #expect(unit.symbols == ["lbf·ft"])
        for language in ["en", "ru"] {
            let names = try database.names(of: unit, in: language)
            #expect(names.form(for: .one) == "lbf·ft")
            #expect(names.symbol == "lbf·ft")
        }
    }
}
