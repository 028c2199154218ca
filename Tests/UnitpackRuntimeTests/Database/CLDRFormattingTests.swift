import Foundation
import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `format` against CLDR's own files: every unit a CLDR 41 unit type names
/// (Scripts/import-cldr's mapping, locales/cldr-units.tsv), in every language
/// of the repository's database, long and short, at values that reach every
/// plural category of every language (`1000000` is French `many`, `11` Arabic
/// `many`, `0` its `zero`), compared with CLDR's unitPattern for the value's
/// category with CLDR's number in it: the decimal and group symbols and the
/// digits of the language's default numbering system
/// (Scripts/lib/cldr_unit_patterns.py reads /usr/share/unicode/cldr).
///
/// Every difference left is a documented choice in
/// CLDR/formatting-differences.tsv (language, length, unit, reason); an entry
/// whose unit no longer differs fails the test, so the list cannot rot.
@Suite struct CLDRFormattingTests {
    static let values = ["0", "1", "2", "3", "5", "11", "21", "100", "1.5", "1000000"]
    static let differencesFile = CLDRUnitsTests.here.appendingPathComponent("CLDR/formatting-differences.tsv")

    struct Difference: Hashable, CustomStringConvertible {
        var language: String
        var length: String
        var unit: String
        var description: String { "\(language)\t\(length)\t\(unit)" }
    }

