import Foundation
import Testing

/// `convert "PHRASE"` in the languages of issue 20 on the repository's own
/// data: each phrase understood without --lang and answered in its own
/// language (its unit names, plural forms and decimal separator); a number
/// that the phrase's words do not decide (`1.500 m in ft`) refused, naming
/// both readings, never one picked in silence.
@Suite struct LanguagePhraseTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    /// The phrase's answer on stdout, nothing on stderr, status 0.
    func answer(_ phrase: String, _ flags: [String] = []) throws -> String {
        let result = try database.convert(flags + [phrase])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        return result.stdout
    }

    // Expected results: 1 ft = 0.3048 m, 1 mi = 1609.344 m, 1 lb = 0.45359237 kg
    // (units-src/), shown to 6 significant digits, "≈" when rounded.
    @Test func frenchIsAnsweredInFrench() throws {
        // 5 / 0.3048 = 16.4041994...
        #expect(try answer("5 mètres en pieds") == "5\u{A0}mètres ≈ 16,4042 pieds\n")
    }

    @Test func polishIsAnsweredInPolish() throws {
        // `mil` is the Polish genitive plural of `mila` (and the English mil): 10 × 1.609344 km.
        #expect(try answer("10 mil na kilometry") == "10 mil ≈ 16,0934 kilometra\n")
        // 5 × 0.3048 m = 1.524 m exactly; `w metrach` is a case form of CLDR.
        #expect(try answer("5 stóp w metrach") == "5 stóp = 1,524 metra\n")
    }

    @Test func spanishIsAnsweredInSpanish() throws {
        #expect(try answer("10 millas en kilómetros") == "10 millas ≈ 16,0934 kilómetros\n")
    }

    @Test func portugueseIsAnsweredInPortuguese() throws {
        // `libras` is Spanish and Portuguese; `em` and `quilogramas` say Portuguese. 10 × 0.45359237.
        #expect(try answer("10 libras em quilogramas") == "10 libras ≈ 4,53592 quilogramas\n")
    }

    @Test func ukrainianIsAnsweredInUkrainian() throws {
        // 5 / 0.3048 = 16.4041994...; 2 / 0.45359237 = 4.4092452...; a fraction takes the form "other" (фута).
        #expect(try answer("5 метрів у футах") == "5 метрів ≈ 16,4042 фута\n")
        #expect(try answer("два кілограми у фунтах") == "2 кілограми ≈ 4,40925 фунта\n")
    }

    @Test func germanGroupsWithAPoint() throws {
        // `Fuß` is German: `1.500` is fifteen hundred. 1500 / 0.3048 = 4921.2598...
        #expect(try answer("1.500 Meter in Fuß") == "1.500 Meter ≈ 4.921,26 Fuß\n")
        #expect(try answer("einundzwanzig Meter in Fuß") == "21 Meter ≈ 68,8976 Fuß\n")
    }

    @Test func chineseAndJapaneseAreReadWithoutSpaces() throws {
        // 5 / 1.609344 = 3.1068559...; 公里, 英里 are Chinese, キロメートル, マイル Japanese.
        // Chinese writes the number against its unit (CLDR `{0}公里`), Japanese after a space.
        #expect(try answer("5公里等于多少英里") == "5公里 ≈ 3.10686英里\n")
        #expect(try answer("5キロメートルは何マイル") == "5 キロメートル ≈ 3.10686 マイル\n")
        // 三千五百 is 3500; 3500 × 0.3048 = 1066.8 exactly.
        #expect(try answer("三千五百英尺是多少米") == "3,500英尺 = 1,066.8米\n")
    }

    @Test func arabicIsAnsweredInArabic() throws {
        // `بالكيلومترات` is `ب` (in), the article and the kilometres; 5 × 1.609344 = 8.04672 exactly.
        // أميال is the form of 3 to 10 (few), كيلومتر of a fraction (other); Arabic-Indic digits
        // and the Arabic decimal separator ٫, as CLDR writes ar (its default numbering system, arab).
        #expect(try answer("5 أميال بالكيلومترات") == "٥ أميال = ٨٫٠٤٦٧٢ كيلومتر\n")
        // The target first, after the question word كم: 5 / 0.3048 = 16.4041994...
        #expect(try answer("كم قدما في 5 أمتار") == "٥ أمتار ≈ ١٦٫٤٠٤٢ قدم\n")
        // The oblique dual (locales/ar/cases.tsv) states two, as the dual does: 2 × 5280 = 10560;
        // CLDR writes the dual without a number (ميلان); 10560 ends in 60, the `many` form after 11-99
        // (قدمًا, locales/ar/length.tsv's hand-written row).
        #expect(try answer("كم قدما في ميلين") == "ميلان = ١٠٬٥٦٠ قدمًا\n")
        #expect(try answer("مترين إلى قدم") == "متران ≈ ٦٫٥٦١٦٨ قدم\n")
    }

    @Test func anArabicPhraseOfUnitsThatDoNotConvertIsRefused() throws {
        let result = try database.convert(["5 أمتار بالكيلوغرام"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: not understood: meter (length) cannot be converted to kilogram (mass)\n")
    }

    @Test func aNumberNothingDecidesIsRefusedNamingBothReadings() throws {
        let result = try database.convert(["1.500 m in ft"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "error: ambiguous: the number '1.500' reads two ways: 1.5 meters ≈ 4.92126 feet (en) "
                + "or 1,500 meters ≈ 4,921.26 feet (de, it); write it so that it reads one way, or give --lang\n")
        // --lang decides.
        #expect(try answer("1.500 m in ft", ["--lang", "de"]) == "1.500 Meter ≈ 4.921,26 Fuß\n")
        #expect(try answer("1.500 m in ft", ["--lang", "en"]) == "1.5 meters ≈ 4.92126 feet\n")
    }

    @Test func theJsonOfAnAmbiguousNumberListsBothReadings() throws {
        let result = try database.convert(["--json", "1.500 m in ft"])
        #expect(result.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        #expect(object["understood"] as? Bool == false)
        let readings = try #require(object["ambiguous"] as? [[String: Any]])
        #expect(readings.map { $0["value"] as? Double } == [1.5, 1500])
        #expect(readings.map { $0["numberReadBy"] as? [String] } == [["en"], ["de", "it"]])
        #expect(readings.map { ($0["from"] as? [String: Any])?["key"] as? String } == ["length/meter", "length/meter"])
    }
}
