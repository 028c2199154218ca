import Testing
import UnitpackCore
import UnitpackTestSupport

/// Names a small test vocabulary resolves; a name is its own atom.
private let names: Set<String> = [
    "kg", "m", "s", "N", "W", "K", "L", "km", "h", "ft", "lbf", "BTU", "°F", "J",
    "newton", "meters", "meter", "kelvin", "watt", "pound-force", "feet", "second", "US gallon", "gallon",
    "ватт", "метр", "кельвин", "км", "час", "кгс", "ньютон", "м",
]

private let english = ExpressionWords(
    per: ["per", "на"], times: ["times"], powerBefore: ["square": 2, "cubic": 3], powerAfter: ["squared": 2, "в квадрате": 2])

private func parse(_ text: String, words: ExpressionWords = english) throws(UnitExpressionError) -> UnitExpression<String> {
    try UnitExpression<String>.parse(text, words: words) { names.contains($0) ? $0 : nil }
}

/// `name^power` for each term, numbers as written back.
private func terms(_ text: String) throws -> [String] {
    try parse(text).terms.map { term in
        let base: String
        switch term.factor {
        case .atom(let name): base = name
        case .number(let value): base = UnitExpressionGrammar.numberText(value)
        }
        return "\(base)^\(term.power)"
    }
}

private func reason(_ text: String) -> UnitExpressionError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

@Suite struct UnitExpressionTests {
    @Test(arguments: [
        ("kg*m/s^2", ["kg^1", "m^1", "s^-2"]),
        ("kg·m·s⁻²", ["kg^1", "m^1", "s^-2"]),
        ("kg⋅m/s**2", ["kg^1", "m^1", "s^-2"]),
        ("N m", ["N^1", "m^1"]),
        ("W/(m*K)", ["W^1", "m^-1", "K^-1"]),
        ("BTU/(h*ft*°F)", ["BTU^1", "h^-1", "ft^-1", "°F^-1"]),
        ("W/m K", ["W^1", "m^-1", "K^-1"]),
        ("L/100 km", ["L^1", "100^-1", "km^-1"]),
        ("L/100km", ["L^1", "100^-1", "km^-1"]),
        ("m/s/s", ["m^1", "s^-1", "s^-1"]),
        ("kg/m*s", ["kg^1", "m^-1", "s^1"]),
        ("(m/s)^2", ["m^2", "s^-2"]),
        ("1/s", ["1^1", "s^-1"]),
        ("s^-1", ["s^-1"]),
        ("m²", ["m^2"]),
        ("newton meters", ["newton^1", "meters^1"]),
        ("pound-force feet", ["pound-force^1", "feet^1"]),
        ("watt per meter kelvin", ["watt^1", "meter^-1", "kelvin^-1"]),
        ("meter per second squared", ["meter^1", "second^-2"]),
        ("square meter kelvin", ["meter^2", "kelvin^1"]),
        ("cubic meter", ["meter^3"]),
        ("US gallon per second", ["US gallon^1", "second^-1"]),
        ("ватт на метр-кельвин", ["ватт^1", "метр^-1", "кельвин^-1"]),
        ("ньютон-метр", ["ньютон^1", "метр^1"]),
        ("метр в квадрате", ["метр^2"]),
        ("кгс·м", ["кгс^1", "м^1"]),
        ("km times h", ["km^1", "h^1"]),
    ])
    func reads(text: String, expected: [String]) throws {
        #expect(try terms(text) == expected)
    }

    @Test func ranges() throws {
        let expression = try parse("pound-force feet")
        #expect(expression.terms.map(\.range) == [0..<11, 12..<16])
        let quotient = try parse("W/(m*K)")
        #expect(quotient.terms.map(\.range) == [0..<1, 3..<4, 5..<6])
    }

    @Test func longestNameFirst() throws {
        // `US gallon` is one name, though `gallon` alone is one too.
        #expect(try terms("US gallon") == ["US gallon^1"])
    }

    @Test(arguments: [
        ("", UnitExpressionError.Reason.empty),
        ("   ", .empty),
        ("(m/s", .unbalancedParenthesis),
        ("m/s)", .unbalancedParenthesis),
        ("m^10", .badPower("^10")),
        ("m^0", .badPower("^0")),
        ("m^2.5", .badPower("^2.5")),
        ("m^", .badPower("^")),
        ("(m^5)^2", .badPower("10")),
        ("furlong", .unknownUnit("furlong")),
        ("m*furlong", .unknownUnit("furlong")),
        ("kg*", .missingOperand("*")),
        ("/s", .missingOperand("/")),
        ("m per", .missingOperand("per")),
        ("square", .danglingPower("square")),
        ("^2", .danglingPower("^")),
    ])
    func refuses(text: String, expected: UnitExpressionError.Reason) {
        #expect(reason(text)?.reason == expected)
    }

