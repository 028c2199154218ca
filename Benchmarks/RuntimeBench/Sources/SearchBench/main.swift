// Search measurements of UnitpackRuntime, for Scripts/bench.
//
//   SearchBench DIST BASELINES [--search-budget B] [--library-budget B]
//
// DIST is a build directory (its manifest names the pack and the database); BASELINES what
// Scripts/lib/search_baselines.py wrote from the same pack: fts.sqlite,
// table.sqlite and queries.txt (seeded prefixes of random keys). Every query
// asks for the first 20 results. Prints `key value` lines:
//
//   open_median_us               SearchPack(path:budget:), median of 25
//   {pack,fts5,table,table_ranked}_warm_us    median per query, everything cached (one warm-up pass)
//   {pack,fts5,table,table_ranked}_warm_p90_us
//   {pack,fts5,table,table_ranked}_cold_us    median per query over 2,000 queries, caches
//                                dropped before each (pack: purge(); SQLite:
//                                sqlite3_db_release_memory); file in the OS cache;
//                                in blocks of 250 queries, each block on every
//                                engine in turn
//   pack_cold_ratio_{fts5,table,table_ranked}  median over those queries of the
//                                pack's time ÷ the baseline's for the same query
//   pack_cold_one_shard_us       the same over the queries that read one shard only
//   pack_cold_one_shard_share    the share of those queries (%)
//   forgiving_{warm,cold}_us      the same medians (cold: purge() before each) for 1,000
//                                misspelled keys (issue 23): every 31st key of keys.txt
//                                of 5 to 30 scalars and one word, its two middle
//                                scalars swapped, kept when the misspelling finds no
//                                exact or prefix match, so that the forgiving search runs
//   forgiving_warm_p90_us
//   forgiving_cold_shards        median shards a cold forgiving query reads
//   forgiving_uniform_{warm,cold}_us, forgiving_uniform_warm_p90_us, forgiving_uniform_cold_shards,
//   forgiving_uniform_queries    the same for 1,000 keys misspelled anywhere: every 31st
//                                key from the 16th, of 4 to 30 scalars and one word, with one
//                                error of a seeded kind (a letter dropped, doubled, replaced
//                                by another of the key's letters, or swapped with the next) at
//                                a seeded place, the first letter included, kept when it finds
//                                nothing as typed (the middle swap above never touches the
//                                first letters, which the walk reads first)
//   pack_lost_keys               keys of keys.txt that searching the key itself does
//                                not return as an exact match (must be 0)
//   search_heap_bytes            allocator bytes in use (mallinfo2) after opening a
//                                SearchPack with --search-budget and running every
//                                query (every third one replaced by a misspelled key),
//                                minus before opening
//   search_counted_bytes         what the pack counts (index + shards) at that point
//   library_heap_bytes           the same for a UnitLibrary with --library-budget, every
//                                query followed by a unit lookup, a conversion, a format
//                                and two phrases parsed
//   library_counted_bytes        RuntimeStatistics.bytesHeld at that point
//   library_fixed_bytes          what opening the library holds (SQLite connection, pack index)
//   library_sqlite_bytes         sqlite3_memory_used() after minus before opening
//   library_sqlite_counted_bytes what the database's statistics count for SQLite
//   library_objects_counted_bytes  its cache of decoded units, languages and names
//
// The pack ranks and keeps one match per unit; FTS5 and `table` return their
// first 20 rows unranked, so they do less work per query; `table_ranked` asks
// the table for the pack's answer.

import BenchPhrases
import BenchSupport
import CBenchSupport
import UnitpackRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = "usage: SearchBench DIST BASELINES [--search-budget B] [--library-budget B]"
let arguments = BenchArguments(
    usage: usage,
    options: [("--search-budget", 0, "a byte count"), ("--library-budget", 0, "a byte count")])
