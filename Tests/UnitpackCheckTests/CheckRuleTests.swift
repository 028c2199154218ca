import Testing
import UnitpackCore
@testable import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// Each rule on a tree that is valid but for one mistake.
@Suite struct CheckRuleTests {
    func codes(_ changes: [String: String]) throws -> [DiagnosticCode] {
        try diagnostics(changes).map(\.code)
    }

    func diagnostics(_ changes: [String: String]) throws -> [Diagnostic] {
        let fixture = try SourceFixture(SourceFixture.valid(replacing: changes))
        defer { fixture.remove() }
        return Checker.check(SourceReader.read(directory: fixture.root))
    }

    @Test func theValidTreeIsClean() throws {
        #expect(try codes([:]) == [])
    }

    @Test func duplicateNamesIgnoreCaseAndPointAtTheFirst() throws {
        let found = try diagnostics([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\nFoot\tft2\t0.3048\t1\timp\n",
            "units-src/ids.tsv": SourceFixture.validFiles["units-src/ids.tsv"]! + "8\tlength\tFoot\n",
        ])
        #expect(Set(found.map(\.code)) == [.duplicateName, .unitRegisteredTwice])
        #expect(found.first { $0.code == .duplicateName }?.notes.first?.location.line == 3)
    }

    @Test func symbolsAreCaseSensitiveButUnique() throws {
        #expect(
            try codes(["units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm,M\t1000\t4\tsi\nfoot\tft,km\t0.3048\t4\timp\n"])
                == [.duplicateSymbol])
    }

    @Test func coefficientsMustBePositiveAndFinite() throws {
        let rows = "meter\tm\t1\t5\tsi\nkilometer\tkm\t0\t4\tsi\nfoot\tft\t-0.3048\t4\timp\n"
        #expect(try codes(["units-src/length.tsv": rows]) == [.nonPositiveCoefficient, .nonPositiveCoefficient])
        let infinite = "meter\tm\t1\t5\tsi\nkilometer\tkm\t1/0\t4\tsi\nfoot\tft\t1e300*1e300\t4\timp\n"
        #expect(try codes(["units-src/length.tsv": infinite]) == [.nonFiniteCoefficient, .nonFiniteCoefficient])
    }

    /// E213: a subnormal coefficient, or one whose reciprocal is subnormal,
    /// would convert with a few digits left and no error.
    @Test func coefficientsMustBeNormalBothWays() throws {
        let rows = "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t1e-320\t4\timp\nmega\t\t1e308\t1\tother\n"
        let ids = SourceFixture.validFiles["units-src/ids.tsv"]! + "8\tlength\tmega\n"
        let found = try diagnostics(["units-src/length.tsv": rows, "units-src/ids.tsv": ids])
        #expect(found.map(\.code) == [.coefficientOutOfRange, .coefficientOutOfRange])
        #expect(found.map(\.location.line) == [3, 4])
        let edges = "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t3e-308\t4\timp\nmega\t\t4e307\t1\tother\n"
        #expect(try codes(["units-src/length.tsv": edges, "units-src/ids.tsv": ids]) == [], "normal both ways")
    }

    @Test func baseUnitMustExistWithCoefficientOne() throws {
        #expect(
            try codes(["units-src/categories.tsv": "length\t10\tmetre\tm\nspeed\t20\tmeter per second\tm/s\n"])
                == [.missingBaseUnit])
        #expect(
            try codes(["units-src/length.tsv": "meter\tm\t1.0001\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\n"])
                == [.missingBaseUnit])
    }

    @Test func categoriesAndFilesMatch() throws {
        #expect(
            try codes(["units-src/categories.tsv": "length\t10\tmeter\tm\nspeed\t20\tmeter per second\tm/s\ntime\t30\tsecond\ts\n"])
                == [.categoryWithoutFile])
        #expect(try codes(["units-src/categories.tsv": "length\t10\tmeter\tm\n"]) == [.categoryWithoutRow])
        #expect(
            try codes(["units-src/categories.tsv": "length\t10\tmeter\tm\nspeed\t10\tmeter per second\tm/s\n"])
                == [.duplicateCategory])
    }

    @Test func formulaPairsMustBeInverse() throws {
        let speed = "meter per second\tm/s\t1\t5\tsi\nknot\tkn\t1852/3600\t3\timpAdd\nkilometer per hour\tkm/h\t1000/3600\t5\tsi\n"
        let bad = speed + "^minutes per kilometer\tmin/km\tFORMULAE(1000/60/X,1000/61/X)\t0\tother\n"
        let found = try diagnostics(["units-src/speed.tsv": bad])
        #expect(found.map(\.code) == [.notInversePair])
        #expect(found.first?.message.contains("worst of") == true)
    }

    @Test func anOffsetFormulaPassesAtEverySampleIncludingZero() {
        let tree = tree(temperature: "FORMULAE(X+273.15,X-273.15)")
        #expect(FormulaPairRule().check(tree).isEmpty)
        #expect(InverseDirectionRule().check(tree).isEmpty)
    }

    @Test func aWrongOffsetIsCaughtWithTheWorstSample() {
        let found = FormulaPairRule().check(tree(temperature: "FORMULAE(X+273.15,X-273.16)"))
        #expect(found.map(\.code) == [.notInversePair])
    }

    @Test func fromBaseUndefinedWhereToBaseLands() {
        let found = FormulaPairRule().check(tree(temperature: "FORMULAE(X-1000,ln(X))"))
        #expect(found.map(\.code) == [.notInversePair])
        #expect(found.first?.message.contains("from-base fails") == true)
    }

    @Test func formulasFiniteNowhereAreReported() {
        let found = FormulaPairRule().check(tree(temperature: "FORMULAE(ln(0-X*X-1),X)"))
        #expect(found.map(\.code) == [.formulaNotFinite])
    }

    /// E405: an overflowing sample used to be skipped, so a formula finite
    /// only at 0 passed.
    @Test func anOverflowingSampleIsAnErrorNotSkipped() {
        let found = FormulaPairRule().check(tree(temperature: "FORMULAE(X*1e300*1e300,X)"))
        #expect(found.map(\.code) == [.formulaOverflow])
        #expect(found.first?.message.contains("overflows at X = -1000000") == true)
        let back = FormulaPairRule().check(tree(temperature: "FORMULAE(X,X*1e300*1e300)"))
        #expect(back.map(\.code) == [.formulaOverflow])
        #expect(back.first?.message.contains("from-base") == true)
    }

    @Test func fromBaseMustNotOverflowAtTheCategorysBaseValues() {
        // Alone the unit is fine: its own samples reach 1e-286 kelvin at most.
        // But a megakelvin at 1e9 is 1e15 kelvin, which from-base takes to 1e310.
        var tree = tree(temperature: "FORMULAE(X*1e-295,X*1e295)")
        #expect(FormulaPairRule().check(tree).isEmpty)
        let location = SourceLocation(path: "t.tsv", line: 3, column: 1)
        tree.categoryFiles[0].units.append(
            UnitRow(
                category: "temperature", name: Located("megakelvin", at: location), isInverse: false, symbols: [],
                definition: .coefficient(Located(try! Formula(parsing: "1e6"), at: location)),
                priority: Located(1, at: location), system: Located(SystemTag("si")!, at: location), location: location))
        let found = FormulaPairRule().check(tree)
        #expect(found.map(\.code) == [.formulaOverflow])
        #expect(found.first?.message.contains("a value of the base unit") == true)
    }

    @Test func aRoundTripThatKeepsNoDigitIsAnError() {
        let found = FormulaPairRule().check(tree(temperature: "FORMULAE(X+1e20,X-1e20)"))
        #expect(found.map(\.code) == [.formulaOverflow])
        #expect(found.first?.message.contains("lose all precision") == true)
        let underflow = FormulaPairRule().check(tree(temperature: "FORMULAE(X*1e-310,X/1e-310)"))
        #expect(underflow.map(\.code) == [.formulaOverflow])
        #expect(underflow.first?.message.contains("underflows") == true)
    }

    /// Issue 37, finding 9: `FORMULAE(sqrt(X),X^2)` passed, since
    /// from-base(to-base(x)) = x wherever to-base is defined; but from-base
    /// takes -4 m to 16 units, which are 4 m (E406). (Codes by their text:
    /// the test reads the same before the code existed.)
    @Test func aPairInverseOneWayOnlyIsRefused() throws {
        let length = "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\tFORMULAE(sqrt(X),X^2)\t4\timp\n"
        let found = try diagnostics(["units-src/length.tsv": length])
        #expect(found.map(\.code.rawValue) == ["E406"], "\(found.map(\.rendered))")
        #expect(found.first?.location.line == 3)
        #expect(found.first?.message.contains("from-base takes -0.5 (a value of the base unit) to 0.25, which to-base takes back to 0.5") == true)
    }

    /// A from-base formula that fails where the unit has no value passes:
    /// `X^2+0*sqrt(X)` refuses negative lengths, and the repository's
    /// percent grade refuses angles of 90° or more, which `tan` alone read
    /// as grades (100° as -567 %).
    @Test func aFromBaseGuardedToTheUnitsValuesPasses() throws {
        let length = "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\tFORMULAE(sqrt(X),X^2+0*sqrt(X))\t4\timp\n"
        #expect(try diagnostics(["units-src/length.tsv": length]).map(\.rendered) == [])
        #expect(FormulaPairRule().check(tree(temperature: "FORMULAE(atan(X/100),tan(X)*100)")).map(\.code.rawValue) == ["E406"])
        #expect(FormulaPairRule().check(tree(temperature: "FORMULAE(atan(X/100),tan(X)*100+0*ln(pi/2-abs(X)))")).isEmpty)
        #expect(FormulaPairRule().check(tree(temperature: "FORMULAE(ln(X),exp(X))")).isEmpty, "exp underflows far below 0: not a failure")
    }

    @Test func inverseFlagMustMatchTheDirection() {
        #expect(InverseDirectionRule().check(tree(temperature: "FORMULAE(100/X,100/X)")).map(\.code) == [.inverseUnitNotDecreasing])
        #expect(
            InverseDirectionRule().check(tree(temperature: "FORMULAE(X*2,X/2)", inverse: true)).map(\.code)
                == [.inverseUnitNotDecreasing])
    }

    @Test func stableIDs() throws {
        let ids = SourceFixture.validFiles["units-src/ids.tsv"]!
        #expect(try codes(["units-src/ids.tsv": ids.replacingOccurrences(of: "7\tspeed", with: "6\tspeed")]) == [.duplicateID])
        #expect(try codes(["units-src/ids.tsv": ids.replacingOccurrences(of: "3\tlength\tfoot\n", with: "")]) == [.missingID])
        #expect(try codes(["units-src/ids.tsv": ids + "8\tlength\tcubit\n"]) == [.orphanID])
        #expect(try codes(["units-src/ids.tsv": ids + "8\tlength\tcubit\tretired\n"]) == [])
        let reused = ids.replacingOccurrences(of: "3\tlength\tfoot\n", with: "3\tlength\tfoot\tretired\n")
        #expect(try codes(["units-src/ids.tsv": reused]) == [.missingID], "a retired key cannot come back silently")
    }

    @Test func everyRuleRunsEvenWhenOthersFail() throws {
        let found = try codes([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t0\t4\tSI\nfoot\tft,ft\t0.3048\t4\timp\n"
        ])
        #expect(Set(found) == [.nonPositiveCoefficient, .unknownSystemTag, .duplicateSymbol])
    }

    /// A one-category tree with kelvin and one formula unit.
    func tree(temperature definition: String, inverse: Bool = false) -> SourceTree {
        var tree = SourceTree()
        let location = SourceLocation(path: "t.tsv", line: 2, column: 1)
        let parts = definition.dropFirst("FORMULAE(".count).dropLast()
        var depth = 0
        var split = parts.startIndex
        for index in parts.indices {
            switch parts[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0: split = index
            default: break
            }
        }
        let to = try! Formula(parsing: String(parts[..<split]))
        let from = try! Formula(parsing: String(parts[parts.index(after: split)...]))
        let unit = UnitRow(
            category: "temperature", name: Located("test unit", at: location), isInverse: inverse, symbols: [],
            definition: .formulae(toBase: Located(to, at: location), fromBase: Located(from, at: location)),
            priority: Located(1, at: location), system: Located(SystemTag("si")!, at: location), location: location)
        tree.categoryFiles = [CategoryFile(key: "temperature", path: "t.tsv", units: [unit])]
        return tree
    }
}
