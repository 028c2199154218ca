import Testing
import UnitpackTestSupport
import UnitpackCore

private func parse(_ text: String) throws(FormulaSyntaxError) -> FormulaExpression {
    try Formula(parsing: text).expression
}

/// The error `text` fails with, or nil when it parses.
private func syntaxError(_ text: String) -> FormulaSyntaxError? {
    do {
        _ = try Formula(parsing: text)
        return nil
    } catch {
        return error
    }
}

private let x = FormulaExpression.variable
private func n(_ value: Double) -> FormulaExpression { .number(value) }
private func bin(_ op: FormulaOperator, _ a: FormulaExpression, _ b: FormulaExpression) -> FormulaExpression {
    .binary(op, a, b)
}

@Suite("Formula parser")
struct FormulaParserTests {
    @Test func parsesTheUnitFileExamples() throws {
        #expect(try parse("(X-32)*5/9+273.15")
            == bin(.add, bin(.divide, bin(.multiply, bin(.subtract, x, n(32)), n(5)), n(9)), n(273.15)))
        #expect(try parse("16.666666667/X") == bin(.divide, n(16.666666667), x))
        #expect(try parse("1852/3600") == bin(.divide, n(1852), n(3600)))
        #expect(try parse("pow(X,2)") == .call(.pow, [x, n(2)]))
    }

    @Test(arguments: [
        ("1+2*3", bin(.add, n(1), bin(.multiply, n(2), n(3)))),
        ("1*2+3", bin(.add, bin(.multiply, n(1), n(2)), n(3))),
        ("X-2-3", bin(.subtract, bin(.subtract, x, n(2)), n(3))),
        ("X/2/3", bin(.divide, bin(.divide, x, n(2)), n(3))),
        ("X/2*3", bin(.multiply, bin(.divide, x, n(2)), n(3))),
        ("2^3^2", bin(.power, n(2), bin(.power, n(3), n(2)))),
        ("-X^2", .negate(bin(.power, x, n(2)))),
        ("-2^2", .negate(bin(.power, n(2), n(2)))),
        ("2^-1", bin(.power, n(2), n(-1))),
        ("2^-X^2", bin(.power, n(2), .negate(bin(.power, x, n(2))))),
        ("-2", n(-2)),
        ("-(2)", .negate(n(2))),
        ("--2", .negate(n(-2))),
        ("-+2", .negate(n(2))),
        ("+-2", n(-2)),
        ("+X", x),
        ("--X", .negate(.negate(x))),
        ("-X*2", bin(.multiply, .negate(x), n(2))),
        ("X*-2", bin(.multiply, x, n(-2))),
        ("X--2", bin(.subtract, x, n(-2))),
        ("(X+1)*2", bin(.multiply, bin(.add, x, n(1)), n(2))),
        ("x", x),
        ("((X))", x),
        (" \tX  *\t2 ", bin(.multiply, x, n(2))),
        ("sqrt ( X )", .call(.sqrt, [x])),
        ("pow(X+1, -2)", .call(.pow, [bin(.add, x, n(1)), n(-2)])),
        ("10*log10(X/1e-3)", bin(.multiply, n(10), .call(.log10, [bin(.divide, x, n(1e-3))]))),
    ] as [(String, FormulaExpression)])
    func precedenceAndAssociativity(text: String, expected: FormulaExpression) throws {
        #expect(try parse(text) == expected)
    }

    @Test(arguments: [
        ("12", 12), ("1.5", 1.5), (".5", 0.5), ("1e-3", 1e-3), ("1.5E+3", 1500), ("1E3", 1000),
        ("007", 7), ("0", 0), ("1e308", 1e308), ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ("5e-324", .leastNonzeroMagnitude), ("1e-400", 0), ("0.1", 0.1), ("273.15", 273.15),
        ("pi", .pi), ("e", 2.718281828459045),
    ] as [(String, Double)])
    func numberLiterals(text: String, value: Double) throws {
        #expect(try parse(text) == n(value))
    }

    @Test func everyFunctionParsesWithItsArity() throws {
        for function in FormulaFunction.allCases {
            let arguments = Array(repeating: "X", count: function.arity).joined(separator: ",")
            #expect(try parse("\(function.rawValue)(\(arguments))")
                == .call(function, Array(repeating: x, count: function.arity)))
        }
        #expect(FormulaFunction.pow.arity == 2)
        #expect(FormulaFunction.sqrt.arity == 1)
    }

    @Test(arguments: [
        ("", 0, "empty formula"),
        ("  ", 2, "empty formula"),
        ("X*", 2, "expected an expression after '*'"),
        ("X*)", 2, "expected an expression after '*'"),
        ("-", 1, "expected an expression after '-'"),
        ("()", 1, "expected an expression after '('"),
        ("pow(X,)", 6, "expected an expression after ','"),
        (")", 0, "expected an expression"),
        ("(X+1", 4, "expected ')' to close '(' at offset 0"),
        ("2*(X+(1)", 8, "expected ')' to close '(' at offset 2"),
        ("pow(X 2)", 6, "expected ')' to close 'pow(' at offset 0"),
        ("sqr(X)", 0, "unknown function 'sqr'; did you mean 'sqrt'?"),
        ("SQRT(X)", 0, "unknown function 'SQRT'; did you mean 'sqrt'?"),
        ("arcsin(X)", 0, "unknown function 'arcsin'; did you mean 'asin'?"),
        ("log(X)", 0, "unknown function 'log'; write 'ln' for the natural logarithm or 'log10' for base 10"),
        ("zzzzz(X)", 0, "unknown function 'zzzzz'"),
        ("X(2)", 0, "'X' is not a function; write '*' to multiply"),
        ("pi(2)", 0, "'pi' is not a function; write '*' to multiply"),
        ("sqrt", 4, "expected '(' after the function name 'sqrt'"),
        ("2*foo", 2, "unknown name 'foo'"),
        ("PI*X", 0, "unknown name 'PI'; did you mean 'pi'?"),
        ("Y+1", 0, "unknown name 'Y'; did you mean 'X'?"),
        ("X#2", 1, "unexpected character '#'"),
        ("X×2", 1, "unexpected character '×' (U+00D7); did you mean '*'?"),
        ("X−2", 1, "unexpected character '−' (U+2212); did you mean '-'?"),
        ("X\n", 1, "unexpected character U+000A; only spaces and tabs may separate tokens"),
        ("X\u{00A0}+1", 1, "unexpected character U+00A0; only spaces and tabs may separate tokens"),
        ("pow(X)", 0, "'pow' takes 2 arguments, got 1"),
        ("pow()", 0, "'pow' takes 2 arguments, got 0"),
        ("2+sqrt(X,2)", 2, "'sqrt' takes 1 argument, got 2"),
        ("X X", 2, "unexpected text after the end of the expression; write '*' to multiply"),
        ("2X", 1, "unexpected text after the end of the expression; write '*' to multiply"),
        ("X)", 1, "unexpected ')' without a matching '('"),
        ("1,2", 1, "unexpected ',' outside a function call"),
        ("X**2", 2, "'**' is not an operator; write '^' for a power"),
        ("1e400", 0, "the number '1e400' is too large for a Double"),
        ("X+1.7976931348623159e308", 2, "the number '1.7976931348623159e308' is too large for a Double"),
        ("2*1e", 4, "expected a digit in the exponent of the number '1e'"),
        ("1e+X", 3, "expected a digit in the exponent of the number '1e+'"),
        ("1.", 2, "expected a digit after '.' in the number '1.'"),
        ("X+.", 3, "expected a digit after '.'"),
        ("1.2.3", 3, "unexpected '.' after the number '1.2'"),
        ("1,000", 1, "unexpected ',' outside a function call"),
    ] as [(String, Int, String)])
    func syntaxErrors(text: String, offset: Int, message: String) {
        let error = syntaxError(text)
        #expect(error == FormulaSyntaxError(offset: offset, message: message), "\(text)")
    }

    @Test func offsetsCountUnicodeScalars() {
        // "é" written as e + U+0301 is one Character but two scalars.
        #expect(syntaxError("X+e\u{0301}")?.offset == 3)
        #expect(syntaxError("X+1🙂")?.offset == 3)
        #expect(syntaxError("\u{00E9}")?.message == "unexpected character 'é' (U+00E9)")
    }

    @Test func theLeftmostErrorIsReported() {
        #expect(syntaxError("X+)#") == FormulaSyntaxError(offset: 2, message: "expected an expression after '+'"))
        #expect(syntaxError("-2#")?.offset == 2)
        #expect(syntaxError("(1e999")?.offset == 1)
    }

    @Test func nestingIsBoundedByTheDocumentedLimit() {
        let limit = Formula.maximumDepth
        #expect(limit == 64)
        func nestedParentheses(_ count: Int) -> String {
            String(repeating: "(", count: count) + "X" + String(repeating: ")", count: count)
        }
        #expect(syntaxError(nestedParentheses(limit)) == nil)
        #expect(syntaxError(nestedParentheses(limit + 1))?.offset == limit)
        #expect(syntaxError(String(repeating: "sqrt(", count: limit - 1) + "X" + String(repeating: ")", count: limit - 1)) == nil)
        #expect(syntaxError(String(repeating: "sqrt(", count: limit) + "X" + String(repeating: ")", count: limit)) != nil)

        // Depth counts tree levels: X is 1, each operator or sign adds one.
        #expect(syntaxError(String(repeating: "-", count: limit - 1) + "X") == nil)
        #expect(syntaxError(String(repeating: "-", count: limit) + "X")?.message
            == "the formula is nested too deeply (more than 64 levels)")
        #expect(syntaxError("X" + String(repeating: "+X", count: limit - 1)) == nil)
        #expect(syntaxError("X" + String(repeating: "+X", count: limit)) != nil)
        #expect(syntaxError(Array(repeating: "2", count: limit).joined(separator: "^")) == nil)
        #expect(syntaxError(Array(repeating: "2", count: limit + 1).joined(separator: "^")) != nil)
        // Unary plus makes no node.
        #expect(syntaxError(String(repeating: "+", count: 10_000) + "X") == nil)
        // Deep parentheses around a shallow tree are limited too.
        #expect(syntaxError("((((((((X))))))))") == nil)
    }

    @Test func hugeNestingFailsWithoutExhaustingTheStack() {
        let count = 100_000
        #expect(syntaxError(String(repeating: "(", count: count) + "X" + String(repeating: ")", count: count)) != nil)
        #expect(syntaxError(String(repeating: "-", count: count) + "X") != nil)
        #expect(syntaxError(String(repeating: "sqrt(", count: count)) != nil)
        #expect(syntaxError(Array(repeating: "2", count: count).joined(separator: "^")) != nil)
        #expect(syntaxError(Array(repeating: "X", count: count).joined(separator: "*")) != nil)
        #expect(syntaxError(String(repeating: "2^-", count: count) + "2") != nil)
        #expect(syntaxError(String(repeating: "-(", count: count)) != nil)
    }

    @Test func usesVariable() throws {
        #expect(try Formula(parsing: "(X-32)*5/9").usesVariable)
        #expect(try Formula(parsing: "pow(2, sqrt(x))").usesVariable)
        #expect(try !Formula(parsing: "1852/3600").usesVariable)
        #expect(try !Formula(parsing: "pi*e").usesVariable)
    }

    @Test func depthOfTrees() throws {
        #expect(try parse("X").depth == 1)
        #expect(try parse("(X-32)*5/9+273.15").depth == 5)
        #expect(try parse("-sqrt(X)").depth == 3)
    }
}

