import Foundation
import Testing

/// The counts of the repository's data that README.md and the pages of docs/
/// state, held to the data: a unit added without the docs following fails
/// here, naming the file and line of every count gone wrong.
///
/// A stated count is found by its words, case aside (a number is digits,
/// with or without thousands commas, or a word from one to twenty):
///
/// - `N units` and `N categories`: the units and categories of the built
///   database (`unitpack dump`'s first line), when N is within 15% of them:
///   `10,000 units` of a synthetic set or `32 units` of an example are no
///   count of this data, `1,253 units` is a stale one;
/// - `N languages`, the same way; `N complete languages`, `N partial
///   languages`: the languages the dump marks so, whatever N;
/// - `N base units`: one per category;
/// - `N mapped to GNU units`, with `(P%)` after it: the rows of
///   `crosscheck/gnu-units/<category>.tsv` and their share of the units;
///   `N listed exceptions`: the rows of its `.exceptions.tsv` files;
///   `N agree to 1e-09, M listed exceptions` (`Scripts/crosscheck`'s
///   summary): the mapped units less the base units and the exceptions.
///
/// Not held: a number after `~` or `about` (a rough size), and the sections a
/// script writes (between `<!-- BEGIN name -->` and `<!-- END name -->`, as
/// docs/benchmarks.md's), which give the commit they were measured at.
@Suite struct DocCountTests {
    /// What the docs may state, from the data.
    struct Data {
        var units = 0
        var categories = 0
        var languages = 0
        var complete = 0
        var partial = 0
        var mapped = 0
        var mappedCategories = 0
        var exceptions = 0

        var mappedPercent: String { String(format: "%.1f", 100 * Double(mapped) / Double(units)) }
        /// `Scripts/crosscheck` compares every mapped unit but the base of its category.
        var agree: Int { mapped - mappedCategories - exceptions }
    }

    /// One count a page states.
    struct Claim: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var stated: Int
        var expected: Int
        var what: String

