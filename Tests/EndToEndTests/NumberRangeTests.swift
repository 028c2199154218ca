import Testing

/// Issue 37, findings 4 and 5, through the command: a number typed past a
/// Double's range and a result that underflows are refused with their
/// reason (never `= 0`), and `=` is written only for the exact digits.
@Suite struct NumberRangeTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    static let tooSmall = "is too small for a Double (at least 2.2250738585072014e-308 unless 0)"

    /// Finding 4: the results were `= 0 petameters` and 1.2% off, after `=`.
    @Test func aResultThatUnderflowsIsRefused() throws {
        let underflow =
            "error: conversion failed: underflow: a value or result is too small for a Double (below 2.2250738585072014e-308), its digits lost\n"
        for arguments in [["1e-300", "pm", "Pm"], ["1e-300 pm in Pm"], ["1e-307", "m", "km"]] {
            let result = try database.convert(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stdout == "", "\(arguments): \(result)")
            #expect(result.stderr == underflow, "\(arguments): \(result)")
        }
        // As an overflow in the same places is.
        let overflow = try database.convert(["1e300", "Pm", "pm"])
        #expect(overflow.status == 1 && overflow.stderr == "error: conversion failed: overflow: a result is too large for a Double\n")
        // --batch answers each line as convert does.
        let batch = try database.convert(["--batch"], input: "1e-300\tpm\tPm\n1\tft\tin\n")
        #expect(batch.status == 1, "\(batch)")
        #expect(batch.stdout == underflow.dropLast() + "\n1 foot = 12 inches\n", "\(batch)")
    }

    /// Finding 4: `1e-400 m km` was echoed as `0 meters = 0 kilometers`; a
    /// number that changes when read is refused, naming it as typed.
    @Test func aValueOutOfRangeWhenReadIsRefusedAsTyped() throws {
        let cases: [([String], String)] = [
            (["1e-400", "m", "km"], "1e-400' \(Self.tooSmall): it would read as 0"),
            (["-1e-400", "m", "km"], "-1e-400' \(Self.tooSmall): it would read as 0"),
            (["1e-322", "km", "m"], "1e-322' \(Self.tooSmall): it would lose digits (a subnormal number)"),
            (["1e400", "m", "km"], "1e400' is too large for a Double (at most 1.7976931348623157e308)"),
        ]
        for (arguments, reason) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stdout == "", "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("Error: the value: the number '\(reason)\n"), "\(arguments): \(result)")
        }
        for (phrase, reason) in [
            ("1e-400 m in km", "1e-400' \(Self.tooSmall): it would read as 0"),
            ("1e-322 km in m", "1e-322' \(Self.tooSmall): it would lose digits (a subnormal number)"),
            ("1e400 m in km", "1e400' is too large for a Double (at most 1.7976931348623157e308)"),
        ] {
            let result = try database.convert([phrase])
            #expect(result.status == 1, "\(phrase): \(result)")
            #expect(result.stdout == "", "\(phrase): \(result)")
            #expect(result.stderr == "error: not understood: the number '\(reason)\n", "\(phrase): \(result)")
        }
    }

    /// Finding 5: `=` only when the digits written are the result's exact
    /// value to 15 digits; a number trimmed of binary noise is `≈`.
    @Test func equalsOnlyForTheExactDigits() throws {
        let cases: [([String], String)] = [
            (["1.999999999999991", "m", "m"], "1.999999999999991 meters ≈ 2 meters\n"),
            (["1.99999999999999", "m", "m"], "1.99999999999999 meters = 1.99999999999999 meters\n"),
            (["--precision", "17", "0.1", "m", "m"], "0.1 meters = 0.1 meters\n"),
            (["--precision", "17", "1", "knot", "m/s"], "1 knot ≈ 0.5144444444444445 meters per second\n"),
            (["0", "°C", "°F"], "0 degrees Celsius ≈ 32 degrees Fahrenheit\n"),
            (["1", "ft", "in"], "1 foot = 12 inches\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments): \(result)")
            #expect(result.stderr == "", "\(arguments): \(result)")
        }
    }
}
