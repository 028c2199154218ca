import Foundation
import Testing
import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

@testable import UnitpackCompiler

/// Seeded random sources -> build -> read back with the runtime: every unit,
/// name, symbol and factor must come out as it went in.
@Suite struct RoundTripTests {
    @Test(arguments: 0..<8)
    func randomSourcesSurviveTheRoundTrip(run: Int) throws {
        let seed = SeededGenerator.seed() &+ UInt64(run)
        let sources = RandomSources(seed: seed)
        let fixture = try SourceFixture(sources.files)
        defer { fixture.remove() }
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(
            outcome.summary != nil,
            "seed \(seed) (rerun with UNITPACK_SEED=\(seed &- UInt64(run))): \(outcome.diagnostics.map(\.rendered))")
        let database = try UnitDatabase(directory: fixture.path("dist"))
        for (index, expected) in sources.units.enumerated() {
            let unit = try database.unit(UnitID(rawValue: index + 1))
            #expect(unit.name == expected.name, "seed \(seed)")
            #expect(unit.category == expected.category, "seed \(seed)")
            #expect(unit.symbols == expected.symbols, "seed \(seed)")
            #expect(unit.priority == expected.priority, "seed \(seed)")
            #expect(unit.isInverse == expected.inverse, "seed \(seed)")
            #expect(try database.unit(named: expected.name).id == unit.id, "seed \(seed): lookup by name")
            for symbol in expected.symbols {
                // Symbols are unique per category only, so another category may share it.
                #expect(try database.candidates(for: symbol).contains { $0.id == unit.id }, "seed \(seed): symbol \(symbol)")
            }
            for x in [0.5, 3.0, 1234.5] {
                let base = try unit.conversion.toBase(x)
                let want: Double
                if let (scale, offset) = expected.affine {
                    want = x * scale + offset
                } else if expected.inverse {
                    want = expected.factor! / x
                } else {
                    want = x * expected.factor!
                }
                #expect(abs(base - want) <= 1e-12 * max(abs(want), 1), "seed \(seed): \(expected.name) at \(x)")
                // An affine unit with a tiny scale loses precision to its offset:
                // the round trip is exact only to |base / scale| in x.
                let precision = max(abs(x), expected.affine.map { abs(base / $0.scale) } ?? 0)
                #expect(abs(try unit.conversion.fromBase(base) - x) <= 1e-9 * precision, "seed \(seed)")
            }
        }
    }
}