let searchBudget = arguments.value("--search-budget", default: 64 << 10)
let libraryBudget = arguments.value("--library-budget", default: 256 << 10)
let positional = arguments.positional
guard positional.count == 2 else { fail(usage) }
let dist = positional[0]
let baselinesDirectory = positional[1]
// The pack of DIST's current generation (docs/manifest.md).
let packPath: String = {
    do {
        return try SearchPack.path(inDirectory: dist)
    } catch {
        fail("\(error)")
    }
}()

func readLines(_ path: String) -> [String] {
    guard let file = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&buffer, &capacity, file) > 0 {
        var line = String(cString: buffer!)
        if line.hasSuffix("\n") { line.removeLast() }
        lines.append(line)
    }
    free(buffer)
    return lines
}

let queries = readLines(baselinesDirectory + "/queries.txt")
guard !queries.isEmpty else { fail("no queries") }
let coldQueries = Array(queries.prefix(2_000))

/// Times `body` once per query.
func timeEach(_ queries: [String], _ body: (String) -> Void) -> [Double] {
    let clock = ContinuousClock()
    var times: [Double] = []
    times.reserveCapacity(queries.count)
    for query in queries {
        let start = clock.now
        body(query)
        times.append(microseconds(clock.now - start))
    }
    return times
}

func report(_ key: String, _ value: Double) { print(key, (value * 100).rounded() / 100) }

// MARK: Open

do {
    let clock = ContinuousClock()
    var opens: [Double] = []
    for _ in 0..<25 {
        let start = clock.now
        let pack = try SearchPack(path: packPath, budget: searchBudget)
        opens.append(microseconds(clock.now - start))
        _ = pack.shardCount
    }
    report("open_median_us", median(opens))
} catch {
    fail("\(error)")
}

// MARK: The pack

do {
    let pack = try SearchPack(path: packPath, budget: 16 << 20)
    for query in queries { _ = try pack.search(query, limit: 20) }
    let warm = timeEach(queries) { query in _ = try? pack.search(query, limit: 20) }
    report("pack_warm_us", median(warm))
    report("pack_warm_p90_us", percentile(warm, 0.9))
} catch {
    fail("\(error)")
}

do {
    let pack = try SearchPack(path: packPath, budget: 1 << 20)
    var lost = 0
    for key in readLines(baselinesDirectory + "/keys.txt") {
        if !(try pack.search(key, limit: 1000)).contains(where: { $0.isExact && $0.key == key }) { lost += 1 }
    }
    print("pack_lost_keys", lost)
} catch {
    fail("\(error)")
}

// MARK: Forgiving queries

/// Misspellings of up to 1,000 keys of one word, every 31st of keys.txt from
/// the `first`, each kept when it finds nothing as typed (only corrections),
/// so that the forgiving search runs; `misspell` returns nil for a key it
/// leaves out.
func misspellings(from first: Int, _ misspell: ([Unicode.Scalar]) -> [Unicode.Scalar]?) -> [String] {
    do {
        let pack = try SearchPack(path: packPath, budget: 16 << 20)
        var found: [String] = []
        let keys = readLines(baselinesDirectory + "/keys.txt")
        for (index, key) in keys.enumerated() where index % 31 == first && found.count < 1_000 {
            let scalars = Array(key.unicodeScalars)
            guard !scalars.contains(" "), let misspelled = misspell(scalars) else { continue }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: misspelled)
            let typo = String(text)
            if typo != key, try pack.search(typo, limit: 20).allSatisfy(\.isCorrected) { found.append(typo) }
        }
        return found
    } catch {
        fail("\(error)")
    }
}

/// Misspelled keys: the two middle scalars swapped (see the header).
let misspelled = misspellings(from: 0) { key in
    var scalars = key
    guard (5...30).contains(scalars.count), scalars[scalars.count / 2 - 1] != scalars[scalars.count / 2] else { return nil }
    scalars.swapAt(scalars.count / 2 - 1, scalars.count / 2)
    return scalars
}

