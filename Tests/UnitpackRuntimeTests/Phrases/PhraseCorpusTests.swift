import Foundation
import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Phrases/corpus.tsv: hundreds of English and Russian phrases (numbers in
/// digits and words, one and two units, markers, symbols, synonyms, `in`,
/// `second`, `5'8"`, `1,5`), each with the value and units it must read as;
/// Phrases/quantities.tsv: mixed quantities and targets (`6 ft 2 in`, `in
/// feet and inches`: keys joined by `+`), temperature differences, readings
/// that fit the other unit, fractions in words. Every case must pass: the
/// first reading is the expected one.
@Suite struct PhraseCorpusTests {
    struct Case {
        var line: Int
        var phrase: String
        var languages: [String]
        var value: Double
        var from: String
        var to: String?
        var file: String
    }

    static let files = ["corpus.tsv", "quantities.tsv"]

    static func cases() throws -> [Case] {
        try files.flatMap { try cases(in: $0) }
    }

    static func cases(in file: String) throws -> [Case] {
        let url = TestPaths.phraseCorpora.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5, let value = Double(f[2]) else {
                Issue.record("\(file):\(index + 1): expected phrase<TAB>languages<TAB>value<TAB>from<TAB>to")
                return nil
            }
            return Case(
                line: index + 1, phrase: f[0], languages: f[1].split(separator: ",").map(String.init), value: value,
                from: f[3], to: f[4].isEmpty ? nil : f[4], file: file)
        }
    }

    /// Each case's phrase must read as its line says: the first reading's
    /// value, unit and targets. The failures are reported together, each at
    /// its line of the corpus.
    static func expectEveryPhraseReads(
        _ cases: [Case], in database: UnitDatabase, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var failures: [String] = []
        for testCase in cases {
            let got: String
            switch try database.parse(testCase.phrase, languages: testCase.languages) {
            case .understood(let readings):
                let reading = readings[0]
                // A sum of parts (6 ft 2 in) is exact to a few units in the last place.
                let valueMatches = abs(reading.value - testCase.value) <= abs(testCase.value) * 1e-12
                let targets = reading.targets.isEmpty ? nil : reading.targets.map(\.key).joined(separator: "+")
                if valueMatches && reading.from.key == testCase.from && targets == testCase.to { continue }
                got = "\(reading.value) \(reading.from.key) -> \(targets ?? "-")"
            case .notUnderstood(let reason):
                got = "not understood: \(reason)"
            }
            failures.append(
                "\(testCase.file):\(testCase.line): \(testCase.phrase) [\(testCase.languages.joined(separator: ","))]: "
                    + "want \(testCase.value) \(testCase.from) -> \(testCase.to ?? "-"), got \(got)")
        }
        #expect(
            failures.isEmpty, "\(failures.count) of \(cases.count) phrases fail:\n\(failures.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    @Test func everyPhraseReadsAsExpected() throws {
        let database = try RepositoryBuild.database()
        let cases = try Self.cases()
        #expect(cases.count >= 300)
        #expect(try Self.cases(in: "quantities.tsv").count >= 150, "the quantities corpus (issue 18)")
        try Self.expectEveryPhraseReads(cases, in: database)
    }

    /// A phrase written twice in one corpus with the same languages is a
    /// copy, not a second case, and an empty phrase no case at all. (The
    /// rest of what Scripts/check-phrase-corpus.py checked, the tests above
    /// check: columns, values, unit keys and languages.)
    @Test(arguments: files)
    func everyPhraseIsThereOnce(file: String) throws {
        var first: [String: Int] = [:]
        for testCase in try Self.cases(in: file) {
            let languages = testCase.languages.joined(separator: ",")
            #expect(testCase.phrase.contains { !$0.isWhitespace }, "\(file):\(testCase.line): an empty phrase")
            if let line = first[testCase.phrase + "\t" + languages] {
                Issue.record("\(file):\(testCase.line): '\(testCase.phrase)' [\(languages)] again (first at line \(line))")
            } else {
                first[testCase.phrase + "\t" + languages] = testCase.line
            }
        }
    }

    /// Phrases/not-understood.tsv: phrases that must not be understood, each
    /// with a word its reason must contain (parts of two categories or out of
    /// order, a point on a scale into a difference, no unit, no number).
    @Test func whatCannotBeReadSaysWhy() throws {
        let url = TestPaths.phraseCorpora.appendingPathComponent("not-understood.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated()
            .filter { !$0.element.hasPrefix("#") && !$0.element.isEmpty }
        #expect(lines.count >= 15)
        var failures: [String] = []
        for (index, line) in lines {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 3 else {
                failures.append("not-understood.tsv:\(index + 1): expected phrase<TAB>languages<TAB>word")
                continue
            }
            switch try RepositoryBuild.database().parse(f[0], languages: f[1].split(separator: ",").map(String.init)) {
            case .understood(let readings):
                failures.append("not-understood.tsv:\(index + 1): \(f[0]) reads as \(readings[0].value) \(readings[0].from.key)")
            case .notUnderstood(let reason):
                if !reason.description.lowercased().contains(f[2].lowercased()) {
                    failures.append("not-understood.tsv:\(index + 1): \(f[0]): the reason '\(reason)' does not say '\(f[2])'")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
