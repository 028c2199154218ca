import Foundation
import Testing
import UnitpackCore
import UnitpackDigest

#if canImport(Glibc)
    import Glibc
#endif

/// `unitpack build` stopped or thwarted at every point: killed (SIGKILL at
/// each of its named points, SIGXFSZ at several file-size limits), a target
/// that cannot be written, a read-only directory, directories, FIFOs and
/// links where its files go. Whatever happens, the previous generation stays
/// current, whole and answering as before (or the new one is current and
/// whole), every command says clearly what is wrong, and the next build
/// leaves no temporary file (docs/manifest.md).
@Suite struct FaultInjectionTests {
    let temporary: OwnedTemporaryDirectory
    /// Three versions of the valid fixture: `1 ft in m` and a search for
    /// `fu` answer differently in each (their databases and packs differ).
    let sources: [String]
    var dist: String { temporary.path("dist") }

    static let prompt = Duration.seconds(60)

    /// The build's kill points, in order (`BuildStep`).
    static let points = [
        "database-written", "before-database-rename", "after-database-rename", "pack-written", "before-pack-rename",
        "after-pack-rename", "manifest-written", "before-manifest-switch", "after-manifest-switch", "cleanup-midway",
        "cleanup-done",
    ]
    /// The first point at which the new generation is current.
    static let switched = points.firstIndex(of: "after-manifest-switch")!

    init() throws {
        temporary = try OwnedTemporaryDirectory(prefix: "unitpack-faults")
        var sources: [String] = []
        for (index, (factor, synonym)) in [("0.3048", ""), ("0.3049", "fut"), ("0.305", "fuut")].enumerated() {
            let root = temporary.path("source-\(index)")
            try Files.copyTree(Paths.fixture("valid"), to: root)
            let length = root + "/units-src/length.tsv"
            try Files.write(
                Array(try Files.text(length).replacingOccurrences(of: "foot\tft\t0.3048", with: "foot\tft\t\(factor)").utf8),
                to: length)
            let names = root + "/locales/en/length.tsv"
            try Files.write(
                Array(try Files.text(names).replacingOccurrences(of: "foot\tfeet\tfoot\tfeet\t′\t", with: "foot\tfeet\tfoot\tfeet\t′\t\(synonym)").utf8),
                to: names)
            sources.append(root)
        }
        self.sources = sources
    }

    // MARK: Helpers

    func build(_ version: Int, into output: String? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.run(
            ["build", "--source", sources[version], "--output", output ?? dist], timeout: Self.prompt,
            environment: environment)
    }

    /// What the readers say: `convert 1 ft m` and `search fu`, status and output.
    func answers(_ directory: String? = nil) throws -> String {
        let data = directory ?? dist
        let convert = try CLI.run(["convert", "--data", data, "1", "ft", "m"], timeout: Self.prompt)
        let search = try CLI.run(["search", "--data", data, "fu"], timeout: Self.prompt)
        return "\(convert.status) \(convert.stdout)\(convert.stderr)\(search.status) \(search.stdout)\(search.stderr)"
    }

    func verify(_ directory: String? = nil) throws -> CLIResult {
        try CLI.run(["verify", "--data", directory ?? dist], timeout: Self.prompt)
    }

    /// Each version built alone: its manifest and answers, what a whole
    /// generation of it gives. Built once per test process (eight tests ask;
    /// a build's output does not depend on where its sources are), in
    /// `referenceDirectory(VERSION)`, read only.
    func references() throws -> [(manifest: [UInt8], answers: String)] {
        try Self.shared.get()
    }

    /// The build of `version` that `references()` reads.
    func referenceDirectory(_ version: Int) throws -> String {
        _ = try Self.shared.get()
        return try Self.referenceSuite.get().temporary.path("reference-\(version)")
    }

    /// The suite whose sources and temporary directory the references use.
    private static let referenceSuite = Result { try FaultInjectionTests() }