/// Keys misspelled anywhere, by one error of a seeded kind and place (see the header).
let misspelledAnywhere: [String] = {
    var random = SplitMix(seed: 23)
    return misspellings(from: 15) { key in
        var scalars = key
        guard (4...30).contains(scalars.count) else { return nil }
        let place = Int(random.next() % UInt64(scalars.count))
        switch random.next() % 4 {
        case 0: scalars.remove(at: place)
        case 1: scalars.insert(scalars[place], at: place)
        case 2: scalars[place] = scalars[Int(random.next() % UInt64(scalars.count))]
        default:
            guard place + 1 < scalars.count else { return nil }
            scalars.swapAt(place, place + 1)
        }
        return scalars
    }
}()

func measureForgiving(_ name: String, _ typos: [String]) {
    do {
        guard !typos.isEmpty else { fail("no misspelled keys") }
        let pack = try SearchPack(path: packPath, budget: 16 << 20)
        for query in typos { _ = try pack.search(query, limit: 20) }
        let warm = timeEach(typos) { query in _ = try? pack.search(query, limit: 20) }
        report("\(name)_warm_us", median(warm))
        report("\(name)_warm_p90_us", percentile(warm, 0.9))
        var shardsRead: [Double] = []
        let cold = timeEach(typos) { query in
            pack.purge()
            let before = pack.statistics.shardsLoaded
            _ = try? pack.search(query, limit: 20)
            shardsRead.append(Double(pack.statistics.shardsLoaded - before))
        }
        report("\(name)_cold_us", median(cold))
        report("\(name)_cold_shards", median(shardsRead))
        print("\(name)_queries", typos.count)
    } catch {
        fail("\(error)")
    }
}
measureForgiving("forgiving", misspelled)
measureForgiving("forgiving_uniform", misspelledAnywhere)

// MARK: Baselines

/// Opens a baseline and measures its warm queries (every page cached).
func baseline(_ name: String, file: String, sql: String, run: @escaping (OpaquePointer, String) -> Int32) -> Baseline {
    guard let db = bench_sqlite_open(baselinesDirectory + "/" + file) else { fail("cannot open \(file)") }
    guard let statement = bench_sqlite_prepare(db, sql) else { fail("cannot prepare \(sql)") }
    let engine = Baseline(name: name, db: db, statement: OpaquePointer(statement), run: run)
    for query in queries { engine.query(query) }
    let warm = timeEach(queries) { query in engine.query(query) }
    report("\(name)_warm_us", median(warm))
    report("\(name)_warm_p90_us", percentile(warm, 0.9))
    return engine
}

let fts5 = baseline("fts5", file: "fts.sqlite", sql: "SELECT key, unit FROM keys WHERE keys MATCH ?1 LIMIT 20", run: phrasePrefix)

let table = baseline("table", file: "table.sqlite", sql: "SELECT key, unit FROM keys WHERE key >= ?1 AND key < ?2 LIMIT 20", run: keyRange)

// The same table asked for the pack's answer (Scripts/lib/search_baselines.py
// checks that this text ranks as pack-format.md says, and holds a copy).
let tableRanked = baseline("table_ranked", file: "table.sqlite", sql: """
    SELECT key, unit FROM (SELECT key, unit, priority, key = ?1 AS exact, length(key) AS n, \
    row_number() OVER (PARTITION BY unit ORDER BY key = ?1 DESC, length(key)) AS r \
    FROM keys WHERE key >= ?1 AND key < ?2) WHERE r = 1 ORDER BY exact DESC, priority DESC, n, unit LIMIT 20
    """, run: keyRange)

// MARK: Cold, alternating

