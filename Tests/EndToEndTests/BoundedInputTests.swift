import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21: what the commands are given is bounded (option values,
/// phrases, queries), a file that would block (a FIFO) is refused at once,
/// and interrupted writes leave no temporary files behind.
@Suite struct BoundedInputTests {
    /// Longer than any of these commands takes on a FIFO once fixed; a hang stops there.
    static let prompt = Duration.seconds(60)

    // MARK: Option values, phrases, queries

    @Test func anOverLongUsageIsRefusedSayingTheLimit() throws {
        let database = try BuiltRepositoryDatabase()
        for option in ["--usage", "--region", "--lang"] {
            let long = String(repeating: "x", count: 100_000)
            var arguments = ["10", "km"]
            arguments += option == "--lang" ? ["m", "--lang", long] : option == "--usage" ? ["--region", "US", "--usage", long] : ["--region", long]
            let result = try database.convert(arguments)
            #expect(result.status == 64, "\(option): \(result)")
            #expect(result.stderr.contains("\(option) is 100000 bytes long, over the limit of 256 bytes"), "\(result)")
            #expect(result.stdout == "")
        }
        let atLimit = try database.convert(["10", "km", "--region", "US", "--usage", String(repeating: "x", count: 256)])
        #expect(!atLimit.stderr.contains("over the limit"), "\(atLimit)")
    }

    @Test func anOverLongPhraseOrQueryIsRefused() throws {
        let database = try BuiltRepositoryDatabase()
        let phrase = Array(repeating: "one", count: 30_000).joined(separator: " ") + " km in m"
        let convert = try CLI.run(["convert", "--data", database.dist, phrase], timeout: Self.prompt)
        #expect(convert.status == 64, "\(convert)")
        #expect(convert.stderr.contains("the phrase is \(phrase.utf8.count) bytes long, over the limit of 4096 bytes"))
        let search = try CLI.run(["search", "--data", database.dist, String(repeating: "m", count: 5000)], timeout: Self.prompt)
        #expect(search.status == 64, "\(search)")
        #expect(search.stderr.contains("the query is 5000 bytes long, over the limit of 4096 bytes"))
        // Under the limit, repeated number words are read (and found wanting) quickly.
        let words = Array(repeating: "one", count: 1000).joined(separator: " ") + " m"
        let read = try CLI.run(["convert", "--data", database.dist, words], timeout: Self.prompt)
        #expect(read.exitedNormally, "\(read)")
    }

    // MARK: Files that block

    @Test func aSearchPackThatIsAFIFOIsRefusedAtOnce() throws {
        let database = try BuiltRepositoryDatabase.ownCopy()
        let pack = try Dist.pack(database.dist)
        try FileManager.default.removeItem(atPath: pack)
        #expect(mkfifo(pack, 0o644) == 0)
        for arguments in [["search", "--data", database.dist, "met"], ["verify", "--data", database.dist]] {
            let result = try CLI.run(arguments, timeout: Self.prompt)
            #expect(result.exitedNormally && result.status == 1, "\(arguments[0]): \(result)")
            #expect(result.stderr.contains("search.pack: \(pack) is a FIFO (named pipe), not a regular file"), "\(result)")
        }
    }

    @Test func aDatabaseThatIsAFIFOIsRefusedAtOnce() throws {
        let database = try BuiltRepositoryDatabase.ownCopy()
        let file = try Dist.database(database.dist)
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o644) == 0)
        for arguments in [["search", "--data", database.dist, "met"], ["convert", "--data", database.dist, "1 km in m"]] {
            let result = try CLI.run(arguments, timeout: Self.prompt)
            #expect(result.exitedNormally && result.status == 1, "\(arguments[0]): \(result)")
            #expect(result.stderr.contains("units.sqlite: \(file) is a FIFO (named pipe), not a regular file"), "\(result)")
        }
    }

    @Test func aSourceFileThatIsAFIFOIsALocatedError() throws {
        let temporary = try OwnedTemporaryDirectory()
        let source = temporary.path("source")
        try Files.copyTree(Paths.fixture("valid"), to: source)
        let file = source + "/units-src/length.tsv"
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o644) == 0)
        for command in ["check", "build"] {
            let result = try CLI.run([command, "--source", "."], in: source, timeout: Self.prompt)
            #expect(result.exitedNormally && result.status == 1, "\(command): \(result)")
            #expect(
                result.stderr.contains(
                    "units-src/length.tsv:1:1: error: cannot read file: it is a FIFO (named pipe), not a regular file [E100]"),
                "\(result)")
        }
    }

    // MARK: Temporary files

    /// A process id no process has now.
    static func deadProcessID(from start: pid_t = 12345) -> pid_t {
        var pid = start
        while kill(pid, 0) == 0 || errno == EPERM { pid += 1 }
        return pid
    }

    @Test func aBuildRemovesTheTemporaryFilesOfEarlierBuilds() throws {
        let temporary = try OwnedTemporaryDirectory()
        let dist = temporary.path("dist")
        try FileManager.default.createDirectory(atPath: dist, withIntermediateDirectories: true)
        let dead = Self.deadProcessID()
        // A live process's (this one's) too: under the build's lock no other
        // build writes in dist/, and a dead build's number may be a live process's now.
        let stale = [
            "units.sqlite.tmp-\(dead)", "search.pack.tmp-\(dead)", "manifest.tsv.tmp-\(dead)", "units.sqlite.tmp-\(getpid())",
        ]
        // Not a build's: another name, no process id.
        let kept = ["notes.tmp-\(dead)", "units.sqlite.tmp-abc"]
        for name in stale + kept { try Files.write(Array("x".utf8), to: dist + "/" + name) }

        let result = try CLI.run(["build", "--source", Paths.fixture("valid"), "--output", dist])
        #expect(result.status == 0, "\(result)")
        #expect(try Files.list(dist) == (kept + (try Dist.generationFiles(dist))).sorted())
    }

    @Test func aBuildAfterOneStoppedByTheFileSizeLimitLeavesNoTemporaryFile() throws {
        let temporary = try OwnedTemporaryDirectory()
        let dist = temporary.path("dist")
        // SIGXFSZ kills the build midway, as a user's `ulimit -f` does.
        let killed = try CLI.run(
            ["-c", "ulimit -f 1; exec \"$0\" build --source \"$1\" --output \"$2\"", CLI.binary, Paths.fixture("valid"), dist],
            timeout: Self.prompt, executable: "/bin/sh")
        // Killed (it leaves units.sqlite.tmp-PID), or, when this test runs
        // with SIGXFSZ ignored, failed with EFBIG (and removed it).
        #expect(!killed.exitedNormally || killed.status != 0, "\(killed)")
        let result = try CLI.run(["build", "--source", Paths.fixture("valid"), "--output", dist])
        #expect(result.status == 0, "\(result)")
        #expect(try Files.list(dist) == (try Dist.generationFiles(dist)))
    }
}

