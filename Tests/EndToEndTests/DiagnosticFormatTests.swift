import Foundation
import Testing

/// `check --format json` and `--format github`: golden files for a tree with
/// several errors (the seed sample), one with a note, one with only a warning.
@Suite struct DiagnosticFormatTests {
    static let cases: [(fixture: String, status: Int32)] = [
        ("seed-sample", 1),
        ("broken/ambiguous-locale-name", 1),
        ("broken/crlf-line-endings", 0),
    ]

    @Test(arguments: cases.map(\.fixture), ["json", "github"])
    func matchesItsGoldenFile(fixture: String, format: String) throws {
        let directory = Paths.fixture(fixture)
        let tree = fixture.hasPrefix("broken/") ? try BrokenTrees.tree(String(fixture.dropFirst("broken/".count))) : directory
        let result = try CLI.run(["check", "--source", ".", "--format", format], in: tree)
        let expected = Self.cases.first { $0.fixture == fixture }!.status
        #expect(result.status == expected, "\(result)")
        #expect(result.stderr == "")
        Golden.expect(result.stdout, matches: directory + "/expected-\(format).txt")
    }

    @Test func jsonIsOneDocumentWithCountsAndPlaces() throws {
        let result = try CLI.run(["check", "--source", ".", "--format", "json"], in: try BrokenTrees.tree("ambiguous-locale-name"))
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["version"] as? Int == 1)
        #expect(document?["ok"] as? Bool == false)
        #expect(document?["errors"] as? Int == 1)
        let first = (document?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["code"] as? String == "E717")
        #expect(first?["file"] as? String == "locales/en/length.tsv")
        #expect(first?["line"] as? Int == 3)
        #expect((first?["notes"] as? [[String: Any]])?.first?["line"] as? Int == 2)
    }

    @Test func githubEscapesWhatWorkflowCommandsReserve() throws {
        let result = try CLI.run(["check", "--source", ".", "--format", "github"], in: Paths.fixture("seed-sample"))
        for line in result.stdout.split(separator: "\n") {
            #expect(line.hasPrefix("::error file=units-src/"))
            #expect(!line.dropFirst(2).contains("\n"))
        }
        #expect(result.stdout.contains("%0Ahint: "))
    }

    @Test func coverageNeedsTheTextFormat() throws {
        let result = try CLI.run(["check", "--coverage", "--format", "json"], in: Paths.fixture("valid"))
        #expect(result.status == 64)
    }
}
