// The web reader's warm calls timed in the browser, for Scripts/bench
// (Scripts/lib/web_bench.py drives it in headless Chromium), the same calls
// on the same inputs as the Swift runtime's figures beside them:
//
//   bench.html?data=URL&queries=URL&pairs=FROM,TO;FROM,TO;...&runs=R&calls=N
//
//   - search: each line of `queries` (a text file, one query a line: the
//     seeded prefixes of Scripts/lib/search_baselines.py that SearchBench
//     times) searched with `gen.search(query, { limit: 20 })` (every
//     language), after one untimed pass over them all (warm, as
//     SearchBench's pack_warm_us); timed in blocks of 100 queries (a
//     browser's clock is coarse: 100 µs, jittered, in a page that is not
//     cross-origin isolated); the figure is the median of the blocks' means;
//     the generation opened with a 16 MiB search budget (every shard kept
//     decoded, as SearchBench), and again with the default budget (256 KiB,
//     as the page: searchDefaultBudgetUs);
//   - convert: N conversions by name cycling over `pairs` with the values
//     1 + 1.25 k (k = 0..96), `gen.convert(value, from, to)`, as
//     RuntimeBench's convert_names (lookup included each time); R runs, the
//     median, per call;
//   - format: N `gen.format(value, to, "ru")` of the pairs' target units
//     with the same values, as RuntimeBench's format_ru; R runs, the
//     median, per call.
//
// Writes window.benchResult = { searchUs, searchDefaultBudgetUs, searchQueries, convertUs, formatUs,
// checksum, userAgent } and <body data-state="done">; on an error,
// data-state "failed" and window.benchResult = { error }.
import { openGeneration, urlFiles } from "../unitpack-reader.mjs";

const params = new URLSearchParams(location.search);
const log = (text) => { document.getElementById("log").textContent += text + "\n"; };
const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
// Lets the page answer WebDriver between timed stretches (a chain of resolved
// promises never returns to the event loop).
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));
const SAMPLES = Array.from({ length: 97 }, (_, k) => 1 + k * 1.25);
const BLOCK = 100;

async function main() {
    const runs = Number(params.get("runs") ?? 5), calls = Number(params.get("calls") ?? 10000);
    const pairs = (params.get("pairs") ?? "").split(";").filter(Boolean).map((p) => p.split(","));
    if (!params.get("data") || !params.get("queries") || !pairs.length || pairs.some((p) => p.length !== 2)) {
        throw new Error("usage: bench.html?data=URL&queries=URL&pairs=FROM,TO;...[&runs=R&calls=N]");
    }
    const files = urlFiles(new URL(params.get("data"), location.href).href);
    // Search as SearchBench's pack_warm_us: a budget (16 MiB) that holds every shard decoded.
    const gen = await openGeneration(files, { searchBudget: 16 << 20 });
    const response = await fetch(new URL(params.get("queries"), location.href));
    if (!response.ok) throw new Error(`queries: HTTP ${response.status}`);
    const queries = (await response.text()).split("\n").filter((q) => q !== "");
    let checksum = 0;

    // Search, warm: one pass first, then blocks of BLOCK queries.
    for (const query of queries) checksum += (await gen.search(query, { limit: 20 })).length;
    await breathe();
    const blocks = [];
    for (let start = 0; start + BLOCK <= queries.length; start += BLOCK) {
        if (start % (10 * BLOCK) === 0) await breathe();
        const t0 = performance.now();
        for (let i = start; i < start + BLOCK; i++) checksum += (await gen.search(queries[i], { limit: 20 })).length;
        blocks.push((performance.now() - t0) / BLOCK);
    }
    log(`search: ${queries.length} queries, ${blocks.length} blocks`);
    // The same with the reader's default budget (256 KiB, as the page opens it): random prefixes
    // of every language need more shards than it holds, so many are decoded again.
    const paged = await openGeneration(files);
    for (const query of queries) checksum += (await paged.search(query, { limit: 20 })).length;
    const pagedBlocks = [];
    for (let start = 0; start + BLOCK <= queries.length; start += BLOCK) {
        if (start % (10 * BLOCK) === 0) await breathe();
        const t0 = performance.now();
        for (let i = start; i < start + BLOCK; i++) checksum += (await paged.search(queries[i], { limit: 20 })).length;
        pagedBlocks.push((performance.now() - t0) / BLOCK);
    }
    paged.close();

    // Conversions by name and formats in Russian: N calls a run, the median of R runs (one untimed run first).
    const timed = async (body) => {
        await body();
        await breathe();
        const times = [];
        for (let r = 0; r < runs; r++) {
            await breathe();
            const t0 = performance.now();
            await body();
            times.push((performance.now() - t0) / calls);
        }
        return median(times);
    };
    const convertMs = await timed(async () => {
        for (let i = 0; i < calls; i++) {
            const [from, to] = pairs[i % pairs.length];
            checksum += await gen.convert(SAMPLES[i % SAMPLES.length], from, to);
        }
    });
    log(`convert: ${(convertMs * 1000).toFixed(2)} µs`);
    let formatMs = null;
    if (gen.languages.includes("ru")) {
        const targets = await Promise.all(pairs.map(async ([from, to]) => {
            // The target unit as the conversion paired it (a name of several units: the one of from's category).
            const candidates = await gen.candidates(to);
            const source = (await gen.candidates(from))[0];
            return (candidates.find((u) => u.category === source.category) ?? candidates[0]).key;
        }));
        formatMs = await timed(async () => {
            for (let i = 0; i < calls; i++) checksum += (await gen.format(SAMPLES[i % SAMPLES.length], targets[i % targets.length], "ru")).long.length;
        });
        log(`format: ${(formatMs * 1000).toFixed(2)} µs`);
    }
    gen.close();
    return { searchUs: median(blocks) * 1000, searchDefaultBudgetUs: median(pagedBlocks) * 1000, searchQueries: queries.length, convertUs: convertMs * 1000,
        formatUs: formatMs === null ? null : formatMs * 1000, checksum, userAgent: navigator.userAgent };
}

try {
    window.benchResult = await main();
    document.body.dataset.state = "done";
} catch (error) {
    log(`error: ${error?.stack ?? error}`);
    window.benchResult = { error: String(error?.stack ?? error) };
    document.body.dataset.state = "failed";
}
