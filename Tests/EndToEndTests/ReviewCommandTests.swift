import Foundation
import Testing
import UnitpackCore

/// `unitpack dump` and `unitpack diff` on builds of the `valid/` fixture and
/// of edited copies of it.
@Suite final class ReviewCommandTests {
    private var directories: [TemporaryDirectory] = []

    deinit { for directory in directories { directory.remove() } }

    func temporary() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "unitpack-review")
        directories.append(directory)
        return directory
    }

    /// Copies `valid/` into a new directory, lets `edit` change the copy,
    /// builds it; returns the `dist/` directory.
    func build(edit: (String) throws -> Void = { _ in }) throws -> String {
        let directory = try temporary()
        let source = directory.path("src")
        try Files.copyTree(Paths.fixture("valid"), to: source)
        try edit(source)
        let result = try CLI.run(["build", "--source", source, "--output", directory.path("dist")])
        #expect(result.status == 0, "\(result)")
        return directory.path("dist")
    }

    func replace(_ old: String, with new: String, in path: String) throws {
        let text = try Files.text(path)
        #expect(text.contains(old), "\(path) has no \(old.debugDescription)")
        try Files.write(Array(text.replacingOccurrences(of: old, with: new).utf8), to: path)
    }

    @Test func dumpIsStableAndComplete() throws {
        let dist = try build()
        let directory = try temporary()
        let result = try CLI.run(["dump", dist])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        Golden.expect(result.stdout, matches: Paths.fixture("review/valid-dump.txt"))
        // A second build of the same sources dumps byte for byte the same, and
        // the database file itself dumps like its directory.
        let again = try CLI.run(["dump", try Dist.database(try build())])
        #expect(again.stdout == result.stdout)

        let file = directory.path("dump.txt")
        let written = try CLI.run(["dump", dist, "--output", file])
        #expect(written.status == 0 && written.stdout == "")
        #expect(try Files.text(file) == result.stdout)
    }

    @Test func diffShowsAChangedFactorAndARenamedForm() throws {
        let old = try build()
        let new = try build() { source in
            try replace("foot\tft\t0.3048\t", with: "foot\tft\t0.3047\t", in: source + "/units-src/length.tsv")
            try replace("foot\tфуты\tфут\tфута\t", with: "foot\tфуты\tфут\tфу́та\t", in: source + "/locales/ru/length.tsv")
            try Files.append("mile\tmi\t1609.344\t3\timp\n", to: source + "/units-src/length.tsv")
            try Files.append("mile\tmiles\tmile\tmiles\t\t\n", to: source + "/locales/en/length.tsv")
            try Files.append("mile\tмили\tмиля\tмили\tмиль\tмили\t\t\n", to: source + "/locales/ru/length.tsv")
            try Files.append("long-pattern\t{0}\\u{A0}{1}\nregion-separators\tKZ:.:,\n", to: source + "/locales/ru/language.tsv")
            let assigned = try CLI.run(["assign-ids", "--source", source])
            #expect(assigned.status == 0, "\(assigned)")
        }
        let result = try CLI.run(["diff", old, new])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        Golden.expect(result.stdout, matches: Paths.fixture("review/diff-changed.txt"))
        #expect(result.stdout.contains("~ unit 3 length/foot: definition \"factor 0.3048\" -> \"factor 0.3047\"\n"))
        #expect(result.stdout.contains("~ unit 3 length/foot: ru few \"фута\" -> \"фу́та\"\n"))
        #expect(result.stdout.contains("+ unit 9 length/mile\n"))
        #expect(result.stdout.contains("~ language ru: region separators changed: \"\" -> \"KZ:.:,\"\n"))

        let same = try CLI.run(["diff", old, old])
        #expect(same.status == 0 && same.stdout == "0 added, 0 removed, 0 changed, 0 id errors\n")
    }

    /// A language's region grouping (`region-grouping` in language.tsv,
    /// `languages.region_grouping`) is dumped and diffed like its region
    /// separators (issue 35: the review never read the column).
    @Test func diffShowsARegionGroupingChange() throws {
        let old = try build()
        let new = try build() { source in
            try Files.append("region-grouping\tUA:3:2\n", to: source + "/locales/ru/language.tsv")
        }
        let result = try CLI.run(["diff", old, new])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "~ language ru: region grouping changed: none -> UA:3:2\n0 added, 0 removed, 1 changed, 0 id errors\n")
        let dump = try CLI.run(["dump", new])
        #expect(dump.status == 0, "\(dump)")
        #expect(dump.stdout.contains("\n  patterns long \"{0} {1}\", short \"{0} {1}\"\n  region grouping UA:3:2\n  plural one: v = 0"), "\(dump.stdout)")
    }

    /// The fixture has no related units: a relation between two of its
    /// categories, for the machinery only, read back from the database.
    @Test func dumpAndDiffShowRelations() throws {
        let old = try build()
        let new = try build() { source in
            try Files.write(Array("also\tlength/foot\ttime/minute\n".utf8), to: source + "/units-src/relations.tsv")
        }
        let dump = try CLI.run(["dump", new])
        #expect(dump.status == 0, "\(dump)")
        #expect(dump.stdout.hasSuffix("\nrelations\n  also length/foot -> time/minute\n"), "\(dump.stdout.suffix(200))")
        let result = try CLI.run(["diff", old, new])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "~ relation also length/foot -> time/minute: added\n0 added, 0 removed, 1 changed, 0 id errors\n")
    }

    /// A mixed unit is dumped under its first part by its parts' names, and a
    /// change to it is a change of that unit's clusters.
    @Test func aMixedUnitIsDumpedAndDiffedByItsParts() throws {
        let old = try build()
        let new = try build() { source in
            try Files.append("time\tmedia\t001\thour+minute+second\t\n", to: source + "/units-src/clusters.tsv")
        }
        let dump = try CLI.run(["dump", new])
        #expect(dump.status == 0, "\(dump)")
        #expect(dump.stdout.contains("unit 6 time/hour\n  factor 3600\n  priority 4, metric tier 0\n  symbols h\n  cluster media 001 #1 hour+minute+second\n"), "\(dump.stdout)")
        let diff = try CLI.run(["diff", old, new])
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stdout == "~ unit 6 time/hour: clusters \"\" -> \"media 001 #1 hour+minute+second\"\n0 added, 0 removed, 1 changed, 0 id errors\n")
    }

    @Test func diffFailsOnAReusedAndOnAChangedID() throws {
        let old = try build()
        // `foot` is removed and its id 3 given to a new unit: reused.
        let reused = try build() { source in
            try replace("foot\tft\t0.3048\t3\timp", with: "mile\tmi\t1609.344\t3\timp", in: source + "/units-src/length.tsv")
            try replace("foot\tfeet\tfoot\tfeet", with: "mile\tmiles\tmile\tmiles", in: source + "/locales/en/length.tsv")
            try replace("foot\tфуты\tфут\tфута\tфутов\tфута", with: "mile\tмили\tмиля\tмили\tмиль\tмили", in: source + "/locales/ru/length.tsv")
            try replace("3\tlength\tfoot", with: "3\tlength\tmile", in: source + "/units-src/ids.tsv")
            try replace("US\tfoot", with: "US\tmile", in: source + "/units-src/clusters.tsv")
            try replace("GB\tfoot", with: "GB\tmile", in: source + "/units-src/clusters.tsv")
        }
        let result = try CLI.run(["diff", old, reused])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(
            "error: id 3 was length/foot, now length/mile: an id is never given to another unit (run 'unitpack assign-ids' for a new one)\n"))
        #expect(result.stdout.hasSuffix("0 added, 0 removed, 0 changed, 1 id errors\n"), "\(result)")

        // `kilometer` and `foot` swap ids.
        let changed = try build() { source in
            try replace("2\tlength\tkilometer\n3\tlength\tfoot", with: "3\tlength\tkilometer\n2\tlength\tfoot", in: source + "/units-src/ids.tsv")
        }
        let swapped = try CLI.run(["diff", old, changed])
        #expect(swapped.status == 1, "\(swapped)")
        #expect(swapped.stdout.contains("error: length/kilometer had id 2, now 3: a unit's id never changes (restore it in units-src/ids.tsv)\n"))
        #expect(swapped.stdout.contains("error: length/foot had id 3, now 2:"))
    }

    @Test func badDatabasesAreClearErrorsAndWriteNothing() throws {
        let dist = try build()
        let directory = try temporary()
        let output = directory.path("dump.txt")

        let missing = try CLI.run(["dump", directory.path("nowhere"), "--output", output])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: \(directory.path("nowhere")): no database here"))

        // Garbage where the database should be.
        let garbage = directory.path("garbage.sqlite")
        try Files.write(Array(repeating: 0x5A, count: 4096), to: garbage)
        let notADatabase = try CLI.run(["dump", garbage, "--output", output])
        #expect(notADatabase.status == 1)
        #expect(notADatabase.stderr == "error: \(garbage): not a unitpack database\n")

        // Damaged pages inside a real database: every page's b-tree type byte.
        var bytes = try Files.bytes(try Dist.database(dist))
        for index in stride(from: 1024, to: bytes.count, by: 1024) { bytes[index] = 0x55 }
        let damaged = directory.path("damaged.sqlite")
        try Files.write(bytes, to: damaged)
        let corrupt = try CLI.run(["dump", damaged, "--output", output])
        #expect(corrupt.status == 1, "\(corrupt)")
        #expect(corrupt.stderr.hasPrefix("error: \(damaged): the database is damaged ("), "\(corrupt)")
        #expect(corrupt.stderr.hasSuffix("): rebuild it\n"))
        #expect(!FileManager.default.fileExists(atPath: output))

        // Another format version: diff refuses to compare.
        var older = try Files.bytes(try Dist.database(dist))
        older[60..<64] = [0, 0, 0, 1]  // PRAGMA user_version lives at offset 60
        let oldFormat = directory.path("format1.sqlite")
        try Files.write(older, to: oldFormat)
        let incompatible = try CLI.run(["diff", oldFormat, dist])
        #expect(incompatible.status == 1)
        #expect(incompatible.stdout == "")
        #expect(incompatible.stderr == "error: \(oldFormat): database format 1, but this unitpack reads format \(DatabaseFormat.version): rebuild it with this unitpack (or compare it with the unitpack that built it)\n")
    }
}