    @Test func unknownUnitIsLocated() {
        let error = reason("kg*m/furlong^2")
        #expect(error?.range == 5..<12)
        #expect(error?.description == "no unit named 'furlong'")
    }

    @Test func depthAndLengthAreBounded() {
        let deep = String(repeating: "(", count: 40) + "m" + String(repeating: ")", count: 40)
        #expect(reason(deep)?.reason == .tooDeep)
        let long = Array(repeating: "m", count: 100).joined(separator: "*")
        #expect(reason(long)?.reason == .tooManyTerms)
    }

    /// A name an operator word begins was read as one name because it touched
    /// a parenthesis; its canonical text keeps the parentheses, or `times`
    /// would read as an operator (found by fuzzing, Fuzz/corpus/expression).
    @Test func aNameAnOperatorWordBeginsPrintsInParentheses() throws {
        let words = ExpressionWords(per: ["per"], times: ["times"])
        let expression = try UnitExpression<String>.parse("(times x)*m", words: words, resolve: { $0 })
        let canonical = expression.canonicalText(name: { $0 }, words: words)
        #expect(canonical == "(times x)*m")
        let again = try UnitExpression<String>.parse(canonical, words: words, resolve: { $0 })
        #expect(again.terms.map(\.factor) == expression.canonicalTerms.map(\.factor))
        #expect(expression.canonicalText(name: { $0 }) == "(times x)*m", "several words: in parentheses whatever the words")
        #expect(try UnitExpression<String>.parse("kg*m", words: words, resolve: { $0 }).canonicalText(name: { $0 }, words: words) == "kg*m")
    }

    /// A piece of a hyphenated word that begins with a digit (`2c` of
    /// `a-b-2c`) starts no name: the canonical text writes each name at a
    /// token's start, where `2c` reads as the number 2 and a name (found by
    /// fuzzing: Fuzz/corpus/expression/regression-a-name-that-prints-from-a-digit).
    @Test func noNameStartsAtAPieceThatBeginsWithADigit() throws {
        let split: (String) -> String? = { ["a-b", "2c d"].contains($0) ? $0 : nil }
        #expect(throws: UnitExpressionError.self) { try UnitExpression<String>.parse("a-b-2c d", resolve: split) }
        do {
            _ = try UnitExpression<String>.parse("a-b-2c d", resolve: split)
        } catch {
            #expect(error.reason == .unknownUnit("2c d"), "the piece no name may start from: \(error)")
            #expect(error.range == 4..<8)
        }
        // Read as a name that starts before it, it prints and reads back.
        let whole: (String) -> String? = { ["a-b-2c", "d"].contains($0) ? $0 : nil }
        let expression = try UnitExpression<String>.parse("a-b-2c d", resolve: whole)
        #expect(expression.terms.map(\.factor) == [.atom("a-b-2c"), .atom("d")])
        let canonical = expression.canonicalText(name: { $0 })
        #expect(canonical == "a-b-2c*d")
        #expect(try UnitExpression<String>.parse(canonical, resolve: whole).terms.map(\.factor) == expression.canonicalTerms.map(\.factor))
        // A number of its own still reads as one: `2 c`, `N-m 2`.
        #expect(try UnitExpression<String>.parse("2*c", resolve: { $0 }).terms.map(\.factor) == [.number(2), .atom("c")])
    }

    /// Seeded random expressions: the canonical text reads back to the same terms.
    @Test func canonicalTextReadsBack() throws {
        var random = SeededGenerator(seed: 19)
        let atoms = ["kg", "m", "s", "N", "W", "K", "L", "km", "h", "ft", "lbf", "BTU", "°F", "J"]
        for _ in 0..<500 {
            var text = ""
            for n in 0..<Int.random(in: 1...5, using: &random) {
                if n > 0 { text += ["*", "/", " ", "·", " per "].randomElement(using: &random)! }
                if Int.random(in: 0..<8, using: &random) == 0 {
                    text += ["100", "3.5", "0.001"].randomElement(using: &random)!
                } else {
                    text += atoms.randomElement(using: &random)!
                }
                if Bool.random(using: &random) { text += "^" + String(Int.random(in: 1...3, using: &random)) }
            }
            let expression = try parse(text)
            let canonical = expression.canonicalText { $0 }
            let again = try parse(canonical)
            func written(_ terms: [UnitExpression<String>.Term]) -> String {
                terms.map { "\($0.factor)^\($0.power)" }.joined(separator: " ")
            }
            #expect(written(again.terms) == written(expression.canonicalTerms), "\(text) -> \(canonical)")
        }
    }

    @Test(arguments: [(100.0, "100"), (3.5, "3.5"), (0.00001, "0.00001"), (1e21, "1000000000000000000000")])
    func numbersAreWrittenPlain(value: Double, text: String) {
        #expect(UnitExpressionGrammar.numberText(value) == text)
    }
}
