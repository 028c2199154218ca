import Foundation
import Testing

/// `unitpack convert` with unit expressions (issue 19, docs/expressions.md):
/// the issue's examples as phrases, as VALUE FROM TO and in `--batch`, and
/// what an expression that cannot be read says, with its position.
@Suite struct ExpressionCommandTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test func theIssuesExamples() throws {
        let cases: [([String], String)] = [
            // In words, from the parts' names and the language's compound patterns.
            (["50 N*m in lbf*ft"], "50 newton meters ≈ 36.8781 pound-force feet\n"),
            (["--symbols", "50 N*m in lbf*ft"], "50 N·m ≈ 36.8781 lbf·ft\n"),
            // An expression equal to a named unit is shown by its name.
            (["1 kg*m/s^2 in N"], "1 kilogram meter per square second = 1 newton\n"),
            // °F inside a product is a degree of difference, as handbooks mean it.
            (["1 W/(m*K) in BTU/(h*ft*°F)"],
             "1 watt per meter kelvin ≈ 0.577789 British thermal units per hour foot degree Fahrenheit (difference)\n"),
            (["--symbols", "1 W/(m*K) in BTU/(h*ft*°F)"], "1 W/(m·K) ≈ 0.577789 BTU/(h·ft·F°)\n"),
            (["5 Н·м в кгс·м"], "5 ньютон-метров ≈ 0,509858 килограмм-сила-метра\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
            #expect(result.stderr == "", "\(arguments)")
        }
    }

    @Test func valueFromTo() throws {
        let cases: [([String], String)] = [
            (["1", "kg*m/s^2", "N"], "1 kilogram meter per square second = 1 newton\n"),
            (["50", "N*m", "lbf*ft"], "50 newton meters ≈ 36.8781 pound-force feet\n"),
            (["--symbols", "1", "W/(m*K)", "BTU/(h*ft*°F)"], "1 W/(m·K) ≈ 0.577789 BTU/(h·ft·F°)\n"),
            (["-t", "--precision", "15", "1", "kg*m/s^2", "lbf"], "0.22480894309971\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout == expected, "\(arguments)")
            #expect(result.stderr == "", "\(arguments)")
        }
    }

    @Test func batchLinesReadExpressions() throws {
        let input = """
            50 N*m in lbf*ft
            1\tkg*m/s^2\tN
            1\tW/(m*K)\tBTU/(h*ft*°F)
            5 Н·м в кгс·м
            1\tm^10\tft
            1 W/(m*K in W/(m*K)

            """
        let result = try database.convert(["--batch", "--terse", "--precision", "15"], input: input)
        // A bad line is reported in its place and the others are still converted.
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == """
            36.8781074638633
            1
            0.577789316542998
            0.509858106488964
            error: cannot read 'm^10' as a unit: '^10' is not a power: write a whole number from -9 to 9, not 0 (at character 2)
            error: not understood: cannot read 'W/(m*K' as a unit: parentheses do not balance (at character 3)

            """)
    }

    /// Each bad expression: exit status 1, the reason and the position in the
    /// unit's text (Unicode scalars, from 1), nothing on standard output.
    @Test func badExpressionsSayWhatAndWhere() throws {
        let power = "is not a power: write a whole number from -9 to 9, not 0"
        let cases: [([String], String)] = [
            (["1 W/(m*K in W/(m*K)"],
             "error: not understood: cannot read 'W/(m*K' as a unit: parentheses do not balance (at character 3)\n"),
            (["1 m/s) in km/h"],
             "error: not understood: cannot read 'm/s)' as a unit: parentheses do not balance (at character 4)\n"),
            (["1 m*furlongx in m^2"],
             "error: not understood: cannot read 'm*furlongx' as a unit: no unit named 'furlongx' (at character 3)\n"),
            (["1 m^10 in ft^10"], "error: not understood: cannot read 'm^10' as a unit: '^10' \(power) (at character 2)\n"),
            (["1 m^2.5 in ft^2.5"], "error: not understood: cannot read 'm^2.5' as a unit: '^2.5' \(power) (at character 2)\n"),
            // The cotton count is an inverse unit: it has no factor to multiply.
            (["1 Ne*m in m"],
             "error: not understood: 'Ne' is linear-density/cotton count, which converts by a formula or inversely, not by a factor: "
                + "it cannot be multiplied or divided\n"),
            (["1", "W/(m*K", "W/(m*K)"], "error: cannot read 'W/(m*K' as a unit: parentheses do not balance (at character 3)\n"),
            (["1", "m^2.5", "ft"], "error: cannot read 'm^2.5' as a unit: '^2.5' \(power) (at character 2)\n"),
            (["1", "m*furlongx", "m^2"], "error: cannot read 'm*furlongx' as a unit: no unit named 'furlongx' (at character 3)\n"),
            (["1", "Ne*m", "m"],
             "error: 'Ne' is linear-density/cotton count, which converts by a formula or inversely, not by a factor: "
                + "it cannot be multiplied or divided\n"),
        ]
        for (arguments, expected) in cases {
            let result = try database.convert(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr == expected, "\(arguments)")
        }
    }
}
