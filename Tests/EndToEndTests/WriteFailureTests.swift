import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 37, finding 8: a write that fails is an error. Every command that
/// writes, its standard output on `/dev/full` (a disk always full), exits 1
/// saying so, where each exited 0 with its output cut; an error message
/// that cannot be written still fails the command (it crashed with SIGILL).
/// `--output` never replaces what is not a regular file (a FIFO, a device:
/// as root `dump --output /dev/null` destroyed `/dev/null`), and a file
/// that cannot be written keeps its previous content.
@Suite struct WriteFailureTests {
    let temporary: OwnedTemporaryDirectory
    /// The valid fixture's build.
    let dist: String
    /// A copy of the valid fixture with a unit that has no id yet.
    let unregistered: String
    /// One phrase for `vectors` (the repository's corpora name languages the fixture lacks).
    let corpora: String

    static let full = "/dev/full"
    static let noSpace = "error: cannot write to standard output: no space left on device (errno 28); what was written is incomplete\n"
    static let prompt = Duration.seconds(120)

    init() throws {
        temporary = try OwnedTemporaryDirectory(prefix: "unitpack-write-failures")
        dist = temporary.path("dist")
        let built = try CLI.run(["build", "--source", Paths.fixture("valid"), "--output", dist], timeout: Self.prompt)
        try #require(built.status == 0, "\(built)")
        unregistered = temporary.path("unregistered")
        try Files.copyTree(Paths.fixture("valid"), to: unregistered)
        try Files.append("mile\tmi\t1609.344\t3\timp\n", to: unregistered + "/units-src/length.tsv")
        try Files.append("mile\tmiles\tmile\tmiles\t\t\n", to: unregistered + "/locales/en/length.tsv")
        corpora = temporary.path("corpora")
        try FileManager.default.createDirectory(atPath: corpora, withIntermediateDirectories: true)
        try Files.write(Array("1 foot in meters\ten\n".utf8), to: corpora + "/phrases.tsv")
    }

    /// Every command that writes to standard output, with what it reads.
    var writers: [(name: String, arguments: [String], input: String?)] {
        [
            ("check", ["check", "--source", Paths.fixture("valid")], nil),
            ("check --format json", ["check", "--source", Paths.fixture("valid"), "--format", "json"], nil),
            ("check --coverage", ["check", "--source", Paths.fixture("valid"), "--coverage"], nil),
            ("build", ["build", "--source", Paths.fixture("valid"), "--output", temporary.path("other-dist")], nil),
            ("convert", ["convert", "--data", dist, "1", "ft", "m"], nil),
            ("convert --batch", ["convert", "--data", dist, "--batch"], "1\tft\tm\n2\tft\tm\n"),
            ("search", ["search", "--data", dist, "fo"], nil),
            ("verify", ["verify", "--data", dist], nil),
            ("dump", ["dump", dist], nil),
            ("diff", ["diff", dist, dist], nil),
            ("vectors", ["vectors", "--data", dist, "--output", temporary.path("vectors"), "--phrases", corpora], nil),
            ("assign-ids --dry-run", ["assign-ids", "--source", unregistered, "--dry-run"], nil),
            ("help", ["help", "convert"], nil),
            ("--version", ["--version"], nil),
        ].map { ($0.0, $0.1, $0.2) }
    }

    @Test func everyCommandFailsWhenItsOutputCannotBeWritten() throws {
        for writer in writers {
            // The command writes something when it can (else the test proves nothing).
            let written = try CLI.run(writer.arguments, input: writer.input, timeout: Self.prompt)
            #expect(written.status == 0 && !written.stdout.isEmpty, "\(writer.name): \(written)")

            let full = try CLI.run(writer.arguments, input: writer.input, timeout: Self.prompt, standardOutput: Self.full)
            #expect(full.exitedNormally && full.status == 1, "\(writer.name): \(full)")
            #expect(full.stderr.hasSuffix(Self.noSpace), "\(writer.name): \(full)")
            #expect(full.stderr.components(separatedBy: "cannot write").count == 2, "said once: \(writer.name): \(full)")
        }
    }

    /// `convert --batch` stops at the first line it cannot write: it used to
    /// read and convert its whole input into the void.
    @Test func aBatchStopsAtTheFirstLineItCannotWrite() throws {
        let lines = String(repeating: "1\tft\tm\n", count: 50_000)
        let full = try CLI.run(
            ["convert", "--data", dist, "--batch"], input: lines, timeout: Self.prompt, standardOutput: Self.full)
        #expect(full.exitedNormally && full.status == 1, "\(full)")
        #expect(full.stderr == Self.noSpace, "\(full)")
    }

