import Foundation
import Testing
import UnitpackTestSupport
import UnitpackCore

/// Every sample of every locale of CLDR's own plurals.xml (a committed copy
/// under CLDR/, with its license) falls in the category it is listed under.
@Suite struct PluralConformanceTests {
    struct LocaleRules {
        var locales: [String]
        var rules: [(category: String, text: String)]
    }

    static let blocks: [LocaleRules] = {
        // This file is in Tests/UnitpackCoreTests/PluralRules/; the copy, in Tests/UnitpackCoreTests/CLDR/.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CLDR/plurals.xml").path
        guard let xml = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var blocks: [LocaleRules] = []
        for chunk in xml.components(separatedBy: "<pluralRules locales=\"").dropFirst() {
            let locales = chunk.prefix { $0 != "\"" }.split(separator: " ").map(String.init)
            var rules: [(String, String)] = []
            for rule in chunk.components(separatedBy: "<pluralRule count=\"").dropFirst() {
                let category = String(rule.prefix { $0 != "\"" })
                guard let open = rule.range(of: ">"), let close = rule.range(of: "</pluralRule>") else { continue }
                rules.append((category, String(rule[open.upperBound..<close.lowerBound])))
            }
            blocks.append(LocaleRules(locales: locales, rules: rules))
        }
        return blocks
    }()

    @Test func theCopyOfPluralsXMLIsComplete() {
        #expect(Self.blocks.count > 30)
        #expect(Self.blocks.flatMap(\.locales).count > 200)
        #expect(Self.blocks.contains { $0.locales.contains("ru") && $0.rules.count == 4 })
        #expect(Self.blocks.contains { $0.locales.contains("ar") && $0.rules.count == 6 })
    }

    @Test func everyLocaleParsesWithoutFindings() {
        for block in Self.blocks {
            let text = block.rules.map { "\($0.category): \($0.text)" }.joined(separator: "\n")
            let (rules, diagnostics) = PluralRules.parse(text, path: "plurals.xml")
            #expect(diagnostics.isEmpty, "\(block.locales): \(diagnostics.map(\.rendered))")
            #expect(rules?.categories.map(\.rawValue) == block.rules.map(\.category).sortedInCLDROrder(),
                    "\(block.locales)")
        }
    }

    /// The samples are expanded here independently of the parser, so a parser
    /// that skipped samples would not pass.
    @Test func everySampleFallsInItsCategory() throws {
        var checked = 0
        for block in Self.blocks {
            let text = block.rules.map { "\($0.category): \($0.text)" }.joined(separator: "\n")
            let rules = try #require(PluralRules.parse(text, path: "plurals.xml").rules, "\(block.locales)")
            for (category, ruleText) in block.rules {
                for sample in Self.samples(of: ruleText) {
                    let found = rules.category(for: sample)
                    #expect(found?.rawValue == category, "\(block.locales.first!): \(sample) is \(String(describing: found)), listed under \(category)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2500)
    }

    /// Every locale's rules survive the database's canonical text: same rules,
    /// and the same category for random numbers (seeded, reproducible).
    @Test func canonicalTextRoundTripsForEveryLocale() throws {
        var random = SeededGenerator(seed: 0x9_1A_2A1)
        for block in Self.blocks {
            let text = block.rules.map { "\($0.category): \($0.text)" }.joined(separator: "\n")
            let rules = try #require(PluralRules.parse(text, path: "plurals.xml").rules)
            let again = try PluralRules(canonicalText: rules.canonicalText)
            #expect(again == rules, "\(block.locales)")
            for _ in 0..<200 {
                let integer = String(random.next() % [10, 1000, 1_000_000, UInt64.max][Int(random.next() % 4)])
                let fractionDigits = Int(random.next() % 4)
                let fraction = (0..<fractionDigits).map { _ in String(random.next() % 10) }.joined()
                let number = fraction.isEmpty ? integer : integer + "." + fraction
                #expect(again.category(for: number) == rules.category(for: number), "\(block.locales): \(number)")
            }
        }
    }

    /// `@integer 0, 5~19, … @decimal 0.0~1.5` as every number listed.
    static func samples(of rule: String) -> [String] {
        var values: [String] = []
        for part in rule.components(separatedBy: "@").dropFirst() {
            let list = part.drop { $0 != " " }
            for item in list.split(separator: ",") {
                let item = item.trimmingCharacters(in: .whitespaces)
                guard item != "…", !item.isEmpty else { continue }
                let ends = item.split(separator: "~").map(String.init)
                guard ends.count == 2 else { values.append(item); continue }
                let digits = ends[0].split(separator: ".").count == 2 ? ends[0].split(separator: ".")[1].count : 0
                let low = Int(ends[0].replacingOccurrences(of: ".", with: ""))!
                let high = Int(ends[1].replacingOccurrences(of: ".", with: ""))!
                for value in low...high {
                    values.append(digits == 0 ? String(value) : String(format: "%.\(digits)f", Double(value) / pow(10, Double(digits))))
                }
            }
        }
        return values
    }
}

extension Array where Element == String {
    fileprivate func sortedInCLDROrder() -> [String] {
        compactMap(PluralCategory.init(rawValue:)).sorted().map(\.rawValue)
    }
}

