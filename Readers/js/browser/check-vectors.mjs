// The browser's harness of the vector checks (../vector-checks.mjs, the very
// code Node runs in ../check-vectors.mjs): opens the generation at `?data=`
// through `urlFiles` (fetch, DecompressionStream, Web Crypto, SQLite as
// WebAssembly: the browser's own), fetches each vector file from
// `?vectors=`, checks them and reports:
//
//   - each line of the report into <pre id="log">, stderr's lines with class "err";
//   - window.vectorResult = { status, lines, files, browser, openMs, checkMs }
//     (status 0: all agree; 1: a disagreement; 2: the data or a vector file
//     cannot be read), and <body data-state="done" data-status=STATUS>.
//
// check_vectors_browser.py drives it in headless Chromium.
import { openGeneration, urlFiles, UnitpackError } from "../unitpack-reader.mjs";
import { KINDS, runChecks, Unreadable, vectorFile } from "../vector-checks.mjs";

const params = new URLSearchParams(location.search);
const base = (name) => {
    const url = new URL(params.get(name) ?? "", location.href);
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    return url;
};
const log = document.getElementById("log");
const lines = [];
function write(stream, text) {
    lines.push({ stream, text });
    const line = document.createElement("span");
    if (stream === "err") line.className = "err";
    line.textContent = text + "\n";
    log.append(line);
}

async function main() {
    const only = params.get("only")?.split(",") ?? KINDS;
    if (!params.get("data") || !params.get("vectors") || only.some((k) => !KINDS.includes(k))) {
        write("err", `usage: check-vectors.html?data=URL&vectors=URL[&only=KIND,...]; the kinds: ${KINDS.join(", ")}`);
        return { status: 64 };
    }
    const data = base("data"), vectors = base("vectors");
    const started = performance.now();
    let gen;
    const loaded = [];
    try {
        gen = await openGeneration(urlFiles(data.href));
        for (const kind of KINDS) {
            const url = new URL(`${kind}.json`, vectors).href;
            const response = await fetch(url, { cache: "no-cache" }).catch((error) => { throw new Unreadable(`${url}: ${error.message}`); });
            if (!response.ok) throw new Unreadable(`${url}: HTTP ${response.status}`);
            loaded.push([kind, vectorFile(await response.text(), kind, gen, url)]);
        }
    } catch (error) {
        gen?.close();
        if (error instanceof UnitpackError || error instanceof Unreadable) { write("err", `error: ${error.message}`); return { status: 2 }; }
        throw error;
    }
    const opened = performance.now();
    try {
        const result = await runChecks(gen, loaded, { only, out: (t) => write("out", t), err: (t) => write("err", t) });
        const end = performance.now();
        write("out", `opened the generation in ${(opened - started).toFixed(0)} ms (vectors read), checked in ${(end - opened).toFixed(0)} ms`);
        return { ...result, openMs: opened - started, checkMs: end - opened };
    } catch (error) {
        if (error instanceof UnitpackError) { write("err", `error: ${error.message}`); return { status: 2 }; }
        throw error;
    } finally {
        gen.close();
    }
}

let result;
try {
    result = await main();
} catch (error) {
    write("err", `error: ${error?.stack ?? error}`);
    result = { status: 2 };
}
window.vectorResult = { ...result, lines, browser: navigator.userAgent };
document.body.dataset.status = String(result.status);
document.body.dataset.state = "done";
