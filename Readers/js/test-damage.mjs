// Damage the web reader must refuse, each with its typed error:
//
//   node Readers/js/test-damage.mjs DATA_DIR
//
// Copies the generation DATA_DIR's manifest names into temporary folders and
// damages one thing in each: a byte inside a row of the database (a unit's
// factor, found by its bytes; a unit's compressed words), a byte of a search
// pack shard, each with the manifest's SHA-256 (and the content-addressed
// file name) fixed to match so that only the reader's own row and shard
// checks stand between the damage and the answer; then a wrong SHA-256 in
// the manifest, a file of another size, an unknown format, a missing file.
// Each must be refused with the expected UnitpackError code, and the changed
// value never returned. Ends with "N passed, N failed"; exit 1 on a failure.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DATABASE_FORMAT, directoryFiles, openGeneration, UnitpackError } from "./unitpack-reader.mjs";
import createSQLite from "./sqlite/sqlite3.mjs";

let passed = 0, failed = 0;
function check(ok, what, detail = "") {
    if (ok) passed++; else failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `: ${detail}` : ""}`);
}

const source = process.argv[2] ?? "dist";
const manifestText = await readFile(path.join(source, "manifest.tsv"), "utf8");
const artifacts = Object.fromEntries(manifestText.split("\n").map((l) => l.split("\t")).filter((f) => f[0] === "artifact")
    .map(([, name, file, size, sha]) => [name, { file, size: Number(size), sha }]));
const original = {};
for (const [name, { file }] of Object.entries(artifacts)) original[name] = new Uint8Array(await readFile(path.join(source, file)));
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const temporary = [];

// A copy of the generation with `name`'s bytes replaced (its manifest line
// made to match: size, SHA-256, content-addressed name) and the manifest's
// text passed through `edit`.
async function generation({ name, bytes, fixManifest = true, edit = (text) => text } = {}) {
    const dir = await mkdtemp(path.join(tmpdir(), "unitpack-damage-"));
    temporary.push(dir);
    let manifest = manifestText;
    for (const [logical, { file, size, sha }] of Object.entries(artifacts)) {
        let content = original[logical], fileName = file;
        if (logical === name) {
            content = bytes;
            if (fixManifest) {
                const digest = sha256(content);
                fileName = file.replace(/-[0-9a-f]{16}\./, `-${digest.slice(0, 16)}.`);
                manifest = manifest.replace(`\t${file}\t${size}\t${sha}\n`, `\t${fileName}\t${content.length}\t${digest}\n`);
            }
        }
        await writeFile(path.join(dir, fileName), content);
    }
    await writeFile(path.join(dir, "manifest.tsv"), edit(manifest));
    return dir;
}

async function refused(what, code, run, detail = (e) => e.message) {
    try {
        const value = await run();
        check(false, what, `no error; it answered ${JSON.stringify(value)}`);
    } catch (error) {
        if (!(error instanceof UnitpackError)) { check(false, what, `not a UnitpackError: ${error.stack}`); return null; }
        check(error.code === code, `${what}: ${error.code}`, detail(error));
        return error;
    }
    return null;
}

function indexOf(haystack, needle, from = 0) {
    outer: for (let i = from; i <= haystack.length - needle.length; i++) {
        for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
        return i;
    }
    return -1;
}
const occurrences = (haystack, needle) => {
    const found = [];
    for (let at = indexOf(haystack, needle); at >= 0; at = indexOf(haystack, needle, at + 1)) found.push(at);
    return found;
};

// The intact generation opens and answers (else nothing below means anything).
const intact = await openGeneration(await directoryFiles(source));
const foot = await intact.unit("length/foot");
check(await intact.convert(1, foot, "length/meter") === 0.3048, "the intact data converts 1 ft to 0.3048 m");

// Raw SQLite (no checks) to see what a damaged file holds.
const sqlite = await createSQLite({ wasmBinary: await readFile(new URL("./sqlite/sqlite3.wasm", import.meta.url)) });
function rawFactor(bytes, id) {
    const heap = () => sqlite.HEAPU8;
    const cstr = (s) => { const b = new TextEncoder().encode(s + "\0"); const a = sqlite._malloc(b.length); heap().set(b, a); return a; };
    const out = sqlite._malloc(4), name = cstr(":memory:");
    sqlite._sqlite3_open_v2(name, out, 1, 0);
    const db = new DataView(heap().buffer).getUint32(out, true);
    const data = sqlite._malloc(bytes.length);
    heap().set(bytes, data);
    sqlite._sqlite3_deserialize(db, cstr("main"), data, BigInt(bytes.length), BigInt(bytes.length), 4);
    const sql = cstr(`SELECT factor FROM units WHERE id = ${id}`);
    sqlite._sqlite3_prepare_v2(db, sql, -1, out, 0);
    const statement = new DataView(heap().buffer).getUint32(out, true);
    const value = sqlite._sqlite3_step(statement) === 100 ? sqlite._sqlite3_column_double(statement, 0) : null;
    sqlite._sqlite3_finalize(statement);
    sqlite._sqlite3_close_v2(db);
    sqlite._free(data);
    return value;
}

// 1. A byte inside a unit's factor: the first unit (by id) whose factor's
// eight big-endian bytes occur once in the file.
{
    const db = original["units.sqlite"];
    let unit, at;
    for (const candidate of [...intact.database.units.values()].filter((u) => !u.formula)) {
        const bytes = new Uint8Array(8);
        new DataView(bytes.buffer).setFloat64(0, candidate.factor);
        const found = occurrences(db, bytes);
        if (found.length === 1) { unit = candidate; at = found[0]; break; }
    }
    check(unit !== undefined, "a unit whose factor's bytes occur once in the file", unit ? `${unit.key}, factor ${unit.factor} at byte ${at}` : "none");
    const damagedDB = db.slice();
    damagedDB[at + 7] ^= 0x01; // the lowest bit of the mantissa: still a valid, plausible factor
    const changed = rawFactor(damagedDB, unit.id);
    check(changed !== null && changed !== unit.factor, "SQLite alone reads the damaged factor as a valid other value", `${unit.factor} -> ${changed}`);
    const dir = await generation({ name: "units.sqlite", bytes: damagedDB });
    const error = await refused("a unit's factor changed (SHA-256 fixed): refused at open", "database.damaged",
        async () => { const g = await openGeneration(await directoryFiles(dir)); return g.convert(1, unit.key, (await g.unit(unit.id)).key); },
        (e) => `${JSON.stringify(e.damage)}: ${e.message}`);
    check(error?.damage?.case === "checksumMismatch" && error?.damage?.table === "units", "the damage is typed: checksumMismatch of 'units'");
}

// 2. A byte inside a row of units' compressed words (read lazily): the
// generation opens, that row's units' words are refused, another row's
// units still answer.
{
    const db = original["units.sqlite"];
    const rows = intact.database.sql.query("SELECT first, last, words FROM unit_words WHERE length(words) BETWEEN 64 AND 400 ORDER BY first");
    let id, last, at;
    for (const [firstCell, lastCell, wordsCell] of rows) {
        const found = occurrences(db, wordsCell.value);
        if (found.length === 1) { id = firstCell.value; last = lastCell.value; at = found[0] + 20; break; }
    }
    const unit = intact.database.unitByID(id);
    const damagedDB = db.slice();
    damagedDB[at] ^= 0x40;
    const dir = await generation({ name: "units.sqlite", bytes: damagedDB });
    const gen = await openGeneration(await directoryFiles(dir));
    check(true, "a row of units' compressed words changed (SHA-256 fixed): the generation opens", unit.key);
    const outside = (u) => u.id < id || u.id > last;
    const other = [...gen.database.units.values()].find((u) => outside(u) && u.key === "length/meter") ?? [...gen.database.units.values()].find(outside);
    const good = await gen.format(1.5, other.key, "ru");
    check(good.long.length > 0, "a unit of another row still answers", good.long);
    const error = await refused(`formatting ${unit.key} in de`, "database.damaged", () => gen.format(2, unit.key, "de"), (e) => `${JSON.stringify(e.damage)}`);
    check(error?.damage?.case === "checksumMismatch" && error?.damage?.table === "unit_words", "the damage is typed: checksumMismatch of 'unit_words'");
    gen.close();
}

// 3. A byte of a search shard: its CRC-32 (checked before inflating) refuses it.
{
    const pack = original["search.pack"];
    const shards = intact.pack.shards;
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let index = -1, query;
    for (let i = 1; i < shards.length; i++) {
        try { query = decoder.decode(shards[i].separator); } catch { continue; }
        if (query === query.toLowerCase() && query.trim() === query && /^[a-z]+$/.test(query)) { index = i; break; }
    }
    const damagedPack = pack.slice();
    damagedPack[shards[index].offset + Math.floor(shards[index].compressed / 2)] ^= 0x10;
    const dir = await generation({ name: "search.pack", bytes: damagedPack });
    const gen = await openGeneration(await directoryFiles(dir));
    const fine = await gen.search(new TextDecoder().decode(shards[index - 1].separator), { languages: ["en"] });
    check(Array.isArray(fine), `a byte of shard ${index} changed (SHA-256 fixed): a query of shard ${index - 1} still answers`, `${fine.length} matches`);
    await refused(`searching '${query}', which reads shard ${index}`, "search.corruptIndex", () => gen.search(query, { languages: ["en"] }));
    gen.close();
}

// 4. The manifest's own checks, before any byte is used.
{
    const wrong = artifacts["units.sqlite"].sha.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    let dir = await generation({ edit: (t) => t.replace(artifacts["units.sqlite"].sha, wrong) });
    await refused("a wrong SHA-256 in the manifest", "generation.digestMismatch", async () => openGeneration(await directoryFiles(dir)));
    const db = original["units.sqlite"];
    const flipped = db.slice();
    flipped[db.length - 1] ^= 0xff;
    dir = await generation({ name: "units.sqlite", bytes: flipped, fixManifest: false });
    await refused("a changed database under the manifest's SHA-256", "generation.digestMismatch", async () => openGeneration(await directoryFiles(dir)));
    dir = await generation({ name: "units.sqlite", bytes: db.subarray(0, db.length - 1), fixManifest: false });
    await refused("a database one byte short", "generation.sizeMismatch", async () => openGeneration(await directoryFiles(dir)));
    dir = await generation({ edit: (t) => t.replace(`database-format\t${DATABASE_FORMAT}`, `database-format\t${DATABASE_FORMAT + 1}`) });
    await refused("a database format this reader does not know", "generation.unsupportedFormat", async () => openGeneration(await directoryFiles(dir)));
    dir = await generation({ edit: (t) => t.replace("unitpack-manifest\t1", "unitpack-manifest\t2") });
    await refused("a manifest version this reader does not know", "generation.unsupportedManifestVersion", async () => openGeneration(await directoryFiles(dir)));
    dir = await generation({ edit: (t) => t.replace(/\nartifact\tsearch\.pack[^\n]*/, "") });
    await refused("a manifest without the search pack", "generation.artifactNotListed", async () => openGeneration(await directoryFiles(dir)));
    dir = await generation({ edit: (t) => t.replace(artifacts["search.pack"].file, "search-0000000000000000.pack") });
    await refused("a manifest naming a missing file", "generation.artifactMissing", async () => openGeneration(await directoryFiles(dir)));
    dir = await generation({ edit: (t) => t.replace(/source-sha256\t[0-9a-f]+/, `source-sha256\t${"ab".repeat(32)}`) });
    await refused("a manifest of other sources than the database's", "generation.databaseMismatch", async () => openGeneration(await directoryFiles(dir)));
    await refused("a folder without a manifest", "generation.noManifest", async () => openGeneration(await directoryFiles(tmpdir() + "/unitpack-no-such-folder")));
}

intact.close();
for (const dir of temporary) await rm(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