@Suite("Formula canonical text")
struct FormulaPrintingTests {
    @Test(arguments: [
        ("(X-32)*5/9+273.15", "(X-32)*5/9+273.15"),
        ("( x - 32 ) * 5 / 9 + 273.15", "(X-32)*5/9+273.15"),
        ("((X-273.15))*9/5+32", "(X-273.15)*9/5+32"),
        ("16.666666667/X", "16.666666667/X"),
        ("1.0", "1"), ("1e16", "1e16"), ("0.00001", "1e-5"), ("1.5E+3", "1500"), ("1e-300", "1e-300"),
        ("2^-1", "2^-1"), ("(2^3)^2", "(2^3)^2"), ("2^(3^2)", "2^3^2"), ("(-2)^2", "(-2)^2"),
        ("-2^2", "-2^2"), ("-(2^2)", "-2^2"), ("-(2)", "-(2)"), ("-(-2)", "--2"), ("-(X)", "-X"),
        ("X-(-2)", "X--2"), ("X*(-2)", "X*-2"), ("X+(-X)", "X+-X"), ("(-X)*2", "-X*2"), ("-(X*2)", "-(X*2)"),
        ("1+(2+3)", "1+(2+3)"), ("(1+2)+3", "1+2+3"), ("1-(2-3)", "1-(2-3)"), ("1-(2+3)", "1-(2+3)"),
        ("1/(2*3)", "1/(2*3)"), ("(1/2)*3", "1/2*3"), ("1*(2/3)", "1*(2/3)"), ("(X+1)^2", "(X+1)^2"),
        ("X^(1/3)", "X^(1/3)"), ("X^(-X)", "X^-X"), ("sqrt((X+1))", "sqrt(X+1)"), ("pow( X , 2 )", "pow(X,2)"),
        ("pi", "3.141592653589793"), ("e", "2.718281828459045"), ("-0", "-0"), ("0.0", "0"), ("+X", "X"),
        ("9007199254740992", "9007199254740992"), ("9007199254740994", "9.007199254740994e15"),
        ("9.1e15", "9.1e15"), ("0.0001", "0.0001"), ("0.00009999999999999999", "9.999999999999999e-5"),
        ("5e-324", "5e-324"), ("1.7976931348623158e308", "1.7976931348623157e308"), ("-1E-05", "-1e-5"),
    ] as [(String, String)])
    func canonicalText(text: String, canonical: String) throws {
        let formula = try Formula(parsing: text)
        #expect(formula.canonicalText == canonical)
        #expect(formula.description == canonical)
        #expect(try Formula(parsing: canonical) == formula)
    }