        var description: String { "\(file):\(line): '\(text)' states \(stated) \(what); the data has \(expected)" }
    }

    static let numberWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
    static let number = #"(\d{1,3}(?:,\d{3})+|\d+|"# + numberWords.joined(separator: "|") + ")"

    static func value(_ text: String) -> Int? {
        if let index = numberWords.firstIndex(of: text.lowercased()) { return index + 1 }
        return Int(text.replacingOccurrences(of: ",", with: ""))
    }

    /// The repository's data: the shared build's dump, and the cross-check's mapping files.
    static func data() throws -> Data {
        let dist = try RepositoryData.sharedDist()
        let dump = try CLI.run(["dump", "--data", dist])
        try #require(dump.status == 0, "\(dump)")
        var data = Data()
        let lines = dump.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // "unitpack dump, database format 11: 1252 units, 57 categories, 12 languages"
        let header = try #require(lines.first.map(String.init))
        let counts = header.split(separator: ":").last?.split(separator: ",").compactMap {
            Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
        } ?? []
        try #require(counts.count == 3, "dump's first line: \(header)")
        (data.units, data.categories, data.languages) = (counts[0], counts[1], counts[2])
        // "language ru (русский), complete, decimal ..."
        for line in lines where line.hasPrefix("language ") {
            if line.contains("), complete,") { data.complete += 1 }
            if line.contains("), partial,") { data.partial += 1 }
        }
        try #require(data.complete + data.partial == data.languages, "dump's language lines: \(data)")

        let mapping = RepositoryData.root + "/crosscheck/gnu-units"
        for name in try FileManager.default.contentsOfDirectory(atPath: mapping) where name.hasSuffix(".tsv") {
            let rows = try Files.text(mapping + "/" + name).split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#")
            }
            if name.hasSuffix(".exceptions.tsv") {
                data.exceptions += rows.count
            } else {
                data.mapped += rows.count
                data.mappedCategories += 1
            }
        }
        return data
    }

    /// The Markdown files the counts are read from: README.md, docs/*.md, locales/README.md.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: RepositoryData.root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md", "locales/README.md"] + docs
    }

    /// `text` with the lines of script-written sections blanked, so that line numbers stay.
    static func withoutWrittenSections(_ text: String) -> String {
        var inside = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!-- BEGIN ") { inside = true }
            defer { if trimmed.hasPrefix("<!-- END ") { inside = false } }
            return inside ? "" : line
        }.joined(separator: "\n")
    }

    /// Every count `text` (the page `file`) states, with what the data says it should be.
    static func claims(in text: String, file: String, data: Data) -> [Claim] {
        let text = withoutWrittenSections(text)
        let ns = text as NSString
        func lineNumber(_ location: Int) -> Int {
            ns.substring(to: location).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        }
        func near(_ stated: Int, _ actual: Int) -> Bool {
            Double(stated) >= Double(actual) * 0.85 && Double(stated) <= Double(actual) * 1.15
        }
        /// A number after `~` or `about` is a rough size, not a count.
        func approximate(_ location: Int) -> Bool {
            let before = ns.substring(to: location)
            return before.hasSuffix("~") || before.lowercased().hasSuffix("about ")
        }
        var claims: [Claim] = []
        // (pattern, what, the data's count, checked only near it); group 1 is the number.
        let rules: [(String, String, Int, Bool)] = [
            (#"\s+units\b"#, "units", data.units, true),
            (#"\s+categories\b"#, "categories", data.categories, true),
            (#"\s+languages\b"#, "languages", data.languages, true),
            (#"\s+complete\s+languages\b"#, "complete languages", data.complete, false),
            (#"\s+partial\s+languages\b"#, "partial languages", data.partial, false),
            (#"\s+base\s+units\b"#, "base units", data.categories, false),
            (#"\s+mapped\s+to\s+GNU\s+units\b"#, "units mapped to GNU units", data.mapped, false),
            (#"\s+listed\s+exceptions\b"#, "listed exceptions", data.exceptions, false),
            (#"\s+agree\s+to\s+1e-0?9,\s+\d+\s+listed\s+exceptions\b"#, "units that agree with GNU units", data.agree, false),
        ]
        for (tail, what, actual, gated) in rules {
            let regex = try! NSRegularExpression(
                pattern: #"(?<![\w.,])"# + number + tail, options: [.caseInsensitive])
            for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let numberRange = match.range(at: 1)
                guard !approximate(numberRange.location),
                    let stated = value(ns.substring(with: numberRange))
                else { continue }
                if gated && !near(stated, actual) { continue }
                claims.append(Claim(
                    file: file, line: lineNumber(match.range.location),
                    text: ns.substring(with: match.range).replacingOccurrences(of: "\n", with: " "),
                    stated: stated, expected: actual, what: what))
            }
        }
        // The mapped share: "1235 mapped to GNU units (98.6%)".
        let share = try! NSRegularExpression(pattern: #"mapped\s+to\s+GNU\s+units\s+\((\d+(?:\.\d+)?)%\)"#)
        for match in share.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let stated = ns.substring(with: match.range(at: 1))
            if stated != data.mappedPercent {
                claims.append(Claim(
                    file: file, line: lineNumber(match.range.location), text: ns.substring(with: match.range),
                    stated: 0, expected: 0, what: "(\(stated)% mapped; the data's share is \(data.mappedPercent)%)"))
            }
        }
        return claims
    }

    @Test func everyCountTheDocsStateIsTheDatas() throws {
        let data = try Self.data()
        var checked: [Claim] = []
        for page in try Self.pages() {
            let path = RepositoryData.root + "/" + page
            guard FileManager.default.fileExists(atPath: path) else { continue }
            checked += Self.claims(in: try Files.text(path), file: page, data: data)
        }
        for claim in checked where claim.stated != claim.expected || claim.what.hasPrefix("(") {
            Issue.record("\(claim)")
        }
        // The scanner found what it should: the README states the data's size.
        #expect(checked.contains { $0.file == "README.md" && $0.what == "units" }, "the README states no count of units")
        #expect(checked.contains { $0.file == "README.md" && $0.what == "categories" })
        #expect(checked.contains { $0.file == "README.md" && $0.what == "languages" })
        #expect(checked.contains { $0.what == "units mapped to GNU units" })
    }

    /// The rules on a page made up for them, with the data of today's repository.
    @Test func theRulesFindCountsAndPassOverOtherNumbers() {
        let data = Data(units: 1252, categories: 57, languages: 12, complete: 4, partial: 8, mapped: 1235,
                        mappedCategories: 57, exceptions: 31)
        let page = """
            It holds **1,252 units in 57
            categories**, twelve languages: 4 complete languages and 8 partial languages.
            A stale count: 1,256 units. The original app had ~1,050 units, about 1,300 units.
            A synthetic tree of 10,000 units (200 categories); an example of 32 units.
            crosscheck: 1252 units, 1235 mapped to GNU units (98.6%), 1147 agree to 1e-09, 31 listed exceptions, 0 problems
            <!-- BEGIN bench -->
            | repository (1,253 units) |
            <!-- END bench -->
            Eleven languages, 3 complete languages.
            """
        let claims = DocCountTests.claims(in: page, file: "page.md", data: data)
        let wrong = claims.filter { $0.stated != $0.expected }.map(\.description)
        #expect(wrong == [
            "page.md:3: '1,256 units' states 1256 units; the data has 1252",
            "page.md:9: 'Eleven languages' states 11 languages; the data has 12",
            "page.md:9: '3 complete languages' states 3 complete languages; the data has 4",
        ])
        #expect(claims.count == 12, "\(claims.map(\.description))")
    }
}
