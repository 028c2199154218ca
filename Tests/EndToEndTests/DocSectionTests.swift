import Foundation
import Testing

/// The sections of docs/ that scripts write (`Scripts/lib/doc_section.py`):
/// each is between `<!-- BEGIN name -->` and `<!-- END name -->`, written by
/// a script that exists and writes that name, and headed by the command, the
/// date and the commit. And the writer itself, on a page of the test's own.
@Suite struct DocSectionTests {
    static let writer = RepositoryData.root + "/Scripts/lib/doc_section.py"

    struct Section {
        var name: String
        var line: Int
        var lines: [String]
    }

    /// The sections of `text`, or the problem with its markers.
    static func sections(in text: String) throws -> [Section] {
        var sections: [Section] = []
        var open: Section?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!-- BEGIN "), trimmed.hasSuffix(" -->") {
                try #require(open == nil, "line \(index + 1): a section begins inside '\(open?.name ?? "")'")
                open = Section(name: String(trimmed.dropFirst(11).dropLast(4)), line: index + 1, lines: [])
            } else if trimmed.hasPrefix("<!-- END "), trimmed.hasSuffix(" -->") {
                let name = String(trimmed.dropFirst(9).dropLast(4))
                let section = try #require(open, "line \(index + 1): '\(name)' ends where no section began")
                try #require(section.name == name, "line \(index + 1): '\(name)' ends section '\(section.name)'")
                sections.append(section)
                open = nil
            } else {
                open?.lines.append(String(line))
            }
        }
        try #require(open == nil, "section '\(open?.name ?? "")' never ends")
        return sections
    }

    /// The command of a section's heading: "Written by `Scripts/bench --runs 3` on 2026-11-28 10:00 UTC at commit 1a2b3c4: ..."
    static func command(ofHeading heading: String) -> String? {
        let pattern = #"^Written by `([^`]+)` on \d{4}-\d{2}-\d{2}( \d{2}:\d{2} UTC)? at commit [0-9a-f]{7,40}( \(with local changes\))?: "#
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = heading as NSString
        guard let match = regex.firstMatch(in: heading, range: NSRange(location: 0, length: ns.length)) else { return nil }
        return ns.substring(with: match.range(at: 1))
    }

    @Test func benchmarksMdHoldsTheSectionsItsScriptsWrite() throws {
        let sections = try Self.sections(in: try Files.text(RepositoryData.root + "/docs/benchmarks.md"))
        #expect(sections.map(\.name).sorted() == ["bench", "slice-sizes"])
        for section in sections {
            let heading = section.lines.first ?? ""
            // Until its first run, the bench's section says so rather than claim a run.
            if section.name == "bench", heading.hasPrefix("Not yet written by `Scripts/bench`") { continue }
            let command = try #require(Self.command(ofHeading: heading), "docs/benchmarks.md:\(section.line + 1): \(heading)")
            let script = String(command.split(separator: " ")[0])
            #expect(script == "Scripts/" + section.name, "section '\(section.name)' written by \(command)")
            let source = try Files.text(RepositoryData.root + "/" + script)
            #expect(source.contains("doc_section.py docs/benchmarks.md \(section.name) "), "\(script) does not write '\(section.name)'")
            #expect(section.lines.count > 3, "section '\(section.name)' is empty")
        }
    }

    /// Runs the writer on `file` with `body`.
    static func write(_ file: String, _ name: String, _ body: String, date: String = "2026-11-28") throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", writer, file, name, "--command", "Scripts/\(name) --x", "--commit", "1a2b3c4", "--date", date]
        let (input, error) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(body.utf8))
        try input.fileHandleForWriting.close()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: message, as: UTF8.self))
    }

    @Test func theWriterReplacesItsSectionAndNothingElse() throws {
        let directory = try TemporaryDirectory(prefix: "unitpack-doc-section")
        defer { directory.remove() }
        let file = directory.path("page.md")
        try Files.write(Array("# Page\n\nBefore.\n".utf8), to: file)

        // A page without the section gets it at its end.
        #expect(try Self.write(file, "demo", "| a |\n| 1 |\n").status == 0)
        let first = try Files.text(file)
        #expect(first == """
            # Page

            Before.

            <!-- BEGIN demo -->
            Written by `Scripts/demo --x` on 2026-11-28 at commit 1a2b3c4: run it again rather than edit this section.

            | a |
            | 1 |

            <!-- END demo -->

            """)
        #expect(Self.command(ofHeading: try Self.sections(in: first)[0].lines[0]) == "Scripts/demo --x")

        // Text after the section stays; a second run replaces the body whole.
        try Files.write(Array((first + "\nAfter.\n").utf8), to: file)
        #expect(try Self.write(file, "demo", "two\n", date: "2026-11-29 10:00 UTC").status == 0)
        let second = try Files.text(file)
        #expect(second.hasPrefix("# Page\n\nBefore.\n\n<!-- BEGIN demo -->\nWritten by `Scripts/demo --x` on 2026-11-29 10:00 UTC"))
        #expect(second.hasSuffix("\ntwo\n\n<!-- END demo -->\n\nAfter.\n"))
        #expect(!second.contains("| 1 |"))

        // Markers out of pair: refused, the page left as it was.
        try Files.write(Array((second + "<!-- BEGIN demo -->\n").utf8), to: file)
        let refused = try Self.write(file, "demo", "three\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("expected one '<!-- BEGIN demo -->' line"), "\(refused.stderr)")
        #expect(try Files.text(file) == second + "<!-- BEGIN demo -->\n")
        // A body holding a marker would nest sections.
        #expect(try Self.write(directory.path("other.md"), "demo", "<!-- END demo -->\n").status == 1)
    }
}