    @Test func treesTheParserNeverBuildsStillRoundTrip() throws {
        let trees: [FormulaExpression] = [
            .negate(.number(2)), .negate(.number(0)), .negate(.number(-0.0)), .negate(.negate(.number(3))),
            .binary(.power, .number(-2), .number(2)), .binary(.power, .negate(.number(2)), .variable),
            .binary(.subtract, .number(-1), .negate(.number(1))),
            .negate(.binary(.power, .number(-2), .variable)),
        ]
        for tree in trees {
            let text = Formula(tree).canonicalText
            #expect(try strictlyEqual(parse(text), tree), "\(text)")
        }
    }

    @Test func nonFiniteNumbersNeverPrintAsInfOrNan() throws {
        for value in [Double.infinity, -.infinity, .nan] {
            let text = Formula(.binary(.multiply, .variable, .number(value))).canonicalText
            #expect(!text.contains("inf") && !text.contains("nan"), "\(text)")
            #expect(syntaxError(text) == nil, "\(text)")
        }
        #expect(Formula(.number(.infinity)).canonicalText == "(1/0)")
        #expect(Formula(.number(.nan)).canonicalText == "(0/0)")
    }

    /// print -> parse gives back the identical tree, for random trees.
    @Test func randomTreesRoundTrip() throws {
        let seed = formulaTestSeed()
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<3_000 {
            let tree = randomFormulaExpression(&generator, depth: 8)
            let text = Formula(tree).canonicalText
            guard let parsed = try? parse(text) else {
                Issue.record("seed \(seed): \(text) does not parse: \(syntaxError(text)!)")
                return
            }
            guard strictlyEqual(parsed, tree), parsed.canonicalText == text else {
                Issue.record("seed \(seed): \(text) parses back as \(parsed.canonicalText), tree \(parsed)")
                return
            }
            // Extra parentheses and spaces change nothing.
            let noisy = noisyText(tree, &generator)
            guard let reparsed = try? parse(noisy), strictlyEqual(reparsed, tree) else {
                Issue.record("seed \(seed): \(noisy) (from \(text)) parses differently: \(String(describing: syntaxError(noisy)))")
                return
            }
        }
    }

