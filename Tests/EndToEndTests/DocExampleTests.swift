import Foundation
import Testing

/// The `unitpack convert` examples of README.md ("Use") and docs/cli.md, run
/// on the repository's data as written: a comment that gives a result (it
/// holds ` = ` or ` ≈ `) or an error (it starts with `error: `) must start
/// with what the command prints, followed by nothing or by a remark in
/// brackets: `# 1 knot ≈ 0.514444 meters per second (≈: shown rounded)`.
/// Other comments (`# value, units and result as JSON`) describe and are not
/// compared; a command with optional parts (`[--data DIR]`) or a pipe is not run.
@Suite struct DocExampleTests {
    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        var command: String
        var comment: String
        var isError: Bool { comment.hasPrefix("error: ") }

        var description: String { "\(file):\(line): \(command)" }
    }

    static let pages = ["README.md", "docs/cli.md"]

    /// The lines of `text`'s ```sh blocks that run `unitpack convert` with a comment that can be compared.
    static func examples(in text: String, file: String) -> [Example] {
        var examples: [Example] = []
        var inBlock = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inBlock = !inBlock && trimmed == "```sh"
                continue
            }
            guard inBlock, trimmed.hasPrefix("unitpack convert ") else { continue }
            let parts = trimmed.components(separatedBy: " # ")
            guard parts.count > 1 else { continue }
            let command = parts[0].trimmingCharacters(in: .whitespaces)
            let comment = parts.dropFirst().joined(separator: " # ").trimmingCharacters(in: .whitespaces)
            guard !command.contains("["), !command.contains("|") else { continue }
            guard comment.contains(" = ") || comment.contains(" ≈ ") || comment.hasPrefix("error: ") else { continue }
            examples.append(Example(file: file, line: index + 1, command: command, comment: comment))
        }
        return examples
    }

    /// Spaces as a reader sees them: the no-break spaces of grouped digits (`1 500`) are spaces.
    static func plain(_ text: String) -> String {
        String(text.map { $0 == "\u{A0}" || $0 == "\u{202F}" ? " " : $0 })
    }

    /// The comment starts with `output`, then ends or goes on with a remark in brackets.
    static func comment(_ comment: String, shows output: String) -> Bool {
        let (comment, output) = (plain(comment), plain(output))
        return comment == output || comment.hasPrefix(output + " (")
    }

    /// Runs `command` in a shell where `unitpack` is the built tool, in the
    /// directory that holds the shared build as `dist/` (the default `--data`).
    static func run(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let dist = try RepositoryData.sharedDist()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"unitpack() { "$UNITPACK_DOC_EXAMPLE" "$@"; }; "# + command]
        process.currentDirectoryURL = URL(fileURLWithPath: dist).deletingLastPathComponent()
        process.environment = ProcessInfo.processInfo.environment.merging(["UNITPACK_DOC_EXAMPLE": CLI.binary]) { $1 }
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func everyConvertExampleShowsWhatTheCommandPrints() throws {
        #expect(URL(fileURLWithPath: try RepositoryData.sharedDist()).lastPathComponent == "dist")
        var count = 0
        for page in Self.pages {
            let examples = Self.examples(in: try Files.text(RepositoryData.root + "/" + page), file: page)
            #expect(examples.count >= 8, "\(page) has lost its convert examples: \(examples)")
            for example in examples {
                let result = try Self.run(example.command)
                let output = (example.isError ? result.stderr : result.stdout)
                    .split(separator: "\n").first.map(String.init) ?? ""
                if example.isError {
                    #expect(result.status != 0, "\(example): succeeded")
                } else {
                    #expect(result.status == 0, "\(example): \(result.stderr)")
                }
                #expect(Self.comment(example.comment, shows: output), "\(example)\n  the page: \(example.comment)\n  printed:  \(output)")
                count += 1
            }
        }
        #expect(count >= 30)
    }

    @Test func theCommentRuleAcceptsARemarkAndNothingElse() {
        #expect(Self.comment("1 knot ≈ 0.514444 meters per second (≈: shown rounded)", shows: "1 knot ≈ 0.514444 meters per second"))
        #expect(Self.comment("1,5 километра = 1 500 метров", shows: "1,5 километра = 1\u{A0}500 метров"))
        #expect(!Self.comment("1234567.5 meters ≈ 4050418.3 feet", shows: "1,234,567.5 meters ≈ 4,050,418.3 feet"))
        #expect(!Self.comment("a whole phrase: 27 pounds-force per square inch ≈ 1.86158 bars", shows: "27 pounds-force per square inch ≈ 1.86158 bars"))
        let page = """
            ```sh
            unitpack convert [--data DIR] 1 knot m/s   # 1 knot ≈ 0.514444 meters per second
            unitpack convert --json 1 ft m              # value and result as JSON
            unitpack convert 1 kft m                    # error: no prefix
            unitpack convert 1 ft in                    # 1 foot = 12 inches
            ```
            unitpack convert 1 ft m                     # 1 foot = 0.3048 meters (outside a block)
            """
        #expect(Self.examples(in: page, file: "p.md").map(\.description) == ["p.md:4: unitpack convert 1 kft m", "p.md:5: unitpack convert 1 ft in"])
    }
}
