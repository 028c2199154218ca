import Testing
import UnitpackStore
import UnitpackTestSupport

@testable import UnitpackCore

@Suite struct SearchKeyTests {
    @Test(arguments: [
        ("Meter", "meter"), ("  kilometer   per\thour ", "kilometer per hour"), ("ЁЛКА", "елка"),
        ("m²", "m2"), ("m^2", "m2"), ("m2", "m2"), ("s⁻¹", "s-1"), ("s^-1", "s-1"), ("x^y", "x^y"), ("^", "^"),
        // Found by Scripts/fuzz search-key: `^−` kept its `^`, which a second pass dropped.
        ("s^−1", "s-1"), ("^v^−", "^v-"),
        ("µm", "μm"), ("μm", "μm"), ("ºC", "°c"), ("°C", "°c"), ("℃", "°c"), ("5′", "5'"), ("5″", "5\""),
        ("e\u{301}", "é"), ("km\u{00A0}/\u{202F}h", "km / h"), ("%", "%"), ("€", "€"), ("Å", "å"), ("\u{212B}", "å"),
        ("", ""), ("   ", ""),
    ])
    func normalizes(input: String, expected: String) {
        #expect(SearchKey.normalize(input) == expected)
    }

    @Test func theShortcutAgreesWithTheFullNormalisation() {
        // Seeded: every character class the shortcut handles (ASCII, whitespace
        // runs, basic Cyrillic with Ё/ё and Ѐ–Џ) and some it leaves to the full path.
        var rng = SeededGenerator(seed: 0x5EA4C4)
        let alphabet = Array("aZ m/K^2 \t\n\r%'\"°.-_09(·)ЁёАаЯяЖЙйЀЏѐџѢ\u{306}µ".unicodeScalars)
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...12, using: &rng)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &rng)! }))
            let expected = SearchKey.normalizeUnicode(text)
            #expect(SearchKey.normalize(text) == expected, "\(text.debugDescription)")
            let simple = text.unicodeScalars.allSatisfy { $0.value < 0x80 ? $0 != "^" : (0x400...0x45F).contains($0.value) }
            #expect(SearchKey.normalizeSimple(text) == (simple ? expected : nil), "\(text.debugDescription)")
        }
    }

    @Test func isIdempotent() {
        for text in ["Ёмкость м² ℃", "US survey foot", "°Ré", "s/100 m", "a^b^2"] {
            let once = SearchKey.normalize(text)
            #expect(SearchKey.normalize(once) == once)
        }
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        let split = CRC32.checksum(Array("56789".utf8), continuing: CRC32.checksum(Array("1234".utf8)))
        #expect(split == 0xCBF4_3926)
    }
}
