import Testing
import UnitpackCore

@testable import UnitpackRuntime

/// A tag's region picks CLDR's separators for it (issue 20 §6): `de-CH`
/// writes `12’345.5`, `ar-MA` `12.345,5`. The expected separators are
/// CLDR 41's (common/main/<locale>.xml, `numbers/symbols[@numberSystem='latn']`,
/// with the parents of supplementalData.xml: es_MX inherits es_419's).
@Suite struct RegionSeparatorsTests {
    static let database = BestTargetTests.database

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
}
