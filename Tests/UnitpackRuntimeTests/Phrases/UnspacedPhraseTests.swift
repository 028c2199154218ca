import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Japanese and Chinese phrases are written without spaces (issue 20 §1):
/// a word that names nothing whole and holds letters of a script without
/// case is read as the unit names and phrase words it is made of, by longest
/// match against the database; Chinese and Japanese numerals read with the
/// words of `locales/ja/words.tsv` and `locales/zh/words.tsv`.
@Suite struct UnspacedPhraseTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// The words the parse reads `text` as.
    func words(_ text: String, _ languages: [String]) throws -> [String] {
        let dictionary = try database.phraseWords(languages)
        var work = 0
        return try PhraseReader(database: database).segmented(Phrase(text), words: dictionary, languages: languages, work: &work).words.map(\.text)
    }

    @Test func aPhraseWithoutSpacesIsCutIntoItsWords() throws {
        #expect(try words("5公里等于多少英里", ["zh"]) == ["5", "公里", "等于多少", "英里"])
        #expect(try words("5キロメートルは何マイルですか？", ["ja"]) == ["5", "キロメートル", "は何", "マイル", "ですか？"])
        // Numerals are words of the table; a name that starts with one (千克) is read whole.
        #expect(try words("三千五百米是多少英里", ["zh"]) == ["三", "千", "五", "百", "米", "是多少", "英里"])
        #expect(try words("5千克是多少磅", ["zh"]) == ["5", "千克", "是多少", "磅"])
        // Digits and Latin letters stay one piece, read as any word is (`5km`).
        #expect(try words("5km等于多少英里", ["zh"]) == ["5km", "等于多少", "英里"])
        // What matches nothing stays one piece up to the next match.
        #expect(try words("5公里的的英里", ["zh"]) == ["5", "公里", "的的", "英里"])
    }

    /// `大さじ2`: the number after a whole name, where the language's pattern
    /// of the unit writes it there (`大さじ {0}`, locales/ja/patterns.tsv).
    @Test func aNumberAfterANameItsPatternPutsFirst() throws {
        let read = try #require(try database.parse("大さじ2は何ml", languages: ["ja"]).readings.first)
        #expect(read.value == 2 && read.from.key == "volume/metric tablespoon" && read.to?.key == "volume/milliliter")
        let half = try #require(try database.parse("小さじ1/2は何ml", languages: ["ja"]).readings.first)
        #expect(half.value == 0.5 && half.from.key == "volume/metric teaspoon")
        // The cup's pattern writes the number first (`{0} カップ`): no number is moved after it.
        let reader = PhraseReader(database: try database)
        #expect(try reader.numberMovedBeforeName("カップ2", words: try database.phraseWords(["ja"]), languages: ["ja"]) == nil)
    }

    /// `華氏で何度`: a particle and the question's word inside a name
    /// (`華氏度`) are a run of fillers, moved before it as one is.
    @Test func aRunOfFillersInsideANameMovesBeforeIt() throws {
        let reader = PhraseReader(database: try database)
        let moved = try reader.numberMovedBeforeName("4度は華氏で何度", words: try database.phraseWords(["ja"]), languages: ["ja"])
        #expect(moved == "4度はで何 華氏 度 ")
        let read = try #require(try database.parse("マイナス4度は華氏で何度", languages: ["ja"]).readings.first)
        #expect(read.value == -4 && read.from.key == "temperature/degree Celsius" && read.to?.key == "temperature/degree Fahrenheit")
    }

    /// Katakana writes a loanword's letters together: `トル` (the torr)
    /// inside `ペットボトル` (a plastic bottle) is no word of its own.
    @Test func aNameInsideAKatakanaWordIsNoWord() throws {
        #expect(try words("1.5リットルのペットボトルは何オンス", ["ja"]) == ["1.5", "リットル", "のペットボトル", "は何", "オンス"])
        #expect(try words("2トルは何パスカル", ["ja"]) == ["2", "トル", "は何", "パスカル"])
    }

    /// A name written with a slash between letters without spaces is found
    /// whole (`升/百公里`: `百` alone would be a hundred; `米/秒`).
    @Test func aNameWithASlashIsFoundWhole() throws {
        #expect(try words("7.2升/百公里等于多少mpg", ["zh"]) == ["7.2", "升/百公里", "等于多少", "mpg"])
        let read = try #require(try database.parse("7.2升/百公里等于多少mpg", languages: ["zh"]).readings.first)
        #expect(read.from.key == "fuel-consumption/liter per 100 kilometers" && read.to?.key == "fuel-consumption/mile per US gallon")
        let perSecond = try words("5米/秒等于多少公里每小时", ["zh"])
        #expect(perSecond.starts(with: ["5", "米/秒"]), "\(perSecond)")
    }

    /// Arabic spaces its words: names are never found inside one (`ار`,
    /// the are, inside `اطار`, a tyre); digits still part from letters.
    @Test func anArabicWordIsNeverCutInside() throws {
        #expect(try words("اطار 35 psi", ["ar"]) == ["اطار", "35", "psi"])
        #expect(try words("٥كم", ["ar"]) == ["٥", "كم"])
    }

    @Test func aWordThatNamesSomethingWholeIsNotCut() throws {
        #expect(try words("5 公里 等于 多少 英里", ["zh"]) == ["5", "公里", "等于", "多少", "英里"])
        // 斯堪的纳维亚英里 (the Scandinavian mile) holds 英里, and 海里 is the nautical mile, not 海 and 里.
        #expect(try words("斯堪的纳维亚英里", ["zh"]) == ["斯堪的纳维亚英里"])
        #expect(try words("5海里等于多少公里", ["zh"]) == ["5", "海里", "等于多少", "公里"])
        // No letter without case: other scripts are never cut (nor `º`, an ordinal indicator often typed for °).
        let phrase = Phrase("тридцать четыре фута в метрах")
        var work = 0
        let same = try PhraseReader(database: database).segmented(phrase, words: try database.phraseWords(["ru"]), languages: ["ru"], work: &work)
        #expect(same.words.map(\.text) == phrase.words.map(\.text))
        #expect(try words("20ºC in °F", ["en", "zh"]) == ["20ºC", "in", "°F"])
        // A name with an ending no row has (an Arabic plural) is no words written together: kept whole, read by its stem.
        #expect(try words("5 كيلومترات in miles", ["en"]) == ["5", "كيلومترات", "in", "miles"])
        #expect(try database.parse("5 كيلومترات in miles", languages: ["en"]).readings.first?.from.key == "length/kilometer")
    }

    /// Chinese and Japanese numerals: 十, 百, 千 multiply what comes before
    /// them (10, 100, 1000 alone), 万 and 亿 close a group, 零 joins.
    @Test(arguments: [
        ("十", 10.0), ("十五", 15), ("二十", 20), ("二十五", 25), ("一百零五", 105), ("百五十", 150), ("三百二十", 320),
        ("三千五百", 3500), ("两千", 2000), ("三万五千", 35000), ("一万二千三百四十五", 12345), ("一亿", 100_000_000),
        ("〇", 0), ("零", 0), ("半", 0.5), ("一个半", 1.5), ("两个半", 2.5),
    ])
    func chineseNumeralsRead(_ text: String, _ value: Double) throws {
        let words = try database.phraseWords(["zh"])
        let pieces = words.split(folded: text) ?? [text]
        #expect(words.value(of: pieces) == value, "\(text): \(pieces)")
    }

    @Test(arguments: [("十五", 15.0), ("二十", 20), ("三千五百", 3500), ("百五十", 150), ("一万", 10000), ("億", 100_000_000)])
    func japaneseNumeralsRead(_ text: String, _ value: Double) throws {
        let words = try database.phraseWords(["ja"])
        let pieces = words.split(folded: text) ?? [text]
        #expect(words.value(of: pieces) == value, "\(text): \(pieces)")
    }

    @Test(arguments: ["二二", "十十", "千百", "万万"])
    func numeralsOutOfOrderAreNoNumber(_ text: String) throws {
        let words = try database.phraseWords(["zh"])
        #expect(words.value(of: words.split(folded: text) ?? [text]) == nil, "\(text)")
    }

    /// The answer is in the phrase's language: its names were Chinese or Japanese.
    @Test func theReadingIsInThePhrasesLanguage() throws {
        let all = ["en", "ru", "de", "fr", "es", "it", "pt", "pl", "ja", "zh"]
        #expect(try database.parse("5公里等于多少英里", languages: all).readings.first?.language == "zh")
        #expect(try database.parse("5キロメートルは何マイル", languages: all).readings.first?.language == "ja")
    }

    /// Cutting is linear in the phrase: N, 2N and 4N scalars of one name, a
    /// numeral, a phrase word or what matches nothing, written without spaces.
    @Test(arguments: ["公里", "三", "等于多少", "的", "キロメートル"])
    func cuttingIsLinear(_ piece: String) throws {
        let counts = try [50, 100, 200].map { count in
            let text = "5" + String(repeating: piece, count: count) + "米"
            #expect(text.utf8.count <= UnitDatabase.maxPhraseBytes)
            var work = 0
            _ = try PhraseReader(database: database).parse(text, languages: ["ja", "zh"], work: &work)
            return work
        }
        #expect(counts[0] > 0)
        #expect(Double(counts[1]) <= 2.05 * Double(counts[0]), "\(piece) x50, x100: \(counts)")
        #expect(Double(counts[2]) <= 2.05 * Double(counts[1]), "\(piece) x100, x200: \(counts)")
    }
}
