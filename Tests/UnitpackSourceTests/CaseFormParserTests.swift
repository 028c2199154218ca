import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

/// `locales/<lang>/cases.tsv`: rows read with their places; a malformed row
/// is a located E725 (or E104) and only that row is lost.
@Suite struct CaseFormParserTests {
    static let path = "locales/ru/cases.tsv"

    func read(_ text: String) throws -> (rows: [CaseFormRow], diagnostics: [Diagnostic]) {
        let (ru, diagnostics) = try readRussian(withFile: Self.path, text)
        return (ru.caseForms, diagnostics)
    }

    @Test func readsRowsWithTheirPlaces() throws {
        let (rows, diagnostics) = try read(
            "# category\tunit\tcase\tplural\tform\nlength\tmeter\tlocative\tmany\tметрах\n"
                + "speed\tkilometer per hour\tlocative\tmany\tкилометрах в час\n")
        #expect(diagnostics.isEmpty)
        #expect(rows.map(\.form.value) == ["метрах", "километрах в час"])
        let first = try #require(rows.first)
        #expect(first.category.value == "length")
        #expect(first.unit.value == "meter")
        #expect(first.grammaticalCase.value == "locative")
        #expect(first.plural.value == .many)
        #expect((first.form.location.line, first.form.location.column) == (2, "length\tmeter\tlocative\tmany\t".count + 1))
    }

    @Test(arguments: [
        // An unknown case, with the closest as a hint.
        ("length\tmeter\tlocativ\tmany\tметрах\n", 14, "unknown grammatical case 'locativ'", "did you mean 'locative'?"),
        // A plural category Russian does not have.
        ("length\tmeter\tlocative\ttwo\tметрах\n", 23, "'two' is not a plural category of 'ru'", "the plural column is one of one, few, many, other (plurals.txt)"),
        ("length\tmeter\tlocative\tplenty\tметрах\n", 23, "'plenty' is not a plural category of 'ru'", "the plural column is one of one, few, many, other (plurals.txt)"),
        // An empty column.
        ("length\tmeter\tlocative\tmany\t \n", 29, "the form column is empty", nil),
    ] as [(String, Int, String, String?)])
    func aMalformedRowIsLocated(row: String, column: Int, message: String, hint: String?) throws {
        let (rows, diagnostics) = try read("length\tmeter\tdative\tone\tметру\n" + row)
        #expect(rows.map(\.form.value) == ["метру"])
        let found = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(found.code == .invalidCaseForm)
        #expect(found.message == message)
        #expect(found.location.path.hasSuffix(Self.path))
        #expect((found.location.line, found.location.column) == (2, column))
        if let hint { #expect(found.hint == hint) }
    }

    @Test func aRowWithTooFewColumnsIsAColumnCountError() throws {
        let (rows, diagnostics) = try read("length\tmeter\tlocative\tметрах\n")
        #expect(rows.isEmpty)
        #expect(diagnostics.map(\.code) == [.columnCount])
        #expect(diagnostics.first?.location.line == 1)
    }
}
