import Foundation
import Testing
import UnitpackCompiler
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// CLDR's unit preference test data (testData/units/unitPreferencesTest.txt):
/// every case, mixed outputs included, must come out of `bestTarget` as CLDR
/// says: the same units (a mixed unit's parts, largest first) and the same
/// value, to 1e-6 relative. A case whose output is a unit we lack is listed
/// with that unit (`missing`) and counted; a case we answer differently on
/// purpose is listed with the reason (`disagreements`) and checked to differ.
@Suite struct CLDRPreferencesTests {
    struct Case {
        let line: Int
        let quantity: String
        let usage: String
        let region: String
        let input: Double
        let inputUnit: String
        /// CLDR's answer, one (value, unit) per part, largest first: every
        /// part but the last is whole, the last keeps the remainder.
        let output: [(value: Double, unit: String)]

        var key: String { "\(quantity) \(usage) \(region) \(input) \(inputUnit)" }
    }

    /// CLDR ids of the file that are not a name or synonym of the unit, and
    /// that unit (our key). The inputs are CLDR's base units, spelt as SI
    /// products; `-person` units are CLDR's way to pick plural forms for
    /// ages, the plain units here.
    static let units: [String: String] = [
        "kilogram-square-meter-per-square-second": "energy/joule",
        "kilogram-square-meter-per-cubic-second": "power/watt",
        "kilogram-per-meter-square-second": "pressure/pascal",
        "year-person": "time/year",
        "month-person": "time/month",
        "millimole-per-liter": "molar-concentration/mole per cubic meter",
        "milligram-ofglucose-per-deciliter": "mass-concentration/milligram per deciliter",
        "liter-per-100-kilometer": "fuel-consumption/liter per 100 kilometers",
        "mile-per-gallon-imperial": "fuel-consumption/mile per imperial gallon",
        "mile-scandinavian": "length/Scandinavian mile",
        "foodcalorie": "energy/food calorie",
        "inch-ofhg": "pressure/inch of mercury",
        "millimeter-ofhg": "pressure/millimeter of mercury",
        "pound-force-per-square-inch": "pressure/pound-force per square inch",
        "gallon-imperial": "volume/imperial gallon",
        "fluid-ounce-imperial": "volume/imperial fluid ounce",
    ]

    /// CLDR quantities named otherwise here (the rest as CLDRUnitsTests maps them).
    /// CLDR's concentration spans several of our categories: its blood-glucose
    /// answers are named in `units`, its default answer is its base unit,
    /// item-per-cubic-meter, our number concentration.
    static let quantities = ["mass-density": "density", "concentration": "number-concentration"]

    /// Input units we lack that are an exact multiple of one of ours, by the
    /// category of CLDR's answer: (our key, how many of it one CLDR unit is).
    /// An item per cubic meter is 1/N_A mol/m³ (N_A exact since 2019); of
    /// glucose, whose molar mass CLDR takes as 180.1557 g/mol, that is
    /// 0.1801557/N_A kg/m³. A cubic meter per meter is 10^8 L/100 km.
    static let scaledInputs: [String: [String: (key: String, factor: Double)]] = [
        "item-per-cubic-meter": [
            "molar-concentration": ("molar-concentration/mole per cubic meter", 1 / 6.02214076e23),
            "mass-concentration": ("mass-concentration/kilogram per cubic meter", 0.1801557 / 6.02214076e23),
        ],
        "cubic-meter-per-meter": ["fuel-consumption": ("fuel-consumption/liter per 100 kilometers", 1e8)],
    ]

    /// Output units we do not have, each with the reason: the cases answered
    /// in them cannot be covered, and are counted (`uncoveredCases`). None
    /// since number-concentration/item per cubic meter, CLDR's answer of
    /// `concentration; default; 001`.
    static let missing: [String: String] = [:]
    static let uncoveredCases = 0

