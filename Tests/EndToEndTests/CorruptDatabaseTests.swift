import Foundation
import Testing
import UnitpackCore

/// `convert` on a damaged or foreign `units.sqlite`: status 1 and a typed
/// `error:` line, never a crash (a signal) and never a wrong answer in silence.
@Suite struct CorruptDatabaseTests {
    let database: BuiltRepositoryDatabase
    let good: [UInt8]

    init() throws {
        database = try BuiltRepositoryDatabase()
        good = try Files.bytes(try Dist.database(database.dist))
    }

    static let regenerate = "; re-generate it with `unitpack build`\n"

    /// Writes `bytes` as the database of a generation in `<scratch>/NAME`
    /// (its manifest matching them), converts with it, and removes it.
    func convert(_ bytes: [UInt8], named name: String, _ arguments: [String] = ["1", "knot", "m/s"]) throws
        -> (result: CLIResult, file: String)
    {
        let directory = try generation(bytes, named: name)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try Dist.database(directory)
        return (try CLI.run(["convert", "--data", directory] + arguments), file)
    }

    /// A generation in `<scratch>/NAME` whose database is `bytes`; the caller
    /// removes it when done. (A test writes thousands, each with a copy of
    /// the search pack: kept to the test's end, they took up to 20 GB a run.)
    func generation(_ bytes: [UInt8], named name: String) throws -> String {
        let directory = database.temporary.path(name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = try Dist.writeGeneration(database: bytes, into: directory, packFrom: database.dist)
        return directory
    }

    /// Big-endian `value` at `offset` of the SQLite header.
    func patched(_ bytes: [UInt8], at offset: Int, _ value: UInt32) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<(offset + 4), with: withUnsafeBytes(of: value.bigEndian, Array.init))
        return copy
    }

    @Test func randomBytes() throws {
        var state: UInt64 = 0x5EED
        let noise = (0..<4096).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let (result, file) = try convert(noise, named: "random")
        #expect(result.exitedNormally)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(file) is not a unitpack database" + Self.regenerate)
    }

    @Test func anEmptyFile() throws {
        let (result, file) = try convert([], named: "empty")
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(file) is not a unitpack database" + Self.regenerate)
    }

    @Test func aTruncatedCopy() throws {
        let (result, file) = try convert(Array(good.prefix(good.count / 2)), named: "half")
        #expect(result.exitedNormally)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "error: \(file) is damaged (the file has \(good.count / 2) bytes, but its header says \(good.count / 1024) "
                + "pages of 1024 bytes: it was cut short or extended)" + Self.regenerate)
    }

    /// user_version: the 4-byte big-endian integer at offset 60 of the header.
    /// An older format is rebuilt; a newer one (data made for a newer
    /// reader) needs a newer reader.
    @Test func anotherFormatVersion() throws {
        let current = UInt32(DatabaseFormat.version)
        let (older, _) = try convert(patched(good, at: 60, current - 1), named: "version")
        #expect(older.status == 1)
        #expect(older.stdout == "")
        #expect(
            older.stderr
                == "error: database format \(current - 1) is not supported (this reader reads format \(current)); re-generate it with a matching `unitpack build`\n"
        )
        let (newer, _) = try convert(patched(good, at: 60, current + 1), named: "version-newer")
        #expect(newer.status == 1)
        #expect(
            newer.stderr
                == "error: database format \(current + 1) is newer than this reader's (format \(current)); update the reader (UnitpackRuntime, unitpack), or use a database of format \(current)\n"
        )
    }

    /// application_id (offset 68) is "UNPK" in a unitpack database.
    @Test func anotherApplicationsDatabase() throws {
        let (result, file) = try convert(patched(good, at: 68, 0), named: "application")
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(file) is not a unitpack database" + Self.regenerate)
    }

    /// Cut at page boundaries and in between (sampled past the first 64
    /// pages): convert either still finds what it needs or fails with a
    /// typed message.
    @Test func truncationAnywhereNeverCrashes() throws {
        let right = try database.convert(["1", "knot", "m/s"]).stdout
        // Every half page through the first 64 pages (the schema, `meta`,
        // the tables' roots and first leaves), then a cut every seven pages
        // and half a page into the next (some 700 cuts of the 4 MB file, not
        // 8,500: each is a generation written and a process, and the cut
        // pages of one table's leaves fail alike). ByteFlipTests damages
        // bytes anywhere in-process.
        // The cuts run a few at a time (Concurrently), each in its own
        // directory; their results are checked in order.
        let head: [Int] = Array(stride(from: 0, to: min(good.count, 64 * 1024), by: 512))
        let tail: [Int] = stride(from: 64 * 1024, to: good.count, by: 7 * 1024).flatMap { (cut: Int) -> [Int] in [cut, cut + 1536] }
            .filter { $0 < good.count }
        let lengths: [Int] = head + tail + [1, 99, 101, good.count - 1]
        let results = try Concurrently.map(lengths) { length in
            try convert(Array(good.prefix(length)), named: "cut-\(length)").result
        }
        for (length, result) in zip(lengths, results) {
            #expect(result.exitedNormally, "cut at \(length): \(result)")
            #expect(result.status == 0 || result.status == 1, "cut at \(length): \(result)")
            if result.status == 0 {
                #expect(result.stdout == right, "cut at \(length): a wrong answer")
            } else {
                #expect(result.stderr.hasSuffix(Self.regenerate), "cut at \(length): \(result)")
            }
        }
    }

    /// Garbage written over pages in turn: a conversion that does not read
    /// the page still gives the right answer, one that does fails cleanly.
    /// The first 64 pages (the schema, `meta`, the tables' roots and first
    /// leaves) and every seventh after them (over 350 of the ~2,100): each
    /// page costs a generation written and three processes; ByteFlipTests
    /// damages bytes anywhere in the file in-process, 1,300 times a run.
    @Test func overwrittenPagesNeverCrash() throws {
        let conversions = [["1", "knot", "m/s"], ["--", "-40", "°C", "°F"], ["1", "kg", "lb"]]
        let right = try conversions.map { try database.convert($0).stdout }
        let pages = (1..<(good.count / 1024)).filter { $0 < 64 || $0 % 7 == 0 }
        // A few pages at a time (Concurrently); their results checked in order.
        let results = try Concurrently.map(pages) { page -> [CLIResult] in
            var damaged = good
            for offset in (page * 1024)..<((page + 1) * 1024) {
                damaged[offset] = UInt8(truncatingIfNeeded: offset &* 31 &+ 7)
            }
            // One generation a page (hashing it costs more than a conversion).
            let directory = try generation(damaged, named: "page-\(page)")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            return try conversions.map { try CLI.run(["convert", "--data", directory] + $0) }
        }
        for (page, pageResults) in zip(pages, results) {
            for ((arguments, right), result) in zip(zip(conversions, right), pageResults) {
                #expect(result.exitedNormally, "page \(page) \(arguments): \(result)")
                #expect(result.status == 0 || result.status == 1, "page \(page) \(arguments): \(result)")
                if result.status == 0 {
                    #expect(result.stdout == right, "page \(page) \(arguments): a wrong answer")
                } else {
                    #expect(result.stderr.hasPrefix("error: "), "page \(page) \(arguments): \(result)")
                    #expect(result.stderr.hasSuffix(Self.regenerate), "page \(page) \(arguments): \(result)")
                }
            }
        }
    }

    // MARK: Edited with the sqlite3 tool

    static let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A copy of the good database edited with `sqlite3 FILE SQL`.
    func edited(_ sql: String, named name: String) throws -> [UInt8] {
        let file = database.temporary.path("\(name).sqlite")
        try Files.write(good, to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.sqlite3))
        process.arguments = [file, sql]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sqlite3 failed on \(sql)")
        return try Files.bytes(file)
    }

    @Test(.enabled(if: CorruptDatabaseTests.sqlite3 != nil, "needs the sqlite3 command-line tool"))
    func anUnreadableFormulaInARow() throws {
        let bytes = try edited("UPDATE units SET to_base = 'X+' WHERE name = 'degree Celsius'", named: "formula")
        let (result, file) = try convert(bytes, named: "formula", ["1", "°C", "K"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(file) is damaged (a row of 'units' does not match its checksum)" + Self.regenerate)
    }

    /// `verify` reads every row: a changed factor is found though no lookup asked for it.
    @Test(.enabled(if: CorruptDatabaseTests.sqlite3 != nil, "needs the sqlite3 command-line tool"))
    func verifyFindsAChangedRow() throws {
        let bytes = try edited("UPDATE units SET factor = 2 WHERE name = 'yard'", named: "verify")
        let directory = database.temporary.path("verify")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // A whole generation (the manifest gives the edited file's hash): the row is what is wrong.
        let file = try Dist.writeGeneration(database: bytes, into: directory, packFrom: database.dist)
        let result = try CLI.run(["verify", "--data", directory])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(file) is damaged (a row of 'units' does not match its checksum)" + Self.regenerate)
    }

    @Test(.enabled(if: CorruptDatabaseTests.sqlite3 != nil, "needs the sqlite3 command-line tool"))
    func aMissingTable() throws {
        let (result, file) = try convert(try edited("DROP TABLE name_blocks", named: "no-names"), named: "no-names")
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(file) is damaged (no such table: name_blocks)" + Self.regenerate)
    }

    @Test(.enabled(if: CorruptDatabaseTests.sqlite3 != nil, "needs the sqlite3 command-line tool"))
    func anInvalidFactor() throws {
        let bytes = try edited("UPDATE units SET factor = -1 WHERE name = 'knot'", named: "factor")
        let (result, file) = try convert(bytes, named: "factor")
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(file) is damaged (a row of 'units' does not match its checksum)" + Self.regenerate)
    }

    /// Issue 21's finding: one byte changed gave `dump` altered data with
    /// exit 0 in 12 of 30 trials. Now, at 40 seeded positions, `dump` and
    /// `convert` (Russian words, plural form and separators) either print
    /// exactly what the undamaged database gives, or exit 1 with an error.
    @Test func flippedBytesNeverChangeTheOutputWithExitZero() throws {
        let commands: [(String) -> [String]] = [
            { ["dump", $0] },
            { ["convert", "--data", $0, "--lang", "ru", "1234.5", "m", "ft"] },
        ]
        let right = try commands.map { try CLI.run($0(database.dist)) }
        for result in right { try #require(result.status == 0, "\(result)") }
        var state: UInt64 = 0x21_F11B
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var refused = 0
        // The flips drawn in order, then tried a few at a time (Concurrently)
        // and their results checked in order.
        let flips: [(offset: Int, mask: UInt8)] = (0..<40).map { _ in
            let offset = next() % good.count
            return (offset, UInt8(1 + next() % 255))
        }
        let results = try Concurrently.map(Array(flips.enumerated())) { trial, flip -> (directory: String, results: [CLIResult]) in
            var damaged = good
            damaged[flip.offset] ^= flip.mask
            // Through a manifest that names the damaged file (its size and
            // hash): else every command refuses at the manifest, and the test
            // could not fail.
            let directory = try generation(damaged, named: "flip-\(trial)")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            return (directory, try commands.map { try CLI.run($0(directory)) })
        }
        for ((offset, _), (directory, trialResults)) in zip(flips, results) {
            for ((command, right), result) in zip(zip(commands, right), trialResults) {
                #expect(result.exitedNormally, "byte \(offset) \(command(directory)): \(result)")
                if result.status == 0 {
                    #expect(result.stdout == right.stdout, "byte \(offset): \(command(directory)) changed its output with exit 0")
                } else {
                    refused += 1
                    #expect(result.status == 1 && result.stderr.hasPrefix("error: "), "byte \(offset): \(result)")
                }
            }
        }
        #expect(refused > 0, "no flip was noticed")
    }

    @Test func aDirectoryWhereTheFileShouldBe() throws {
        let directory = database.temporary.path("directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = try Dist.writeGeneration(database: good, into: directory, packFrom: database.dist)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        let result = try CLI.run(["convert", "--data", directory, "1", "knot", "m/s"])
        #expect(result.exitedNormally)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "error: \(directory)/manifest.tsv:6: units.sqlite: \(file) is a directory, not a regular file; "
                + "remove it and run `unitpack build` to write a whole generation\n")
    }
}
