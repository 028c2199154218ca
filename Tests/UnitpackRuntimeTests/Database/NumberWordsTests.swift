import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Number words read as one number, with the repository's English and
/// Russian words (locales/*/words.tsv) loaded through a built database.
@Suite struct NumberWordsTests {
    /// Read once; the error, the same each time, when the repository's database is not there.
    static let loaded = Result { try RepositoryBuild.database().phraseWords(["en", "ru"]) }

    func value(_ text: String) throws -> Double? {
        try Self.loaded.get().value(of: text.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init))
    }

    @Test(arguments: [
        ("zero", 0.0), ("four", 4), ("twelve", 12), ("thirty-four", 34), ("thirty four", 34), ("one hundred", 100),
        ("a hundred", 100), ("hundred", 100), ("one hundred and five", 105), ("two hundred fifty", 250),
        ("two thousand", 2000), ("two thousand and twelve", 2012), ("three million two hundred thousand", 3_200_000),
        ("a dozen", 12), ("two dozen", 24), ("one and a half", 1.5), ("a half", 0.5), ("half", 0.5), ("half a", 0.5),
        ("тридцать четыре", 34), ("пятьсот", 500), ("две тысячи", 2000), ("двести тридцать один", 231),
        ("полтора", 1.5), ("полторы тысячи", 1500), ("три с половиной", 3.5), ("тысяча", 1000),
        ("сто пять", 105), ("двадцать одна", 21), ("миллион", 1_000_000), ("дюжина", 12),
    ])
    func readsTheWords(text: String, expected: Double) throws {
        #expect(try value(text) == expected, "\(text)")
    }

    @Test(arguments: ["four twenty", "twenty twelve", "thousand million", "one and", "a", "and one", "half half", "in",
                      "пять пять", "тридцать двести", "с половиной", "одна a"])
    func refusesWhatIsNotOneNumber(text: String) throws {
        #expect(try value(text) == nil, "\(text)")
    }

    /// A classifier ends a whole count and is skipped (`三个` is 3); it takes
    /// no count of its own, nor follows a fraction or a connector.
    @Test func aClassifierEndsAWholeCount() {
        let words = NumberWords([
            (word: "三", meaning: .init(kind: .number, value: 3)), (word: "十", meaning: .init(kind: .multiplier, value: 10)),
            (word: "一", meaning: .init(kind: .number, value: 1)), (word: "个", meaning: .init(kind: .classifier, value: 0)),
            (word: "个", meaning: .init(kind: .connector, value: 0)), (word: "半", meaning: .init(kind: .fraction, value: 0.5)),
        ])
        #expect(words.value(of: ["三", "个"]) == 3)
        #expect(words.value(of: ["三", "十", "个"]) == 30)
        #expect(words.value(of: ["一", "个", "半"]) == 1.5)
        #expect(words.value(of: ["个"]) == nil)
        #expect(words.value(of: ["三", "个", "个"]) == nil)
        #expect(words.value(of: ["半", "个"]) == nil)
        #expect(words.value(of: ["三", "个", "一"]) == nil)
    }
}