    private static let shared = Result<[(manifest: [UInt8], answers: String)], any Error> {
        let suite = try referenceSuite.get()
        atexit { if case .success(let suite) = FaultInjectionTests.referenceSuite { suite.temporary.directory.remove() } }
        return try suite.sources.indices.map { version in
            let output = suite.temporary.path("reference-\(version)")
            let result = try suite.build(version, into: output)
            guard result.status == 0 else { throw CLIError(description: "\(result)") }
            return (try Files.bytes(output + "/manifest.tsv"), try suite.answers(output))
        }
    }

    /// Every file `manifest` names is in `dist` with its size and SHA-256.
    func expectWhole(_ manifest: [UInt8], _ comment: Comment? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let parsed = try GenerationManifest.parse(manifest, path: "reference")
        for artifact in parsed.artifacts {
            let bytes = try Files.bytes(dist + "/" + artifact.file)
            #expect(bytes.count == artifact.size && SHA256.hexDigest(bytes) == artifact.sha256,
                    "\(artifact.file) \(comment?.description ?? "")", sourceLocation: sourceLocation)
        }
    }

    func temporaries() throws -> [String] {
        try Files.list(dist).filter { $0.contains(".tmp-") }
    }

    /// The file name `version`'s build gives artifact `name`.
    func fileName(_ name: String, of manifest: [UInt8]) throws -> String {
        try #require(try GenerationManifest.parse(manifest, path: "reference").artifact(name)).file
    }

    // MARK: The original finding

    /// Issue 21, finding 1: the pack could not be written, yet the new
    /// database was already in place beside the old pack and `verify` said ok.
    @Test func aPackThatCannotBeWrittenLeavesThePreviousGenerationCurrent() throws {
        let reference = try references()
        let (generations, answersBefore) = (reference.map(\.manifest), reference[0].answers)
        #expect(Set(reference.map(\.answers)).count == 3, "the three versions must answer differently")
        #expect(try build(0).status == 0)
        #expect(try answers() == answersBefore)
        // The new pack's name is a directory (with a file in it).
        let blocked = dist + "/" + (try fileName("search.pack", of: generations[1]))
        try FileManager.default.createDirectory(atPath: blocked + "/x", withIntermediateDirectories: true)

        let failed = try build(1)
        #expect(failed.exitedNormally && failed.status == 1, "\(failed)")
        #expect(failed.stderr.contains("error: cannot replace \(blocked): it is a directory, not a regular file"), "\(failed)")
        #expect(failed.stderr.hasSuffix("build failed: the current generation in \(dist)/ is unchanged\n"), "\(failed)")
        #expect(try Files.bytes(dist + "/manifest.tsv") == generations[0])
        try expectWhole(generations[0])
        #expect(try answers() == answersBefore, "the database and the pack answer from one generation")
        let verified = try verify()
        #expect(verified.status == 0, "\(verified)")
        #expect(try temporaries() == [])

        try FileManager.default.removeItem(atPath: blocked)
        #expect(try build(1).status == 0)
        #expect(try Files.bytes(dist + "/manifest.tsv") == generations[1])
        #expect(try answers() == reference[1].answers)
    }

    // MARK: Kill points

    @Test func theKillPointsAreTheBuildsOwn() throws {
        let result = try build(0, environment: ["UNITPACK_TEST_KILL_AT": "nowhere"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "error: UNITPACK_TEST_KILL_AT=nowhere is not a point of the build; the points are "
                + Self.points.joined(separator: ", ") + "\n")
        #expect(!FileManager.default.fileExists(atPath: dist + "/manifest.tsv"))
    }

    /// Generation 0, then 1 (current; 0 is previous, its files removed by
    /// the next build's cleanup), then a build of 2 killed at `point`.
    @Test(arguments: points)
    func aBuildKilledAtAPoint(_ point: String) throws {
        let reference = try references()
        #expect(try build(0).status == 0)
        #expect(try build(1).status == 0)
        #expect(try answers() == reference[1].answers)

        let killed = try build(2, environment: ["UNITPACK_TEST_KILL_AT": point])
        #expect(!killed.exitedNormally && killed.status == SIGKILL, "\(point): \(killed)")
        let current = Self.points.firstIndex(of: point)! < Self.switched ? 1 : 2
        #expect(try Files.bytes(dist + "/manifest.tsv") == reference[current].manifest, "killed at \(point)")
        try expectWhole(reference[current].manifest, "current after a kill at \(point)")
        try expectWhole(reference[1].manifest, "generation 1 after a kill at \(point)")
        #expect(try answers() == reference[current].answers, "killed at \(point)")
        let verified = try verify()
        #expect(verified.status == 0, "killed at \(point): \(verified)")

        let again = try build(2)
        #expect(again.status == 0, "\(again)")
        #expect(try temporaries() == [], "after a kill at \(point) and one more build")
        #expect(try answers() == reference[2].answers)
        #expect(try verify().status == 0)
    }

    /// SIGXFSZ, as a full disk or a user's `ulimit -f` stops a build: at a
    /// limit under the database's size the build dies writing it; above
    /// every file's size it succeeds.
    @Test func aBuildStoppedByTheFileSizeLimit() throws {
        let reference = try references()
        var stopped = 0
        // In the shell's blocks (512 or 1024 bytes): the database is about
        // 21 KB, the pack and the manifest under 1 KB.
        for blocks in [1, 2, 8, 16, 24, 200] {
            #expect(try build(1).status == 0)
            let limited = try CLI.run(
                ["-c", "ulimit -f \(blocks); exec \"$0\" build --source \"$1\" --output \"$2\"", CLI.binary, sources[2], dist],
                timeout: Self.prompt, executable: "/bin/sh")
            let current = limited.exitedNormally && limited.status == 0 ? 2 : 1
            if current == 1 {
                stopped += 1
                #expect(!limited.exitedNormally ? limited.status == SIGXFSZ : limited.status == 1, "ulimit -f \(blocks): \(limited)")
            }
            #expect(try Files.bytes(dist + "/manifest.tsv") == reference[current].manifest, "ulimit -f \(blocks)")
            try expectWhole(reference[current].manifest)
            #expect(try answers() == reference[current].answers, "ulimit -f \(blocks)")
            #expect(try verify().status == 0, "ulimit -f \(blocks)")
            #expect(try build(2).status == 0)
            #expect(try temporaries() == [], "ulimit -f \(blocks), then a build")
        }
        #expect(stopped >= 3, "the small limits must stop the build")
        #expect(stopped < 6, "the largest limit must let it through")
    }

    /// Issue 37, finding 10: the leftover of a build killed at a file-size
    /// limit stayed for good once its process number belonged to another
    /// process (numbers are reused; this machine has 32768), and SQLite's
    /// side files of it (`-journal`, `-wal`, `-shm`) were never removed.
    /// Under the directory lock no other build writes there, so the next
    /// build removes every temporary of the files it writes, whatever number
    /// it carries, and nothing else.
    @Test func theNextBuildRemovesEveryLeftoverTemporary() throws {
        #expect(try build(0).status == 0)
        // This test's own process and init: both alive, neither a build.
        let live = "\(getpid())"
        let leftovers = [
            "units.sqlite.tmp-\(live)", "units.sqlite.tmp-1", "search.pack.tmp-\(live)", "manifest.tsv.tmp-1",
            "units.sqlite.tmp-\(live)-journal", "units.sqlite.tmp-1-wal", "units.sqlite.tmp-1-shm",
        ]
        let others = ["notes.tsv.tmp-1", "units.sqlite.tmp-", "units.sqlite.tmp-12x", "units.sqlite.tmp-1-backup"]
        for name in leftovers + others {
            try Files.write(Array("a partial file\n".utf8), to: dist + "/" + name)
        }
        try FileManager.default.createDirectory(atPath: dist + "/search.pack.tmp-2/x", withIntermediateDirectories: true)

        let next = try build(1)
        #expect(next.status == 0, "\(next)")
        #expect(try temporaries().sorted() == (others + ["search.pack.tmp-2"]).sorted())
        #expect(try verify().status == 0)
    }

    // MARK: What sits where the build writes

    @Test func aDirectoryWhereTheManifestGoes() throws {
        let reference = try references()
        #expect(try build(0).status == 0)
        let manifest = dist + "/manifest.tsv"
        try FileManager.default.removeItem(atPath: manifest)
        try FileManager.default.createDirectory(atPath: manifest + "/x", withIntermediateDirectories: true)
        for arguments in [["convert", "--data", dist, "1", "ft", "m"], ["search", "--data", dist, "fu"], ["verify", "--data", dist]] {
            let result = try CLI.run(arguments, timeout: Self.prompt)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderr == "error: \(manifest) is a directory, not a regular file; remove it and run `unitpack build` "
                    + "to write a whole generation\n", "\(arguments[0])")
        }
        let failed = try build(1)
        #expect(failed.status == 1, "\(failed)")
        #expect(failed.stderr.contains("error: cannot replace \(manifest): it is a directory, not a regular file"), "\(failed)")
        try expectWhole(reference[0].manifest)
        #expect(try temporaries() == [])
        try FileManager.default.removeItem(atPath: manifest)
        #expect(try build(1).status == 0)
        #expect(try answers() == reference[1].answers)
    }

    @Test(arguments: ["fifo", "link"])
    func aFIFOOrALinkInPlaceOfTheManifest(_ kind: String) throws {
        let reference = try references()
        #expect(try build(0).status == 0)
        let manifest = dist + "/manifest.tsv"
        let elsewhere = temporary.path("elsewhere.tsv")
        try FileManager.default.moveItem(atPath: manifest, toPath: elsewhere)
        if kind == "fifo" {
            #expect(mkfifo(manifest, 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: elsewhere)
        }
        let described = kind == "fifo" ? "a FIFO (named pipe)" : "a symbolic link"
        for arguments in [["convert", "--data", dist, "1", "ft", "m"], ["search", "--data", dist, "fu"], ["verify", "--data", dist]] {
            let result = try CLI.run(arguments, timeout: Self.prompt)
            #expect(result.exitedNormally && result.status == 1, "\(arguments[0]): \(result)")
            #expect(result.stderr.hasPrefix("error: \(manifest) is \(described), not a regular file; "), "\(result)")
        }
        // Not a generation, and not the build's to replace (issue 37,
        // finding 8: nothing but a regular file is replaced): refused, left
        // as it is, the new files written beside it not current.
        let refused = try build(1)
        #expect(refused.exitedNormally && refused.status == 1, "\(refused)")
        #expect(
            refused.stderr.contains("error: cannot replace \(manifest): it is \(described), not a regular file, and is left as it is"),
            "\(refused)")
        var info = stat()
        #expect(lstat(manifest, &info) == 0 && (info.st_mode & S_IFMT) == (kind == "fifo" ? S_IFIFO : S_IFLNK))
        #expect(try temporaries() == [])
        // Removed, the next build writes the manifest.
        try FileManager.default.removeItem(atPath: manifest)
        #expect(try build(1).status == 0)
        #expect(try Files.bytes(manifest) == reference[1].manifest)
        #expect(try answers() == reference[1].answers)
        #expect(try temporaries() == [])
    }

    @Test(arguments: ["units.sqlite", "search.pack"])
    func aDirectoryOrALinkInPlaceOfAnArtifact(_ name: String) throws {
        let reference = try references()
        #expect(try build(0).status == 0)
        let file = dist + "/" + (try fileName(name, of: reference[0].manifest))
        let line = name == "units.sqlite" ? 6 : 7
        let copy = temporary.path("copy")
        try FileManager.default.moveItem(atPath: file, toPath: copy)
        // A link to the very bytes: refused all the same (the build writes files).
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: copy)
        for kind in ["a symbolic link", "a directory"] {
            if kind == "a directory" {
                try FileManager.default.removeItem(atPath: file)
                try FileManager.default.createDirectory(atPath: file + "/x", withIntermediateDirectories: true)
            }
            let message = "\(name): \(file) is \(kind), not a regular file; "
                + "remove it and run `unitpack build` to write a whole generation\n"
            // verify locates it at the line's file field (`path:line:column:`), as `check` does.
            let column = 10 + name.utf8.count + 1
            for command in ["verify", "search"] + (name == "units.sqlite" ? ["convert"] : []) {
                let arguments = command == "verify" ? [] : command == "search" ? ["fu"] : ["1", "ft", "m"]
                let result = try CLI.run([command, "--data", dist] + arguments, timeout: Self.prompt)
                #expect(result.status == 1, "\(command): \(result)")
                let expected = command == "verify"
                    ? "\(dist)/manifest.tsv:\(line):\(column): error: " + message
                    : "error: \(dist)/manifest.tsv:\(line): " + message
                #expect(result.stderr == expected, "\(command) with \(kind)")
            }
        }
        // The same sources again want that very name: a clear error, nothing changed.
        let failed = try build(0)
        #expect(failed.status == 1, "\(failed)")
        #expect(failed.stderr.contains("error: cannot replace \(file): it is a directory, not a regular file"), "\(failed)")
        #expect(try Files.bytes(dist + "/manifest.tsv") == reference[0].manifest)
        #expect(try temporaries() == [])
        // Other sources: other names, a whole new generation.
        #expect(try build(1).status == 0)
        #expect(try answers() == reference[1].answers)
        #expect(try verify().status == 0)
    }

    /// Root writes in a read-only directory, so as root (as CI runs) the
    /// build that must fail runs as `nobody` through `setpriv` (util-linux):
    /// the test must not pass by being skipped.
    @Test func aReadOnlyOutputDirectory() throws {
        let reference = try references()
        #expect(try build(0).status == 0)
        #expect(chmod(dist, 0o555) == 0)
        defer { chmod(dist, 0o755) }
        let failed: CLIResult
        if geteuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            try #require(
                FileManager.default.isExecutableFile(atPath: setpriv),
                "as root this test drops to nobody with setpriv (util-linux), which is missing")
            // nobody must reach the sources and the binary: the directory
            // that holds them is made traversable, as a user's home would be.
            #expect(chmod(temporary.path, 0o755) == 0)
            failed = try CLI.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", "--", CLI.binary, "build", "--source", sources[1],
                 "--output", dist],
                timeout: Self.prompt, executable: setpriv)
        } else {
            failed = try build(1)
        }
        #expect(failed.status == 1, "\(failed)")
        #expect(failed.stderr.contains("error: cannot write \(dist)/"), "\(failed)")
        #expect(failed.stderr.hasSuffix("build failed: the current generation in \(dist)/ is unchanged\n"))
        #expect(try Files.bytes(dist + "/manifest.tsv") == reference[0].manifest)
        #expect(try answers() == reference[0].answers)
        #expect(try temporaries() == [])
    }

    @Test func anOutputThatIsAFile() throws {
        try Files.write(Array("not a directory".utf8), to: dist)
        let failed = try build(0)
        #expect(failed.status == 1, "\(failed)")
        #expect(
            failed.stderr.hasPrefix("error: cannot write the build at \(dist): something else is in the way at that path"),
            "\(failed)")
        #expect(try Files.bytes(dist) == Array("not a directory".utf8))
    }

    /// A dist/ of before manifests: readers say what to do; a build makes a
    /// generation beside the old files (kept one build, for readers that
    /// opened them).
    @Test func aDirectoryBuiltBeforeManifests() throws {
        let reference = try references()
        try FileManager.default.createDirectory(atPath: dist, withIntermediateDirectories: true)
        let old = try referenceDirectory(0)
        try Files.write(try Files.bytes(try Dist.database(old)), to: dist + "/units.sqlite")
        try Files.write(try Files.bytes(try Dist.pack(old)), to: dist + "/search.pack")
        for arguments in [["convert", "--data", dist, "1", "ft", "m"], ["search", "--data", dist, "fu"], ["verify", "--data", dist], ["dump", dist]] {
            let result = try CLI.run(arguments, timeout: Self.prompt)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderr == "error: no manifest at \(dist)/manifest.tsv: \(dist) is not a build output "
                    + "(or was built before manifests); run `unitpack build` to build it\n", "\(arguments[0])")
        }
        #expect(try build(1).status == 0)
        #expect(try Files.list(dist).contains("units.sqlite"))
        #expect(try answers() == reference[1].answers)
        #expect(try build(2).status == 0)
        #expect(!(try Files.list(dist).contains("units.sqlite")), "two builds on, the old files go")
        #expect(try answers() == reference[2].answers)
    }
}
