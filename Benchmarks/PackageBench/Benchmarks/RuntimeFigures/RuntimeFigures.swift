// The runtime's warm figures under package-benchmark: what
// Benchmarks/RuntimeBench timed by hand in one loop, here with percentiles
// of the wall clock and malloc counts per iteration, saved as baselines and
// checked against main's (Scripts/bench, docs/benchmarks.md).
//
// The database is the `dist/` directory named by UNITPACK_BENCH_DIST, or the
// repository's `dist/` (`unitpack build` from the repository's root writes
// it). What cannot be repeated in one process or needs the page cache
// dropped stays in RuntimeBench: the first open of a process, a parse after
// purge(), the peak RSS; so do the budget curve and the SQLite baselines.
//
// Each benchmark runs a fixed number of iterations (`maxIterations`, with a
// `maxDuration` far above what they take), so that the malloc counts of two
// runs are of the same work and compare strictly; the phrase benchmarks
// parse one phrase an iteration, each phrase of the list as often.

import Benchmark
import BenchPhrases
import UnitpackRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `dist/` directory the benchmarks read.
let distDirectory: String = {
    if let value = getenv("UNITPACK_BENCH_DIST"), value.pointee != 0 { return String(cString: value) }
    // This file is Benchmarks/PackageBench/Benchmarks/RuntimeFigures/RuntimeFigures.swift: four levels below the root.
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(5)
    return parts.joined(separator: "/") + "/dist"
}()

/// The repository's conversion pairs (BenchPhrases' `repositoryPairs`, as
/// Scripts/bench's `repository_pairs`): linear, formula and inverse units,
/// by name and symbol.
let namePairs = repositoryPairs

/// Positive sample values (inverse units are undefined at 0), spread over two decades.
let samples: [Double] = (0..<97).map { 1.0 + Double($0) * 1.25 }

/// Operations in one iteration of the batch benchmarks (RuntimeBench's `--conversions`).
let batch = 10_000

/// Thresholds of `baseline check` (docs/benchmarks.md, "Baseline comparison"):
/// malloc counts are the same from run to run, so any increase fails; the
/// wall clock of a shared 2-core machine moves, so only a larger change of
/// the median fails. BENCH_WALL_THRESHOLD (a percentage) overrides the wall
/// clock's, to measure how far main moves against itself.
let wallClockThreshold: Double = {
    if let value = getenv("BENCH_WALL_THRESHOLD"), let percent = Double(String(cString: value)), percent > 0 { return percent }
    return 150
}()

var thresholds: [BenchmarkMetric: BenchmarkThresholds] {
    [
        .wallClock: BenchmarkThresholds(relative: [.p50: wallClockThreshold]),
        .mallocCountTotal: .strict,
    ]
}

func configuration(iterations: Int, warmup: Int = 1) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: warmup,
        maxDuration: .seconds(120), maxIterations: iterations, thresholds: thresholds)
}

func openDatabase() -> UnitDatabase {
    do {
        return try UnitDatabase(directory: distDirectory)
    } catch {
        fatalError("cannot open \(distDirectory) (UNITPACK_BENCH_DIST; `unitpack build` writes dist/): \(error)")
    }
}

let benchmarks: @Sendable () -> Void = {
    // One database for every benchmark but the open: its first open (SQLite's
    // initialisation) is RuntimeBench's open_first_us.
    let database = openDatabase()

    Benchmark("open UnitDatabase", configuration: configuration(iterations: 200)) { _ in
        blackHole(openDatabase())
    }

    // MARK: Conversions and formatting, 10,000 an iteration

    let unitPairs: [(MeasureUnit, MeasureUnit)]
    do {
        unitPairs = try namePairs.map { (try database.unit(named: $0.0), try database.unit(named: $0.1)) }
    } catch {
        fatalError("lookup: \(error)")
    }

    Benchmark("convert ×10,000, units looked up once", configuration: configuration(iterations: 100)) { _ in
        var sum = 0.0
        for i in 0..<batch {
            let (from, to) = unitPairs[i % unitPairs.count]
            sum += try database.convert(samples[i % samples.count], from: from, to: to)
        }
        blackHole(sum)
    }

    Benchmark("convert ×10,000 by name", configuration: configuration(iterations: 20)) { _ in
        var sum = 0.0
        for i in 0..<batch {
            let (from, to) = namePairs[i % namePairs.count]
            sum += try database.convert(samples[i % samples.count], from: from, to: to).value
        }
        blackHole(sum)
    }

    if (try? database.language("ru")) != nil {
        Benchmark("format(…, ru) ×10,000", configuration: configuration(iterations: 20)) { _ in
            var length = 0
            for i in 0..<batch {
                length += try database.format(samples[i % samples.count], unitPairs[i % unitPairs.count].1, language: "ru")
                    .long.utf8.count
            }
            blackHole(length)
        }
    }

    // MARK: Phrases, one parse an iteration, warm (each phrase parsed before)

    if let languages = try? database.phraseLanguages(), languages.contains("en") {
        let rounds = 250
        /// A benchmark parsing `phrases` in turn: `rounds` times each, after as many warm-up parses.
        func parsing(_ name: String, _ phrases: [String], languages: [String]) {
            Benchmark(name, configuration: configuration(iterations: rounds * phrases.count, warmup: phrases.count)) { benchmark in
                blackHole(try database.parse(phrases[benchmark.currentIteration % phrases.count], languages: languages))
            }
        }
        parsing("parse a typical phrase (en, ru)", typicalPhrases, languages: ["en", "ru"])
        parsing("parse a typical phrase (every language)", typicalPhrases, languages: ["en"] + languages.filter { $0 != "en" })
        parsing("parse a quantity phrase (en, ru)", quantityPhrases, languages: ["en", "ru"])
    }

    // MARK: Split and format a mixed result (5 ft 11 in, 5 футов 11 дюймов)

    if let centimeter = try? database.unit(key: "length/centimeter"), let foot = try? database.unit(key: "length/foot"),
        let inch = try? database.unit(key: "length/inch")
    {
        for language in ["en", "ru"] where (try? database.language(language)) != nil {
            Benchmark("split + format 180 cm in ft + in (\(language))", configuration: configuration(iterations: 2_500)) { _ in
                let split = try database.split(180, of: centimeter, into: [foot, inch])
                blackHole(try database.format(split, language: language).long)
            }
        }
    }
}