// The cold queries in blocks of 250, each block on the pack and on every
// baseline in turn, caches dropped before each query (pack: purge(); SQLite:
// sqlite3_db_release_memory): a busy spell of the shared machine slows all
// engines alike, and each engine runs a block of its own queries, as a front
// end would, not one query between the others' (SQLite's code and data then
// evicted the pack's from the CPU caches, and the other way round).
let baselines = [fts5, table, tableRanked]
do {
    let pack = try SearchPack(path: packPath, budget: 16 << 20)
    let clock = ContinuousClock()
    var packTimes: [Double] = []
    var shardsRead: [Int] = []
    var baselineTimes = [[Double]](repeating: [], count: baselines.count)
    for blockStart in stride(from: 0, to: coldQueries.count, by: 250) {
        let block = coldQueries[blockStart..<min(coldQueries.count, blockStart + 250)]
        for query in block {
            pack.purge()
            let loadedBefore = pack.statistics.shardsLoaded
            let start = clock.now
            _ = try? pack.search(query, limit: 20)
            packTimes.append(microseconds(clock.now - start))
            shardsRead.append(pack.statistics.shardsLoaded - loadedBefore)
        }
        for (index, engine) in baselines.enumerated() {
            for query in block {
                bench_sqlite_release(engine.db)
                let start = clock.now
                engine.query(query)
                baselineTimes[index].append(microseconds(clock.now - start))
            }
        }
    }
    report("pack_cold_us", median(packTimes))
    // What one shard costs, and how many queries read only one.
    let single = zip(packTimes, shardsRead).filter { $0.1 == 1 }.map(\.0)
    report("pack_cold_one_shard_us", median(single))
    report("pack_cold_one_shard_share", 100 * Double(single.count) / Double(packTimes.count))
    for (index, engine) in baselines.enumerated() {
        report("\(engine.name)_cold_us", median(baselineTimes[index]))
        // The same query's times side by side: the median of pack ÷ baseline.
        report("pack_cold_ratio_\(engine.name)", median(zip(packTimes, baselineTimes[index]).map { $0 / $1 }))
    }
} catch {
    fail("\(error)")
}
for engine in baselines {
    bench_sqlite_finalize(UnsafeMutableRawPointer(engine.statement))
    bench_sqlite_close(engine.db)
}

// MARK: Heap

do {
    let before = bench_heap_in_use()
    let pack = try SearchPack(path: packPath, budget: searchBudget)
    for (index, query) in queries.enumerated() {
        _ = try pack.search(index % 3 == 2 ? misspelled[index / 3 % misspelled.count] : query, limit: 20)
    }
    let after = bench_heap_in_use()
    print("search_budget_bytes", searchBudget)
    print("search_heap_bytes", Int(after) - Int(before))
    let statistics = pack.statistics
    print("search_counted_bytes", statistics.indexBytes + statistics.bytesHeld)
}

do {
    let before = bench_heap_in_use()
    let sqliteBefore = bench_sqlite_memory_used()
    let library = try UnitLibrary(directory: dist, budget: libraryBudget)
    let database = library.database
    let language = (try? database.language("ru")) != nil ? "ru" : "en"
    var index = 0
    for query in queries {
        index += 1
        let matches = try library.search.search(query, languages: index % 2 == 0 ? [language] : nil, limit: 20)
        guard let first = matches.first else { continue }
        let unit = try database.unit(first.unit)
        if let second = matches.dropFirst().first, let other = try? database.unit(second.unit), other.category == unit.category {
            _ = try? database.convert(Double(index), from: unit, to: other)
        }
        _ = try? database.format(Double(index) / 7, unit, language: language)
        // A phrase a query: the typical ones and the quantities in turn, and one naming the unit found.
        let phrases = index % 3 == 0 ? quantityPhrases : typicalPhrases
        _ = try database.parse(phrases[index % phrases.count], languages: ["en", "ru"])
        _ = try database.parse("\(index % 100) \(unit.name)", languages: [language])
    }
    let after = bench_heap_in_use()
    print("library_budget_bytes", libraryBudget)
    print("library_heap_bytes", Int(after) - Int(before))
    print("library_counted_bytes", library.statistics.bytesHeld)
    print("library_fixed_bytes", library.statistics.database.openBytes + library.statistics.search.indexBytes)
    print("library_sqlite_bytes", bench_sqlite_memory_used() - sqliteBefore)
    let d = library.statistics.database
    print("library_sqlite_counted_bytes", d.openBytes + d.pageCacheBytes)
    print("library_objects_counted_bytes", d.objectBytes)
} catch {
    fail("\(error)")
}
