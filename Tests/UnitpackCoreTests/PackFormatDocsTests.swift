import Foundation
import Testing
import UnitpackCore

/// docs/pack-format.md held to `SearchPackFormat`: the header's table (each
/// field's offset follows from the one before, the whole is the header's
/// length, the magic, the version and the length are the code's), the shard
/// index entry's fixed bytes, the most languages, and every size the page
/// gives beside a constant's name (`1 MiB, \`SearchPackFormat.maxShardBytes\``).
@Suite struct PackFormatDocsTests {
    static func page() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/pack-format.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The rows of the first table after the heading that starts with `heading`.
    static func table(after heading: String, in page: String) throws -> [[String]] {
        let lines = page.split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "pack-format.md has no \(heading)")
        let header = try #require(lines[start...].firstIndex { $0.hasPrefix("|") })
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static func size(ofType type: String) -> Int? {
        switch type {
        case "u8": 1
        case "u16": 2
        case "u32": 4
        default: type.hasSuffix(" bytes") ? Int(type.dropLast(6)) : nil
        }
    }

    @Test func theHeaderTableIsTheCodes() throws {
        let page = try Self.page()
        #expect(page.contains("### Header (\(SearchPackFormat.headerLength) bytes)"))
        let rows = try Self.table(after: "### Header", in: page)
        var offset = 0
        for row in rows {
            #expect(Int(row[0]) == offset, "\(row[2]) is documented at \(row[0]), after \(offset) bytes")
            offset += try #require(Self.size(ofType: row[1]), "\(row)")
        }
        #expect(offset == SearchPackFormat.headerLength)
        func value(_ field: String) -> String? { rows.first { $0[2] == field }?[3] }
        #expect(value("magic") == "ASCII `\(String(decoding: SearchPackFormat.magic, as: UTF8.self))`")
        #expect(value("version")?.hasPrefix("`\(SearchPackFormat.version)` ") == true)
        #expect(value("header_length") == "`\(SearchPackFormat.headerLength)`")
    }

    @Test func theShardIndexEntryAndTheLanguageTableAreTheCodes() throws {
        let page = try Self.page()
        let fixed = SearchPackFormat.indexEntryFixedBytes
        #expect(page.contains("each `\(fixed) + separator_length` bytes"))
        let rows = try Self.table(after: "### Shard index", in: page)
        let sizes = rows.compactMap { Self.size(ofType: $0[0]) }
        #expect(sizes.reduce(0, +) == fixed, "the shard index's fields before the separator: \(rows.map { $0[1] })")
        #expect(page.contains("language_count (at most \(SearchPackFormat.maxLanguages))"))
    }

    /// "1 MiB, `SearchPackFormat.maxShardBytes`", "about 1,280 raw bytes (`SearchPackFormat.targetShardBytes`)".
    @Test func everySizeBesideAConstantIsItsValue() throws {
        let constants = [
            "targetShardBytes": SearchPackFormat.targetShardBytes, "dictionaryBytes": SearchPackFormat.dictionaryBytes,
            "maxDictionaryBytes": SearchPackFormat.maxDictionaryBytes, "maxShardBytes": SearchPackFormat.maxShardBytes,
            "maxLanguages": SearchPackFormat.maxLanguages, "headerLength": SearchPackFormat.headerLength,
        ]
        let page = try Self.page() as NSString
        let name = try NSRegularExpression(pattern: #"`SearchPackFormat\.(\w+)`"#)
        let size = try NSRegularExpression(pattern: #"(\d[\d,]*)\s*(KiB|MiB)?[^\d`]{0,16}$"#)
        var checked = 0
        for match in name.matches(in: page as String, range: NSRange(location: 0, length: page.length)) {
            guard let value = constants[page.substring(with: match.range(at: 1))] else { continue }
            let before = page.substring(with: NSRange(location: max(0, match.range.location - 40), length: min(40, match.range.location))) as NSString
            guard let stated = size.firstMatch(in: before as String, range: NSRange(location: 0, length: before.length)) else { continue }
            var number = Int(before.substring(with: stated.range(at: 1)).replacingOccurrences(of: ",", with: "")) ?? -1
            if stated.range(at: 2).location != NSNotFound {
                number <<= before.substring(with: stated.range(at: 2)) == "KiB" ? 10 : 20
            }
            #expect(number == value, "pack-format.md: '\(before.substring(with: stated.range))\(page.substring(with: match.range))' but the constant is \(value)")
            checked += 1
        }
        #expect(checked >= 3)
    }
}