    /// Cases we answer differently on purpose, and why. Checked to differ, so
    /// an entry goes stale loudly.
    static let disagreements: [String: String] = [
        "year-duration default 001 0.075 year": """
            CLDR keeps year-based durations (year, month) apart from the rest; our time category has \
            one default list, year to nanosecond, so under a month it goes on to days (27.4 days, not 0.9 month)
            """,
    ]

    static func lines() throws -> [(number: Int, text: Substring)] {
        let text = try String(
            contentsOf: CLDRUnitsTests.here.appendingPathComponent("CLDR/unitPreferencesTest.txt"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.hasPrefix("#") || line.isEmpty ? nil : (index + 1, line)
        }
    }

    /// `Quantity; Usage; Region; Input (r); Input (d); Input MeasureUnit;` then the
    /// output: `Output (r); Output (d); Output MeasureUnit` for one unit; for a mixed
    /// unit first `integer; unit` per part but the last, then the last's
    /// rational, double and unit. Nil for a line that is neither.
    static func parse(_ line: Substring, number: Int) -> Case? {
        let f = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard f.count >= 9, (f.count - 9) % 2 == 0, let input = Double(f[4]) else { return nil }
        var output: [(value: Double, unit: String)] = []
        var index = 6
        while f.count - index > 3 {
            guard let whole = Int(f[index]) else { return nil }
            output.append((Double(whole), f[index + 1]))
            index += 2
        }
        guard let last = Double(f[index + 1]) else { return nil }
        output.append((last, f[index + 2]))
        return Case(
            line: number, quantity: f[0], usage: f[1], region: f[2], input: input, inputUnit: f[5], output: output)
    }

    func resolve(_ id: String, category: String?, in database: UnitDatabase) -> UnitpackRuntime.MeasureUnit? {
        if let key = Self.units[id] { return try? database.unit(key: key) }
        let text = CLDRUnitsTests.ids[id] ?? id.replacingOccurrences(of: "-", with: " ")
        guard let found = try? database.candidates(for: text) else { return nil }
        let inCategory = found.filter { category == nil || $0.category == category }
        return inCategory.count == 1 ? inCategory[0] : nil
    }

    /// A target's value as CLDR writes it: every part but the last whole,
    /// floored toward zero, the last the remainder. The floor allows 1e-12
    /// relative, as the file's exact rationals do: 0.9144 m is 3 ft 0 in,
    /// though 0.9144 / 0.3048 is 2.9999999999999996 in binary.
    static func parts(_ target: PreferredTarget, in database: UnitDatabase) throws -> [Double] {
        var values: [Double] = []
        var rest = target.value
        for index in target.units.indices.dropLast() {
            let whole = (rest * (1 + 1e-12)).rounded(.towardZero)
            values.append(whole)
            let remainder = try database.convert(rest - whole, from: target.units[index], to: target.units[index + 1])
            // The allowance can take a hair more than there was: nothing is left then.
            rest = remainder.sign == rest.sign ? remainder : 0
        }
        values.append(rest)
        return values
    }

    /// Whether `target` is CLDR's answer: the same units, whole parts equal,
    /// the last part to 1e-6 of the whole value in that unit (relative to the
    /// quantity, so that a remainder of 0 is compared too).
    static func agrees(_ target: PreferredTarget?, _ expected: [UnitpackRuntime.MeasureUnit], _ testCase: Case, in database: UnitDatabase)
        throws -> Bool
    {
        guard let target, target.units.map(\.id) == expected.map(\.id) else { return false }
        let values = try parts(target, in: database)
        let whole = try database.convert(target.value, from: target.unit, to: expected[expected.count - 1])
        for (index, (value, part)) in zip(values, testCase.output).enumerated() {
            if index < values.count - 1 {
                guard value == part.value else { return false }
            } else {
                guard abs(value - part.value) <= max(abs(part.value), abs(whole)) * 1e-6 else { return false }
            }
        }
        return true
    }

    @Test func everyCaseIsCoveredOrListed() throws {
        let database = try UnitDatabase(directory: RepositoryBuild.directory())
        let lines = try Self.lines()
        let cases = lines.compactMap { Self.parse($0.text, number: $0.number) }
        #expect(cases.count == lines.count, "lines of unitPreferencesTest.txt that did not parse")
        #expect(cases.count == 352, "the CLDR 41 file has 352 cases")
        #expect(cases.filter { $0.output.count > 1 }.count == 21, "of which 21 mixed")

        var covered = 0, uncovered = 0, disagreeing = 0
        for testCase in cases {
            let where_ = "unitPreferencesTest.txt:\(testCase.line): \(testCase.input) \(testCase.inputUnit), \(testCase.usage), \(testCase.region)"
            if testCase.output.contains(where: { Self.missing[$0.unit] != nil }) {
                uncovered += 1
                continue
            }
            let category = Self.quantities[testCase.quantity] ?? CLDRUnitsTests.categories[testCase.quantity] ?? testCase.quantity
            let first = resolve(testCase.output[0].unit, category: Self.units[testCase.output[0].unit] == nil ? category : nil, in: database)
            let expected = testCase.output.compactMap { part in resolve(part.unit, category: first?.category, in: database) }
            guard let first, expected.count == testCase.output.count else {
                Issue.record("\(where_): no unit of ours for \(testCase.output.map(\.unit)) (add it to units, or to missing)")
                continue
            }
            let source: UnitpackRuntime.MeasureUnit, value: Double
            if let scaled = Self.scaledInputs[testCase.inputUnit]?[first.category] {
                source = try database.unit(key: scaled.key)
                value = testCase.input * scaled.factor
            } else if let unit = resolve(testCase.inputUnit, category: first.category, in: database) {
                (source, value) = (unit, testCase.input)
            } else {
                Issue.record("\(where_): no unit of ours for the input \(testCase.inputUnit)")
                continue
            }
            covered += 1
            let best = try database.bestTarget(for: value, in: source, region: testCase.region, usage: testCase.usage)
            if let reason = Self.disagreements[testCase.key] {
                disagreeing += 1
                #expect(try !Self.agrees(best, expected, testCase, in: database), "\(testCase.key) now agrees; drop its entry (\(reason))")
                continue
            }
            let shown = try best.map { target in
                zip(try Self.parts(target, in: database), target.units).map { "\($0) \($1.name)" }.joined(separator: " ")
            }
            #expect(
                try Self.agrees(best, expected, testCase, in: database),
                "\(where_): \(shown ?? "no list"), CLDR \(testCase.output.map { "\($0.value) \($0.unit)" }.joined(separator: " "))")
        }
        #expect(uncovered == Self.uncoveredCases, "cases answered in a unit we lack (\(Self.missing.keys.sorted()))")
        #expect(covered == cases.count - Self.uncoveredCases, "every other case is covered")
        #expect(disagreeing == Self.disagreements.count, "every disagreement is a case of the file")
    }

    /// The splitting the test does, on CLDR's own examples of the file's header.
    @Test func partsFollowCLDRsConvention() throws {
        let database = try UnitDatabase(directory: RepositoryBuild.directory())
        let foot = try database.unit(key: "length/foot"), inch = try database.unit(key: "length/inch")
        func split(_ meters: Double) throws -> [Double] {
            try Self.parts(PreferredTarget(units: [foot, inch], value: meters / 0.3048), in: database)
        }
        #expect(try split(0.27432).first == 0)
        #expect(abs(try split(0.27432)[1] - 10.8) < 1e-9)
        #expect(try split(0.9144) == [3, 0])
        let height = try split(1.8)
        #expect(height[0] == 5 && abs(height[1] - 10.866141732283) < 1e-9)
        #expect(try split(-1.8)[0] == -5, "toward zero")
    }
}
