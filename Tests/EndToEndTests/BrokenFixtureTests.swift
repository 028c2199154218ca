import Foundation
import Testing
import UnitpackCore

/// `check` and `build` on source trees with one kind of mistake each: the exact
/// diagnostics (golden files), the exit status, and that a failed build leaves
/// the previous database alone.
@Suite struct BrokenFixtureTests {
    @Test(arguments: BrokenFixture.all)
    func checkReportsTheMistake(_ fixture: BrokenFixture) throws {
        let result = try CLI.run(["check", "--source", "."], in: try fixture.tree())
        #expect(result.exitedNormally, "\(result)")
        #expect(result.status == fixture.expectedStatus, "\(fixture.mistake)\n\(result)")
        #expect(result.stdout == fixture.expectedStdout)
        Golden.expect(result.stderr, matches: fixture.golden)

        let codes = DiagnosticOutput.codes(in: result.stderr)
        #expect(!codes.isEmpty, "\(fixture.mistake): no diagnostic")
        #expect(Set(codes) == [fixture.code.rawValue], "\(fixture.mistake): exactly one kind of diagnostic")
        let summary = DiagnosticOutput.summary(in: result.stderr)
        #expect(summary?.errors == codes.filter { $0.hasPrefix("E") }.count)
        #expect(summary?.warnings == codes.filter { $0.hasPrefix("W") }.count)
    }

    @Test(arguments: BrokenFixture.all.filter { !$0.isWarningOnly })
    func aFailedBuildLeavesDistUntouched(_ fixture: BrokenFixture) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dist = temporary.path("dist")
        try FileManager.default.createDirectory(atPath: dist, withIntermediateDirectories: true)
        let previous = Array("the previous build; a failed build must not touch it\n".utf8) + (0...255).map(UInt8.init)
        try Files.write(previous, to: dist + "/units.sqlite")
        let tree = try fixture.tree()
        let sourceFilesBefore = try FileManager.default.subpathsOfDirectory(atPath: tree).sorted()

        let check = try CLI.run(["check", "--source", "."], in: tree)
        let build = try CLI.run(["build", "--source", ".", "--output", dist], in: tree)

        #expect(build.exitedNormally, "\(build)")
        #expect(build.status == 1, "\(build)")
        #expect(build.stdout == "")
        #expect(build.stderr == check.stderr + "build failed: \(dist)/ was left unchanged\n")
        #expect(try Files.bytes(dist + "/units.sqlite") == previous, "the previous database changed")
        #expect(try Files.list(dist) == ["units.sqlite"], "stray files in dist/")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: tree).sorted() == sourceFilesBefore)
    }

    @Test func aWarningDoesNotFailTheBuild() throws {
        let fixture = try #require(BrokenFixture.all.first { $0.code == .crlfLineEndings })
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dist = temporary.path("dist")

        let check = try CLI.run(["check", "--source", "."], in: try fixture.tree())
        let build = try CLI.run(["build", "--source", ".", "--output", dist], in: try fixture.tree())

        #expect(build.status == 0, "\(build)")
        #expect(build.stderr == check.stderr, "build reports the same warning as check")
        #expect(build.stdout.hasPrefix("unitpack build: 8 units in 3 categories\n"))
        #expect(Array(try Files.bytes(try Dist.database(dist)).prefix(16)) == Array("SQLite format 3\0".utf8))
        #expect(try Files.list(dist) == (try Dist.generationFiles(dist)))
    }

    @Test func theValidFixtureChecksClean() throws {
        let result = try CLI.run(["check", "--source", "."], in: Paths.fixture("valid"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "ok: 8 units in 3 categories, 2 languages\n")
        #expect(result.stderr == "")
    }

    /// Paths in diagnostics are the `--source` argument joined with the path inside it.
    @Test(arguments: ["dimension-mismatch", "dimension-mismatch/", try! BrokenTrees.tree("dimension-mismatch")])
    func diagnosticPathsStartWithTheSourceArgument(_ source: String) throws {
        let inside = try CLI.run(["check", "--source", "."], in: try BrokenTrees.tree("dimension-mismatch"))
        let outside = try CLI.run(["check", "--source", source], in: BrokenTrees.root)
        var prefix = source
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let expected = inside.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("units-src/") ? prefix + "/" + $0 : String($0) }
            .joined(separator: "\n")
        #expect(outside.status == 1)
        #expect(outside.stderr == expected)
    }

    // MARK: The table itself

    @Test func everyDiagnosticCodeHasABrokenFixture() {
        let covered = Set(BrokenFixture.all.map(\.code))
        let missing = DiagnosticCode.allCases.filter { !covered.contains($0) }.map(\.rawValue)
        #expect(missing.isEmpty, "no broken fixture produces \(missing)")
    }

    @Test func everyBrokenFixtureDirectoryIsInTheTable() throws {
        let directories = try Files.list(Paths.fixture("broken")).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: Paths.fixture("broken/" + name), isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        #expect(directories == BrokenFixture.all.map(\.name).sorted())
    }
}
