import Foundation
import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// Issue 37, finding 9: what the sources let through. Control, invisible,
/// bidirectional and look-alike characters in names; names that differ only
/// by a look-alike; a NUL; CR line endings. (Formula pairs inverse one way
/// only: CheckRuleTests.) Each on the valid tree with English and Russian names, valid but
/// for the one mistake. Codes are compared by their text so that the tests
/// read the same before the codes existed.
@Suite struct SourceTextTests {
    static let enHeader = "unit\tdisplay\tone\tother\tsymbols\tsynonyms\n"
    static let ruHeader = "unit\tdisplay\tone\tfew\tmany\tother\tsymbols\tsynonyms\n"

    func diagnostics(_ changes: [String: String]) throws -> [Diagnostic] {
        try diagnostics(bytes: changes.mapValues { Array($0.utf8) })
    }

    func diagnostics(bytes changes: [String: [UInt8]]) throws -> [Diagnostic] {
        var files = SourceFixture.validFilesWithLocales.mapValues { Array($0.utf8) }
        files.merge(changes) { _, new in new }
        let fixture = try SourceFixture(bytes: files)
        defer { fixture.remove() }
        return Checker.check(SourceReader.read(directory: fixture.root))
    }

    /// English names of length with `synonym` given to foot (line 4, column 33).
    static func englishLength(footSynonym synonym: String, meterSymbols: String = "", kilometerSymbols: String = "") -> String {
        enHeader
            + "meter\tmeters\tmeter\tmeters\t\(meterSymbols)\tmetre,metres\n"
            + "kilometer\tkilometers\tkilometer\tkilometers\t\(kilometerSymbols)\tkilometre,kilometres\n"
            + "foot\tfeet\tfoot\tfeet\t\t\(synonym)\n"
    }

    /// The column of foot's synonyms in `englishLength`.
    static let synonymColumn = "foot\tfeet\tfoot\tfeet\t\t".unicodeScalars.count + 1

    func codes(_ found: [Diagnostic]) -> [String] { found.map(\.code.rawValue) }

    /// `line:column` of a diagnostic.
    func place(_ diagnostic: Diagnostic?) -> String {
        diagnostic.map { "\($0.location.line):\($0.location.column)" } ?? "none"
    }

    // MARK: Control characters (E106)

    static let controls: [(Unicode.Scalar, String)] = [
        ("\u{1B}", "ESC"), ("\u{7F}", "DEL"), ("\u{85}", "NEL"), ("\u{2028}", "LINE SEPARATOR"),
        ("\u{2029}", "PARAGRAPH SEPARATOR"), ("\u{07}", "BEL"), ("\u{0B}", "VT"), ("\u{9B}", "CSI"),
    ]

    /// An escape sequence in a synonym reached the terminal through
    /// `convert`, `search`, `dump` and `diff`; now `check` refuses it where it stands.
    @Test(arguments: controls.map { $0.0 })
    func aControlCharacterInANameIsRefusedWhereItStands(_ control: Unicode.Scalar) throws {
        let synonym = "f" + String(Character(control)) + "[31mt"
        let found = try diagnostics(["locales/en/length.tsv": Self.englishLength(footSynonym: synonym)])
        #expect(codes(found) == ["E106"], "\(found.map(\.rendered))")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.location.path.hasSuffix("locales/en/length.tsv"))
        #expect((diagnostic.location.line, diagnostic.location.column) == (4, Self.synonymColumn + 1))
        let hex = String(control.value, radix: 16, uppercase: true)
        #expect(diagnostic.message.contains("U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex))
        #expect(diagnostic.severity == .error)
    }

