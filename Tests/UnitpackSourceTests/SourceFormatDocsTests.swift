import Foundation
import Testing
import UnitpackCore

@testable import UnitpackSource

/// The vocabularies docs/source-format.md gives in tables, held to the
/// reader's: the system tags (with their system and tier), the keys of
/// `language.tsv` (which are required), and the kinds of `words.tsv` (which
/// carry a value), which docs/database.md's `phrase_words` lists too.
@Suite struct SourceFormatDocsTests {
    static func page(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/" + name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The rows of the Markdown table whose header line starts with `header`.
    static func table(_ header: String, in page: String) throws -> [[String]] {
        let lines = page.split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix(header) }, "no table \(header)")
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The backticked pieces of `text`.
    static func code(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theSystemTagsAreTheVocabulary() throws {
        let rows = try Self.table("| tag | system | tier |", in: try Self.page("source-format.md"))
        let documented = rows.map { "\(Self.code($0[0]).first ?? $0[0]) \($0[1]) \($0[2])" }
        let vocabulary = SystemTag.vocabulary.map { "\($0.spelling) \($0.system.rawValue) \($0.tier)" }
        #expect(documented == vocabulary)
    }

    @Test func theLanguageKeysAreTheReaders() throws {
        let rows = try Self.table("| key | required | value |", in: try Self.page("source-format.md"))
        let required = rows.filter { $0[1] == "yes" }.map { Self.code($0[0]).first ?? "" }
        #expect(required == LanguageFileParser.requiredKeys)
        // An optional key has its row, or is explained in the row of the key it goes with (`native-digits` in `numbering`'s).
        let named = Set(rows.flatMap { Self.code($0[0]) + Self.code($0[2]) })
        let rowKeys = rows.filter { $0[1] == "no" }.map { Self.code($0[0]).first ?? "" }
        for key in LanguageFileParser.optionalKeys {
            #expect(named.contains(key), "docs/source-format.md does not name the language.tsv key \(key)")
        }
        #expect(Set(rowKeys).isSubset(of: Set(LanguageFileParser.optionalKeys)), "\(rowKeys)")
    }

    @Test func theWordKindsAreTheReaders() throws {
        let rows = try Self.table("| kind | value | what it does |", in: try Self.page("source-format.md"))
        #expect(rows.map { Self.code($0[0]).first ?? "" } == PhraseWordKind.allCases.map(\.rawValue))
        for row in rows {
            let kind = try #require(PhraseWordKind(rawValue: Self.code(row[0]).first ?? ""))
            #expect((row[1] != "no") == kind.hasValue, "\(kind.rawValue): the value column says \(row[1])")
        }
        // docs/database.md's phrase_words: the `kind` and `value` fields of a line name the same kinds.
        let page = try Self.page("database.md")
        let section = try #require(page.range(of: "### `phrase_words("))
        let database = try Self.table("| field | meaning |", in: String(page[section.lowerBound...]))
        let kinds = try #require(database.first { $0[0] == "`kind`" })
        #expect(Set(Self.code(kinds[1])).isSuperset(of: PhraseWordKind.allCases.map(\.rawValue)), "database.md, phrase_words.kind")
        let values = try #require(database.first { $0[0] == "`value`" })
        let withValue = PhraseWordKind.allCases.filter(\.hasValue).map(\.rawValue)
        #expect(Set(Self.code(values[1])) == Set(withValue), "database.md, phrase_words.value: the kinds that carry one")
    }
}
