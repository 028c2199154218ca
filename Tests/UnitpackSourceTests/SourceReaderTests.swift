import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

@Suite struct SourceReaderTests {
    @Test func readsTheSampleRowFormat() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.categoryFiles.map(\.key) == ["length", "speed"])
        let knot = try #require(tree.units.first { $0.name.value == "knot" })
        #expect(knot.symbols.map(\.value) == ["kn", "kt"])
        #expect(knot.symbols[1].location.column == 9)
        #expect(knot.priority?.value == 3)
        #expect(knot.system?.value.spelling == "impAdd")
        guard case .coefficient(let c)? = knot.definition else {
            Issue.record("knot should have a coefficient")
            return
        }
        #expect(try c.value.evaluate(x: 0) == 1852.0 / 3600)
    }

    @Test func caretMarksAnInverseUnitAndIsNotPartOfTheName() throws {
        let fixture = try SourceFixture(SourceFixture.validFiles)
        defer { fixture.remove() }
        let pace = try #require(SourceReader.read(directory: fixture.root).units.first { $0.isInverse })
        #expect(pace.name.value == "minutes per kilometer")
        #expect(pace.name.location.column == 2)
        guard case .formulae(let to, let from)? = pace.definition else {
            Issue.record("pace should have formulae")
            return
        }
        #expect(to.location.column == 1 + pace.name.value.count + 1 + "min/km".count + 1 + "FORMULAE(".count + 1)
        #expect(from.value == to.value)
    }

    @Test func formulaeSplitAtTheTopLevelComma() throws {
        let fixture = try SourceFixture(
            SourceFixture.valid(replacing: [
                "units-src/length.tsv": "meter\tm\t1\t5\tsi\nodd\to\tFORMULAE(pow(X,2),sqrt(X))\t0\tother\n"
            ]))
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        #expect(tree.diagnostics.isEmpty)
        let odd = try #require(tree.units.first { $0.name.value == "odd" })
        guard case .formulae(let to, let from)? = odd.definition else {
            Issue.record("expected formulae")
            return
        }
        #expect(try to.value.evaluate(x: 3) == 9)
        #expect(try from.value.evaluate(x: 9) == 3)
    }

    @Test(arguments: [
        ("meter\tm\t1\t5", DiagnosticCode.columnCount, 1),
        ("meter\tm\t1\t5\tsi\tsi\textra", .columnCount, 18),
        ("meter\tm\t1\t5\tsi\textra", .unknownPrefixKind, 16),
        ("\tm\t1\t5\tsi", .emptyName, 1),
        ("meter\tm,,mm\t1\t5\tsi", .emptySymbol, 9),
        ("meter\tm\t0.51x4\t5\tsi", .invalidCoefficient, 13),
        ("meter\tm\tX*2\t5\tsi", .invalidCoefficient, 9),
        ("meter\tm\tFORMULAE(X*2)\t5\tsi", .formulaSyntax, 21),
        ("meter\tm\tFORMULAE(X*2,X/2\t5\tsi", .formulaSyntax, 25),
        ("meter\tm\tFORMULAE(X*2,X/#2)\t5\tsi", .formulaSyntax, 24),
        ("meter\tm\t1\tinf\tsi", .invalidPriority, 11),
        ("meter\tm\t1\t5\tSI", .unknownSystemTag, 13),
    ])
    func reportsMalformedRowsAtTheirColumn(row: String, code: DiagnosticCode, column: Int) throws {
        let fixture = try SourceFixture(SourceFixture.valid(replacing: ["units-src/length.tsv": row + "\n"]))
        defer { fixture.remove() }
        let diagnostics = SourceReader.read(directory: fixture.root).diagnostics
        #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map(\.rendered))")
        #expect(diagnostics.first?.location.line == 1)
        #expect(diagnostics.first?.location.column == column, "\(diagnostics.map(\.rendered))")
    }

    @Test func byteOrderMarkInvalidUTF8AndCRLFAreReported() throws {
        let good = Array("meter\tm\t1\t5\tsi\n".utf8)
        let fixture = try SourceFixture(
            bytes: SourceFixture.validFiles.mapValues { Array($0.utf8) }.merging([
                "units-src/length.tsv": [0xEF, 0xBB, 0xBF] + good,
                "units-src/speed.tsv": Array("meter per second\tm/s\t1\t5\tsi\r\nknot\tkn\t1852/3600\t3\timpAdd\r\n".utf8),
                "units-src/time.tsv": good + Array("sec\t".utf8) + [0xC3, 0x28] + Array("\t1\t1\tsi\n".utf8),
            ]) { _, new in new })
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        let byCode = Dictionary(grouping: tree.diagnostics, by: \.code)
        #expect(byCode[.byteOrderMark]?.count == 1)
        #expect(byCode[.crlfLineEndings]?.count == 1, "CRLF is reported once per file")
        #expect(byCode[.crlfLineEndings]?.first?.severity == .warning)
        let utf8 = try #require(byCode[.invalidUTF8]?.first)
        #expect(utf8.location.line == 2 && utf8.location.column == 5)
        // CRLF rows are still read, without the \r.
        #expect(tree.units.first { $0.name.value == "knot" }?.system?.value.spelling == "impAdd")
        // The BOM is not part of the first name.
        #expect(tree.units.first { $0.category == "length" }?.name.value == "meter")
    }

    @Test func missingUnitsDirectoryIsOneClearDiagnostic() throws {
        let fixture = try SourceFixture(["locales/.keep": ""])
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        #expect(tree.diagnostics.map(\.code) == [.missingSourceDirectory])
    }

    @Test func idRegistryRowsAndRetiredFlag() throws {
        let fixture = try SourceFixture(
            SourceFixture.valid(replacing: ["units-src/ids.tsv": "1\tlength\tmeter\n9\tlength\tcubit\tretired\n0\tx\ty\n5\tx\ty\tgone\n"]))
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        #expect(tree.ids.map(\.id.value) == [1, 9])
        #expect(tree.ids.map(\.isRetired) == [false, true])
        #expect(tree.diagnostics.map(\.code) == [.invalidIDRow, .invalidIDRow])
    }

    @Test func strictDecimalsRefuseWhatDoubleAccepts() {
        for good in ["0", "12", "0.11", ".5", "5.", "1e-3", "2E+4"] {
            #expect(DecimalLiteral.parse(good) != nil, "\(good)")
        }
        for bad in ["", "inf", "nan", "0x10", "1e", "3a", "1,5", "-1", " 1", "1e999"] {
            #expect(DecimalLiteral.parse(bad) == nil, "\(bad)")
        }
    }
}
