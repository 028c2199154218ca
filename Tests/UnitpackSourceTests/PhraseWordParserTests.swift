import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

/// `locales/<lang>/words.tsv`: one word a row, but for the words of an
/// expression (`в квадрате`) and a `minus` said after the number (`ниже
/// нуля`), which are matched whole; any other kind of several words is E721.
@Suite struct PhraseWordParserTests {
    static let path = "locales/ru/words.tsv"

    func read(_ text: String) throws -> (rows: [PhraseWordRow], diagnostics: [Diagnostic]) {
        let (ru, diagnostics) = try readRussian(withFile: Self.path, text)
        return (ru.phraseWords, diagnostics)
    }

    @Test func aMinusOfSeveralWordsIsOneRow() throws {
        let (rows, diagnostics) = try read("# word\tkind\tvalue\nниже нуля\tminus\t\nв квадрате\tpower-after\t2\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(rows.map(\.word.value) == ["ниже нуля", "в квадрате"])
        #expect(rows.map(\.kind.value) == [.minus, .powerAfter])
    }

    @Test func aNumberWordOfSeveralWordsIsRefused() throws {
        let (rows, diagnostics) = try read("# word\tkind\tvalue\nдвадцать четыре\tnumber\t24\n")
        #expect(rows.isEmpty)
        #expect(diagnostics.map(\.code) == [.invalidPhraseWord])
        #expect(diagnostics.first?.message == "'двадцать четыре' is more than one word")
    }
}
