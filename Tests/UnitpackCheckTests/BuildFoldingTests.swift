import Foundation
import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

/// The build's own folding (`BuildFolding`, `CaseMapping`) gives the keys
/// the runtime's `TextFolding.fold` gives, and the tables of `ScalarTraits`
/// what the properties say: they are faster, never different.
@Suite struct BuildFoldingTests {
    /// Every scalar of the Basic Multilingual Plane, alone.
    static let scalars: [Unicode.Scalar] = (0...0xFFFF).compactMap { Unicode.Scalar(UInt32($0)) }

    @Test func everyScalarFoldsAsTheRuntimeFoldsIt() {
        var differ: [String] = []
        for scalar in Self.scalars {
            let text = String(Character(scalar))
            if !BuildFolding.fold(text).utf8.elementsEqual(TextFolding.fold(text).utf8) { differ.append(NameText.describe(scalar)) }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
    }

    @Test func everyScalarChangesCaseAsTheStandardLibrary() {
        var differ: [String] = []
        for scalar in Self.scalars {
            let text = "a" + String(Character(scalar)) + "Ж"
            if !CaseMapping.lowercased(text).utf8.elementsEqual(text.lowercased().utf8)
                || !CaseMapping.uppercased(text).utf8.elementsEqual(text.uppercased().utf8)
            {
                differ.append(NameText.describe(scalar))
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
    }

    /// Words where the standard library maps by context or to several
    /// scalars, and text NFC or the Arabic folding changes.
    @Test(arguments: [
        "ΟΔΟΣ", "Σ", "İstanbul", "STRASSE", "Straße", "ǅemal", "ΐ", "ﬁ", "МЕТРЫ", "Метр", "КІЛОМЕТР", "ЇЖАК",
        "e\u{301}", "A\u{30A}", "\u{212B}ngström", "أمتار", "قدمًا", "بـ", "إلى", "كيلومتر", "千焦", "キロメートル",
        "ｷﾛ", "ａｂｃ", "𝐀𝐁", "a\u{10400}b", "ᾼ", "ǰ", "ŉ", "",
    ])
    func wordsFoldAsTheRuntimeFoldsThem(_ word: String) {
        #expect(BuildFolding.fold(word).utf8.elementsEqual(TextFolding.fold(word).utf8))
        #expect(CaseMapping.lowercased(word).utf8.elementsEqual(word.lowercased().utf8))
        #expect(CaseMapping.uppercased(word).utf8.elementsEqual(word.uppercased().utf8))
    }

    /// Every word of the repository's names files.
    @Test func theRepositorysWordsFoldAsTheRuntimeFoldsThem() {
        let tree = SourceReader.read(directory: RepositoryBuild.root)
        var words = 0
        var differ: [String] = []
        for language in tree.languages {
            for file in language.nameFiles {
                for row in file.rows {
                    for word in row.words + row.symbols {
                        words += 1
                        if !BuildFolding.fold(word.value).utf8.elementsEqual(TextFolding.fold(word.value).utf8) {
                            differ.append(word.value)
                        }
                    }
                }
            }
        }
        #expect(words > 10_000)
        #expect(differ.isEmpty, "\(differ.prefix(10))")
    }

    @Test func theTableOfTraitsIsWhatThePropertiesSay() {
        let differ = Self.scalars.filter { ScalarTraits.of($0) != ScalarTraits.properties(of: $0) }
        #expect(differ.isEmpty, "\(differ.prefix(10).map(NameText.describe))")
        // `foreignLookAlike` asks the dictionary in those blocks only.
        #expect(NameText.latinOfForeign.keys.allSatisfy { NameText.foreignLookAlike($0) != nil })
    }

    /// Keys of one text's bytes are one key; a decomposed text is another.
    @Test func utf8KeysAreTheirBytes() {
        #expect(UTF8Key("метр") == UTF8Key(String("мет") + "р"))
        #expect(Set([UTF8Key("метр"), UTF8Key("метр"), UTF8Key("метры")]).count == 2)
        #expect(UTF8Key("é") != UTF8Key("e\u{301}"))
        #expect(UTF8Order.compare("a", "b") < 0 && UTF8Order.compare("b", "a") > 0 && UTF8Order.compare("ab", "ab") == 0)
        #expect(UTF8Order.compare("a", "ab") < 0 && UTF8Order.compare("", "a") < 0)
        // Bytes, not Unicode's order: U+FB01 (EF AC 81) after U+1F600 (F0 9F 98 80)? No: EF < F0.
        #expect(UTF8Order.compare("\u{FB01}", "\u{1F600}") < 0)
        #expect(UTF8Order.compare("z", "é") < 0)
    }
}
