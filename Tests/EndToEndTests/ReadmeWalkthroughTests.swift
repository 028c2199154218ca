import Foundation
import Testing
import UnitpackTestSupport

/// The README's "Editing units" section, followed as written on a copy of the
/// repository's sources: its `printf` lines edit the files, its `unitpack`
/// lines run, and a `# RESULT` comment after a command is the output it must
/// print. `Scripts/regenerate` (which needs git and a Swift build) is stood in
/// for by what it runs: check, build, and `diff` against the unedited build.
@Suite struct ReadmeWalkthroughTests {
    struct Step {
        var command: String
        var expected: String?
    }

    /// The shell lines of the section's ```sh blocks, with their comments.
    static func steps() throws -> [Step] {
        let readme = try Files.text(RepositoryData.root + "/README.md")
        guard let start = readme.range(of: "## Editing units\n") else { return [] }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var steps: [Step] = []
        var inBlock = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("```") {
                inBlock = text == "```sh"
                continue
            }
            guard inBlock, !text.isEmpty else { continue }
            let parts = text.components(separatedBy: " # ")
            let comment = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
            // "364.4 smoots ≈ 620.136 meters (the Harvard Bridge)": the output is before the remark
            // (`=` for an exact result, `≈` for a rounded one).
            let expected = comment.flatMap {
                $0.contains(" = ") || $0.contains(" ≈ ") ? $0.components(separatedBy: " (").first : nil
            }
            steps.append(Step(command: parts[0].trimmingCharacters(in: .whitespaces), expected: expected))
        }
        return steps
    }

    /// The `+ unit ID length/smoot` line step 4 says `unitpack diff` prints.
    static func diffLine() throws -> String? {
        let readme = try Files.text(RepositoryData.root + "/README.md")
        guard let start = readme.range(of: "`+ unit ") else { return nil }
        let rest = readme[start.upperBound...]
        guard let end = rest.firstIndex(of: "`") else { return nil }
        return "+ unit " + rest[..<end]
    }

    @Test func addingAUnitInTwoLanguagesWorksAsWritten() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 6, "the README's Editing units section has lost its commands: \(steps.map(\.command))")
        let directory = try TemporaryDirectory(prefix: "unitpack-readme")
        defer { directory.remove() }
        let root = directory.path("repo")
        for child in ["units-src", "locales"] {
            try Files.copyTree(RepositoryData.root + "/" + child, to: root + "/" + child)
        }
        try Files.write(Array(try Files.text(RepositoryData.root + "/budgets.tsv").utf8), to: root + "/budgets.tsv")
        // The unedited build to diff against: the process's shared one, built by the CLI from these sources.
        let before = try RepositoryData.sharedDist()

        var converted = 0
        for step in steps {
            if step.command.hasPrefix("printf ") {
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", step.command]
                shell.currentDirectoryURL = URL(fileURLWithPath: root)
                try shell.run()
                shell.waitUntilExit()
                #expect(shell.terminationStatus == 0, "\(step.command)")
            } else if step.command == "Scripts/regenerate" {
                let check = try CLI.run(["check", "--coverage"], in: root)
                #expect(check.status == 0, "\(check)")
                let build = try CLI.run(["build", "--output", "dist"], in: root)
                #expect(build.status == 0, "\(build)")
                let diff = try CLI.run(["diff", before, "dist"], in: root)
                #expect(diff.status == 0, "\(diff)")
                #expect(diff.stdout.contains("1 added, 0 removed, 0 changed, 0 id errors"), "\(diff)")
                // The diff line the README shows, with the id the unit gets (the next free one).
                let shown = try #require(try Self.diffLine(), "the README no longer shows the diff's `+ unit` line")
                #expect(diff.stdout.contains(shown), "the README shows `\(shown)`; the diff printed:\n\(diff.stdout)")
            } else if step.command.hasPrefix(".build/debug/unitpack ") {
                let arguments = step.command.dropFirst(".build/debug/unitpack ".count).split(separator: " ").map(String.init)
                let result = try CLI.run(arguments, in: root)
                #expect(result.status == 0, "\(step.command): \(result)")
                if let expected = step.expected {
                    #expect(result.stdout == expected + "\n", "\(step.command)")
                    converted += 1
                }
            } else {
                Issue.record("a command this test does not know how to follow: \(step.command)")
            }
        }
        #expect(converted >= 2, "the walkthrough should show its conversions' results")
    }
}
