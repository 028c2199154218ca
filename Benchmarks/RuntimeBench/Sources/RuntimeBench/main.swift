// Runtime measurements of UnitpackRuntime, for Scripts/bench.
//
//   RuntimeBench DIR [--conversions N] [--repeat R] FROM TO [FROM TO ...]
//
// DIR is a build directory (its manifest names the database); FROM TO are pairs of unit names or symbols of one
// category (mix linear, formula and inverse units). Prints `key value` lines:
//
//   open_first_us        the first UnitDatabase(directory:) of the process
//   open_median_us       median of 25 further opens (file in the page cache)
//   lookup_once_us       unit(named:) for every name of the pairs, once
//   convert_units_ms     N conversions with Unit values looked up once (median of R runs)
//   convert_names_ms     N conversions by name, lookup included each time (median of R runs)
//   *_ns_per_op          the same per conversion
//   format_ru_ns_per_op  N format(value, target unit of the pairs, language: "ru"), per format
//                        (median of R runs; "-" without Russian): Scripts/bench's browser table
//   parse_cold_median_us median time of one parse(phrase, languages: ["en", "ru"]) over
//                        the typical phrases with purge() before each parse: no unit,
//                        name, lookup or phrase word cached, SQLite's pages re-read;
//                        "-" when the database has no phrase words
//   phrase_words_all_bytes  the object cache's bytes after purge() and one parse of
//                        `1 m` with every language asked: the phrase words of all of
//                        them (ApproximateSize) and the few objects `1 m` needs
//   phrase_words_all_heap_bytes  the allocator's count (mallinfo2) of the same growth,
//                        less SQLite's (sqlite3_memory_used: the pages it read again)
//   parse_all_after_work_median_us  median of N/4 parses of the typical phrases in turn,
//                        every language asked, warm, after the run's other work (units,
//                        formats, expressions) filled the object cache at its default
//                        budget: whether the words of all languages leave room for
//                        what a phrase needs (package-benchmark's figure opens a
//                        database of its own); _misses_per_parse: the object cache's
//                        misses a parse in that loop
//   parse_expression_median_us  median of one parse of a three-unit expression
//                        phrase (1 W/(m*K) in BTU/(h*ft*°F)) and the conversion
//                        of its first reading, warm
//   expected_target_median_us  median time of one expectedTarget (the converter's
//                        guess: the usage the unit implies, the completed list, the
//                        alternatives) over 1 cup, 15 psi, 7 L/100 km (US), 2 km,
//                        1 acre, warm; "-" when the database lacks those units
//   choose_target_median_us  the same without the alternatives (alternatives: 0):
//                        the choice alone (usage, list, readable magnitude)
//   peak_rss_kib         getrusage(RUSAGE_SELF).ru_maxrss at the end
// The warm figures of repeatable calls (format in Russian; warm parses of the
// typical phrases, with two languages and with all, and of the quantity
// phrases; split + format of a mixed result) are Benchmarks/PackageBench's:
// package-benchmark gives their percentiles and malloc counts and checks them
// against main's baseline. Opening and the conversions stay here too, for
// the synthetic data sets of Scripts/bench's table.
// With BENCH_ONLY_PHRASE=TEXT in the environment it parses TEXT 20,000 times
// (BENCH_ONLY_PHRASE_TIMES=N: N times; BENCH_ALL_LANGUAGES=1: with every language asked;
// BENCH_COLD=1: purge() before each) and stops (for a profiler such as
// valgrind --tool=callgrind; Scripts/phrase-instructions counts each phrase's).
// With BENCH_COLD_ONLY=N it makes N parses after purge() (the typical
// phrases in turn), prints their median and stops (Scripts/sqlite-floor).
// With BENCH_ONLY_OPEN=N it opens the database N more times after the first,
// prints open_first_us and stops (a profiler's count of an open that is not
// the process's first; Scripts/sqlite-floor's first opens, with N = 0).
//   phrase_us MEDIAN TEXT  with BENCH_EACH_PHRASE=1 in the environment: the warm
//                        median of each typical and quantity phrase alone (to find
//                        the slow ones)
//
// Uses no Foundation, like the runtime.

import BenchPhrases
import BenchSupport
import CBenchSupport
import UnitpackRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Arguments

struct Options {
    var directory = ""
    var namePairs: [(String, String)] = []
    var conversions = 10_000
    var repeats = 5
}

