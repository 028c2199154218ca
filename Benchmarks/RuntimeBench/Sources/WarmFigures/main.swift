// The warm figures of the runtime through its public API only, so that the
// same code measures any commit's runtime: Scripts/warm-against builds this
// file (with this tree's BenchPhrases and BenchSupport) against each commit
// it is given and runs the binaries in turn, on one machine in one run.
// Times are wall clock, warm (each phrase parsed and each unit used once
// before timing):
//
//   WarmFigures DIR [ROUNDS]
//
//   parse_typical_us      median of one parse of the typical phrases in turn,
//                         English and Russian asked (ROUNDS rounds of them)
//   parse_typical_all_us  the same, every language of phrase words asked
//                         (English first)
//   parse_quantity_us     the quantity phrases, English and Russian
//   split_format_en_us    median of one split of 180 cm into feet and inches
//                         and its format in English (4 × ROUNDS)
//   split_format_ru_us    the same in Russian
//   convert_units_ns      10,000 conversions of the repository pairs' units
//                         (looked up once), per conversion: median of 25
//   convert_names_ns      the same by name, the lookup in each conversion
//   format_ru_ns          10,000 formats in Russian of the pairs' targets,
//                         per format: median of 25
//
// A phrase that does not read is no error here (an older reader may refuse
// what a newer one reads): its parse is timed all the same.

import BenchPhrases
import BenchSupport
import UnitpackRuntime

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: WarmFigures DIR [ROUNDS]") }
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 3_000
guard rounds > 0 else { fail("ROUNDS must be a positive number, not \(arguments[2])") }

let database: UnitDatabase
do {
    database = try UnitDatabase(directory: arguments[1])
} catch {
    fail("cannot open \(arguments[1]): \(error)")
}
let clock = ContinuousClock()
var checksum = 0.0

/// Median time of one parse of `phrases` in turn, `rounds` times each, after one of each.
@MainActor func parsing(_ phrases: [String], languages: [String]) -> Double {
    for phrase in phrases { _ = try? database.parse(phrase, languages: languages) }
    var times: [Double] = []
    times.reserveCapacity(rounds * phrases.count)
    for index in 0..<(rounds * phrases.count) {
        let start = clock.now
        let result = try? database.parse(phrases[index % phrases.count], languages: languages)
        times.append(microseconds(clock.now - start))
        if case .understood(let readings)? = result { checksum += Double(readings.count) }
    }
    return median(times)
}

let everyLanguage: [String]
do {
    let languages = try database.phraseLanguages()
    everyLanguage = ["en"] + languages.filter { $0 != "en" }
} catch {
    fail("no phrase languages: \(error)")
}
print("parse_typical_us", rounded(parsing(typicalPhrases, languages: ["en", "ru"]), 2))
print("parse_typical_all_us", rounded(parsing(typicalPhrases, languages: everyLanguage), 2))
print("parse_quantity_us", rounded(parsing(quantityPhrases, languages: ["en", "ru"]), 2))

do {
    let centimeter = try database.unit(key: "length/centimeter")
    let foot = try database.unit(key: "length/foot")
    let inch = try database.unit(key: "length/inch")
    for language in ["en", "ru"] {
        _ = try database.format(try database.split(180, of: centimeter, into: [foot, inch]), language: language)
        var times: [Double] = []
        for _ in 0..<(4 * rounds) {
            let start = clock.now
            let split = try database.split(180, of: centimeter, into: [foot, inch])
            checksum += Double(try database.format(split, language: language).long.utf8.count)
            times.append(microseconds(clock.now - start))
        }
        print("split_format_\(language)_us", rounded(median(times), 2))
    }
} catch {
    fail("split and format: \(error)")
}

// The repository's pairs (BenchPhrases), values over two decades.
let pairs = repositoryPairs
let samples: [Double] = (0..<97).map { 1.0 + Double($0) * 1.25 }
let batch = 10_000

/// Nanoseconds per call of `body` (called `batch` times a run), median of 25 runs.
@MainActor func perCall(_ body: (Int) throws -> Double) rethrows -> Double {
    _ = try body(0)
    var times: [Double] = []
    for _ in 0..<25 {
        let start = clock.now
        for index in 0..<batch { checksum += try body(index) }
        times.append(microseconds(clock.now - start) * 1_000 / Double(batch))
    }
    return median(times)
}

do {
    let units = try pairs.map { (try database.unit(named: $0.0), try database.unit(named: $0.1)) }
    print(
        "convert_units_ns",
        rounded(
            try perCall { index in
                let (from, to) = units[index % units.count]
                return try database.convert(samples[index % samples.count], from: from, to: to)
            }, 1))
    print(
        "convert_names_ns",
        rounded(
            try perCall { index in
                let (from, to) = pairs[index % pairs.count]
                return try database.convert(samples[index % samples.count], from: from, to: to).value
            }, 1))
    print(
        "format_ru_ns",
        rounded(
            try perCall { index in
                Double(try database.format(samples[index % samples.count], units[index % units.count].1, language: "ru").long.utf8.count)
            }, 1))
} catch {
    fail("conversions: \(error)")
}
// Printed so that no measured call is optimised away.
print("checksum", rounded(checksum, 1))