    /// A NUL passed `check` and failed `build` with no location ("a search
    /// key contains U+0000"): now every place it stands is reported.
    @Test func aNulInANameIsLocatedByCheck() throws {
        let name = "sm\u{0}oot"
        let found = try diagnostics([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\n\(name)\t\t67*0.0254\t1\tother\n",
            "units-src/ids.tsv": SourceFixture.validIDs + "8\tlength\t\(name)\n",
            "locales/en/length.tsv": Self.englishLength(footSynonym: "") + "\(name)\tsmoots\tsmoot\tsmoots\t\t\n",
            "locales/ru/length.tsv": Self.ruHeader + "meter\tметры\tметр\tметра\tметров\tметра\tм\t\n"
                + "kilometer\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм\t\n"
                + "foot\tфуты\tфут\tфута\tфутов\tфута\tфт\t\n" + "\(name)\tсмуты\tсмут\tсмута\tсмутов\tсмута\t\t\n",
        ])
        #expect(Set(codes(found)) == ["E106"], "\(found.map(\.rendered))")
        let places = found.map { "\($0.location.path.split(separator: "/").suffix(2).joined(separator: "/")):\($0.location.line):\($0.location.column)" }
        #expect(places.sorted() == ["en/length.tsv:5:3", "ru/length.tsv:5:3", "units-src/ids.tsv:8:12", "units-src/length.tsv:4:3"].sorted())
        #expect(found.allSatisfy { $0.message.contains("U+0000") })
    }

    /// A diagnostic about a name that holds an escape sequence shows it
    /// written out: `check` itself must not paint the terminal.
    @Test func aDiagnosticShowsControlCharactersWrittenOut() {
        let location = SourceLocation(path: "units-src/length.tsv", line: 4, column: 1)
        let diagnostic = Diagnostic(
            .duplicateName, "duplicate unit name 'r\u{1B}[31med' in category 'length'", at: location,
            notes: [.init("'r\u{1B}[31med' first defined here", at: location)], hint: "rename 'r\u{202E}ed'")
        #expect(!diagnostic.rendered.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(diagnostic.rendered.contains("r\\u{1B}[31med"))
        #expect(diagnostic.rendered.contains("r\\u{202E}ed"))
    }

    // MARK: Bidirectional controls (E110)

    static let bidiControls: [Unicode.Scalar] = ["\u{202E}", "\u{200F}", "\u{202A}", "\u{200E}", "\u{2066}", "\u{2069}", "\u{061C}"]

    @Test(arguments: bidiControls)
    func aBidirectionalControlInANameIsRefused(_ control: Unicode.Scalar) throws {
        let found = try diagnostics(["locales/en/length.tsv": Self.englishLength(footSynonym: "fe" + String(Character(control)) + "et")])
        #expect(codes(found) == ["E110"], "\(found.map(\.rendered))")
        #expect(place(found.first) == "4:\(Self.synonymColumn + 2)")
    }

    // MARK: Invisible characters (E111)

    static let invisibles: [Unicode.Scalar] = [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{00AD}", "\u{FEFF}", "\u{FE0F}", "\u{00A0}", "\u{3000}",
        "\u{180E}", "\u{115F}", "\u{E0041}",
    ]

    /// `me\u{200B}ter` on the foot made `1 me​ter in m` a foot: the word
    /// holds an invisible character, and looks the same as meter's `meter`.
    @Test func aZeroWidthSpaceInASynonymIsRefused() throws {
        let found = try diagnostics(["locales/en/length.tsv": Self.englishLength(footSynonym: "me\u{200B}ter")])
        #expect(codes(found).sorted() == ["E111", "E113"], "\(found.map(\.rendered))")
        let invisible = found.first { $0.code.rawValue == "E111" }
        #expect(place(invisible) == "4:\(Self.synonymColumn + 2)")
        #expect(invisible?.message.contains("U+200B") == true)
        let lookAlike = found.first { $0.code.rawValue == "E113" }
        #expect(place(lookAlike) == "4:\(Self.synonymColumn)")
        #expect(lookAlike?.notes.first?.location.line == 2, "meter's own word")
    }

    @Test(arguments: invisibles)
    func anInvisibleCharacterInANameIsRefused(_ invisible: Unicode.Scalar) throws {
        let found = try diagnostics(["locales/en/length.tsv": Self.englishLength(footSynonym: "fe" + String(Character(invisible)) + "et")])
        #expect(codes(found) == ["E111"], "\(found.map(\.rendered))")
    }