    /// Random text over the formula alphabet never crashes the parser, and
    /// whatever parses round-trips through its canonical text.
    @Test func randomTextNeverCrashes() throws {
        let seed = formulaTestSeed()
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("0123456789.eE+-*/^(),xX pisqrtlnowabc#é")
        var parsedCount = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 16)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let error = syntaxError(text)
            if let error {
                #expect(error.offset >= 0 && error.offset <= text.unicodeScalars.count, "seed \(seed): \(text)")
                continue
            }
            parsedCount += 1
            let formula = try Formula(parsing: text)
            #expect(try Formula(parsing: formula.canonicalText) == formula, "seed \(seed): \(text)")
            _ = try? formula.evaluate(x: 1.5)
        }
        #expect(parsedCount > 100, "seed \(seed)")
    }
}

/// Equality that tells -0.0 from 0.0 (`==` on Double does not).
private func strictlyEqual(_ a: FormulaExpression, _ b: FormulaExpression) -> Bool {
    switch (a, b) {
    case (.number(let p), .number(let q)): return p.bitPattern == q.bitPattern || (p.isNaN && q.isNaN)
    case (.variable, .variable): return true
    case (.negate(let p), .negate(let q)): return strictlyEqual(p, q)
    case (.binary(let o1, let l1, let r1), .binary(let o2, let l2, let r2)):
        return o1 == o2 && strictlyEqual(l1, l2) && strictlyEqual(r1, r2)
    case (.call(let f1, let a1), .call(let f2, let a2)):
        return f1 == f2 && a1.count == a2.count && zip(a1, a2).allSatisfy { strictlyEqual($0, $1) }
    default: return false
    }
}

/// The tree's text with random redundant parentheses and spaces: operands
/// that are not leaves are always parenthesized, which never changes the tree.
private func noisyText(_ tree: FormulaExpression, _ generator: inout SeededGenerator) -> String {
    func operand(_ expression: FormulaExpression) -> String {
        switch expression {
        case .variable, .call: return noisyText(expression, &generator)
        case .number(let value) where value.sign == .plus: return noisyText(expression, &generator)
        default: return "(" + noisyText(expression, &generator) + ")"
        }
    }
    let text: String
    switch tree {
    case .number, .variable:
        text = tree.canonicalText
    case .negate(let inner):
        // `-(2)`, never `-2`, which is the number -2.
        text = "-(" + noisyText(inner, &generator) + ")"
    case .binary(let op, let left, let right):
        text = operand(left) + " " + op.rawValue + "\t" + operand(right)
    case .call(let function, let arguments):
        text = function.rawValue + "( " + arguments.map { noisyText($0, &generator) }.joined(separator: " , ") + " )"
    }
    return generator.next() % 4 == 0 ? "( " + text + " )" : text
}
