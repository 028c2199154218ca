import Foundation
import Testing
import UnitpackCompiler
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// CLDR's unit conversion test data (testData/units/unitsTest.txt): every
/// case whose two units the repository has, as units or as expressions of
/// its units (`kilogram-square-meter-per-square-second`), must agree, at the precision the
/// file gives or to 1e-6 relative, whichever is looser (the file rounds to
/// about seven significant digits: `1000 acre = 4046856.0` for 4046856.4224;
/// ICU's own test of this file allows 1e-6 relative). A CLDR unit id is found by its words (`square-meter` is the
/// unit named or also called "square meter") in the category of that name.
@Suite struct CLDRUnitsTests {
    /// Database/, where CLDR's test data is kept (Database/CLDR).
    static let here = TestPaths.tests.appendingPathComponent("Database")
    static let repository = TestPaths.repository.path
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
        "fluid-ounce-imperial": "imperial fluid ounce", "ounce-troy": "troy ounce", "pound-force-foot": "pound-force foot",
        "pound-force-per-square-inch": "pound-force per square inch", "mile-scandinavian": "Scandinavian mile",
        "cup-metric": "metric cup", "quart-imperial": "imperial quart", "gallon-imperial": "imperial gallon",
        "mile-per-gallon-imperial": "mile per imperial gallon", "millimeter-ofhg": "millimeter of mercury",
        "inch-ofhg": "inch of mercury", "foodcalorie": "food calorie", "permillion": "part per million",
        "portion": "ratio", "day-person": "day", "week-person": "week", "month-person": "month", "year-person": "year",
    ]
    /// CLDR ids that name a different unit than ours of the same name, or a
    /// different value of it, and why ours stands. Checked to disagree, so an
    /// entry goes stale loudly.
    static let disagreements = [
        "solar-mass": "ours is IAU 2015's nominal GM divided by CODATA 2018's G (1.98841e30 kg); CLDR keeps the older 1.98847e30",
        "drop": "CLDR's drop is 1/576 US fl oz (0.0513 mL); ours is the metric drop of 0.05 mL used in medicine",
        "dessert-spoon": "CLDR's is 1/16 US fl oz (1.85 mL); ours is the 10 mL dessert spoon of British and Australian recipes",
        "british-thermal-unit": "CLDR's is the ISO 31-4 Btu (1054.350 J); ours is the International Table Btu (1055.05585262 J, NIST SP 811), which GNU units' BTU also is",
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

    func resolve(_ id: String, category: String, in database: UnitDatabase) -> UnitpackRuntime.MeasureUnit? {
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

    /// A CLDR compound id (`kilogram-square-meter-per-square-second`,
    /// `liter-per-100-kilometer`) written in our expression grammar
    /// (`kilogram*meter^2/second^2`): each simple id by the rules of
    /// `resolve`, `square-`/`cubic-`/`powN-` as powers, `-per-` as `/`.
    static func expression(_ id: String) -> String? {
        let sides = id.components(separatedBy: "-per-")
        guard sides.count <= 2 else { return nil }
        func product(_ side: String) -> String? {
            var pieces = side.split(separator: "-").map(String.init)
            var factors: [String] = []
            while !pieces.isEmpty {
                var power = 1
                switch pieces[0] {
                case "square": power = 2; pieces.removeFirst()
                case "cubic": power = 3; pieces.removeFirst()
                case let word where word.hasPrefix("pow") && Int(word.dropFirst(3)) != nil:
                    power = Int(word.dropFirst(3))!; pieces.removeFirst()
                default: break
                }
                guard !pieces.isEmpty else { return nil }
                // The longest run of pieces that is one simple id: ours by name, or by `ids`.
                var taken = 1
                for length in stride(from: pieces.count, through: 1, by: -1) {
                    let run = pieces[0..<length].joined(separator: "-")
                    if ids[run] != nil || length == 1 { taken = length; break }
                }
                let run = pieces[0..<taken].joined(separator: "-")
                pieces.removeFirst(taken)
                let word = ids[run].map { $0.isEmpty ? "100*kilometer" : $0 } ?? run
                factors.append(power == 1 ? word : "(\(word))^\(power)")
            }
            return factors.joined(separator: "*")
        }
        guard let up = product(sides[0]) else { return nil }
        guard sides.count == 2 else { return up }
        guard let down = product(sides[1]) else { return nil }
        return up + "/(" + down + ")"
    }

    /// The units a CLDR id names: the one simple unit `resolve` finds, else
    /// the id read as an expression of our units (`units(of:)`), those of
    /// the case's category first.
    func units(_ id: String, category: String, in database: UnitDatabase) -> [UnitpackRuntime.MeasureUnit] {
        let named = resolve(id, category: category, in: database).map { [$0] } ?? []
        guard let text = Self.expression(id), let found = try? database.candidatesOrExpression(text) else { return named }
        let ours = Self.categories[category] ?? category
        return named + found.filter { $0.category == ours && !named.contains($0) } + found.filter { $0.category != ours && !named.contains($0) }
    }

    /// Ids of unitsTest.txt no unit or expression here names, and why. Every
    /// case left out has one; the test checks the list is exact.
    static let missing: [String: String] = [
        "dot": "no typographic dot here", "dot-per-centimeter": "no dot here", "dot-per-inch": "no dot here",
        "megapixel": "no pixel counts here (our pixel is a length of typography)", "em": "no em here (it depends on the font)",
        "pinch": "no pinch here: no authority fixes it", "dessert-spoon-imperial": "no imperial dessert spoon here",
        "pint-metric": "no metric pint here",
        "item": "a mole is a base dimension here, not a count of 6.02214076e23 items",
        "item-per-cubic-meter": "a mole is a base dimension here, not a count of items",
        "item-per-kilogram": "a mole is a base dimension here, not a count of items",
        "kilogram-item-per-kilogram-cubic-meter": "a mole is a base dimension here, not a count of items",
        "ofglucose": "no glucose-specific units here", "milligram-ofglucose-per-deciliter": "no glucose-specific units here",
        "ofhg": "no mercury column per length here",
        "lux in candela-per-square-meter": "the steradian is a dimension here: lux is cd·sr/m², not cd/m²",
        "lumen in candela-square-meter-per-square-meter": "the steradian is a dimension here: lumen is cd·sr, not cd",
        "dram in cubic-meter": "our dram is the avoirdupois mass unit; CLDR's is the US fluid dram, which we do not have",
        "dalton in kilogram-square-meter-per-square-second": "no dalton here (CLDR counts its mass-energy equivalent as energy)",
    ]

    @Test func everyCoveredCaseAgrees() throws {
        let database = try UnitDatabase(directory: RepositoryBuild.directory())
        var covered = 0
        var leftOut: [String: Int] = [:]
        let cases = try Self.cases()
        for testCase in cases {
            let sources = units(testCase.source, category: testCase.category, in: database)
            let targets = units(testCase.target, category: testCase.category, in: database)
            // Same category first, then what converts across categories (`hertz` to `revolution-per-second`).
            let pairs = sources.flatMap { s in targets.filter { $0.category == s.category }.map { (s, $0) } }
                + sources.flatMap { s in targets.filter { $0.category != s.category }.map { (s, $0) } }
            guard let (source, target) = pairs.first(where: { (try? database.convert(1, from: $0.0, to: $0.1)) != nil })
            else {
                for (id, found) in [(testCase.source, sources), (testCase.target, targets)] where found.isEmpty {
                    leftOut[id, default: 0] += 1
                }
                if !sources.isEmpty && !targets.isEmpty { leftOut["\(testCase.source) in \(testCase.target)", default: 0] += 1 }
                continue
            }
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
        #expect(Set(leftOut.keys) == Set(Self.missing.keys), "left out: \(leftOut.sorted { $0.key < $1.key })")
        // Every case is covered or left out for a listed missing unit (18 cases).
        #expect(covered == 170, "\(covered) of \(cases.count) CLDR cases covered")
        #expect(cases.count == 188)
    }
}