    @Test func anInvisibleCharacterInAUnitNameOrSymbolIsRefused() throws {
        let found = try diagnostics([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tk\u{200D}m\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\n"
        ])
        #expect(codes(found) == ["E111"], "\(found.map(\.rendered))")
        #expect(place(found.first) == "2:12")
    }

    // MARK: Look-alike letters (E112)

    /// Latin words with Cyrillic or Greek letters that look Latin, a Russian
    /// word with a Latin look-alike, fullwidth letters, compatibility letters.
    static let lookAlikes: [(String, Int)] = [
        ("h\u{0430}nd", 2),  // Cyrillic а
        ("f\u{03BF}ot", 2),  // Greek omicron
        ("\u{041C}ile", 1),  // Cyrillic М, in a Latin word
        ("\u{FF46}\u{FF4F}\u{FF4F}\u{FF54}", 1),  // fullwidth ｆｏｏｔ
        ("foot\u{FF12}", 5),  // fullwidth digit
        ("\u{017F}moot", 1),  // long s
        ("\u{FB02}oor", 1),  // the ligature ﬂ
        ("\u{1D41F}oot", 1),  // mathematical bold f
    ]

    @Test(arguments: lookAlikes.map(\.0))
    func aLookAlikeLetterInAnEnglishNameIsRefused(_ word: String) throws {
        let offset = try #require(Self.lookAlikes.first { $0.0 == word }).1
        let found = try diagnostics(["locales/en/length.tsv": Self.englishLength(footSynonym: word)])
        #expect(codes(found) == ["E112"], "\(word): \(found.map(\.rendered))")
        #expect(place(found.first) == "4:\(Self.synonymColumn + offset - 1)")
    }

    @Test func aLatinLookAlikeInARussianWordIsRefused() throws {
        // `мeтр`: a Latin e among Cyrillic letters.
        let found = try diagnostics([
            "locales/ru/length.tsv": Self.ruHeader + "meter\tметры\tметр\tметра\tметров\tметра\tм\tм\u{0065}тр\n"
                + "kilometer\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм\t\n"
                + "foot\tфуты\tфут\tфута\tфутов\tфута\tфт\t\n"
        ])
        #expect(codes(found) == ["E112"], "\(found.map(\.rendered))")
        let column = "meter\tметры\tметр\tметра\tметров\tметра\tм\t".unicodeScalars.count + 2
        #expect(place(found.first) == "2:\(column)")
    }

    /// Symbols that mix scripts as the SI writes them, and words of two
    /// scripts separated by a space or a sign, are not look-alikes.
    @Test func scriptsMixedAsUnitsAreWrittenPass() throws {
        let found = try diagnostics([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm,kΩ,ℓ\t1000\t4\tsi\nfoot\tft,μm,µm\t0.3048\t4\timp\n",
            "locales/ru/length.tsv": Self.ruHeader + "meter\tметры\tметр\tметра\tметров\tметра\tм,ΔК\tметр TeX\n"
                + "kilometer\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм,Вт/(м²·°C)\t\n"
                + "foot\tфуты\tфут\tфута\tфутов\tфута\tфт,ГэВ/c²\t\n",
        ])
        #expect(found.map(\.rendered) == [])
    }

    // MARK: Names that look the same (E113)

    /// `ſmoot` beside `smoot`: names compare after case folding, under which
    /// the long s is an s.
    @Test func aLongSNameCollidesWithItsPlainSpelling() throws {
        let found = try diagnostics([
            "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\n"
                + "smoot\t\t67*0.0254\t1\tother\n\u{017F}moot\t\t1.7\t1\tother\n",
            "units-src/ids.tsv": SourceFixture.validIDs + "8\tlength\tsmoot\n9\tlength\t\u{017F}moot\n",
            "locales/en/length.tsv": Self.englishLength(footSynonym: "")
                + "smoot\tsmoots\tsmoot\tsmoots\t\t\n\u{017F}moot\tlong smoots\tlong smoot\tlong smoots\t\t\n",
            "locales/ru/language.tsv": "name\tрусский\nstatus\tpartial\ndecimal\t,\ngroup\tU+00A0\n",
        ])
        let collision = found.filter { $0.code.rawValue == "E113" }
        #expect(collision.count == 1, "\(found.map(\.rendered))")
        #expect(place(collision.first) == "5:1")
        #expect(collision.first?.notes.first?.location.line == 4)
        #expect(Set(codes(found)) == ["E112", "E113"], "the long s is a look-alike letter too")
    }

