import Foundation
import Testing

@testable import UnitpackRuntime

/// Phrases/corpus.tsv: hundreds of English and Russian phrases (numbers in
/// digits and words, one and two units, markers, symbols, synonyms, `in`,
/// `second`, `5'8"`, `1,5`), each with the value and units it must read as.
/// Every case must pass: the first reading is the expected one.
@Suite struct PhraseCorpusTests {
    struct Case {
        var line: Int
        var phrase: String
        var languages: [String]
        var value: Double
        var from: String
        var to: String?
    }

    static func cases() throws -> [Case] {
        let url = CLDRUnitsTests.here.appendingPathComponent("Phrases/corpus.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5, let value = Double(f[2]) else {
                Issue.record("corpus.tsv:\(index + 1): expected phrase<TAB>languages<TAB>value<TAB>from<TAB>to")
                return nil
            }
            return Case(
                line: index + 1, phrase: f[0], languages: f[1].split(separator: ",").map(String.init), value: value,
                from: f[3], to: f[4].isEmpty ? nil : f[4])
        }
    }

    @Test func everyPhraseReadsAsExpected() throws {
        let database = BestTargetTests.database
        let cases = try Self.cases()
        #expect(cases.count >= 300)
        var failures: [String] = []
        for testCase in cases {
            let got: String
            switch try database.parse(testCase.phrase, languages: testCase.languages) {
            case .understood(let readings):
                let reading = readings[0]
                let valueMatches = abs(reading.value - testCase.value) <= abs(testCase.value) * 1e-12
                if valueMatches && reading.from.key == testCase.from && reading.to?.key == testCase.to { continue }
                got = "\(reading.value) \(reading.from.key) -> \(reading.to?.key ?? "-")"
            case .notUnderstood(let reason):
                got = "not understood: \(reason)"
            }
            failures.append(
                "corpus.tsv:\(testCase.line): \(testCase.phrase) [\(testCase.languages.joined(separator: ","))]: "
                    + "want \(testCase.value) \(testCase.from) -> \(testCase.to ?? "-"), got \(got)")
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) phrases fail:\n\(failures.joined(separator: "\n"))")
    }
}
