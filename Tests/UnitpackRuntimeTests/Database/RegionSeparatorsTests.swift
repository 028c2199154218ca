import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// A tag's region picks CLDR's separators for it (issue 20 §6): `de-CH`
/// writes `12’345.5`, `ar-MA` `12.345,5`. The expected separators are
/// CLDR 41's (common/main/<locale>.xml, `numbers/symbols[@numberSystem='latn']`,
/// with the parents of supplementalData.xml: es_MX inherits es_419's).
@Suite struct RegionSeparatorsTests {
    static var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    @Test(arguments: [
        ("de", ",", "."), ("de-CH", ".", "’"), ("de-LI", ".", "’"), ("de-AT", ",", "\u{A0}"),
        ("it-CH", ".", "’"), ("ar-MA", ",", "."), ("ar-TN", ",", "."), ("es", ",", "."), ("es-MX", ".", ","),
        ("es-419", ".", ","), ("es-AR", ",", "."), ("pt", ",", "."), ("pt-PT", ",", "\u{A0}"), ("fr-CA", ",", "\u{A0}"),
        ("en", ".", ","), ("en-ZA", ",", "\u{A0}"), ("en-GB", ".", ","), ("ru-RU", ",", "\u{A0}"),
    ])
    func theRegionPicksItsSeparators(tag: String, decimal: String, group: String) throws {
        let language = try Self.database.language(tag)
        #expect(language.numbers.decimal == decimal, "\(tag)")
        #expect(language.numbers.group == group, "\(tag)")
    }

    @Test func formattingUsesThem() throws {
        let meter = try Self.database.unit(key: "length/meter")
        let swiss = try Self.database.format(12345.5, meter, language: "de-CH").number
        #expect(swiss == "12’345.5")
        #expect(try Self.database.format(12345.5, meter, language: "ar-MA").number == "12.345,5")
        // ar-EG writes Arabic-Indic digits, whose separators are the language's own.
        #expect(try Self.database.format(12345.5, meter, language: "ar-EG").number == "١٢٬٣٤٥٫٥")
    }

    @Test func theListReadsBackAsWritten() {
        let regions = ["CH": RegionSeparators(decimal: ".", group: "’"), "AT": RegionSeparators(decimal: ",", group: "\u{A0}")]
        let text = RegionSeparators.text(regions)
        #expect(text == "AT:,:\u{A0} CH:.:’")
        #expect(RegionSeparators.parse(text) == regions)
        for bad in ["CH:.", "ch:.:’", "CH:..:’", "CH:.:’ CH:,:.", "C:.:’"] { #expect(RegionSeparators.parse(bad) == nil, "\(bad)") }
        #expect(RegionSeparators.parse("") == [:])
    }

    /// The region's grouping (CLDR 41): en_IN's decimal pattern `#,##,##0.###`
    /// groups lakhs and crores; `minimumGroupingDigits` is 2 in es, pt_PT and
    /// ru_UA (no group in 1500) and 1 in es_419 and the Spanish of the
    /// Americas that inherit it (es_MX, es_AR), 1 in pt and ru.
    @Test(arguments: [
        ("en", 123456.0, "123,456"), ("en-IN", 123456, "1,23,456"), ("en-IN", 100000, "1,00,000"), ("en-IN", 1000, "1,000"),
        ("en-IN", 12.5, "12.5"), ("es", 1500, "1500"), ("es", 12345, "12.345"), ("es-MX", 1500, "1,500"),
        ("es-419", 1500, "1,500"), ("es-AR", 1500, "1.500"), ("pt", 1500, "1.500"), ("pt-PT", 1500, "1500"),
        ("pt-PT", 12345, "12\u{A0}345"), ("ru", 1500, "1\u{A0}500"), ("ru-UA", 1500, "1500"), ("ru-UA", 12345, "12\u{A0}345"),
    ])
    func theRegionPicksItsGrouping(tag: String, value: Double, number: String) throws {
        let meter = try Self.database.unit(key: "length/meter")
        #expect(try Self.database.format(value, meter, language: tag).number == number, "\(tag)")
    }

    @Test func theGroupingListReadsBackAsWritten() {
        let regions = [
            "IN": RegionGrouping(primary: 3, secondary: 2, minimum: 1), "UA": RegionGrouping(primary: 3, secondary: 3, minimum: 2),
        ]
        let text = RegionGrouping.text(regions)
        #expect(text == "IN:3,2:1 UA:3:2")
        #expect(RegionGrouping.parse(text) == regions)
        for bad in ["IN:3,2", "in:3:1", "IN:0:1", "IN:3:5", "IN:3,3:1", "IN:3,2,2:1", "IN:3:1 IN:3:2", "IN:x:1"] {
            #expect(RegionGrouping.parse(bad) == nil, "\(bad)")
        }
        #expect(RegionGrouping.parse("") == [:])
    }
}