/// `unitpack build --watch`: a running watcher rebuilds on an edit and prints
/// only what changed, or the errors of a bad edit.
@Suite struct WatchTests {
    /// Waits (up to 30 s: the machine may be busy) until the file at `path`
    /// contains `marker`. The watcher writes to files, not pipes: nothing to drain.
    func wait(for marker: String, in path: String) -> Bool {
        for _ in 0..<300 {
            if let text = try? Files.text(path), text.contains(marker) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    @Test func rebuildsOnAnEditAndPrintsWhatChanged() throws {
        let directory = try TemporaryDirectory(prefix: "unitpack-watch")
        defer { directory.remove() }
        let source = directory.path("src")
        try Files.copyTree(Paths.fixture("valid"), to: source)
        let out = directory.path("stdout.txt"), err = directory.path("stderr.txt")
        #expect(FileManager.default.createFile(atPath: out, contents: nil))
        #expect(FileManager.default.createFile(atPath: err, contents: nil))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["build", "--watch", "--source", source, "--output", directory.path("dist")]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        defer {
            // SIGKILL, not terminate(): the child inherits the test thread's
            // signal mask, in which SIGTERM is blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        func both() -> String { ((try? Files.text(out)) ?? "") + ((try? Files.text(err)) ?? "") }
        #expect(wait(for: "watching", in: out), "\(both())")

        let length = source + "/units-src/length.tsv"
        let text = try Files.text(length)
        try Files.write(Array(text.replacingOccurrences(of: "foot\tft\t0.3048\t", with: "foot\tft\t0.3047\t").utf8), to: length)
        #expect(wait(for: "1 changed, 0 id errors\n", in: out), "\(both())")
        #expect(try Files.text(out).contains("~ unit 3 length/foot: definition \"factor 0.3048\" -> \"factor 0.3047\"\n"))

        try Files.write(Array(text.replacingOccurrences(of: "foot\tft\t0.3048\t3\t", with: "foot\tft\t0.3048\t3x\t").utf8), to: length)
        #expect(wait(for: "build failed:", in: err), "\(both())")
        #expect(try Files.text(err).contains("error: invalid priority '3x' [E206]"))
    }
}
