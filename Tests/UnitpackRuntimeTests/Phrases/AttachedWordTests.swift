import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Words written glued to the next (kind `attached` of `words.tsv`: Arabic
/// `ب`, `ل`, `لل`, the article `ال`, `و`), the Arabic numbers of
/// `locales/ar/words.tsv`, Arabic digits, and a name that states its count
/// (the Arabic dual), on the repository's data (issue 20 §1, §2).
/// Phrases/ar.tsv checks more.
@Suite struct AttachedWordTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// The words the parse reads `text` as.
    func words(_ text: String, _ languages: [String] = ["ar"], dictionary: NumberWords? = nil) throws -> [String] {
        let dictionary = try dictionary ?? database.phraseWords(languages)
        var work = 0
        return try PhraseReader(database: database).segmented(Phrase(text), words: dictionary, languages: languages, work: &work).words.map(\.text)
    }

    func first(_ text: String, _ languages: [String] = ["ar"]) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let targets = reading.targets.map(\.key).joined(separator: "+")
            return "\(reading.value) \(reading.from.key)" + (targets.isEmpty ? "" : " -> \(targets)")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func anAttachedWordIsCutWhenTheRestReads() throws {
        // ب is a marker as well: it stays a word; the article ال, attached only, is left out.
        #expect(try words("5 أميال بالكيلومترات") == ["5", "أميال", "ب", "كيلومترات"])
        #expect(try words("5 أميال بكيلومتر") == ["5", "أميال", "ب", "كيلومتر"])
        #expect(try words("5 أميال للكيلومتر") == ["5", "أميال", "لل", "كيلومتر"])
        #expect(try words("كم قدما في الميل؟") == ["كم", "قدما", "في", "ميل؟"])
        // Before a phrase word: و and the ten, و and the fraction.
        #expect(try words("خمسة وعشرون") == ["خمسة", "و", "عشرون"])
        #expect(try words("ساعتان ونصف") == ["ساعتان", "و", "نصف"])
        #expect(try first("5 أميال بالكيلومترات") == "5.0 length/mile -> length/kilometer")
        #expect(try first("كم قدما في الميل؟") == "1.0 length/mile -> length/foot")
    }

    @Test func aWordThatReadsWholeIsNotCut() throws {
        // A name (بالمائة, the percent; بار, the bar), a word of a longer name
        // (الساعة of كيلومتر في الساعة, الألف of في الألف).
        #expect(try words("5 بار بالمائة") == ["5", "بار", "بالمائة"])
        #expect(try words("5 كيلومتر في الساعة") == ["5", "كيلومتر", "في", "الساعة"])
        #expect(try words("5 في الألف") == ["5", "في", "الألف"])
        #expect(try words("10 متر في الثانية بالكيلومتر في الساعة")
            == ["10", "متر", "في", "الثانية", "ب", "كيلومتر", "في", "الساعة"])
        #expect(try first("5 في الألف إلى بالمائة") == "5.0 ratio/permille -> ratio/percent")
        #expect(try first("5 كيلومتر في الساعة إلى ميل في الساعة") == "5.0 speed/kilometer per hour -> speed/mile per hour")
    }

    /// Nothing in code knows Arabic: a made-up attached word of a made-up
    /// table cuts a Latin word the same way, and without one nothing is cut.
    @Test func theTableDecidesWhatIsAttached() throws {
        let made = NumberWords([
            (word: "zz", meaning: .init(kind: .attached, value: 0)), (word: "zz", meaning: .init(kind: .marker, value: 0)),
            (word: "qq", meaning: .init(kind: .attached, value: 0)),
        ])
        #expect(try words("5 km zzmiles", ["en"], dictionary: made) == ["5", "km", "zz", "miles"])
        #expect(try words("5 km zzqqmiles", ["en"], dictionary: made) == ["5", "km", "zz", "miles"])
        #expect(try words("5 km qqmiles", ["en"], dictionary: made) == ["5", "km", "miles"])
        #expect(try words("5 km zzfoo", ["en"], dictionary: made) == ["5", "km", "zzfoo"])
        #expect(try words("5 km zzmiles", ["en"]) == ["5", "km", "zzmiles"])
    }

    /// Words as the phrase reader gives them (`ثلاثمئة` split: below), by spaces.
    static let arabicNumbers: [(String, Double)] = [
        ("ثلاثة عشر", 13), ("ثلاث عشرة", 13), ("أحد عشر", 11), ("اثنا عشر", 12), ("إحدى عشرة", 11),
        ("خمسة و عشرون", 25), ("واحد و عشرين", 21), ("ثلاث مئة", 300), ("مئة و خمسة و عشرون", 125),
        ("مئتان و خمسون", 250), ("ألفين و خمس مئة", 2500), ("ثلاثة آلاف", 3000), ("ثلاثة عشر ألف", 13000),
        ("ثلاثة أرباع", 0.75), ("ثلثا", 2.0 / 3),
    ]

    @Test(arguments: arabicNumbers)
    func arabicNumbersRead(_ text: String, _ value: Double) throws {
        let words = text.split(separator: " ").map(String.init)
        #expect(try database.phraseWords(["ar"]).value(of: words) == value, "\(text)")
    }

    @Test func arabicNumbersWrittenTogetherSplit() throws {
        let words = try database.phraseWords(["ar"])
        // Folded as the reader folds them (TextFolding: ة is ه).
        func split(_ text: String) -> [String]? { words.split(folded: TextFolding.fold(text)) }
        #expect(split("ثلاثمئة") == ["ثلاث", "مئة"].map(TextFolding.fold))
        #expect(split("خمسمائة") == ["خمس", "مائة"].map(TextFolding.fold))
        #expect(split("وعشرون") == ["و", "عشرون"])
        // A ten follows a unit word only after و.
        #expect(words.value(of: ["عشرون", "و", "ثلاثون"]) == nil)
    }

    @Test func arabicDigitsReadEndToEnd() throws {
        #expect(try first("٣ أميال إلى كم") == "3.0 length/mile -> length/kilometer")
        #expect(try first("٣٫٥ ميل إلى كيلومتر") == "3.5 length/mile -> length/kilometer")
        #expect(try first("١٬٥٠٠ متر إلى قدم") == "1500.0 length/meter -> length/foot")
        #expect(try first("۳ كيلوغرام إلى رطل") == "3.0 mass/kilogram -> mass/pound")
    }

    /// The dual (CLDR's `two`, n = 2 alone in Arabic) states two; the
    /// singular, the form of `one` and `other`, states no count: named alone
    /// before its target it is one, as `a mile` is, in Arabic and in English.
    @Test func aDualStatesTwo() throws {
        #expect(try first("ميلان إلى كم") == "2.0 length/mile -> length/kilometer")
        #expect(try first("ساعتان و 15 دقيقة بالدقائق") == "2.25 time/hour -> time/minute")
        #expect(try first("كم قدما في ميلان") == "2.0 length/mile -> length/foot")
        // The singular states one only as a unit named alone before its target.
        #expect(try first("ميل إلى كم") == "1.0 length/mile -> length/kilometer")
        #expect(try first("mile in km", ["en", "ar"]) == "1.0 length/mile -> length/kilometer")
        #expect(try first("ميل و كم").hasPrefix("not understood: no number"))
    }

    /// A unit named alone, then a conjunction and a fraction in words, is
    /// one and the fraction; before anything else it states no number.
    @Test func aUnitAloneBeforeAFractionIsOne() throws {
        #expect(try first("ساعة ونصف بالدقائق") == "1.5 time/hour -> time/minute")
        #expect(try first("ساعة وربع بالدقائق") == "1.25 time/hour -> time/minute")
        #expect(try first("hour and a half in minutes", ["en"]) == "1.5 time/hour -> time/minute")
        #expect(try first("ساعة و 15 دقيقة بالدقائق").hasPrefix("not understood:"))
        #expect(try first("feet and inches in meters", ["en"]).hasPrefix("not understood:"))
    }

    /// `واحد` said after the name (kind `number-after` of words.tsv) is
    /// its count; only right after the name the quantity opens with.
    @Test func aCountSaidAfterTheNameIsItsCount() throws {
        #expect(try first("جالون واحد كم لتر") == "1.0 volume/US gallon -> volume/liter")
        #expect(try first("ساعة واحدة كم دقيقة") == "1.0 time/hour -> time/minute")
        #expect(try first("ميل واحد إلى كيلومتر") == "1.0 length/mile -> length/kilometer")
        // Before the name, as a number: as before.
        #expect(try first("واحد كيلوغرام كم رطل") == "1.0 mass/kilogram -> mass/pound")
        // After a number and its unit it is no count: `5 ميل واحد` is refused.
        #expect(try first("5 ميل واحد إلى كم").hasPrefix("not understood"))
        // English has no such word: `mile one in km` states nothing.
        #expect(try first("mile one in km", ["en"]).hasPrefix("not understood"))
    }

    @Test(arguments: ["بالكيلومترات", "وبالميل", "للللل"])
    func cuttingAttachedWordsIsLinear(_ word: String) throws {
        // At most 100 words: the phrase stays under maxPhraseBytes.
        let counts = try [25, 50, 100].map { count in
            let text = "5 ميل " + Array(repeating: word, count: count).joined(separator: " ")
            #expect(text.utf8.count <= UnitDatabase.maxPhraseBytes)
            var work = 0
            _ = try PhraseReader(database: database).parse(text, languages: ["ar"], work: &work)
            return work
        }
        #expect(counts[0] > 0)
        #expect(Double(counts[1]) <= 2.1 * Double(counts[0]), "\(word) x25, x50: \(counts)")
        #expect(Double(counts[2]) <= 2.1 * Double(counts[1]), "\(word) x50, x100: \(counts)")
    }
}
