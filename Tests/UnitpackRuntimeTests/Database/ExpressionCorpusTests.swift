import Foundation
import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Phrases/expressions.tsv: unit expressions as people type them in phrases
/// (torque, force, pressure as force per area, heat transfer, densities,
/// fuel, data rates, speeds, accelerations, flow rates, concentrations ...;
/// English and Russian; `*`, `·`, `/`, `^2`, `²`, `⁻¹`, parentheses, names
/// side by side and joined by hyphens), each with the number GNU units gives
/// for the same conversion, recorded by Scripts/lib/record_expression_corpus.py
/// (docs/expressions.md). Every phrase must pass: the first reading,
/// converted, is the recorded number to 1e-9 relative.
///
/// Phrases/expressions-words.tsv needs operator words (`per`, `на`,
/// `square`, `кубический`) that the database does not have yet: it is
/// skipped until `wordsFileEnabled` is true, and its size is asserted so
/// that a lost line is noticed meanwhile.
@Suite struct ExpressionCorpusTests {
    struct Case {
        var file: String
        var line: Int
        var phrase: String
        var languages: [String]
        var expected: Double
    }

    /// Turned on by the lead when the operator words are merged.
    static let wordsFileEnabled = true
    /// The phrases of expressions-words.tsv recorded while it is skipped.
    static let wordsFileCount = 14

    static func cases(in file: String) throws -> [Case] {
        let url = TestPaths.phraseCorpora.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 5, let expected = Double(f[4]) else {
                let message = "\(file):\(index + 1): expected phrase<TAB>languages<TAB>have<TAB>want<TAB>number "
                    + "(record the number with Scripts/lib/record_expression_corpus.py)"
                Issue.record(Comment(rawValue: message))
                return nil
            }
            return Case(
                file: file, line: index + 1, phrase: f[0], languages: f[1].split(separator: ",").map(String.init),
                expected: expected)
        }
    }

    /// The failures of `cases`, each as file:line: phrase [languages]: want, got.
    static func failures(_ cases: [Case], in database: UnitDatabase) -> [String] {
        cases.compactMap { testCase in
            let got: String
            do {
                switch try database.parse(testCase.phrase, languages: testCase.languages) {
                case .understood(let readings):
                    let reading = readings[0]
                    guard let to = reading.to else {
                        got = "\(reading.value) \(reading.from.key) with no target"
                        break
                    }
                    let value = try database.convert(reading.value, from: reading.from, to: to)
                    if abs(value - testCase.expected) <= 1e-9 * max(abs(value), abs(testCase.expected)) { return nil }
                    got = "\(value) (\(reading.value) \(reading.from.key) -> \(to.key))"
                case .notUnderstood(let reason):
                    got = "not understood: \(reason)"
                }
            } catch {
                got = "error: \(error)"
            }
            return "\(testCase.file):\(testCase.line): \(testCase.phrase) [\(testCase.languages.joined(separator: ","))]: "
                + "want \(testCase.expected), got \(got)"
        }
    }

    @Test func everyExpressionPhraseConvertsAsGNUUnitsDoes() throws {
        let cases = try Self.cases(in: "expressions.tsv")
        #expect(cases.count >= 100)
        let failures = try Self.failures(cases, in: RepositoryBuild.database())
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) phrases fail:\n\(failures.joined(separator: "\n"))")
    }

    /// Both languages and both ways of writing are there: a corpus that lost
    /// its Russian or its symbols would still pass the test above.
    @Test func theCorpusCoversBothLanguagesAndEveryNotation() throws {
        let cases = try Self.cases(in: "expressions.tsv")
        let russian = cases.filter { $0.languages.contains("ru") }
        #expect(russian.count >= 30, "\(russian.count) Russian phrases")
        #expect(cases.count - russian.count >= 30)
        for notation in ["*", "·", "/", "^", "²", "⁻", "(", "-"] {
            #expect(cases.contains { $0.phrase.contains(notation) }, "no phrase writes \(notation)")
        }
        // Names side by side, no operator at all (`newton meters`).
        #expect(cases.contains { !$0.phrase.contains(where: { "*·⋅/^²³⁻()".contains($0) }) })
    }

    @Test func phrasesWithOperatorWordsWaitForTheWords() throws {
        let cases = try Self.cases(in: "expressions-words.tsv")
        #expect(cases.count == Self.wordsFileCount, "expressions-words.tsv changed: update wordsFileCount")
        guard Self.wordsFileEnabled else { return }
        let failures = try Self.failures(cases, in: RepositoryBuild.database())
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) phrases fail:\n\(failures.joined(separator: "\n"))")
    }
}
