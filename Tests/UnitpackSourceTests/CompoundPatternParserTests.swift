import Foundation
import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

/// `locales/<lang>/compounds.tsv`: rows read with their places; a malformed
/// row is a located E727 (a key and form twice E728) and only that row is lost.
@Suite struct CompoundPatternParserTests {
    static let path = "locales/ru/compounds.tsv"

    func read(_ text: String) throws -> (rows: [CompoundPatternRow], diagnostics: [Diagnostic]) {
        let (ru, diagnostics) = try readRussian(withFile: Self.path, text)
        return (ru.compoundPatterns, diagnostics)
    }

    @Test func readsEveryKeyWithItsPlace() throws {
        let (rows, diagnostics) = try read(
            "# key\tform\tpattern\nper\t-\t{0} на {1}\ntimes\t-\t{0}-{1}\npower2\tfew/feminine/genitive\tквадратных {0}\n"
                + "power3\tone/-/-\tкубический {0}\nprefix\tkilo\tкило{0}\nderive\tcase/per\tcompound accusative\n"
                + "gender\tlength/meter\tmasculine\ncase\tlength/meter/accusative/one\tметр\n")
        #expect(diagnostics.isEmpty)
        #expect(rows.map(\.key.value) == [.per, .times, .power2, .power3, .prefix, .derive, .gender, .grammaticalCase])
        let power = try #require(rows.first { $0.key.value == .power2 })
        #expect(CompoundPatternForm(text: power.form.value, cases: CompoundPatternText.cases)
            == CompoundPatternForm(plural: .few, gender: "feminine", grammaticalCase: "genitive"))
        #expect((power.pattern.location.line, power.pattern.location.column) == (4, "power2\tfew/feminine/genitive\t".count + 1))
        #expect(rows.last?.unitReference?.category == "length")
        #expect(rows.last?.unitReference?.unit == "meter")
    }

    @Test(arguments: [
        ("per\t-\t{0} на\n", 7, "the pattern '{0} на' has no {1}"),
        ("per\t-\t{0} на {1} {1}\n", 7, "the pattern '{0} на {1} {1}' has {1} 2 times"),
        ("power2\t-\tквадратный\n", 10, "the pattern 'квадратный' has no {0}"),
        ("power2\t-\tкв. {0} {x}\n", 10, "the pattern 'кв. {0} {x}' has a brace that is not {0}"),
        ("power2\tzero/-/-\tквадратных {0}\n", 8, "'zero' is not a plural category of 'ru'"),
        ("power2\tone/female/-\tквадратная {0}\n", 8, "'one/female/-' is not a form: '-' or plural/gender/case"),
        ("power2\tone/-\tквадратный {0}\n", 8, "'one/-' is not a form: '-' or plural/gender/case"),
        ("power2\t-/-/-\tквадратный {0}\n", 8, "'-/-/-' is not a form: '-' or plural/gender/case"),
        ("prefix\tkila\tкило{0}\n", 8, "unknown prefix 'kila'"),
        ("derive\tplural/per\tcompound\n", 8, "'plural/per  compound' is not a derivation"),
        ("derive\tcase/per\tcompound plural\n", 8, "'case/per  compound plural' is not a derivation"),
        ("gender\tlength/meter\tmale\n", 21, "unknown gender 'male'"),
        ("case\tlength/meter/accusativ/one\tметр\n", 6, "'length/meter/accusativ/one' is not category/unit/case/plural"),
        ("powr2\t-\tкв. {0}\n", 1, "unknown key 'powr2'"),
        ("per\t \t{0}/{1}\n", 6, "the form column is empty"),
    ] as [(String, Int, String)])
    func aMalformedRowIsLocated(row: String, column: Int, message: String) throws {
        let (rows, diagnostics) = try read("times\t-\t{0}-{1}\n" + row)
        #expect(rows.map(\.key.value) == [.times])
        let found = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(found.code == .invalidCompoundRow)
        #expect(found.message == message)
        #expect(found.location.path.hasSuffix(Self.path))
        #expect((found.location.line, found.location.column) == (2, column))
    }

    @Test func aKeyAndFormTwiceIsE728WithANoteAtTheFirst() throws {
        let (rows, diagnostics) = try read("per\t-\t{0}/{1}\ntimes\t-\t{0}-{1}\nper\t-\t{0} на {1}\n")
        #expect(rows.map(\.pattern.value) == ["{0}/{1}", "{0}-{1}"])
        let found = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(found.code == .compoundRowTwice)
        #expect(found.location.line == 3)
        #expect(found.notes.first?.location.line == 1)
    }

    @Test func theRepositoryFilesParse() throws {
        let tree = SourceReader.read(
            directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path)
        let codes = ["ar", "de", "en", "es", "fr", "it", "ja", "pl", "pt", "ru", "uk", "zh"]
        for code in codes {
            let language = try #require(tree.languages.first { $0.code == code })
            #expect(language.compoundPatterns.contains { $0.key.value == .per }, "\(code) has no per pattern")
            #expect(language.compoundPatterns.contains { $0.key.value == .prefix && $0.form.value == "kilo" }, "\(code) has no kilo")
        }
        #expect(tree.diagnostics.filter { $0.location.path.hasSuffix("compounds.tsv") }.isEmpty)
    }
}
