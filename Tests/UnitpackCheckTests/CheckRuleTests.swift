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