    /// An error message on a full standard error: the command still fails,
    /// with its status, not a crash; and a command that would have
    /// succeeded fails too, its message (here `--statistics`) lost.
    @Test func aMessageThatCannotBeWrittenStillFailsTheCommand() throws {
        let unknown = try CLI.run(["convert", "--data", dist, "1", "ft", "zz"], timeout: Self.prompt, standardError: Self.full)
        #expect(unknown.exitedNormally && unknown.status == 1, "\(unknown)")
        #expect(unknown.stdout == "")

        let statistics = try CLI.run(["search", "--data", dist, "fo", "--statistics"], timeout: Self.prompt)
        #expect(statistics.status == 0 && statistics.stderr.contains("memory:"), "\(statistics)")
        let lost = try CLI.run(
            ["search", "--data", dist, "fo", "--statistics"], timeout: Self.prompt, standardError: Self.full)
        #expect(lost.exitedNormally && lost.status == 1, "\(lost)")
        #expect(lost.stdout == statistics.stdout)

        let usage = try CLI.run(["convert", "--precision", "99", "1", "ft", "m"], timeout: Self.prompt, standardError: Self.full)
        #expect(usage.exitedNormally && usage.status != 0, "\(usage)")
    }

    // MARK: --output at what is not a regular file

    func dump(to path: String) throws -> CLIResult {
        try CLI.run(["dump", dist, "--output", path], timeout: Self.prompt)
    }

    func message(_ shown: String, _ kind: String) -> String {
        "error: \(shown) is not a regular file but \(kind); unitpack replaces only regular files and leaves anything "
            + "else as it is: give another --output\n"
    }

    /// A FIFO is neither opened (that would wait for a reader) nor replaced.
    @Test func dumpRefusesAFIFO() throws {
        let fifo = temporary.path("dump.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try dump(to: fifo)
        #expect(result.status == 1 && result.stdout == "", "\(result)")
        #expect(result.stderr == message("--output \(fifo)", "a FIFO (named pipe)"))
        #expect(Self.kind(fifo) == S_IFIFO, "the FIFO was replaced")
        #expect(try Files.list(temporary.path).filter { $0.contains(".tmp-") } == [])
    }

    /// A device node made in the test's own directory (not /dev/null, which
    /// a run of the old code would have destroyed as root): `c 1 3` is the
    /// null device. Making one needs root (CI runs as root); `/dev/full`
    /// stands in elsewhere, refused without being touched.
    @Test func dumpRefusesACharacterDevice() throws {
        var device = temporary.path("null")
        // Major 1, minor 3 as glibc's makedev encodes small numbers (no macro in Swift).
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) != 0 {
            device = Self.full
        }
        let result = try dump(to: device)
        #expect(result.status == 1 && result.stdout == "", "\(result)")
        #expect(result.stderr == message("--output \(device)", "a character device"))
        #expect(Self.kind(device) == S_IFCHR, "the device was replaced")
        #expect(Self.kind(Self.full) == S_IFCHR)
    }

    @Test func dumpRefusesADirectoryAndADanglingLink() throws {
        let directory = temporary.path("a-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let refused = try dump(to: directory)
        #expect(refused.status == 1 && refused.stderr == message("--output \(directory)", "a directory"), "\(refused)")

        let link = temporary.path("dangling")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: temporary.path("nowhere"))
        let dangling = try dump(to: link)
        #expect(dangling.status == 1 && dangling.stderr == message("--output \(link)", "a symbolic link to nothing"), "\(dangling)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: temporary.path("nowhere")))
    }

    /// A link to a regular file: the file is replaced, the link stays.
    @Test func dumpThroughALinkReplacesItsTarget() throws {
        let target = temporary.path("target.txt")
        let link = temporary.path("link.txt")
        try Files.write(Array("old\n".utf8), to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try dump(to: link)
        #expect(result.status == 0, "\(result)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try Files.text(target) == (try CLI.run(["dump", dist], timeout: Self.prompt)).stdout)
    }

    /// A dump that cannot be written whole (a file-size limit of 512 bytes,
    /// the fixture's dump has 3.5 KB; SIGXFSZ ignored so that write(2)
    /// fails with EFBIG) leaves the file it was
    /// to replace as it was, and no temporary beside it.
    @Test func aDumpThatCannotBeWrittenKeepsThePreviousFile() throws {
        let file = temporary.path("dump.txt")
        try Files.write(Array("the previous dump\n".utf8), to: file)
        let result = try CLI.run(
            ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" dump \"$1\" --output \"$2\"", CLI.binary, dist, file],
            timeout: Self.prompt, executable: "/bin/sh")
        #expect(result.exitedNormally && result.status == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix("error: cannot write the dump at \(file): the file is larger than this process may write"),
            "\(result)")
        #expect(try Files.text(file) == "the previous dump\n")
        #expect(try Files.list(temporary.path).filter { $0.contains(".tmp-") } == [])
    }

    /// `vectors --output DIR` looks at every file's place before writing
    /// any: a FIFO where the second goes leaves the first as it was.
    @Test func vectorsRefuseAFIFOAndReplaceNothing() throws {
        let output = temporary.path("vectors-fifo")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let first = output + "/conversions.json"
        try Files.write(Array("previous\n".utf8), to: first)
        let fifo = output + "/plurals.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try CLI.run(
            ["vectors", "--data", dist, "--output", output, "--phrases", corpora], timeout: Self.prompt)
        #expect(result.status == 1 && result.stdout == "", "\(result)")
        #expect(result.stderr == message("\(fifo) (in --output \(output))", "a FIFO (named pipe)"))
        #expect(Self.kind(fifo) == S_IFIFO)
        #expect(try Files.text(first) == "previous\n")
    }

    /// The file type at `path` (not followed), or 0 when nothing is there.
    static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }
}
