import Foundation
import Testing

/// `unitpack build` on the repository's own data: the summary, determinism,
/// independence from where the sources sit, and replacing an older database.
@Suite struct BuildCommandTests {
    let temporary: OwnedTemporaryDirectory
    /// A private copy of the repository's units-src (others may edit the
    /// original while the tests run).
    let sources: String

    init() throws {
        temporary = try OwnedTemporaryDirectory()
        sources = temporary.path("sources")
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try Files.copyTree(RepositoryData.root + "/units-src", to: sources + "/units-src")
    }

    @Test func printsASummary() throws {
        let output = temporary.path("dist")
        let result = try CLI.run(["build", "--source", sources, "--output", output])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("unitpack build: ") == true, "\(result)")
        #expect(lines.first?.contains(" units in ") == true, "\(result)")
        let database = try Dist.database(output)
        let pack = try Dist.pack(output)
        #expect(lines.contains { $0.hasPrefix("  wrote ") && $0.contains("\(database)  (units.sqlite)") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("  sources ") && $0.contains("sha256 ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("  wrote ") && $0.contains("\(pack)  (search.pack)") }, "\(result)")
        #expect(lines.contains("  current     \(output)/manifest.tsv"), "\(result)")
        #expect(try Files.list(output) == (try Dist.generationFiles(output)))
        #expect(try Files.list(output).count == 3)
    }

    /// `--timings`: the summary as without it, and on stderr a line for
    /// each piece of the build, within the whole build's span.
    @Test func timingsListThePiecesOfTheBuild() throws {
        let output = temporary.path("dist-timings")
        let result = try CLI.run(["build", "--source", sources, "--output", output, "--timings"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("unitpack build: "), "\(result)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("piece ") == true, "\(result)")
        var spans: [String: (start: Double, end: Double)] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ")
            let numbers = fields.suffix(4).compactMap { Double($0) }
            #expect(numbers.count == 4, "\(line)")
            guard numbers.count == 4 else { continue }
            spans[fields.dropLast(4).joined(separator: " ")] = (numbers[0], numbers[1])
            #expect(abs(numbers[1] - numbers[0] - numbers[2]) <= 0.11, "length = end - start: \(line)")
        }
        let build = try #require(spans["build"], "\(result)")
        for piece in ["read sources", "check", "compile", "hash sources", "database: names", "database: name blocks",
                      "database: unit words", "search pack", "write the generation"] {
            let span = try #require(spans[piece], "no '\(piece)' in \(result.stderr)")
            #expect(span.start >= build.start && span.end <= build.end + 0.1, "\(piece)")
        }
    }

    @Test func theSummaryShowsEachArtifactAgainstItsBudget() throws {
        try Files.write(Array("units.sqlite\t100000000\nsearch.pack\t50000000\n".utf8), to: sources + "/budgets.tsv")
        defer { try? FileManager.default.removeItem(atPath: sources + "/budgets.tsv") }
        let output = temporary.path("dist-budget")
        let result = try CLI.run(["build", "--source", sources, "--output", output])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(" bytes of 100,000,000 budgeted (0%)\n"), "\(result)")
        #expect(result.stdout.contains(" bytes of 50,000,000 budgeted (0%)\n"), "\(result)")
    }

    @Test func theRepositorysBudgetsHold() throws {
        // The committed budgets.tsv: check measures the artifacts against it.
        let budgets = try Files.text(RepositoryData.root + "/budgets.tsv")
        #expect(budgets.contains("units.sqlite\t") && budgets.contains("search.pack\t"))
        let result = try CLI.run(["check"], in: RepositoryData.root)
        #expect(result.status == 0, "\(result)")
    }

    @Test func theRepositorysDataChecksClean() throws {
        let result = try CLI.run(["check", "--source", "."], in: sources)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("ok: "))
        #expect(result.stdout.hasSuffix(" categories\n"))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let a = temporary.path("a")
        let b = temporary.path("b")
        #expect(try CLI.run(["build", "--source", sources, "--output", a]).status == 0)
        #expect(try CLI.run(["build", "--source", sources, "--output", b]).status == 0)
        // The manifests are equal (names, sizes and SHA-256 of every file),
        // and so is every file they name.
        #expect(try Files.bytes(a + "/manifest.tsv") == Files.bytes(b + "/manifest.tsv"))
        #expect(try Files.list(a) == Files.list(b))
        let first = try Files.bytes(try Dist.database(a))
        #expect(first.count > 1024)
        #expect(first == (try Files.bytes(try Dist.database(b))))
        #expect(try Files.bytes(try Dist.pack(a)) == Files.bytes(try Dist.pack(b)))
    }

    /// The same files elsewhere, named by a relative or an absolute path, give the same bytes.
    @Test func theSourcePathDoesNotMatter() throws {
        let elsewhere = temporary.path("somewhere/else")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try Files.copyTree(sources + "/units-src", to: elsewhere + "/units-src")

        #expect(try CLI.run(["build", "--source", sources, "--output", temporary.path("absolute")]).status == 0)
        #expect(try CLI.run(["build", "--output", "../relative-default"], in: sources).status == 0)
        #expect(
            try CLI.run(["build", "--source", "somewhere/else", "--output", "relative-source"], in: temporary.path)
                .status == 0)

        let reference = try Files.bytes(try Dist.database(temporary.path("absolute")))
        #expect(try Files.bytes(try Dist.database(temporary.path("relative-default"))) == reference)
        #expect(try Files.bytes(try Dist.database(temporary.path("relative-source"))) == reference)
        let manifest = try Files.bytes(temporary.path("absolute/manifest.tsv"))
        #expect(try Files.bytes(temporary.path("relative-default/manifest.tsv")) == manifest)
        #expect(try Files.bytes(temporary.path("relative-source/manifest.tsv")) == manifest)
    }

    /// A dist/ of before manifests: its files stay one build (the previous
    /// generation, for readers that opened them), then go.
    @Test func aSuccessfulBuildReplacesTheOldDatabaseAndLeavesNoTemporaryFiles() throws {
        let output = temporary.path("dist")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Files.write(Array("an old database".utf8), to: output + "/units.sqlite")
        let old = try CLI.run(["convert", "--data", output, "1", "knot", "m/s"])
        #expect(old.status == 1 && old.stderr.contains("no manifest at \(output)/manifest.tsv"), "\(old)")
        #expect(old.stderr.contains("run `unitpack build`"), "\(old)")
        let result = try CLI.run(["build", "--source", sources, "--output", output])
        #expect(result.status == 0, "\(result)")
        #expect(try Files.list(output) == (try Dist.generationFiles(output) + ["units.sqlite"]).sorted())
        #expect(Array(try Files.bytes(try Dist.database(output)).prefix(16)) == Array("SQLite format 3\0".utf8))
        try Files.append("\n", to: sources + "/units-src/length.tsv")
        #expect(try CLI.run(["build", "--source", sources, "--output", output]).status == 0)
        #expect(try Files.list(output).filter { !$0.hasPrefix("units-") && !$0.hasPrefix("search-") } == ["manifest.tsv"])

        let convert = try CLI.run(["convert", "--data", output, "1", "knot", "m/s"])
        #expect(convert.stdout == "1 knot ≈ 0.514444 meter per second\n")
    }

    @Test func aNestedOutputDirectoryIsCreated() throws {
        let output = temporary.path("deep/er/dist")
        #expect(try CLI.run(["build", "--source", sources, "--output", output]).status == 0)
        #expect(FileManager.default.fileExists(atPath: try Dist.database(output)))
    }
}