    /// CLDR's text, from its files, by the helper script.
    static func expectations() throws -> (numbers: [String: String], patterns: [[String]]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", CLDRUnitsTests.repository + "/Scripts/lib/cldr_unit_patterns.py", "--source",
            CLDRUnitsTests.repository,
        ] + values
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Scripts/lib/cldr_unit_patterns.py failed (is unicode-cldr-core installed?)")
        var numbers: [String: String] = [:]
        var patterns: [[String]] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.first == "number", fields.count == 4 { numbers[fields[1] + "\t" + fields[2]] = fields[3] }
            if fields.first == "pattern", fields.count == 6 { patterns.append(Array(fields.dropFirst())) }
        }
        return (numbers, patterns)
    }

    static func listedDifferences() throws -> [Difference: String] {
        var listed: [Difference: String] = [:]
        for (key, reason) in try reasonedExceptions(in: differencesFile.path, keyColumns: 3, columns: "language, length, unit") {
            listed[Difference(language: key[0], length: key[1], unit: key[2])] = reason
        }
        return listed
    }

    @Test func everyCLDRUnitFormatsAsCLDRWritesIt() throws {
        let database = try RepositoryBuild.database()
        let (numbers, patterns) = try Self.expectations()
        #expect(patterns.count > 10_000, "CLDR gave \(patterns.count) patterns")
        let listed = try Self.listedDifferences()
        var differing: [Difference: [String]] = [:]
        var compared = 0
        var languages: [String: Language] = [:]
        for row in patterns {
            let (code, length, key, count, pattern) = (row[0], row[1], row[2], row[3], row[4])
            let language = try languages[code] ?? database.language(code)
            languages[code] = language
            let unit = try database.unit(key: key)
            for value in Self.values {
                let number = LocalizedNumberFormatting.format(Double(value)!, symbols: language.numbers)
                guard language.pluralCategory(of: number).rawValue == count, let cldrNumber = numbers[code + "\t" + value]
                else { continue }
                let expected = UnitDatabase.replacing("{0}", in: pattern, with: cldrNumber)
                let formatted = try database.format(Double(value)!, unit, language: language)
                let actual = length == "long" ? formatted.long : formatted.short
                compared += 1
                if actual != expected {
                    differing[Difference(language: code, length: length, unit: key), default: []].append(
                        "\(value): \(TextEscaping.visible(Self.shown(actual))) (CLDR \(TextEscaping.visible(Self.shown(expected))))")
                }
            }
        }
        let unlisted = differing.keys.filter { listed[$0] == nil }.sorted { $0.description < $1.description }
        let stale = listed.keys.filter { differing[$0] == nil }.sorted { $0.description < $1.description }
        if let path = ProcessInfo.processInfo.environment["UNITPACK_CLDR_DIFFERENCES"] {
            // For a person updating the list: every difference with its examples.
            let lines = differing.sorted { $0.key.description < $1.key.description }.map { "\($0.key)\t\($0.value.joined(separator: "; "))" }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        print("CLDRFormattingTests: \(compared) comparisons, \(differing.count) (language, length, unit) differ, all listed: \(unlisted.isEmpty)")
        #expect(compared > 20_000)
        for difference in unlisted.prefix(40) {
            Issue.record("\(difference) differs from CLDR and is not in formatting-differences.tsv: \(differing[difference]!.prefix(3).joined(separator: "; "))")
        }
        #expect(unlisted.isEmpty, "\(unlisted.count) differences not listed")
        for difference in stale {
            Issue.record("\(difference) is listed in formatting-differences.tsv but formats as CLDR does now: remove the line")
        }
    }

    @Test(arguments: [
        ("fr", 5.0, "length/meter", "5\u{A0}mètres", "5\u{202F}m"),
        ("ja", 5, "speed/kilometer per hour", "時速 5 キロメートル", "5 km/h"),
        ("zh", 5, "length/meter", "5米", "5米"),
        ("ar", 1, "length/meter", "متر", "متر"),
        ("ar", 2, "length/meter", "متران", "متران"),
        ("ar", 5, "length/meter", "٥ أمتار", "٥ أمتار"),
        ("ar-EG", 5, "length/meter", "٥ أمتار", "٥ أمتار"),
        ("ar-SA", 1.5, "length/meter", "١٫٥ متر", "١٫٥ متر"),
        ("ar-MA", 5, "length/meter", "5 أمتار", "5 أمتار"),
        // The plural CLDR 41 lacks (٥ كيلومتر there): CLDR/formatting-differences.tsv.
        ("ar", 5, "length/kilometer", "٥ كيلومترات", "٥ كم"),
        // ar_MA.xml: latn digits with its own separators (decimal `,`, group `.`).
        ("ar_ma", -1.5, "length/meter", "\u{200E}-1,5 متر", "\u{200E}-1,5 متر"),
        ("de-CH", 12345.5, "length/meter", "12’345.5 Meter", "12’345.5 m"),
        ("ar", -1.5, "length/meter", "\u{61C}-١٫٥ متر", "\u{61C}-١٫٥ متر"),
        ("ru", 5, "length/mile", "5 миль", "5 ми"),
        ("en", 5, "length/foot", "5 feet", "5 ft"),
    ])
    func theLanguageAndRegionDecideTheText(tag: String, value: Double, key: String, long: String, short: String) throws {
        let database = try RepositoryBuild.database()
        let formatted = try database.format(value, database.unit(key: key), language: tag)
        #expect(formatted.long == long)
        #expect(formatted.short == short)
    }

    /// CLDR's Japanese `時速 {0} キロメートル` read back: the number inside a
    /// unit's name, written with or without spaces, and the question's word
    /// for it in the target (`時速何マイル`).
    @Test(arguments: [
        ("時速 5 キロメートル", nil), ("時速5キロメートルは時速何マイル", "speed/mile per hour"),
        ("時速5キロメートルはマイル毎時", "speed/mile per hour"),
    ] as [(String, String?)])
    func aNumberInsideAUnitsNameIsRead(_ phrase: String, target: String?) throws {
        let database = try RepositoryBuild.database()
        let reading = try #require(try database.parse(phrase, languages: ["ja"]).readings.first)
        #expect(reading.value == 5)
        #expect(reading.from.key == "speed/kilometer per hour")
        if let target { #expect(reading.to?.key == target) }
    }

    /// `何マイル` (how many miles) is a length: 5 km/h is read, and its
    /// target read as miles per hour, a guess shown (`PhraseGuess.Kind.per`).
    @Test func aLengthTargetOfASpeedIsAGuessPerHour() throws {
        guard case .understood(let readings) = try RepositoryBuild.database().parse("時速5キロメートルは何マイル", languages: ["ja"]),
            let reading = readings.first
        else {
            Issue.record("not understood")
            return
        }
        #expect(reading.from.key == "speed/kilometer per hour" && reading.to?.key == "speed/mile per hour")
        #expect(reading.guesses.map(\.kind) == [.per])
    }

    /// U+00A0 and U+202F shown, as the list's reasons name them.
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if UnitPatternText.isInvisible(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
