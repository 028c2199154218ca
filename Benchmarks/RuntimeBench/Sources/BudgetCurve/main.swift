// The curve of latency and memory against the runtime's budget, for
// docs/embedding.md ("Which budget"): a front end's typing session, run on a
// fresh UnitLibrary at each budget from the smallest that opens to 1 MiB.
//
//   BudgetCurve DIST [--repeat R]
//
// The session: each phrase of BenchPhrases (typical, quantities,
// expressions: 36, English and Russian) typed a character at a time; at
// each keystroke the word being typed is searched (8 results, en and ru)
// and the first match is looked up and formatted, as a result row shows
// it; then the whole phrase is parsed. One line per budget:
//
//   budget_bytes  the budget given to UnitLibrary(directory:budget:)
//   keystrokes    searches in one session (the same at every budget)
//   phrases       phrases parsed in one session
//   cold_ms       the session on a library just opened (caches empty), median of R
//   warm_ms       the same session again on that library, median of R
//   cold_cpu_ms, warm_cpu_ms   the same in CPU time (user + system, getrusage):
//                 what the session costs, less disturbed than the clock by
//                 other processes on a busy machine
//   held_bytes    RuntimeStatistics.bytesHeld after the warm session
//   heap_bytes    the allocator's bytes in use after it, minus before opening
//
// Budgets run in turns (each round visits every budget once), so a busy
// machine slows them alike: compare ratios within one run.

import BenchPhrases
import BenchSupport
import CBenchSupport
import UnitpackRuntime

let usage = "usage: BudgetCurve DIST [--repeat R]"
let arguments = BenchArguments(usage: usage, options: [("--repeat", 1, "a positive integer")])
let repeats = arguments.value("--repeat", default: 5)
guard arguments.positional.count == 1 else { fail(usage) }
let dist = arguments.positional[0]

let phrases = typicalPhrases + quantityPhrases + expressionPhrases
let languages = ["en", "ru"]

/// The words typed so far of `phrase`, one prefix per keystroke: the word
/// being typed at each (empty after a space: nothing to search).
let keystrokes: [String] = phrases.flatMap { phrase -> [String] in
    var typed: [String] = []
    var word = ""
    for character in phrase {
        if character == " " { word = "" } else { word.append(character) }
        if !word.isEmpty { typed.append(word) }
    }
    return typed
}

/// One session; the number of matches seen, so that nothing is optimised away.
func session(_ library: UnitLibrary) throws -> Int {
    var seen = 0
    for word in keystrokes {
        let matches = try library.search.search(word, languages: languages, limit: 8)
        seen += matches.count
        if let first = matches.first {
            let unit = try library.database.unit(first.unit)
            seen += try library.database.format(1, unit, language: "en").long.utf8.count
        }
    }
    for phrase in phrases {
        seen += try library.database.parse(phrase, languages: languages).readings.count
    }
    return seen
}

// The smallest budget: the library says it when given too little.
let minimum: Int
do {
    _ = try UnitLibrary(directory: dist, budget: 0)
    fail("a budget of 0 opened")
} catch .budgetTooSmall(_, let smallest) {
    minimum = smallest
} catch {
    fail("\(error)")
}
let budgets = [minimum, 96 << 10, 128 << 10, 192 << 10, 256 << 10, 384 << 10, 512 << 10, 768 << 10, 1 << 20].filter { $0 >= minimum }

var cold = [[Double]](repeating: [], count: budgets.count)
var warm = [[Double]](repeating: [], count: budgets.count)
var coldCPU = [[Double]](repeating: [], count: budgets.count)
var warmCPU = [[Double]](repeating: [], count: budgets.count)
var held = [Int](repeating: 0, count: budgets.count)
var heap = [Int](repeating: 0, count: budgets.count)
let clock = ContinuousClock()
var sink = 0
for _ in 0..<repeats {
    for (index, budget) in budgets.enumerated() {
        let before = bench_heap_in_use()
        do {
            let library = try UnitLibrary(directory: dist, budget: budget)
            var start = clock.now
            var cpu = cpuMilliseconds()
            sink &+= try session(library)
            cold[index].append(milliseconds(clock.now - start))
            coldCPU[index].append(cpuMilliseconds() - cpu)
            start = clock.now
            cpu = cpuMilliseconds()
            sink &+= try session(library)
            warm[index].append(milliseconds(clock.now - start))
            warmCPU[index].append(cpuMilliseconds() - cpu)
            held[index] = max(held[index], library.statistics.bytesHeld)
            heap[index] = max(heap[index], Int(bench_heap_in_use()) - Int(before))
        } catch {
            fail("budget \(budget): \(error)")
        }
    }
}

print("budget_bytes\tkeystrokes\tphrases\tcold_ms\twarm_ms\tcold_cpu_ms\twarm_cpu_ms\theld_bytes\theap_bytes")
for (index, budget) in budgets.enumerated() {
    let row: [String] = [
        "\(budget)", "\(keystrokes.count)", "\(phrases.count)", rounded(median(cold[index]), 2),
        rounded(median(warm[index]), 2), rounded(median(coldCPU[index]), 2), rounded(median(warmCPU[index]), 2),
        "\(held[index])", "\(heap[index])",
    ]
    print(row.joined(separator: "\t"))
}
if sink == 0 { fail("the sessions found nothing") }