/// `assign-ids` when ids.tsv cannot be written: a sentence, no temporary file.
@Suite struct AssignIDsWriteFailureTests {
    let temporary: OwnedTemporaryDirectory
    var unitsSource: String { temporary.path("units-src") }

    init() throws {
        temporary = try AssignIDsTests.validTreeWithAnUnregisteredYard()
    }

    func expectFailedCleanly(_ result: CLIResult, reason: String, before: [String], ids: String) throws {
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "error: cannot write units-src/ids.tsv: \(reason)\n", "\(result)")
        #expect(result.stdout == "", "nothing was assigned")
        #expect(try Files.list(unitsSource) == before, "no temporary file left behind")
        #expect(try Files.text(unitsSource + "/ids.tsv") == ids)
    }

    @Test(.enabled(if: getuid() != 0, "root writes into a read-only directory"))
    func aReadOnlySourceDirectory() throws {
        let before = try Files.list(unitsSource)
        let ids = try Files.text(unitsSource + "/ids.tsv")
        #expect(chmod(unitsSource, 0o555) == 0)
        defer { chmod(unitsSource, 0o755) }
        let result = try CLI.run(["assign-ids", "--source", "."], in: temporary.path)
        try expectFailedCleanly(result, reason: "permission denied", before: before, ids: ids)
    }

    /// The same failure as root: a file size limit (SIGXFSZ ignored, so that
    /// write(2) fails with EFBIG instead of the signal killing the process)
    /// under ids.tsv's size, over what the command prints.
    @Test func aFileSizeLimit() throws {
        try Files.append("# " + String(repeating: "-", count: 8000) + "\n", to: unitsSource + "/ids.tsv")
        let before = try Files.list(unitsSource)
        let ids = try Files.text(unitsSource + "/ids.tsv")
        let result = try CLI.run(
            ["-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" assign-ids --source .", CLI.binary], in: temporary.path,
            timeout: .seconds(60), executable: "/bin/sh")
        try expectFailedCleanly(result, reason: "file too large", before: before, ids: ids)
    }
}
