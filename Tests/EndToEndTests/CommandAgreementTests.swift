import Foundation
import Testing

/// Issue 21, finding 6: every command reads `--lang`, `--region`, `--usage`
/// and `--system` alike, `convert --batch` answers a line as `convert`
/// answers it, messages escape control characters, and file errors are
/// sentences.
@Suite struct CommandAgreementTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    // MARK: --lang

    @Test func anUnknownLanguageIsTheSameErrorInEveryCommand() throws {
        let searched = try database.search(["metre", "--lang", "xx"])
        let converted = try database.convert(["--lang", "xx", "1", "m", "ft"])
        let phrase = try database.convert(["--lang", "xx", "1 m in ft"])
        let batch = try database.convert(["--lang", "xx", "--batch"], input: "1\tm\tft\n")
        for result in [searched, converted, phrase, batch] {
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout == "", "\(result)")
            #expect(result.stderr.hasPrefix("error: no language 'xx'; this database has "), "\(result)")
            #expect(result.stderr.contains(" en, ") && result.stderr.contains(" ru"), "\(result)")
        }
    }

    @Test func aLanguageTagIsMatchedAsBCP47LookupDoes() throws {
        let russian = try database.search(["мет", "--lang", "ru"])
        #expect(russian.status == 0 && !russian.stdout.isEmpty, "\(russian)")
        let convertedRussian = try database.convert(["--lang", "ru", "1", "m", "ft"])
        #expect(convertedRussian.status == 0, "\(convertedRussian)")
        for tag in ["ru-RU", "RU", "ru_RU", "Ru-ru"] {
            let searched = try database.search(["мет", "--lang", tag])
            #expect(searched == russian, "search --lang \(tag)")
            let converted = try database.convert(["--lang", tag, "1", "m", "ft"])
            #expect(converted == convertedRussian, "convert --lang \(tag)")
        }
    }

    // MARK: --region, --system, --usage

    @Test func regionCodesIgnoreCaseAndAMalformedOneIsRefused() throws {
        let upper = try database.convert(["10", "km", "--region", "US"])
        #expect(upper.status == 0 && upper.stdout.contains("miles"), "\(upper)")
        #expect(try database.convert(["10", "km", "--region", "us"]) == upper)
        #expect(try database.convert(["--region", "us", "10 km"]).stdout == upper.stdout)
        for bad in ["USA", "metric", "u"] {
            let result = try database.convert(["10", "km", "--region", bad])
            #expect(result.status == 64, "\(bad): \(result)")
            #expect(result.stderr.contains("--region '\(bad)' is not a region code"), "\(bad): \(result)")
        }
    }

    @Test func systemsAndUsagesIgnoreCaseAndAnUnknownUsageIsAnError() throws {
        let metric = try database.convert(["5", "mi", "--system", "metric"])
        #expect(metric.status == 0, "\(metric)")
        #expect(try database.convert(["5", "mi", "--system", "METRIC"]) == metric)
        let height = try database.convert(["180", "cm", "--region", "US", "--usage", "person-height"])
        #expect(height.status == 0 && height.stdout.contains("5 feet 11 inches"), "\(height)")
        #expect(try database.convert(["180", "cm", "--region", "US", "--usage", "Person-Height"]) == height)
        for bad in [["10", "km", "--region", "US", "--usage", "roadx"], ["--usage", "roadx", "--region", "US", "10 km"]] {
            let result = try database.convert(bad)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("error: unknown usage 'roadx'; this database has "), "\(result)")
            #expect(result.stderr.contains("person-height") && result.stderr.contains("road"), "\(result)")
        }
        // CLDR's fallback: a usage below a known one is that one.
        let road = try database.convert(["10", "km", "--region", "US", "--usage", "road"])
        #expect(try database.convert(["10", "km", "--region", "US", "--usage", "road-small"]).stdout == road.stdout)
    }

    // MARK: --batch is convert, line by line

    /// The phrases of the runtime's corpus (Tests/UnitpackRuntimeTests/Phrases/Corpora),
    /// every third one, and VALUE FROM TO lines: `convert` once each, `convert
    /// --batch` on all of them; the same line out, or the same error.
    @Test func batchAnswersEveryLineAsConvertDoes() throws {
        let phrasesDirectory = Paths.packageRoot.appendingPathComponent("Tests/UnitpackRuntimeTests/Phrases/Corpora")
        var phrases: [String] = []
        for file in ["corpus.tsv", "quantities.tsv", "not-understood.tsv"] {
            let text = try String(contentsOf: phrasesDirectory.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            for (index, line) in lines.enumerated() where index % 3 == 0 {
                phrases.append(String(line.split(separator: "\t", omittingEmptySubsequences: false)[0]))
            }
        }
        #expect(phrases.count >= 250)
        let triples = [
            ["0", "°C", "°F"], ["-40", "°C", "°F"], ["100", "°C", "°F"], ["1", "ft", "in"], ["1234567.5", "m", "ft"],
            ["9999999", "m", "m"], ["1", "knot", "m/s"], ["1", "length/mile", "length/meter"], ["1", "mile", "second"],
            ["12", "oz", "ml"], ["180", "cm", "ft+in"], ["x", "m", "ft"], ["1", "furlongx", "m"],
        ]
        // Every sampled phrase as convert writes it; a fifth of them as scripts ask.
        for (options, every) in [([String](), 1), (["--terse", "--precision", "15"], 5)] {
            var lines: [String] = []
            var expected: [String] = []
            var failures = 0
            var asked: [(line: String, arguments: [String])] = []
            for (index, phrase) in phrases.enumerated() where index % every == 0 { asked.append((phrase, [phrase])) }
            for triple in triples { asked.append((triple.joined(separator: "\t"), triple)) }
            // `convert` once each, a few at a time (Concurrently), read in order.
            let results = try Concurrently.map(asked) { try database.convert(options + $0.arguments) }
            for ((line, _), result) in zip(asked, results) {
                lines.append(line)
                if result.status == 0 {
                    expected.append(String(result.stdout.dropLast()))
                } else {
                    failures += 1
                    // A usage error (64) prints "Error: MESSAGE" and the usage; batch prints "error: MESSAGE".
                    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                    expected.append(first.hasPrefix("Error: ") ? "error: " + first.dropFirst(7) : first)
                }
            }
            let batch = try database.convert(options + ["--batch"], input: lines.joined(separator: "\n") + "\n")
            #expect(batch.status == (failures > 0 ? 1 : 0), "\(options)")
            let got = batch.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(got.count == lines.count, "\(options): \(got.count) lines for \(lines.count)")
            let differences = zip(lines, zip(expected, got)).filter { $1.0 != $1.1 }
                .map { "\($0): convert '\($1.0)', batch '\($1.1)'" }
            #expect(differences.isEmpty, "\(options): \(differences.count) lines differ:\n\(differences.joined(separator: "\n"))")
        }
    }

    @Test func batchFindsTheReadingThatFitsAndTrimsBinaryNoise() throws {
        let result = try database.convert(["--batch"], input: "0\t°C\t°F\n-40\t°C\t°F\n1\tft\tin\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            0 degrees Celsius ≈ 32 degrees Fahrenheit
            -40 degrees Celsius ≈ -40 degrees Fahrenheit
            1 foot = 12 inches

            """)
        let terse = try database.convert(["--batch", "--terse", "--precision", "15"], input: "0\t°C\t°F\n-40\t°C\t°F\n")
        #expect(terse.stdout == "32\n-40\n", "\(terse)")
    }

    // MARK: Messages

    @Test func controlCharactersInInputAreEscapedInEveryMessage() throws {
        let escape = "\u{1B}[31m"
        let results = [
            try database.convert(["5 \(escape)foo in m"]),
            try database.convert(["1", "\u{7}bell", "m"]),
            try database.convert(["--lang", "x\u{1B}y", "1", "m", "ft"]),
            try database.convert(["\u{1B}x", "m", "ft"]),
            try database.convert(["--batch"], input: "1\t\u{1B}[2Jm\tft\n1\t2\t3\t4\u{8}\n"),
            try database.search(["zz\u{1B}"]),
            try database.search(["m", "--lang", "\u{9B}x"]),
        ]
        for result in results {
            #expect(result.status != 0 || !result.stderr.isEmpty, "\(result)")
            let all = result.stdout + result.stderr
            #expect(!all.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(result)")
            #expect(all.contains("\\u{1B}") || all.contains("\\u{7}") || all.contains("\\u{8}") || all.contains("\\u{9B}"), "\(result)")
        }
    }

    @Test func aFileThatCannotBeWrittenIsASentence() throws {
        let scratch = try OwnedTemporaryDirectory()
        let file = scratch.path("a-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let dump = try CLI.run(["dump", database.dist, "--output", scratch.path("missing/dump.txt")])
        let build = try CLI.run(["build", "--source", RepositoryData.root, "--output", file + "/dist"])
        for (result, doing) in [(dump, "write the dump"), (build, "write the build")] {
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("error: cannot \(doing) at "), "\(result)")
            #expect(result.stderr.contains("give another --output"), "\(result)")
            #expect(!result.stderr.contains("Error Domain") && !result.stderr.contains("NSCocoaErrorDomain"), "\(result)")
        }
    }
}

extension CLIResult: Equatable {
    static func == (a: CLIResult, b: CLIResult) -> Bool {
        a.stdout == b.stdout && a.stderr == b.stderr && a.status == b.status && a.exitedNormally == b.exitedNormally
    }
}