    /// Two symbols of two units that only a script tells apart: a Latin
    /// `M` and a Cyrillic `М`, each alone (no mixed word).
    @Test func symbolsThatLookTheSameCollide() throws {
        let found = try diagnostics([
            "locales/en/length.tsv": Self.englishLength(footSynonym: "", meterSymbols: "M", kilometerSymbols: "\u{041C}")
        ])
        #expect(codes(found) == ["E113"], "\(found.map(\.rendered))")
        #expect(found.first?.location.line == 3)
        // Case still tells symbols apart: M and m are two symbols.
        let cased = try diagnostics([
            "locales/en/length.tsv": Self.englishLength(footSynonym: "", meterSymbols: "M", kilometerSymbols: "m")
        ])
        #expect(codes(cased) == [])
    }

    /// A Greek word written in capitals that are all Latin look-alikes
    /// (`ΒΟΧ`, Beta Omicron Chi) for foot, beside `box` for meter: no word
    /// mixes scripts, and the two look the same.
    @Test func aWholeWordOfLookAlikesCollides() throws {
        let english = Self.enHeader
            + "meter\tmeters\tmeter\tmeters\t\tmetre,box\n"
            + "kilometer\tkilometers\tkilometer\tkilometers\t\t\n"
            + "foot\tfeet\tfoot\tfeet\t\t\u{0392}\u{039F}\u{03A7}\n"
        let found = try diagnostics(["locales/en/length.tsv": english])
        #expect(codes(found) == ["E113"], "\(found.map(\.rendered))")
        #expect(place(found.first) == "4:\(Self.synonymColumn)")
        #expect(found.first?.notes.first?.location.line == 2)
    }

    // MARK: CR line endings (E107)

    /// A names file with CR alone at the ends of its lines was one line:
    /// a comment, so every name in it was lost, with a warning at most.
    @Test func crLineEndingsAreAnErrorAndTheLinesAreStillRead() throws {
        let russian = SourceFixture.localeFiles["locales/ru/length.tsv"]!
        let found = try diagnostics(["locales/ru/length.tsv": russian.replacingOccurrences(of: "\n", with: "\r")])
        #expect(codes(found) == ["E107"], "\(found.map(\.rendered))")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.severity == .error)
        #expect((diagnostic.location.line, diagnostic.location.column) == (1, "# Русские названия".unicodeScalars.count + 1))
        #expect(diagnostic.hint?.contains("LF") == true)
    }

    @Test func crLineEndingsInPluralRulesAreAnError() throws {
        let rules = SourceFixture.localeFiles["locales/ru/plurals.txt"]!
        let found = try diagnostics(["locales/ru/plurals.txt": rules.replacingOccurrences(of: "\n", with: "\r")])
        #expect(codes(found) == ["E107"], "\(found.map(\.rendered))")
    }

    /// CRLF stays a warning, and a CR alone inside an LF file breaks the line too.
    @Test func crlfStaysAWarning() throws {
        let russian = SourceFixture.localeFiles["locales/ru/length.tsv"]!
        #expect(codes(try diagnostics(["locales/ru/length.tsv": russian.replacingOccurrences(of: "\n", with: "\r\n")])) == ["W103"])
        let mixed = russian.replacingOccurrences(of: "\nfoot", with: "\rfoot")
        #expect(codes(try diagnostics(["locales/ru/length.tsv": mixed])) == ["E107"])
    }
}
