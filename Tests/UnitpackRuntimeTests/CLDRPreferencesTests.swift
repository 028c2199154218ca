import Foundation
import Testing
import UnitpackCompiler
import UnitpackTestSupport

@testable import UnitpackRuntime

/// CLDR's unit preference test data (testData/units/unitPreferencesTest.txt):
/// for every case whose input and output units the repository has, and whose
/// output is a single unit (we have no mixed units such as foot-and-inch),
/// `bestTarget` must pick CLDR's unit and the value to 1e-6 relative.
@Suite struct CLDRPreferencesTests {
    struct Case {
        let line: Int
        let quantity: String
        let usage: String
        let region: String
        let input: Double
        let inputUnit: String
        let output: Double
        let outputUnit: String
    }

    /// Cases we answer differently on purpose, and why. Checked to differ, so
    /// an entry goes stale loudly.
    static let disagreements: [String: String] = [
        "year-duration default 001 0.075 year": """
            CLDR keeps year-based durations (year, month) apart from the rest; our time category has \
            one default list, year to nanosecond, so under a month it goes on to days (27.4 days, not 0.9 month)
            """
    ]

    static func cases() throws -> [Case] {
        let text = try String(
            contentsOf: CLDRUnitsTests.here.appendingPathComponent("CLDR/unitPreferencesTest.txt"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let f = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            // Quantity; Usage; Region; Input (r); Input (d); Input Unit; Output (r); Output (d); Output Unit.
            // Mixed outputs have more fields.
            guard f.count == 9, let input = Double(f[4]), let output = Double(f[7]) else { return nil }
            return Case(
                line: index + 1, quantity: f[0], usage: f[1], region: f[2], input: input, inputUnit: f[5],
                output: output, outputUnit: f[8])
        }
    }

    @Test func everyCoveredCaseAgrees() throws {
        let temporary = try TemporaryDirectory(prefix: "unitpack-cldr-preferences-")
        _ = try BuildPipeline.build(source: CLDRUnitsTests.repository, output: temporary.path)
        let database = try UnitDatabase(directory: temporary.path)
        let resolver = CLDRUnitsTests()
        var covered = 0
        let cases = try Self.cases()
        #expect(cases.count > 200, "the test file did not parse")
        for testCase in cases {
            guard let source = resolver.resolve(testCase.inputUnit, category: testCase.quantity, in: database),
                let expected = resolver.resolve(testCase.outputUnit, category: testCase.quantity, in: database)
            else { continue }
            covered += 1
            let key = "\(testCase.quantity) \(testCase.usage) \(testCase.region) \(testCase.input) \(testCase.inputUnit)"
            if let reason = Self.disagreements[key] {
                let best = try database.bestTarget(for: testCase.input, in: source, region: testCase.region, usage: testCase.usage)
                #expect(best?.unit.id != expected.id, "\(key) now agrees; drop its entry (\(reason))")
                continue
            }
            let where_ = "unitPreferencesTest.txt:\(testCase.line): \(testCase.input) \(testCase.inputUnit), \(testCase.usage), \(testCase.region)"
            let best = try #require(
                try database.bestTarget(for: testCase.input, in: source, region: testCase.region, usage: testCase.usage),
                "\(where_): no preference list")
            #expect(best.unit.id == expected.id, "\(where_): \(best.unit.key), CLDR \(testCase.outputUnit)")
            #expect(
                abs(best.value - testCase.output) <= abs(testCase.output) * 1e-6,
                "\(where_): \(best.value) \(best.unit.key), CLDR \(testCase.output) \(testCase.outputUnit)")
        }
        // Raise this as the data grows: the cases the repository's units cover.
        #expect(covered >= 246, "only \(covered) CLDR preference cases covered")
    }
}
