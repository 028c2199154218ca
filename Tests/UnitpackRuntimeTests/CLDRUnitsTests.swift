import Foundation
import Testing
import UnitpackCompiler
import UnitpackTestSupport

@testable import UnitpackRuntime

/// CLDR's unit conversion test data (testData/units/unitsTest.txt): every
/// case whose two units the repository has must agree, at the precision the
/// file gives or to 1e-6 relative, whichever is looser (the file rounds to
/// about seven significant digits: `1000 acre = 4046856.0` for 4046856.4224;
/// ICU's own test of this file allows 1e-6 relative). A CLDR unit id is found by its words (`square-meter` is the
/// unit named or also called "square meter") in the category of that name.
@Suite struct CLDRUnitsTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = here.deletingLastPathComponent().deletingLastPathComponent().path
    /// CLDR quantity -> our category, where the names differ.
    static let categories = [
        "duration": "time", "year-duration": "time", "digital": "data-size", "consumption": "fuel-consumption",
        "consumption-inverse": "fuel-consumption", "concentration": "ratio", "substance-amount": "amount-of-substance",
        "electric-current": "electric-current", "typewidth": "typography", "graphics": "typography",
        "temperature": "temperature",
    ]
    /// CLDR ids whose words are not a name or synonym of the unit.
    static let ids = [
        "celsius": "degree Celsius", "fahrenheit": "degree Fahrenheit", "rankine": "degree Rankine",
        "g-force": "standard gravity", "revolution": "turn", "metric-ton": "tonne", "ton": "short ton",
        "100-kilometer": "", "british-thermal-unit": "British thermal unit",
    ]
    /// CLDR ids that name a different unit than ours of the same name, or a
    /// different value of it, and why ours stands. Checked to disagree, so an
    /// entry goes stale loudly.
    static let disagreements = [
        "solar-mass": "ours is IAU 2015's nominal GM divided by CODATA 2018's G (1.98841e30 kg); CLDR keeps the older 1.98847e30",
        "drop": "CLDR's drop is 1/576 US fl oz (0.0513 mL); ours is the metric drop of 0.05 mL used in medicine",
        "dessert-spoon": "CLDR's is 1/16 US fl oz (1.85 mL); ours is the 10 mL dessert spoon of British and Australian recipes",
    ]

    struct Case {
        let line: Int
        let category: String
        let source: String
        let target: String
        let expected: String
    }

    static func cases() throws -> [Case] {
        let text = try String(contentsOf: here.appendingPathComponent("CLDR/unitsTest.txt"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 5 else { return nil }
            return Case(line: index + 1, category: fields[0], source: fields[1], target: fields[2], expected: fields[4])
        }
    }

    func resolve(_ id: String, category: String, in database: UnitDatabase) -> UnitpackRuntime.Unit? {
        let ours = Self.categories[category] ?? category
        let text = Self.ids[id] ?? id.replacingOccurrences(of: "-", with: " ")
        guard !text.isEmpty, let found = try? database.candidates(for: text) else { return nil }
        let inCategory = found.filter { $0.category == ours }
        return inCategory.count == 1 ? inCategory[0] : nil
    }

    /// The largest difference the expected text allows: half a unit of its
    /// last digit (`159.1549`: 0.00005; `7.716049E-4`: 0.0000000005).
    static func allowance(_ text: String) -> Double {
        let parts = text.uppercased().split(separator: "E")
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let decimals = mantissa.split(separator: ".").dropFirst().first?.count ?? 0
        return 0.5 * pow(10, Double(exponent - decimals))
    }

    @Test func everyCoveredCaseAgrees() throws {
        let temporary = try TemporaryDirectory(prefix: "unitpack-cldr-")
        _ = try BuildPipeline.build(source: Self.repository, output: temporary.path)
        let database = try UnitDatabase(directory: temporary.path)
        var covered = 0
        for testCase in try Self.cases() {
            guard let source = resolve(testCase.source, category: testCase.category, in: database),
                  let target = resolve(testCase.target, category: testCase.category, in: database),
                  source.category == target.category
            else { continue }
            covered += 1
            let expected = try #require(Double(testCase.expected.replacingOccurrences(of: ",", with: "")))
            let actual = try database.convert(1000, from: source, to: target)
            let tolerance = max(Self.allowance(testCase.expected) * 1.000001, abs(expected) * 1e-6)
            if let reason = Self.disagreements[testCase.source] {
                #expect(abs(actual - expected) > tolerance, "unitsTest.txt:\(testCase.line): \(testCase.source) now agrees; drop its entry (\(reason))")
                continue
            }
            #expect(abs(actual - expected) <= tolerance,
                    "unitsTest.txt:\(testCase.line): 1000 \(testCase.source) = \(testCase.expected) \(testCase.target), got \(actual) (\(source.key) -> \(target.key))")
        }
        // Raise this as the data grows: the cases the repository's units cover.
        #expect(covered >= 109, "only \(covered) CLDR cases covered")
    }
}