func parseOptions() -> Options {
    let usage = "usage: RuntimeBench DIR [--conversions N] [--repeat R] FROM TO [FROM TO ...]"
    let arguments = BenchArguments(
        usage: usage,
        options: [("--conversions", 1, "a positive integer"), ("--repeat", 1, "a positive integer")])
    var options = Options()
    options.conversions = arguments.value("--conversions", default: options.conversions)
    options.repeats = arguments.value("--repeat", default: options.repeats)
    let positional = arguments.positional
    guard positional.count >= 3, positional.count % 2 == 1 else { fail(usage) }
    options.directory = positional[0]
    options.namePairs = stride(from: 1, to: positional.count, by: 2).map { (positional[$0], positional[$0 + 1]) }
    return options
}

func report(_ key: String, _ value: String) { print("\(key) \(value)") }

func run(_ options: Options) {
    let clock = ContinuousClock()
    let (directory, namePairs, conversions, repeats) = (options.directory, options.namePairs, options.conversions, options.repeats)

    // Sample values: positive (inverse units are undefined at 0), spread over two decades.
    let samples: [Double] = (0..<97).map { 1.0 + Double($0) * 1.25 }

    // MARK: Open

    let firstStart = clock.now
    let database: UnitDatabase
    do {
        database = try UnitDatabase(directory: directory)
    } catch {
        fail("cannot open \(directory): \(error)")
    }
    let openFirst = microseconds(clock.now - firstStart)
    if let times = getenv("BENCH_ONLY_OPEN").flatMap({ Int(String(cString: $0)) }) {
        for _ in 0..<times {
            do {
                withExtendedLifetime(try UnitDatabase(directory: directory)) {}
            } catch {
                fail("cannot reopen \(directory): \(error)")
            }
        }
        report("open_first_us", rounded(openFirst, 1))
        return
    }
    // BENCH_COLD_ONLY=N: the typical phrases parsed once each, then N parses
    // in turn, each after purge() and timed, as parse_cold_median_us; then
    // stop. Scripts/sqlite-floor runs it again under a library that writes
    // down the SQLite calls, and replays them alone: SQLite's share.
    if let rounds = getenv("BENCH_COLD_ONLY").flatMap({ Int(String(cString: $0)) }) {
        var times: [Double] = []
        var count = 0
        for phrase in typicalPhrases { count += (try? database.parse(phrase, languages: ["en", "ru"]).readings.count) ?? 0 }
        for index in 0..<rounds {
            database.purge()
            let start = clock.now
            count += (try? database.parse(typicalPhrases[index % typicalPhrases.count], languages: ["en", "ru"]).readings.count) ?? 0
            times.append(microseconds(clock.now - start))
        }
        report("parse_cold_median_us", rounded(median(times), 1))
        report("readings", String(count))
        return
    }
    // For a profiler: parse one phrase many times and nothing else.
    if let only = getenv("BENCH_ONLY_PHRASE").map({ String(cString: $0) }) {
        var count = 0
        let times = getenv("BENCH_ONLY_PHRASE_TIMES").flatMap { Int(String(cString: $0)) } ?? 20_000
        // BENCH_ALL_LANGUAGES=1: every language of phrase words asked, as parse_all_median_us.
        var languages = ["en", "ru"]
        if getenv("BENCH_ALL_LANGUAGES") != nil, let all = try? database.phraseLanguages() {
            languages = ["en"] + all.filter { $0 != "en" }
        }
        // BENCH_COLD=1: purge() before each parse, a parse after a memory warning (parse_cold_median_us).
        let cold = getenv("BENCH_COLD") != nil
        for _ in 0..<times {
            if cold { database.purge() }
            count += (try? database.parse(only, languages: languages).readings.count) ?? 0
        }
        report("readings", String(count))
        do { let statistics = database.statistics
            report("object_cache", "\(statistics.objectBytes) of \(statistics.objectBudget) bytes, \(statistics.objectsHeld) objects, "
                + "\(statistics.hits) hits, \(statistics.misses) misses, \(statistics.evictions) evictions")
        }
        return
    }

    var openTimes: [Double] = []
    for _ in 0..<25 {
        let start = clock.now
        do {
            let again = try UnitDatabase(directory: directory)
            withExtendedLifetime(again) {}
        } catch {
            fail("cannot reopen \(directory): \(error)")
        }
        openTimes.append(microseconds(clock.now - start))
    }

    // MARK: Lookup once, then convert Unit values

    let lookupStart = clock.now
    var unitPairs: [(MeasureUnit, MeasureUnit)] = []
    do {
        for (from, to) in namePairs {
            unitPairs.append((try database.unit(named: from), try database.unit(named: to)))
        }
    } catch {
        fail("lookup: \(error)")
    }
    let lookupOnce = microseconds(clock.now - lookupStart)
    for (from, to) in unitPairs where from.category != to.category {
        fail("\(from.key) and \(to.key) are not of one category")
    }

    var checksum = 0.0
    let convertUnits = { () throws(UnitDatabaseError) -> Double in
        var sum = 0.0
        let pairCount = unitPairs.count
        for i in 0..<conversions {
            let (from, to) = unitPairs[i % pairCount]
            sum += try database.convert(samples[i % samples.count], from: from, to: to)
        }
        return sum
    }
    let convertNames = { () throws(UnitDatabaseError) -> Double in
        var sum = 0.0
        let pairCount = namePairs.count
        for i in 0..<conversions {
            let (from, to) = namePairs[i % pairCount]
            sum += try database.convert(samples[i % samples.count], from: from, to: to).value
        }
        return sum
    }

    var unitTimes: [Double] = []
    var nameTimes: [Double] = []
    do {
        for _ in 0..<repeats {
            let start = clock.now
            checksum += try convertUnits()
            unitTimes.append(microseconds(clock.now - start))
        }
        for _ in 0..<repeats {
            let start = clock.now
            checksum += try convertNames()
            nameTimes.append(microseconds(clock.now - start))
        }
    } catch {
        fail("conversion: \(error)")
    }

    // MARK: Format in Russian (the pairs' target units), as package-benchmark's
    // "format(…, ru) ×10,000": here for Scripts/bench's browser table, beside
    // the web reader's format of the same values and units

    var formatTimes: [Double] = []
    if (try? database.language("ru")) != nil {
        do {
            for _ in 0..<repeats {
                let start = clock.now
                var length = 0
                for i in 0..<conversions {
                    length += try database.format(samples[i % samples.count], unitPairs[i % unitPairs.count].1, language: "ru")
                        .long.utf8.count
                }
                formatTimes.append(microseconds(clock.now - start))
                checksum += Double(length)
            }
        } catch {
            fail("format: \(error)")
        }
    }

    // MARK: Parse phrases (numbers in digits and words, one and two units)

    var hasPhrases = false
    var coldParseTimes: [Double] = []
    var expressionTimes: [Double] = []
    var allWordsBytes = 0
    var allWordsHeap = 0
    var parseAllAfterWork: Double?
    var parseAllAfterWorkMisses: Double?
    let phrases = typicalPhrases
    if let languages = try? database.phraseLanguages(), languages.contains("en") {
        hasPhrases = true
        do {
            /// Each phrase parsed once, then `count` parses in turn, each timed (µs).
            func timedParses(_ list: [String], _ count: Int) throws -> [Double] {
                for phrase in list { _ = try database.parse(phrase, languages: ["en", "ru"]) }
                var times: [Double] = []
                for i in 0..<count {
                    let start = clock.now
                    let result = try database.parse(list[i % list.count], languages: ["en", "ru"])
                    times.append(microseconds(clock.now - start))
                    checksum += Double(result.readings.count)
                }
                return times
            }
            // Every language asked: the words of all of them in one table.
            let all = ["en"] + languages.filter { $0 != "en" }
            database.purge()
            let heapBefore = Int(bench_heap_in_use()) - Int(bench_sqlite_memory_used())
            _ = try database.parse("1 m", languages: all)
            allWordsBytes = database.statistics.objectBytes
            allWordsHeap = Int(bench_heap_in_use()) - Int(bench_sqlite_memory_used()) - heapBefore
            // Expressions: the parse and the conversion of its first reading.
            for phrase in expressionPhrases {
                guard case .understood(let readings) = try database.parse(phrase, languages: ["en", "ru"]),
                    let reading = readings.first, let target = reading.to
                else { fail("expression phrase not understood: \(phrase)") }
                checksum += try database.convert(reading.value, from: reading.from, to: target)
            }
            for i in 0..<(conversions / 4) {
                let start = clock.now
                let result = try database.parse(expressionPhrases[i % expressionPhrases.count], languages: ["en", "ru"])
                if case .understood(let readings) = result, let reading = readings.first, let target = reading.to {
                    checksum += try database.convert(reading.value, from: reading.from, to: target)
                }
                expressionTimes.append(microseconds(clock.now - start))
            }
            // Every language asked, the typical phrases in turn, with the
            // cache holding what the run read before (units, formats,
            // expressions): the phrase words of all languages and what the
            // next phrase needs must fit the default budget together, or
            // each parse evicts what the next one reads (a cycle just over
            // the budget misses at every step under LRU).
            do {
                let all = ["en"] + languages.filter { $0 != "en" }
                for phrase in phrases { _ = try database.parse(phrase, languages: all) }
                var times: [Double] = []
                times.reserveCapacity(conversions / 4)
                let missesBefore = database.statistics.misses
                for i in 0..<(conversions / 4) {
                    let start = clock.now
                    let result = try database.parse(phrases[i % phrases.count], languages: all)
                    times.append(microseconds(clock.now - start))
                    checksum += Double(result.readings.count)
                }
                parseAllAfterWork = median(times)
                parseAllAfterWorkMisses = Double(database.statistics.misses - missesBefore) / Double(times.count)
            }
            if getenv("BENCH_EACH_PHRASE") != nil {
                for phrase in phrases + quantityPhrases {
                    report("phrase_us", rounded(median(try timedParses([phrase], 200)), 2) + " " + phrase)
                }
            }
            for i in 0..<(conversions / 20) {
                let phrase = phrases[i % phrases.count]
                database.purge()
                let start = clock.now
                let result = try database.parse(phrase, languages: ["en", "ru"])
                coldParseTimes.append(microseconds(clock.now - start))
                checksum += Double(result.readings.count)
            }
        } catch {
            fail("parse: \(error)")
        }
    }

    // MARK: The converter's guess of a target (expectedTarget)

    var targetTimes: [Double] = []
    var chooseTimes: [Double] = []
    let guesses: [(Double, String, TargetRequest)] = [
        (1, "volume/US cup", TargetRequest()), (15, "pressure/pound-force per square inch", TargetRequest()),
        (7, "fuel-consumption/liter per 100 kilometers", TargetRequest(region: "US")),
        (2, "length/kilometer", TargetRequest()), (1, "area/acre", TargetRequest()),
    ]
    if let units = try? guesses.map({ try database.unit(key: $0.1) }) {
        do {
            for (guess, unit) in zip(guesses, units) { _ = try database.expectedTarget(for: guess.0, in: unit, request: guess.2) }
            targetTimes.reserveCapacity(conversions)
            for index in 0..<conversions {
                let guess = guesses[index % guesses.count]
                let start = clock.now
                let choice = try database.expectedTarget(for: guess.0, in: units[index % guesses.count], request: guess.2)
                targetTimes.append(microseconds(clock.now - start))
                checksum += choice?.target.value ?? 0
            }
            chooseTimes.reserveCapacity(conversions)
            for index in 0..<conversions {
                let guess = guesses[index % guesses.count]
                let start = clock.now
                let choice = try database.expectedTarget(
                    for: guess.0, in: units[index % guesses.count], request: guess.2, alternatives: 0)
                chooseTimes.append(microseconds(clock.now - start))
                checksum += choice?.target.value ?? 0
            }
        } catch {
            fail("expectedTarget: \(error)")
        }
    }

    let peakKiB = peakResidentKiB()

    let unitMedian = median(unitTimes)
    let nameMedian = median(nameTimes)
    report("pairs", String(unitPairs.count))
    report("conversions", String(conversions))
    report("repeats", String(repeats))
    report("open_first_us", rounded(openFirst, 1))
    report("open_median_us", rounded(median(openTimes), 1))
    report("lookup_once_us", rounded(lookupOnce, 1))
    report("convert_units_ms", rounded(unitMedian / 1000))
    report("convert_units_ns_per_op", rounded(unitMedian * 1000 / Double(conversions), 1))
    report("convert_names_ms", rounded(nameMedian / 1000))
    report("convert_names_ns_per_op", rounded(nameMedian * 1000 / Double(conversions), 1))
    report("format_ru_ns_per_op", formatTimes.isEmpty ? "-" : rounded(median(formatTimes) * 1000 / Double(conversions), 1))
    if hasPhrases {
        report("parse_cold_median_us", rounded(median(coldParseTimes), 2))
        report("parse_expression_median_us", rounded(median(expressionTimes), 2))
        report("phrase_words_all_bytes", String(allWordsBytes))
        report("phrase_words_all_heap_bytes", String(allWordsHeap))
        report("parse_all_after_work_median_us", parseAllAfterWork.map { rounded($0, 2) } ?? "-")
        report("parse_all_after_work_misses_per_parse", parseAllAfterWorkMisses.map { rounded($0, 2) } ?? "-")
    } else {
        report("parse_cold_median_us", "-")
        report("parse_expression_median_us", "-")
        report("phrase_words_all_bytes", "-")
        report("phrase_words_all_heap_bytes", "-")
        report("parse_all_after_work_median_us", "-")
        report("parse_all_after_work_misses_per_parse", "-")
    }
    report("expected_target_median_us", targetTimes.isEmpty ? "-" : rounded(median(targetTimes), 2))
    report("choose_target_median_us", chooseTimes.isEmpty ? "-" : rounded(median(chooseTimes), 2))
    report("peak_rss_kib", String(peakKiB))
    report("checksum", String(checksum))
}

run(parseOptions())
