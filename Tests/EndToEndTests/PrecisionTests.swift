import Foundation
import Testing

/// Issue 21, finding 7: a result keeps the digits of the value typed (6 to
/// 15), binary noise is trimmed, `--precision` sets the digits, `--json`
/// carries the full double, and a rounded result reads `≈`, never `=`.
@Suite struct PrecisionTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test func aResultKeepsTheDigitsTyped() throws {
        let cases: [([String], String)] = [
            (["1234567.5", "m", "ft"], "1,234,567.5 meters ≈ 4,050,418.3 feet\n"),
            (["1234567.5 m in ft"], "1,234,567.5 meters ≈ 4,050,418.3 feet\n"),
            (["1234567.5", "m", "m"], "1,234,567.5 meters = 1,234,567.5 meters\n"),
            (["9999999", "m", "m"], "9,999,999 meters = 9,999,999 meters\n"),
            (["100000.5", "m", "m"], "100,000.5 meters = 100,000.5 meters\n"),
            (["100000.5 m in m"], "100,000.5 meters = 100,000.5 meters\n"),
            // Fewer digits typed than 6: 6 are shown.
            (["1", "knot", "m/s"], "1 knot ≈ 0.514444 meters per second\n"),
            // Words state no precision: 6.
            (["thirty-four feet in meters"], "34 feet = 10.3632 meters\n"),
            (["one mile in feet"], "1 mile = 5,280 feet\n"),
            // More than 15 digits typed: 15.
            (["1.2345678901234567", "m", "ft"], "1.2345678901234567 meters = 4.05041958701921 feet\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
        }
    }

    @Test func binaryNoiseIsTrimmed() throws {
        for precision in [[], ["--precision", "15"]] {
            #expect(try database.convert(precision + ["0", "°C", "°F"]).stdout == "0 degrees Celsius ≈ 32 degrees Fahrenheit\n")
            #expect(try database.convert(precision + ["-40", "°C", "°F"]).stdout == "-40 degrees Celsius ≈ -40 degrees Fahrenheit\n")
            #expect(try database.convert(precision + ["-t", "100", "°C", "°F"]).stdout == "212\n")
        }
    }

    @Test func precisionSetsTheDigits() throws {
        #expect(try database.convert(["--precision", "3", "1234567.5", "m", "ft"]).stdout == "1,234,567.5 meters ≈ 4,050,000 feet\n")
        #expect(try database.convert(["--precision", "10", "1", "knot", "m/s"]).stdout
            == "1 knot ≈ 0.5144444444 meters per second\n")
        let bad = try database.convert(["--precision", "18", "1", "m", "ft"])
        #expect(bad.status == 64, "\(bad)")
    }

    @Test func jsonCarriesTheFullDouble() throws {
        let result = try database.convert(["--json", "1234567.5 m in ft"])
        #expect(result.status == 0, "\(result)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let value = try #require(report?["result"] as? Double)
        #expect(value == 1234567.5 / 0.3048)
        #expect(result.stdout.contains("\"result\":4050418.307086614"), "\(result)")
    }

    /// `=` only when the number shown is the result (to 15 digits): a
    /// rounded number, or a mixed result whose last part was rounded, reads `≈`.
    @Test func onlyAnExactResultIsWrittenWithEquals() throws {
        let cases: [([String], String)] = [
            (["1", "ft", "in"], "1 foot = 12 inches\n"),
            (["1", "mi", "km"], "1 mile ≈ 1.60934 kilometers\n"),
            (["--precision", "7", "1", "mi", "km"], "1 mile = 1.609344 kilometers\n"),
            (["180", "cm", "ft+in"], "180 centimeters ≈ 5 feet 11 inches\n"),
            (["72", "in", "ft+in"], "72 inches = 6 feet\n"),
            (["--lang", "ru", "1", "mi", "km"], "1 миля ≈ 1,60934 километра\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
        }
    }
}
