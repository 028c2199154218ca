// Smoke test of the SQLite WebAssembly build (Scripts/build-sqlite-wasm):
//
//   node Readers/js/sqlite/smoke.mjs dist/units.sqlite
//
// The argument is a database file, or a folder `unitpack build` wrote (or a
// path in it named after a manifest.tsv artifact, as dist/units.sqlite is),
// whose manifest names the file. Loads the module, deserializes the file
// read-only into an in-memory connection, runs a few queries (one with bound
// parameters of each kind the reader binds) and prints the answers; then
// shows that a write is refused and that truncated copies of the file give
// SQLite errors, not a crash, and that the module still answers afterwards.
// First of all, the module's files must match SHA256SUMS beside them.
// Ends with "N passed, N failed" and exits non-zero on any failure.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import createSQLite from "./sqlite3.mjs";

const SQLITE_OK = 0, SQLITE_ROW = 100, SQLITE_DONE = 101, SQLITE_READONLY = 8;
const SQLITE_OPEN_READONLY = 0x1, SQLITE_DESERIALIZE_READONLY = 4;
const SQLITE_TRANSIENT = -1;

let passed = 0, failed = 0;
function check(ok, what, detail = "") {
    if (ok) passed++; else failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? `: ${detail}` : ""}`);
}

async function databasePath(argument) {
    const isDir = async (p) => (await stat(p).catch(() => null))?.isDirectory();
    const exists = async (p) => (await stat(p).catch(() => null)) !== null;
    let dir, wanted = "units.sqlite";
    if (await isDir(argument)) dir = argument;
    else if (await exists(argument)) return argument;
    else { dir = path.dirname(argument); wanted = path.basename(argument); }
    const manifest = await readFile(path.join(dir, "manifest.tsv"), "utf8").catch(() => null);
    const row = manifest?.split("\n").map((line) => line.split("\t"))
        .find((fields) => fields[0] === "artifact" && fields[1] === wanted);
    if (!row) throw new Error(`${argument}: no such file, and no manifest.tsv artifact ${wanted} in ${dir}`);
    return path.join(dir, row[2]);
}

// In a browser the module fetches sqlite3.wasm beside itself; in Node the
// bytes are handed in (the build's README says why).
const sqlite = await createSQLite({ wasmBinary: await readFile(new URL("./sqlite3.wasm", import.meta.url)) });
const heap = () => sqlite.HEAPU8; // a new view after every memory growth
const pointerAt = (address) => new DataView(heap().buffer).getUint32(address, true);
const utf8 = new TextEncoder(), fromUtf8 = new TextDecoder();

function copyIn(bytes) {
    const address = sqlite._malloc(Math.max(bytes.length, 1));
    if (!address) throw new Error("out of memory");
    heap().set(bytes, address);
    return address;
}
function cString(text) { return copyIn(utf8.encode(text + "\0")); }
class SQLiteError extends Error {
    constructor(db, code, where) {
        const extended = db ? sqlite._sqlite3_extended_errcode(db) : code;
        const message = db ? sqlite.UTF8ToString(sqlite._sqlite3_errmsg(db)) : `code ${code}`;
        super(`${where}: ${message} (code ${code}, extended ${extended})`);
        this.code = code;
        this.extended = extended;
    }
}

// Opens bytes as a read-only in-memory database; the buffer stays ours and
// is freed after the connection closes.
function openDatabase(bytes) {
    const out = sqlite._malloc(4), name = cString(":memory:");
    const rc = sqlite._sqlite3_open_v2(name, out, SQLITE_OPEN_READONLY, 0);
    const db = pointerAt(out);
    sqlite._free(name);
    sqlite._free(out);
    if (rc !== SQLITE_OK) { sqlite._sqlite3_close_v2(db); throw new SQLiteError(0, rc, "open"); }
    const data = copyIn(bytes), schema = cString("main");
    const size = BigInt(bytes.length);
    const drc = sqlite._sqlite3_deserialize(db, schema, data, size, size, SQLITE_DESERIALIZE_READONLY);
    sqlite._free(schema);
    if (drc !== SQLITE_OK) {
        const error = new SQLiteError(db, drc, "deserialize");
        sqlite._sqlite3_close_v2(db);
        sqlite._free(data);
        throw error;
    }
    return { db, close() { const crc = sqlite._sqlite3_close_v2(db); sqlite._free(data); return crc; } };
}

function bind(db, statement, index, value) {
    let rc;
    if (typeof value === "bigint") rc = sqlite._sqlite3_bind_int64(statement, index, value);
    else if (Number.isInteger(value)) rc = sqlite._sqlite3_bind_int(statement, index, value);
    else if (typeof value === "string") {
        const bytes = utf8.encode(value), address = copyIn(bytes);
        rc = sqlite._sqlite3_bind_text(statement, index, address, bytes.length, SQLITE_TRANSIENT);
        sqlite._free(address);
    } else if (value instanceof Uint8Array) {
        const address = copyIn(value);
        rc = sqlite._sqlite3_bind_blob(statement, index, address, value.length, SQLITE_TRANSIENT);
        sqlite._free(address);
    } else throw new TypeError(`cannot bind ${typeof value}`);
    if (rc !== SQLITE_OK) throw new SQLiteError(db, rc, `bind ${index}`);
}

function column(statement, i) {
    switch (sqlite._sqlite3_column_type(statement, i)) {
    case 1: { // INTEGER: a number while it is exact, else a BigInt
        const value = sqlite._sqlite3_column_int64(statement, i);
        return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
    }
    case 2: return sqlite._sqlite3_column_double(statement, i);
    case 3: {
        const address = sqlite._sqlite3_column_text(statement, i);
        const length = sqlite._sqlite3_column_bytes(statement, i);
        return fromUtf8.decode(heap().subarray(address, address + length));
    }
    case 4: {
        const address = sqlite._sqlite3_column_blob(statement, i);
        const length = sqlite._sqlite3_column_bytes(statement, i);
        return heap().slice(address, address + length);
    }
    default: return null;
    }
}

function query(db, sql, parameters = []) {
    const out = sqlite._malloc(4), text = cString(sql);
    const rc = sqlite._sqlite3_prepare_v2(db, text, -1, out, 0);
    const statement = pointerAt(out);
    sqlite._free(text);
    sqlite._free(out);
    if (rc !== SQLITE_OK) throw new SQLiteError(db, rc, `prepare ${sql}`);
    try {
        parameters.forEach((value, i) => bind(db, statement, i + 1, value));
        const rows = [], columns = sqlite._sqlite3_column_count(statement);
        for (;;) {
            const step = sqlite._sqlite3_step(statement);
            if (step === SQLITE_DONE) return rows;
            if (step !== SQLITE_ROW) throw new SQLiteError(db, step, `step ${sql}`);
            rows.push(Array.from({ length: columns }, (_, i) => column(statement, i)));
        }
    } finally {
        sqlite._sqlite3_finalize(statement);
    }
}

function attempt(what, run) {
    try { return run(); } catch (error) { check(false, what, error.message); return undefined; }
}

{
    const sums = await readFile(new URL("./SHA256SUMS", import.meta.url), "utf8");
    const lines = sums.trim().split("\n").map((line) => line.split(/ +\*?/));
    for (const [expected, name] of lines) {
        const actual = createHash("sha256").update(await readFile(new URL(`./${name}`, import.meta.url))).digest("hex");
        check(actual === expected, `${name} matches SHA256SUMS`, actual);
    }
    check(["sqlite3.mjs", "sqlite3.wasm"].every((name) => lines.some((fields) => fields[1] === name)), "SHA256SUMS names both files");
}
const file = await databasePath(process.argv[2] ?? "dist/units.sqlite");
const bytes = new Uint8Array(await readFile(file));
console.log(`database: ${file}, ${bytes.length} bytes`);
const database = openDatabase(bytes);
const { db } = database;

attempt("version", () => {
    const [[version, sourceId]] = query(db, "SELECT sqlite_version(), sqlite_source_id()");
    check(/^3\.\d+\.\d+$/.test(version), "SELECT sqlite_version()", `${version} (${sourceId})`);
});
attempt("compile options", () => {
    const options = query(db, "PRAGMA compile_options").map(([option]) => option);
    check(options.includes("OMIT_LOAD_EXTENSION") && options.includes("THREADSAFE=0"),
        "PRAGMA compile_options", options.join(" "));
});
attempt("count", () => {
    const [[count]] = query(db, "SELECT count(*) FROM units");
    check(Number.isInteger(count) && count > 0, "SELECT count(*) FROM units", String(count));
});
attempt("bound text", () => {
    const [[key]] = query(db, "SELECT key FROM categories ORDER BY key LIMIT 1");
    const rows = query(db, "SELECT count(*), min(u.name) FROM units u JOIN categories c ON c.id = u.category WHERE c.key = ?", [key]);
    check(rows[0][0] > 0, "units in the category bound as text", `${JSON.stringify(key)}: ${rows[0][0]} units, first ${JSON.stringify(rows[0][1])}`);
    check(query(db, "SELECT count(*) FROM categories WHERE key = ?", ["\u00e9\u0416\u6f22 no such key"])[0][0] === 0, "a bound text that matches nothing");
});
attempt("bound integers", () => {
    const [[id]] = query(db, "SELECT min(id) FROM units");
    const [byInt] = query(db, "SELECT id, name, factor, symbols FROM units WHERE id = ?", [id]);
    const [byInt64] = query(db, "SELECT id, name, factor, symbols FROM units WHERE id = ?", [BigInt(id)]);
    check(byInt?.[0] === id && JSON.stringify(byInt) === JSON.stringify(byInt64),
        "unit bound as int and as int64", JSON.stringify(byInt));
    const [[big]] = query(db, "SELECT ? + 1", [9007199254740993n]);
    check(big === 9007199254740994n, "int64 beyond 2^53 round-trips as BigInt", String(big));
});
attempt("bound blob", () => {
    const [[unit, length, words]] = query(db, "SELECT first, length(words), words FROM unit_words ORDER BY first LIMIT 1");
    check(words instanceof Uint8Array && words.length === length, "a BLOB column read whole", `the row of unit ${unit}, ${length} bytes`);
    const [[same]] = query(db, "SELECT words = ? FROM unit_words WHERE first = ?", [words, unit]);
    check(same === 1, "the same BLOB bound back compares equal");
});
attempt("reset", () => {
    // One statement stepped again and again (sqlite3_reset), as a reader
    // looking units up one by one does; timed, to compare builds.
    const ids = query(db, "SELECT id FROM units ORDER BY id").map(([id]) => id);
    const out = sqlite._malloc(4), text = cString("SELECT name FROM units WHERE id = ?");
    const rc = sqlite._sqlite3_prepare_v2(db, text, -1, out, 0);
    const statement = pointerAt(out);
    sqlite._free(text);
    sqlite._free(out);
    if (rc !== SQLITE_OK) throw new SQLiteError(db, rc, "prepare");
    let found = 0, lookups = 0;
    const start = performance.now();
    for (let pass = 0; pass < 10; pass++) {
        for (const id of ids) {
            bind(db, statement, 1, id);
            if (sqlite._sqlite3_step(statement) === SQLITE_ROW && column(statement, 0)) found++;
            lookups++;
            sqlite._sqlite3_reset(statement);
        }
    }
    const ms = performance.now() - start;
    sqlite._sqlite3_finalize(statement);
    check(found === lookups, "one statement reused with sqlite3_reset", `${lookups} lookups by id in ${ms.toFixed(1)} ms`);
});
attempt("integrity", () => {
    const start = performance.now();
    const result = query(db, "PRAGMA integrity_check");
    const ms = performance.now() - start;
    check(result.length === 1 && result[0][0] === "ok", "PRAGMA integrity_check", `${result[0]?.[0]} in ${ms.toFixed(1)} ms`);
});

for (const sql of ["CREATE TABLE x(y)", "DELETE FROM units", "PRAGMA user_version = 1"]) {
    try {
        query(db, sql);
        check(false, `${sql} refused`, "it succeeded");
    } catch (error) {
        check(error.code === SQLITE_READONLY, `${sql} refused`, error.message);
    }
}
attempt("unchanged", () => {
    check(query(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'x'")[0][0] === 0, "no table x afterwards");
});

// Truncated copies: every table read whole, and quick_check. Each copy must
// end in an SQLite error (an error code, or a quick_check that is not "ok").
const pageSize = new DataView(bytes.buffer, bytes.byteOffset).getUint16(16, false);
const cuts = [
    ["20 bytes", 20],
    ["the header and half the first page", 100 + (pageSize - 100) / 2],
    ["half the file", Math.floor(bytes.length / 2 / pageSize) * pageSize],
    ["all but the last page", bytes.length - pageSize],
    // Not a check: SQLite reads a missing tail of the last page as zeros, so
    // where that tail is unused space nothing notices (README.md); the
    // manifest's length and SHA-256 are what catch this.
    ["one byte short", bytes.length - 1, "note"],
];
for (const [name, length, note] of cuts) {
    const problems = [];
    let copy;
    try {
        copy = openDatabase(bytes.slice(0, length));
        for (const [table] of query(copy.db, "SELECT name FROM sqlite_schema WHERE type = 'table'")) {
            try { query(copy.db, `SELECT * FROM "${table.replaceAll('"', '""')}"`); } catch (error) { problems.push(error.message); }
        }
        const result = query(copy.db, "PRAGMA quick_check");
        if (!(result.length === 1 && result[0][0] === "ok")) problems.push(`quick_check: ${result[0]?.[0]}`);
    } catch (error) {
        if (!(error instanceof SQLiteError)) throw error;
        problems.push(error.message);
    } finally {
        copy?.close();
    }
    if (note) console.log(`note truncated to ${name} (${length} bytes): ${problems[0] ?? "no SQLite error"}`);
    else check(problems.length > 0, `truncated to ${name} (${length} bytes) gives an error`, problems[0] ?? "no error");
}
attempt("still answers", () => {
    const [[count]] = query(db, "SELECT count(*) FROM units");
    check(count > 0, "the intact database still answers after those errors", String(count));
});
check(database.close() === SQLITE_OK, "sqlite3_close_v2");

console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
