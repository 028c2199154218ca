// Checks `unitpack vectors` output against the web reader (unitpack-reader.mjs), in Node:
//
//   node Readers/js/check-vectors.mjs DATA_DIR VECTORS_DIR [--only KIND,...]
//
// Opens the generation DATA_DIR's manifest names as a front end does (sizes,
// SHA-256, formats, the database's rows checked), reads every vector file
// docs/vectors.md describes, refuses one of another format, version, kind or
// source_sha256, and checks each case. Per kind it prints how many cases it
// checked and how many disagree, and counts what it does not check (the
// forgiving search's corrections; phrases, which stay with the Swift
// runtime), never skipping silently. Exits 1 on any disagreement, 2 when the
// data or the vectors cannot be read, 64 on a usage error.
//
// The checks themselves are vector-checks.mjs, which the browser's checker
// (check_vectors_browser.py, browser/check-vectors.html) runs unchanged in
// headless Chromium.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { directoryFiles, openGeneration, UnitpackError } from "./unitpack-reader.mjs";
import { KINDS, runChecks, Unreadable, vectorFile } from "./vector-checks.mjs";

async function main(argv) {
    let only = KINDS;
    const at = argv.indexOf("--only");
    if (at >= 0) {
        only = (argv[at + 1] ?? "").split(",");
        argv = [...argv.slice(0, at), ...argv.slice(at + 2)];
        if (only.some((k) => !KINDS.includes(k))) { console.error(`unknown kind in --only; the kinds: ${KINDS.join(", ")}`); return 64; }
    }
    if (argv.length !== 2) {
        console.error("usage: node Readers/js/check-vectors.mjs DATA_DIR VECTORS_DIR [--only KIND,...]");
        return 64;
    }
    const [data, directory] = argv;
    const started = performance.now();
    let gen, loaded = [];
    try {
        gen = await openGeneration(await directoryFiles(data));
        for (const kind of KINDS) {
            const file = path.join(directory, `${kind}.json`);
            let text;
            try { text = await readFile(file, "utf8"); } catch (error) { throw new Unreadable(`${file}: ${error.message}`); }
            loaded.push([kind, vectorFile(text, kind, gen, file)]);
        }
    } catch (error) {
        gen?.close();
        if (error instanceof UnitpackError || error instanceof Unreadable) { console.error(`error: ${error.message}`); return 2; }
        throw error;
    }
    const opened = performance.now();
    let status;
    try {
        ({ status } = await runChecks(gen, loaded, { only }));
    } catch (error) {
        if (error instanceof UnitpackError) { console.error(`error: ${error.message}`); return 2; }
        throw error;
    } finally {
        gen.close();
    }
    const end = performance.now();
    console.log(`opened the generation in ${(opened - started).toFixed(0)} ms (vectors read), checked in ${(end - opened).toFixed(0)} ms`);
    return status;
}

process.exitCode = await main(process.argv.slice(2));
