// unitpack's shipped files, read in a browser or in Node: one ES module, no
// build step, no npm dependency (Readers/js/README.md).
//
//   import { openGeneration, directoryFiles, urlFiles } from "./unitpack-reader.mjs";
//   const gen = await openGeneration(urlFiles(new URL("data/", location.href)));   // a browser
//   const gen = await openGeneration(await directoryFiles("dist"));                 // Node
//   await gen.convert(1, "length/mile", "length/meter");
//   await gen.format(1.5, "length/foot", "ru");
//   await gen.search("мет", { languages: ["ru"] });
//
// Written from docs/manifest.md, docs/database.md, docs/formulas.md,
// docs/plural-rules.md and docs/pack-format.md, as a port of the independent
// Python reader (Readers/python/unitpack_reader.py). Every refusal is a
// UnitpackError: a stable `code` (as the Swift runtime's: `generation.*`,
// `database.*`, `search.*`) and a sentence. The database goes through real
// SQLite compiled to WebAssembly (./sqlite/), read-only and in memory; every
// row read is checked against its checksum, the counts that state it and the
// ranges of docs/database.md, "Proving the data", before it is used.
import createSQLite from "./sqlite/sqlite3.mjs";

export const MANIFEST_VERSION = 1;
export const DATABASE_FORMAT = 15;
export const PACK_FORMAT = 6;
export const APPLICATION_ID = 0x554e504b;
const MANIFEST_MAX_BYTES = 65536;
const UNIT_WORDS_MAX_SIZE = 1 << 20;
const NAME_BLOCK_MAX_SIZE = 1 << 20;
const SHARD_MAX_BYTES = 1 << 20;
const QUERY_MAX_BYTES = 4096;
const DEFAULT_SEARCH_BUDGET = 256 << 10;
const LEAST_NORMAL = 2.2250738585072014e-308;

// ---------------------------------------------------------------- errors

/** Everything this reader refuses: `code` is stable (match it), `message` a sentence. */
export class UnitpackError extends Error {
    constructor(code, message, details = {}) {
        super(message);
        this.name = "UnitpackError";
        this.code = code;
        Object.assign(this, details);
    }
}

const REBUILD = "; run `unitpack build` to write a whole generation";

function damaged(file, damage, message) {
    return new UnitpackError("database.damaged",
        `${file} is damaged: ${message}; rebuild it (\`unitpack build\`)`, { file, damage });
}

// ---------------------------------------------------------------- bytes

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");


/** Compares two strings in UTF-8 byte order (code point order). */
export function compareText(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
        let x = a.codePointAt(i), y = b.codePointAt(i);
        if (x !== y) return x < y ? -1 : 1;
        if (x > 0xffff) i++;
    }
    return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

function compareBytes(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
}

function startsWith(bytes, prefix) {
    if (prefix.length > bytes.length) return false;
    for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
    return true;
}

const CRC_TABLE = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        table[n] = c >>> 0;
    }
    return table;
})();

/** CRC-32 (ISO-HDLC, zlib's): pass the previous result to continue. */
export function crc32(bytes, crc = 0) {
    let c = ~crc >>> 0;
    for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return ~c >>> 0;
}

function adler32(bytes) {
    let a = 1, b = 0;
    for (let i = 0; i < bytes.length; i++) {
        a = (a + bytes[i]) % 65521;
        b = (b + a) % 65521;
    }
    return ((b << 16) | a) >>> 0;
}

async function sha256(bytes) {
    return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

// The platform's inflater (DecompressionStream: browsers, and Node 18+),
// stopped past `limit` bytes. Returns null when the stream does not inflate.
async function inflateWith(format, input, limit) {
    const stream = new DecompressionStream(format);
    const writer = stream.writable.getWriter();
    writer.write(input).catch(() => {});
    writer.close().catch(() => {});
    const reader = stream.readable.getReader();
    const chunks = [];
    let total = 0;
    try {
        for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks.push(value);
            total += value.length;
            if (total > limit) { reader.cancel().catch(() => {}); return { overflow: true }; }
        }
    } catch {
        return null;
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) { out.set(chunk, at); at += chunk.length; }
    return { bytes: out };
}

// A stream must end exactly at the end of its bytes: Node's inflater ignores
// bytes after the end (a browser's refuses them), so one byte less must not
// inflate (the last byte of a deflate stream always holds some of it).
async function endsAtEnd(format, input) {
    if (input.length === 0) return false;
    const shorter = await inflateWith(format, input.subarray(0, input.length - 1), SHARD_MAX_BYTES * 2);
    return shorter === null;
}

/** A zlib stream (RFC 1950) that must inflate to exactly `size` bytes and end there; null if not. */
async function inflateZlib(input, size) {
    const result = await inflateWith("deflate", input, size);
    if (!result || result.overflow || result.bytes.length !== size) return null;
    if (!(await endsAtEnd("deflate", input))) return null;
    return result.bytes;
}

// The dictionary as stored deflate blocks (BFINAL 0, BTYPE 00), so that a
// raw inflater starts with it in its window.
function storedBlocks(dictionary) {
    const blocks = Math.max(1, Math.ceil(dictionary.length / 65535));
    const out = new Uint8Array(dictionary.length + 5 * blocks);
    let at = 0;
    for (let i = 0; i < blocks; i++) {
        const chunk = dictionary.subarray(i * 65535, Math.min(dictionary.length, (i + 1) * 65535));
        out[at] = 0; // BFINAL 0, BTYPE 00
        out[at + 1] = chunk.length & 0xff;
        out[at + 2] = chunk.length >>> 8;
        out[at + 3] = ~chunk.length & 0xff;
        out[at + 4] = (~chunk.length >>> 8) & 0xff;
        out.set(chunk, at + 5);
        at += 5 + chunk.length;
    }
    return out;
}

// ---------------------------------------------------------------- files

function fileWhere(files, name) { return files.where ? files.where(name) : name; }

/**
 * Node: the files of a directory `unitpack build` wrote. Reads only regular
 * files (a link, FIFO or directory is refused, as the Swift reader does).
 */
export async function directoryFiles(directory) {
    const fs = await import("node:fs/promises");
    const path = await import("node:path");
    return {
        where: (name) => path.join(directory, name),
        async read(name, { maxBytes } = {}) {
            const file = path.join(directory, name);
            let info;
            try { info = await fs.lstat(file); } catch (error) {
                if (error.code === "ENOENT") return null;
                throw new UnitpackError("generation.artifactUnreadable", `${file} cannot be read: ${error.message}.`);
            }
            if (!info.isFile()) {
                const kind = info.isSymbolicLink() ? "a symbolic link" : info.isDirectory() ? "a directory"
                    : info.isFIFO() ? "a FIFO (named pipe)" : "not a regular file";
                throw new UnitpackError("generation.notAFile", `${file} is ${kind}, not a regular file.`, { kind });
            }
            if (maxBytes !== undefined && info.size > maxBytes) return { tooLarge: info.size };
            return new Uint8Array(await fs.readFile(file));
        },
    };
}

/** A browser (or any fetch): the files beside `base`, a URL ending in `/`. */
export function urlFiles(base, { fetch: fetcher = globalThis.fetch } = {}) {
    const baseURL = new URL(base, globalThis.location?.href);
    return {
        where: (name) => new URL(name, baseURL).href,
        async read(name, { maxBytes, fresh } = {}) {
            const url = new URL(name, baseURL);
            let response;
            try { response = await fetcher(url, fresh ? { cache: "no-cache" } : {}); } catch (error) {
                throw new UnitpackError("generation.artifactUnreadable", `${url.href} cannot be fetched: ${error.message}.`);
            }
            if (response.status === 404) return null;
            if (!response.ok) {
                throw new UnitpackError("generation.artifactUnreadable", `${url.href} cannot be fetched: HTTP ${response.status}.`);
            }
            const bytes = new Uint8Array(await response.arrayBuffer());
            if (maxBytes !== undefined && bytes.length > maxBytes) return { tooLarge: bytes.length };
            return bytes;
        },
    };
}

// ---------------------------------------------------------------- manifest

function manifestError(where, detail) {
    return new UnitpackError("generation.malformedManifest", `${where}: the manifest is malformed: ${detail}${REBUILD}.`);
}

function wholeNumber(text, where) {
    if (!/^(0|[1-9][0-9]{0,14})$/.test(text)) throw manifestError(where, `'${text}' is not a whole number`);
    return Number(text);
}

/** docs/manifest.md, "The manifest, byte by byte": the parsed lines, each with its line number. */
export function parseManifest(bytes, where = "manifest.tsv") {
    if (bytes.length > MANIFEST_MAX_BYTES) {
        throw new UnitpackError("generation.manifestTooLarge", `${where} is larger than 65,536 bytes${REBUILD}.`);
    }
    let text;
    try { text = strictUtf8.decode(bytes); } catch { throw manifestError(where, "it is not UTF-8"); }
    if (!text.endsWith("\n")) throw manifestError(`${where}`, "the last line has no line feed");
    const fields = { artifacts: new Map(), lines: {} };
    const seen = new Set();
    text.slice(0, -1).split("\n").forEach((line, index) => {
        const number = index + 1, at = `${where}:${number}`;
        const [key, ...rest] = line.split("\t");
        if (/[\x00-\x08\x0a-\x1f\x7f]/.test(line)) throw manifestError(at, "a control character");
        if (number === 1) {
            if (key !== "unitpack-manifest") throw manifestError(at, "the first line is not `unitpack-manifest`");
            if (rest.length !== 1 || rest[0] !== String(MANIFEST_VERSION)) {
                throw new UnitpackError("generation.unsupportedManifestVersion",
                    `${at}: manifest version ${rest.join(" ")}; this reader reads version ${MANIFEST_VERSION}.`);
            }
            return;
        }
        if (key !== "artifact") {
            if (seen.has(key)) throw manifestError(at, `${key} twice`);
            seen.add(key);
            fields.lines[key] = number;
        }
        if (key === "database-format" || key === "pack-format") {
            if (rest.length !== 1) throw manifestError(at, `${key} takes one field`);
            fields[key] = wholeNumber(rest[0], at);
        } else if (key === "source-sha256") {
            if (rest.length !== 1 || !/^[0-9a-f]{64}$/.test(rest[0])) throw manifestError(at, "source-sha256 takes 64 lower-case hex digits");
            fields[key] = rest[0];
        } else if (key === "languages") {
            for (const code of rest) if (!/^[A-Za-z0-9_-]{1,35}$/.test(code)) throw manifestError(at, `bad language code '${code}'`);
            if (new Set(rest).size !== rest.length) throw manifestError(at, "a language twice");
            fields[key] = rest;
        } else if (key === "categories") {
            if (rest.length === 0) throw manifestError(at, "categories names no category");
            for (const c of rest) if (!/^[a-z0-9-]{1,255}$/.test(c)) throw manifestError(at, `bad category key '${c}'`);
            if (new Set(rest).size !== rest.length) throw manifestError(at, "a category twice");
            fields[key] = rest;
        } else if (key === "artifact") {
            if (rest.length !== 4) throw manifestError(at, "artifact takes 4 fields");
            const [name, file, size, sha] = rest;
            if (!/^[A-Za-z0-9._-]{1,255}$/.test(file) || file.startsWith(".")) throw manifestError(at, `bad file name '${file}'`);
            if (!/^[0-9a-f]{64}$/.test(sha)) throw manifestError(at, "bad SHA-256");
            if (!name || fields.artifacts.has(name) || [...fields.artifacts.values()].some((a) => a.file === file)) {
                throw manifestError(at, `${name} or ${file} twice`);
            }
            fields.artifacts.set(name, { name, file, size: wholeNumber(size, at), sha256: sha, line: number });
        } else {
            throw manifestError(at, `unknown key '${key}'`);
        }
    });
    for (const key of ["database-format", "pack-format", "source-sha256", "languages"]) {
        if (!(key in fields)) throw manifestError(where, `${key} is missing`);
    }
    return fields;
}

// An artifact's bytes, checked as docs/manifest.md says before any use: the
// file exists, is a regular file, has the stated size, and its SHA-256 (Web
// Crypto) is the stated one and starts the file's content-addressed name.
async function readArtifact(files, manifest, name, manifestWhere) {
    const artifact = manifest.artifacts.get(name);
    if (!artifact) {
        throw new UnitpackError("generation.artifactNotListed", `${manifestWhere} names no ${name}${REBUILD}.`);
    }
    const at = `${manifestWhere}:${artifact.line}`, where = fileWhere(files, artifact.file);
    let bytes;
    try { bytes = await files.read(artifact.file); } catch (error) {
        if (error instanceof UnitpackError && error.code === "generation.notAFile") {
            throw new UnitpackError("generation.artifactNotAFile", `${at}: ${name}: ${error.message.replace(/\.$/, "")}${REBUILD}.`);
        }
        throw error;
    }
    if (bytes === null) throw new UnitpackError("generation.artifactMissing", `${at}: ${name} is missing: no file ${where}${REBUILD}.`);
    if (bytes.length !== artifact.size) {
        throw new UnitpackError("generation.sizeMismatch", `${at}: ${name}: ${where} has ${bytes.length} bytes, not ${artifact.size}${REBUILD}.`,
            { expected: artifact.size, found: bytes.length });
    }
    const digest = await sha256(bytes);
    if (digest !== artifact.sha256) {
        throw new UnitpackError("generation.digestMismatch",
            `${at}: ${name}: ${where} has SHA-256 ${digest}, not ${artifact.sha256}: it changed after the build${REBUILD}.`,
            { expected: artifact.sha256, found: digest });
    }
    const stem = artifact.file.replace(/\.[^.]*$/, "");
    const named = /-([0-9a-f]{16})$/.exec(stem);
    if (named && !digest.startsWith(named[1])) {
        throw new UnitpackError("generation.nameMismatch",
            `${at}: ${name}: ${where} has SHA-256 ${digest}, which its name does not start: it changed after the build${REBUILD}.`);
    }
    return { bytes, artifact, where };
}

// ---------------------------------------------------------------- folding and keys

const ARABIC_LETTERS = { "\u0622": "\u0627", "\u0623": "\u0627", "\u0625": "\u0627", "\u0649": "\u064A", "\u0629": "\u0647" };

/** docs/database.md, "Folding": lower case, NFC, Arabic folded. */
export function fold(text) {
    text = text.toLowerCase().normalize("NFC");
    if (/[\u0600-\u067F]/u.test(text)) {
        let removed = false, out = "";
        for (const c of text) {
            const code = c.codePointAt(0);
            if (code === 0x0640 || (code >= 0x064b && code <= 0x0655)) { removed = true; continue; }
            out += ARABIC_LETTERS[c] ?? c;
        }
        text = removed ? out.normalize("NFC") : out;
    }
    return text;
}

const SEARCH_REPLACEMENTS = {
    "ё": "е", "µ": "μ", "º": "°", "˚": "°", "′": "'", "’": "'", "‘": "'", "″": '"', "“": '"', "”": '"',
    "−": "-", "⋅": "·", "∙": "·", "℃": "°c", "℉": "°f", "Å": "å", "Ω": "ω",
    "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-",
};
const POWER_FOLLOWERS = new Set("0123456789-−⁰¹²³⁴⁵⁶⁷⁸⁹⁻");
// Unicode's White_Space property (Swift's `isWhitespace`), no more.
const WHITE_SPACE = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;

/** docs/pack-format.md, "Keys: the normalisation". */
export function normalizeKey(text) {
    const chars = Array.from(fold(text).replace(WHITE_SPACE, " ").replace(/^ | $/g, ""));
    let out = "";
    for (let i = 0; i < chars.length; i++) {
        if (chars[i] === "^" && i + 1 < chars.length && POWER_FOLLOWERS.has(chars[i + 1])) continue;
        out += SEARCH_REPLACEMENTS[chars[i]] ?? chars[i];
    }
    return out;
}

// ---------------------------------------------------------------- formulas

const FUNCTIONS = { sqrt: 1, cbrt: 1, exp: 1, ln: 1, log10: 1, log2: 1, pow: 2, abs: 1, sin: 1, cos: 1, tan: 1, asin: 1, acos: 1, atan: 1 };
const NESTING_LIMIT = 64;

class FormulaSyntaxError extends Error {}

/** docs/formulas.md: the syntax tree, as arrays: ["num", v], ["var"], ["neg", e], ["bin", op, l, r], ["call", f, args]. */
export function parseFormula(text) {
    const tokens = [];
    const token = /(?<number>(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)|(?<name>[A-Za-z_][A-Za-z0-9_]*)|(?<op>[-+*/^(),])/y;
    let position = 0;
    while (position < text.length) {
        if (text[position] === " " || text[position] === "\t") { position++; continue; }
        token.lastIndex = position;
        const match = token.exec(text);
        if (!match) throw new FormulaSyntaxError(`unexpected character at ${position}`);
        if (match.groups.number !== undefined) {
            const after = text[token.lastIndex];
            if (after === "." || after === "e" || after === "E") throw new FormulaSyntaxError(`a malformed number at ${position}`);
            const value = Number(match.groups.number);
            if (!Number.isFinite(value)) throw new FormulaSyntaxError("a literal too large");
            tokens.push(["number", value]);
        } else if (match.groups.name !== undefined) tokens.push(["name", match.groups.name]);
        else tokens.push(["op", match.groups.op]);
        position = token.lastIndex;
    }
    tokens.push(["end", null]);
    let index = 0, parens = 0;
    const peek = () => tokens[index];
    const is = (kind, value) => tokens[index][0] === kind && tokens[index][1] === value;
    const take = (kind, value) => {
        const t = tokens[index];
        if ((kind && t[0] !== kind) || (value !== undefined && t[1] !== value)) throw new FormulaSyntaxError(`unexpected ${t[1] ?? "end"}`);
        index++;
        return t;
    };
    const make = (node) => {
        const children = node[0] === "neg" ? [node[1]] : node[0] === "bin" ? [node[2], node[3]] : node[0] === "call" ? node[2] : [];
        node.depth = 1 + Math.max(0, ...children.map((c) => c.depth));
        if (node.depth > NESTING_LIMIT) throw new FormulaSyntaxError("the formula is nested too deeply");
        return node;
    };
    const sum = () => {
        let node = product();
        while (is("op", "+") || is("op", "-")) node = make(["bin", take()[1], node, product()]);
        return node;
    };
    const product = () => {
        let node = unary();
        while (is("op", "*") || is("op", "/")) node = make(["bin", take()[1], node, unary()]);
        return node;
    };
    const unary = () => {
        const signs = [];
        while (is("op", "+") || is("op", "-")) signs.push(take()[1]);
        let node = power();
        for (let i = signs.length - 1; i >= 0; i--) if (signs[i] === "-") node = make(["neg", node]);
        return node;
    };
    const power = () => {
        const base = primary();
        if (is("op", "^")) { take(); return make(["bin", "^", base, unary()]); }
        return base;
    };
    const primary = () => {
        const [kind, value] = peek();
        if (kind === "number") { take(); return make(["num", value]); }
        if (kind === "name") {
            take();
            if (value === "X" || value === "x") return make(["var"]);
            if (value === "pi") return make(["num", Math.PI]);
            if (value === "e") return make(["num", Math.E]);
            if (Object.hasOwn(FUNCTIONS, value)) {
                take("op", "(");
                if (++parens > NESTING_LIMIT) throw new FormulaSyntaxError("parentheses nest too deeply");
                const args = [sum()];
                while (is("op", ",")) { take(); args.push(sum()); }
                take("op", ")");
                parens--;
                if (args.length !== FUNCTIONS[value]) throw new FormulaSyntaxError(`${value} takes ${FUNCTIONS[value]} arguments`);
                return make(["call", value, args]);
            }
            throw new FormulaSyntaxError(`unknown name ${value}`);
        }
        if (kind === "op" && value === "(") {
            take();
            if (++parens > NESTING_LIMIT) throw new FormulaSyntaxError("parentheses nest too deeply");
            const node = sum();
            take("op", ")");
            parens--;
            return node;
        }
        throw new FormulaSyntaxError("expected an expression");
    };
    if (tokens.length === 1) throw new FormulaSyntaxError("empty formula");
    const tree = sum();
    take("end");
    return tree;
}

class EvaluationError extends Error {
    constructor(kind) { super(kind); this.kind = kind; }
}

function finite(value) {
    if (Number.isNaN(value)) throw new EvaluationError("domain");
    if (!Number.isFinite(value)) throw new EvaluationError("overflow");
    return value;
}

function pow(a, b) {
    if (a < 0 && b !== Math.floor(b)) throw new EvaluationError("domain");
    if (a === 0 && b < 0) throw new EvaluationError("domain");
    return finite(Math.pow(a, b));
}

const DOMAINS = { sqrt: (a) => a >= 0, ln: (a) => a > 0, log10: (a) => a > 0, log2: (a) => a > 0, asin: (a) => a >= -1 && a <= 1, acos: (a) => a >= -1 && a <= 1 };
const CALLS = {
    sqrt: Math.sqrt, cbrt: Math.cbrt, exp: Math.exp, ln: Math.log, log10: Math.log10, log2: Math.log2, abs: Math.abs,
    sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan,
};

/** docs/formulas.md, "Evaluation": binary64, every intermediate result checked. */
export function evaluateFormula(tree, x) {
    switch (tree[0]) {
    case "num":
        if (!Number.isFinite(tree[1])) throw new EvaluationError("not-finite");
        return tree[1];
    case "var":
        if (!Number.isFinite(x)) throw new EvaluationError("not-finite");
        return x;
    case "neg": return -evaluateFormula(tree[1], x);
    case "bin": {
        const left = evaluateFormula(tree[2], x), right = evaluateFormula(tree[3], x);
        switch (tree[1]) {
        case "+": return finite(left + right);
        case "-": return finite(left - right);
        case "*": return finite(left * right);
        case "/":
            if (right === 0) throw new EvaluationError("division-by-zero");
            return finite(left / right);
        default: return pow(left, right);
        }
    }
    default: {
        const args = tree[2].map((a) => evaluateFormula(a, x));
        if (tree[1] === "pow") return pow(args[0], args[1]);
        const a = args[0];
        if (DOMAINS[tree[1]] && !DOMAINS[tree[1]](a)) throw new EvaluationError("domain");
        return finite(CALLS[tree[1]](a));
    }
    }
}

function normalValue(x) {
    if (x !== 0 && Math.abs(x) < LEAST_NORMAL) throw new EvaluationError("underflow");
}

// A step's result: subnormal, or 0 by a factor from a value that is not 0
// (value undefined: a formula's, whose 0 is a value).
function normal(result, value) {
    normalValue(result);
    if (result === 0 && value !== undefined && value !== 0) throw new EvaluationError("underflow");
    return result;
}

// docs/database.md, "Conversion".
function toBase(unit, x) {
    normalValue(x);
    if (unit.formula) return normal(evaluateFormula(unit.toBaseTree, x));
    if (unit.inverse) {
        if (x === 0) throw new EvaluationError("division-by-zero");
        return normal(finite(unit.factor / x), x);
    }
    return normal(finite(x * unit.factor), x);
}

function fromBase(unit, b) {
    normalValue(b);
    if (unit.formula) return normal(evaluateFormula(unit.fromBaseTree, b));
    if (unit.inverse) {
        if (b === 0) throw new EvaluationError("division-by-zero");
        return normal(finite(unit.factor / b), b);
    }
    return normal(finite(b / unit.factor), b);
}

const EVALUATION_WORDS = {
    "division-by-zero": "division by zero",
    overflow: "overflow: a result is too large for a Double",
    domain: "a function or power is undefined for its argument",
    "not-finite": "the result is not a finite number",
    underflow: "underflow: a value or result is too small for a Double (below 2.2250738585072014e-308), its digits lost",
};

function conversionFailed(kind) {
    return new UnitpackError("database.conversionFailed", `The conversion failed: ${EVALUATION_WORDS[kind] ?? kind}.`, { kind });
}

// ---------------------------------------------------------------- plural rules

const CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"];
const OPERANDS = new Set(["n", "i", "v", "w", "f", "t", "c", "e"]);

// Exact decimals as fractions of BigInts: { num, den } with den a power of ten.
function operandsOf(text) {
    const match = /^([0-9]+)(?:\.([0-9]+))?(?:[ce]([0-9]+))?$/.exec(text);
    if (!match) throw new UnitpackError("reader.badNumber", `'${text}' is not a number as plural rules read it.`);
    let integer = match[1], fraction = match[2] ?? "";
    const exponent = Number(match[3] ?? 0);
    const moved = Math.min(exponent, fraction.length);
    integer = integer + fraction.slice(0, moved) + "0".repeat(exponent - moved);
    fraction = fraction.slice(moved);
    const stripped = fraction.replace(/0+$/, "");
    const whole = (n) => ({ num: BigInt(n), den: 1n });
    const i = BigInt(integer), den = 10n ** BigInt(fraction.length);
    return {
        i: whole(i), v: whole(fraction.length), f: whole(fraction ? BigInt(fraction) : 0n),
        w: whole(stripped.length), t: whole(stripped ? BigInt(stripped) : 0n), c: whole(exponent), e: whole(exponent),
        n: { num: i * den + (fraction ? BigInt(fraction) : 0n), den },
    };
}

/** A language's cardinal rules (docs/plural-rules.md), from the canonical text of `languages.plural_rules`. */
export class PluralRules {
    constructor(text) {
        this.rules = [];
        this.categories = [];
        for (const line of text.split("\n")) {
            if (!line.trim()) continue;
            const colon = line.indexOf(":");
            const category = (colon < 0 ? line : line.slice(0, colon)).trim();
            const condition = colon < 0 ? "" : line.slice(colon + 1);
            if (!CATEGORY_ORDER.includes(category)) throw new Error(`unknown category '${category}'`);
            if (this.categories.includes(category)) throw new Error(`${category} twice`);
            this.categories.push(category);
            if (category === "other") {
                if (condition.trim()) throw new Error("other with a condition");
                continue;
            }
            if (!condition.trim()) throw new Error(`${category} without a condition`);
            this.rules.push([category, PluralRules.condition(condition)]);
        }
        if (!this.categories.includes("other")) this.categories.push("other");
        const order = (c) => CATEGORY_ORDER.indexOf(c);
        this.rules.sort((a, b) => order(a[0]) - order(b[0]));
        this.categories.sort((a, b) => order(a) - order(b));
    }

    static condition(text) {
        const tokens = text.match(/\.\.|!=|=|%|,|[a-z]+|[0-9]+/g) ?? [];
        if (text.replace(/\.\.|!=|=|%|,|[a-z]+|[0-9]+|[ \t]/g, "") !== "") throw new Error(`unexpected text in '${text}'`);
        const ors = [[]];
        let index = 0;
        const take = () => {
            if (index >= tokens.length) throw new Error(`'${text}' ends early`);
            return tokens[index++];
        };
        const number = () => {
            const t = take();
            if (!/^[0-9]+$/.test(t) || BigInt(t) > 10n ** 18n) throw new Error(`expected a value in '${text}'`);
            return BigInt(t);
        };
        while (index < tokens.length) {
            const operand = take();
            if (!OPERANDS.has(operand)) throw new Error(`bad operand '${operand}' in '${text}'`);
            let modulus = null;
            if (index < tokens.length && (tokens[index] === "%" || tokens[index] === "mod")) {
                take();
                modulus = number();
                if (modulus === 0n) throw new Error(`modulus 0 in '${text}'`);
            }
            let negated = false, kind = "in", word = take();
            if (word === "!=") negated = true;
            else if (word === "is") {
                if (tokens[index] === "not") { take(); negated = true; }
            } else if (word === "not") {
                negated = true;
                word = take();
                if (word === "within") kind = "within";
                else if (word !== "in") throw new Error(`bad relation in '${text}'`);
            } else if (word === "within") kind = "within";
            else if (word !== "=" && word !== "in") throw new Error(`bad relation '${word}' in '${text}'`);
            const ranges = [];
            for (;;) {
                const low = number();
                let high = low;
                if (tokens[index] === "..") { take(); high = number(); }
                ranges.push([low, high]);
                if (tokens[index] === ",") { take(); continue; }
                break;
            }
            ors[ors.length - 1].push({ operand, modulus, kind, negated, ranges });
            if (index < tokens.length) {
                const joiner = take();
                if (joiner === "or") ors.push([]);
                else if (joiner !== "and") throw new Error(`expected and/or in '${text}'`);
            }
        }
        return ors;
    }

    static holds(relation, operands) {
        let { num, den } = operands[relation.operand];
        if (relation.modulus !== null) num = num % (relation.modulus * den);
        const within = relation.ranges.some(([low, high]) => low * den <= num && num <= high * den);
        const holds = relation.kind === "within" ? within : num % den === 0n && within;
        return holds !== relation.negated;
    }

    /** The category of a number as written (`1.50`, `1.5c20`). */
    category(text) {
        const operands = operandsOf(text);
        for (const [category, condition] of this.rules) {
            if (condition.some((and) => and.every((r) => PluralRules.holds(r, operands)))) return category;
        }
        return "other";
    }
}

// ---------------------------------------------------------------- numbers

const SUPERSCRIPTS = { 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹", "-": "⁻" };

// The shortest decimal that reads back as the same double (ECMAScript's
// Number::toString, as Swift's `description` and Python's `repr`): its
// digits (no leading or trailing zeros) and the exponent of the first.
function shortestDigits(value) {
    const text = Math.abs(value).toString();
    const [mantissa, exp = "0"] = text.split("e");
    const [int, frac = ""] = mantissa.split(".");
    let digits = (int + frac).replace(/^0+/, "");
    const leading = (int + frac).length - digits.length;
    const exponent = Number(exp) + int.length - 1 - leading;
    digits = digits.replace(/0+$/, "");
    return { digits: digits || "0", exponent: digits ? exponent : 0 };
}

// Half to even at `count` significant digits, on the shortest decimal.
function roundDigits(value, count) {
    let { digits, exponent } = shortestDigits(value);
    if (digits.length > count) {
        const kept = digits.slice(0, count), rest = digits.slice(count);
        const half = "5" + "0".repeat(rest.length - 1);
        const up = rest > half || (rest === half && Number(kept[kept.length - 1]) % 2 === 1);
        digits = kept;
        if (up) {
            const arr = Array.from(digits, Number);
            let i = arr.length - 1;
            while (i >= 0 && arr[i] === 9) { arr[i] = 0; i--; }
            if (i < 0) { arr.unshift(1); arr.pop(); exponent += 1; } else arr[i] += 1;
            digits = arr.join("");
        }
    }
    return { negative: value < 0, digits, exponent };
}

function nativeDigits(text, digits) {
    if (!digits) return text;
    return text.replace(/[0-9]/g, (d) => digits[d.charCodeAt(0) - 48]);
}

/**
 * docs/database.md, "Formatting a number": { text, plural } (the digits the
 * plural rules read). `symbols`: decimal, group, minus, digits (null or ten
 * strings), primary, secondary, minimum.
 */
export function formatNumber(value, symbols, { significantDigits = 6, minimumFractionDigits = 0, grouping = true } = {}) {
    let { negative, digits, exponent } = roundDigits(value, significantDigits);
    digits = digits.replace(/0+$/, "") || "0";
    if (value === 0) { negative = false; digits = "0"; exponent = 0; }
    const magnitude = digits === "0" ? 0 : Math.abs(Number(`${digits[0]}.${digits.slice(1)}0e${exponent}`));
    const sign = negative && digits !== "0" ? symbols.minus : "";
    if (magnitude !== 0 && (magnitude >= 1e15 || magnitude < 1e-6)) {
        const mantissa = digits[0] + (digits.length > 1 ? "." + digits.slice(1) : "");
        const shown = mantissa.replace(".", symbols.decimal) + " × 10" + String(exponent).replace(/[0-9-]/g, (c) => SUPERSCRIPTS[c]);
        const plural = exponent > 0 ? `${mantissa}c${exponent}` : "0." + "0".repeat(-exponent - 1) + digits;
        return { text: nativeDigits(sign + shown, symbols.digits), plural };
    }
    let integer, fraction;
    if (exponent >= 0) {
        integer = (digits + "0".repeat(exponent + 1)).slice(0, exponent + 1);
        fraction = digits.slice(exponent + 1);
    } else {
        integer = "0";
        fraction = "0".repeat(-exponent - 1) + digits;
    }
    fraction += "0".repeat(Math.max(0, minimumFractionDigits - fraction.length));
    const plural = integer + (fraction ? "." + fraction : "");
    let shown = integer;
    if (grouping && integer.length >= symbols.primary + symbols.minimum) {
        const groups = [integer.slice(-symbols.primary)];
        let rest = integer.slice(0, -symbols.primary);
        while (rest) {
            groups.unshift(rest.slice(-symbols.secondary));
            rest = rest.slice(0, -symbols.secondary);
        }
        shown = groups.join(symbols.group);
    }
    if (fraction) shown += symbols.decimal + fraction;
    return { text: nativeDigits(sign + shown, symbols.digits), plural };
}

// ---------------------------------------------------------------- SQLite

const SQLITE_OK = 0, SQLITE_ROW = 100, SQLITE_DONE = 101;
const SQLITE_OPEN_READONLY = 0x1, SQLITE_DESERIALIZE_READONLY = 4, SQLITE_TRANSIENT = -1;
const SQLITE_CORRUPT = 11, SQLITE_NOTADB = 26;
let sqlitePromise = null;

async function loadSQLite(options = {}) {
    if (options.sqlite) return options.sqlite;
    if (!sqlitePromise) {
        sqlitePromise = (async () => {
            const settings = {};
            if (options.sqliteWasm) settings.wasmBinary = options.sqliteWasm;
            else if (typeof process !== "undefined" && process.versions?.node && typeof window === "undefined") {
                // Node: the bytes handed in (Readers/js/sqlite/README.md says why).
                const fs = await import("node:fs/promises");
                settings.wasmBinary = await fs.readFile(new URL("./sqlite/sqlite3.wasm", import.meta.url));
            }
            return createSQLite(settings);
        })();
        sqlitePromise.catch(() => { sqlitePromise = null; });
    }
    return sqlitePromise;
}

// One cell: { type: 1 INTEGER, 2 REAL, 3 TEXT, 4 BLOB, 5 NULL, value, raw }.
class SQLiteDatabase {
    constructor(sqlite, bytes, file) {
        this.sqlite = sqlite;
        this.file = file;
        this.statements = new Map();
        const out = sqlite._malloc(4), name = this.cString(":memory:");
        const rc = sqlite._sqlite3_open_v2(name, out, SQLITE_OPEN_READONLY, 0);
        this.db = this.pointerAt(out);
        sqlite._free(name);
        sqlite._free(out);
        if (rc !== SQLITE_OK) {
            sqlite._sqlite3_close_v2(this.db);
            throw new UnitpackError("database.storage", `SQLite could not open an in-memory database (code ${rc}).`, { sqliteCode: rc });
        }
        this.data = sqlite._malloc(Math.max(bytes.length, 1));
        sqlite.HEAPU8.set(bytes, this.data);
        const schema = this.cString("main"), size = BigInt(bytes.length);
        const drc = sqlite._sqlite3_deserialize(this.db, schema, this.data, size, size, SQLITE_DESERIALIZE_READONLY);
        sqlite._free(schema);
        if (drc !== SQLITE_OK) {
            const error = this.error(drc, "deserialize");
            this.close();
            throw error;
        }
    }

    pointerAt(address) { return new DataView(this.sqlite.HEAPU8.buffer).getUint32(address, true); }

    cString(text) {
        const bytes = utf8.encode(text + "\0");
        const address = this.sqlite._malloc(bytes.length);
        this.sqlite.HEAPU8.set(bytes, address);
        return address;
    }

    error(code, sql) {
        const message = this.db ? this.sqlite.UTF8ToString(this.sqlite._sqlite3_errmsg(this.db)) : `code ${code}`;
        const primary = code & 0xff;
        if (primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB) {
            return new UnitpackError("database.corrupt", `${this.file} is corrupt: ${message}; rebuild it (\`unitpack build\`).`, { detail: message });
        }
        return new UnitpackError("database.storage", `SQLite failed (${message}, code ${code}) on ${sql}.`, { sqliteCode: code, sql });
    }

    prepare(sql) {
        let statement = this.statements.get(sql);
        if (statement !== undefined) return statement;
        const out = this.sqlite._malloc(4), text = this.cString(sql);
        const rc = this.sqlite._sqlite3_prepare_v2(this.db, text, -1, out, 0);
        statement = this.pointerAt(out);
        this.sqlite._free(text);
        this.sqlite._free(out);
        if (rc !== SQLITE_OK) throw this.error(rc, sql);
        this.statements.set(sql, statement);
        return statement;
    }

    bind(statement, index, value, sql) {
        const s = this.sqlite;
        let rc;
        if (typeof value === "number" && Number.isInteger(value)) rc = s._sqlite3_bind_int64(statement, index, BigInt(value));
        else if (typeof value === "string") {
            const bytes = utf8.encode(value), address = s._malloc(Math.max(bytes.length, 1));
            s.HEAPU8.set(bytes, address);
            rc = s._sqlite3_bind_text(statement, index, address, bytes.length, SQLITE_TRANSIENT);
            s._free(address);
        } else throw new TypeError(`cannot bind ${typeof value}`);
        if (rc !== SQLITE_OK) throw this.error(rc, sql);
    }

    cell(statement, i) {
        const s = this.sqlite;
        const type = s._sqlite3_column_type(statement, i);
        switch (type) {
        case 1: {
            const big = s._sqlite3_column_int64(statement, i);
            const value = big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
            return { type, value, raw: big };
        }
        case 2: return { type, value: s._sqlite3_column_double(statement, i) };
        case 3: {
            const address = s._sqlite3_column_text(statement, i), length = s._sqlite3_column_bytes(statement, i);
            const raw = s.HEAPU8.slice(address, address + length);
            let value;
            try { value = strictUtf8.decode(raw); } catch { value = null; }
            return { type, value, raw };
        }
        case 4: {
            const address = s._sqlite3_column_blob(statement, i), length = s._sqlite3_column_bytes(statement, i);
            const raw = s.HEAPU8.slice(address, address + length);
            return { type, value: raw, raw };
        }
        default: return { type: 5, value: null };
        }
    }

    /** Every row of `sql` as arrays of cells. */
    query(sql, parameters = []) {
        const statement = this.prepare(sql), s = this.sqlite;
        s._sqlite3_reset(statement);
        try {
            parameters.forEach((value, i) => this.bind(statement, i + 1, value, sql));
            const rows = [], columns = s._sqlite3_column_count(statement);
            for (;;) {
                const step = s._sqlite3_step(statement);
                if (step === SQLITE_DONE) return rows;
                if (step !== SQLITE_ROW) throw this.error(s._sqlite3_extended_errcode(this.db) || step, sql);
                const row = [];
                for (let i = 0; i < columns; i++) row.push(this.cell(statement, i));
                rows.push(row);
            }
        } finally {
            s._sqlite3_reset(statement);
        }
    }

    close() {
        for (const statement of this.statements.values()) this.sqlite._sqlite3_finalize(statement);
        this.statements.clear();
        if (this.db) this.sqlite._sqlite3_close_v2(this.db);
        if (this.data) this.sqlite._free(this.data);
        this.db = 0;
        this.data = 0;
    }
}

// ---------------------------------------------------------------- the database's rows

// docs/database.md, "Tables": the columns of each table in checksum order,
// and how many of the first are its primary key.
const TABLES = {
    meta: { columns: ["key", "value"], key: 1 },
    categories: { columns: ["id", "key", "display_order", "base_unit", "dimension", "cluster_rows"], key: 1 },
    units: { columns: ["id", "category", "name", "symbols", "factor", "to_base", "from_base", "priority", "system", "tier", "flags", "usage"], key: 1 },
    name_blocks: { columns: ["block", "first", "next", "size", "entries"], key: 1 },
    unit_words: { columns: ["first", "last", "size", "words"], key: 1 },
    languages: {
        columns: ["code", "name", "complete", "decimal_separator", "group_separator", "primary_grouping", "secondary_grouping",
            "minimum_grouping_digits", "plural_rules", "phrase_word_lines", "compound_rows", "minus_sign", "long_pattern",
            "short_pattern", "native_numbering", "native_digits", "native_decimal", "native_group", "native_minus",
            "latn_regions", "region_separators", "region_grouping", "prefix_words"],
        key: 1,
    },
    clusters: { columns: ["category", "usage", "region", "completed", "rank", "unit", "at_least", "parts"], key: 5 },
    relations: { columns: ["kind", "first", "second", "factor", "regions", "first_category", "second_category"], key: 3 },
};

const SCRATCH = new Uint8Array(9), SCRATCH_VIEW = new DataView(SCRATCH.buffer);
const TABLE_PREFIX = new Map();

/** docs/database.md, "Row checksums": CRC-32 of the table's name, 00 and each cell. */
function rowChecksum(table, cells) {
    let prefix = TABLE_PREFIX.get(table);
    if (prefix === undefined) TABLE_PREFIX.set(table, prefix = crc32(utf8.encode(table + "\0")));
    let crc = prefix;
    for (const cell of cells) {
        SCRATCH[0] = cell.type === 5 ? 0 : cell.type;
        switch (cell.type) {
        case 1:
            SCRATCH_VIEW.setBigInt64(1, BigInt.asIntN(64, cell.raw));
            crc = crc32(SCRATCH, crc);
            break;
        case 2:
            SCRATCH_VIEW.setFloat64(1, cell.value);
            crc = crc32(SCRATCH, crc);
            break;
        case 3: case 4:
            SCRATCH_VIEW.setUint32(1, cell.raw.length);
            crc = crc32(cell.raw, crc32(SCRATCH.subarray(0, 5), crc));
            break;
        default:
            crc = crc32(SCRATCH.subarray(0, 1), crc);
        }
    }
    return crc | 0;
}

const MAX_ID = 2 ** 31 - 1;
const SYSTEMS = new Set(["metric", "imperial", "us", "uk", "historic", "none"]);
const USAGE = /^[a-z0-9-]+$/;
const isNormalPositive = (x) => typeof x === "number" && Number.isFinite(x) && x >= LEAST_NORMAL && Number.isFinite(1 / x) && 1 / x >= LEAST_NORMAL;
const isID = (v) => Number.isInteger(v) && v >= 1 && v <= MAX_ID;
const isCount = (v) => Number.isInteger(v) && v >= 0 && v <= MAX_ID;
const once = (text, part) => text.split(part).length === 2;

// ---------------------------------------------------------------- the generation

/**
 * Opens the generation `files` holds (docs/manifest.md, "Reading: the rules"):
 * its manifest, then the database and the search pack it names, each checked
 * (size, SHA-256, format) before use. Refuses with a UnitpackError.
 * options: { searchBudget (bytes, index and shards: 256 KiB), sqlite, sqliteWasm }.
 */
export async function openGeneration(files, options = {}) {
    const manifestWhere = fileWhere(files, "manifest.tsv");
    let bytes = await files.read("manifest.tsv", { maxBytes: MANIFEST_MAX_BYTES, fresh: true }).catch((error) => {
        if (error instanceof UnitpackError && error.code === "generation.notAFile") {
            throw new UnitpackError("generation.manifestNotAFile", `${error.message.replace(/\.$/, "")}: the manifest must be a regular file${REBUILD}.`);
        }
        throw error;
    });
    if (bytes === null) {
        throw new UnitpackError("generation.noManifest",
            `no manifest at ${manifestWhere}: this is not a build output (or was built before manifests); run \`unitpack build\` to build it.`);
    }
    if (bytes.tooLarge !== undefined) {
        throw new UnitpackError("generation.manifestTooLarge", `${manifestWhere} is larger than 65,536 bytes${REBUILD}.`);
    }
    const manifest = parseManifest(bytes, manifestWhere);
    for (const [key, supported] of [["database-format", DATABASE_FORMAT], ["pack-format", PACK_FORMAT]]) {
        if (manifest[key] !== supported) {
            throw new UnitpackError("generation.unsupportedFormat",
                `${manifestWhere}:${manifest.lines[key]}: ${key} ${manifest[key]}; this reader reads ${supported} (${manifest[key] > supported ? "update the reader, or keep data of its format" : "rebuild the data"}).`,
                { key, found: manifest[key], supported });
        }
    }
    const [database, pack] = await Promise.all([
        readArtifact(files, manifest, "units.sqlite", manifestWhere),
        readArtifact(files, manifest, "search.pack", manifestWhere),
    ]);
    const sqlite = await loadSQLite(options);
    const db = new UnitDatabase(sqlite, database.bytes, database.where);
    try {
        db.checkAgainst(manifest, manifestWhere);
    } catch (error) {
        db.close();
        throw error;
    }
    const searchPack = new SearchPack(pack.bytes, pack.where, options.searchBudget ?? DEFAULT_SEARCH_BUDGET);
    return new Generation(manifest, db, searchPack);
}

/** One open generation: the six calls a front end makes, and a few more. */
export class Generation {
    constructor(manifest, database, pack) {
        this.manifest = manifest;
        this.database = database;
        this.pack = pack;
        this.languages = [...database.languages.keys()];
        this.dataVersion = database.dataVersion;
    }

    /** A unit by its key (`length/meter`), its id (a number) or a name or symbol (`km`, `метр`). */
    unit(which) { return this.database.unit(which); }

    /** Every unit a name or symbol names at its best rank (docs/database.md, "Folding"), best first. */
    candidates(text) { return this.database.candidates(text); }

    /**
     * `value` in `from` converted to `to` (units, keys, ids or names). Names
     * of several units are paired as the Swift runtime pairs them: the
     * readings that share a category (`pt` in `mm` is the typographic point),
     * else the one pair of categories of a `same` relation; else ambiguous.
     */
    async convert(value, from, to) {
        const db = this.database;
        const [sources, targets] = await Promise.all([from, to].map(async (which) => {
            if (typeof which !== "string" || db.byKey.has(which)) return [await this.unit(which)];
            const found = await db.candidates(which);
            if (!found.length) throw new UnitpackError("database.unknownUnit", `No unit is named '${which}'.`, { unit: which });
            return found;
        }));
        const pairs = sources.flatMap((s) => targets.filter((t) => t.category === s.category).map((t) => [s, t]));
        if (pairs.length > 1) {
            const manySources = new Set(pairs.map(([s]) => s.id)).size > 1;
            const text = manySources ? from : to, keys = pairs.map((p) => p[manySources ? 0 : 1].key);
            throw new UnitpackError("database.ambiguousUnit", `'${text}' names several units: ${keys.join(", ")}.`, { unit: text, candidates: keys });
        }
        if (pairs.length === 1) return db.convertUnits(value, ...pairs[0]);
        if (sources.length > 1 || targets.length > 1) {
            const same = sources.flatMap((s) => targets.filter((t) => db.sameFactor(s, t) !== null).map((t) => [s, t]));
            if (same.length === 1) return db.convertUnits(value, ...same[0]);
            const [text, list] = sources.length > 1 ? [from, sources] : [to, targets];
            throw new UnitpackError("database.ambiguousUnit", `'${text}' names several units: ${list.map((u) => u.key).join(", ")}.`,
                { unit: text, candidates: list.map((u) => u.key) });
        }
        return db.convertUnits(value, sources[0], targets[0]);
    }

    /** A mixed quantity: `value` in `from` as parts of `into` (largest first); rounding `whole`, `{significantDigits}` or `{fraction}`. */
    async split(value, from, into, { rounding = "whole" } = {}) {
        const source = await this.unit(from);
        const units = await Promise.all(into.map((u) => this.unit(u)));
        return this.database.split(value, source, units, rounding);
    }

    /** Matches as typed, best first: [{ unit, key, exact, language }]. */
    async search(text, { languages = this.languages, limit = 20 } = {}) {
        const matches = await this.pack.search(text, languages, limit);
        return matches.map((m) => ({ unit: this.database.unitByID(m.unit, "a search result"), id: m.unit, key: m.key, exact: m.exact, language: m.language }));
    }

    /** `{ number, category, nameLanguage, long, short }`: the value as `language` (a BCP 47 tag) writes it. */
    async format(value, unit, language, options = {}) {
        return this.database.format(value, await this.unit(unit), language, options);
    }

    /** A mixed quantity (from `split`) written in `language`: { long, short, parts }. */
    async formatMixed(quantity, language, options = {}) { return this.database.formatMixed(quantity, language, options); }

    /** The unit a person expects `value` of `unit` in (docs/database.md, "The converter's guess"), or null. */
    async expectedTarget(value, unit, request = {}) {
        return this.database.expectedTarget(value, await this.unit(unit), request);
    }

    /**
     * The usages a unit's category has preference lists for (`clusters`),
     * `default` first, then in code point order: what `expectedTarget` and
     * `bestTarget` take as `usage` for it (`["default", "person-height", "road", ...]`
     * for length; `[]` for a category without lists).
     */
    async usages(unit) {
        return this.database.usagesOf((await this.unit(unit)).category);
    }

    /** CLDR's choice (`bestTarget`): { units, value } or null; request { region } or { system }, and { usage }. */
    async bestTarget(value, unit, request = {}) {
        return this.database.bestTarget(value, await this.unit(unit), request);
    }

    /** Frees the database's memory (the WebAssembly heap). */
    close() { this.database.close(); }
}

// ---------------------------------------------------------------- the database

const MARKS = new Set(["°", "′", "″", "'", '"']);
const SYSTEM_READERS = { metric: ["metric", "001"], us: ["us", "US", "001"], imperial: ["imperial", "GB", "001"], uk: ["imperial", "GB", "001"], historic: ["001"], none: ["001"] };
const SYSTEM_READER_NAME = { metric: "metric", us: "us", imperial: "imperial", uk: "imperial", historic: "001", none: "001" };
const PREFERENCE_REGION = { metric: "001", us: "US", imperial: "GB", uk: "GB" };

export class UnitDatabase {
    constructor(sqlite, bytes, file) {
        this.file = file;
        this.checkHeader(bytes);
        this.sql = new SQLiteDatabase(sqlite, bytes, file);
        try {
            this.readMeta();
            this.readTables();
        } catch (error) {
            this.close();
            throw error;
        }
        this.words = new Map();
        this.blocks = new Map();
        this.named = new Map();
        this.clusterRows = null;
    }

    close() { this.sql?.close(); }

    damaged(damage, message) { return damaged(this.file, damage, message); }

    // docs/database.md, "At open": the header's magic, application_id,
    // user_version, page size 1024, page count × page size = the file's size.
    checkHeader(bytes) {
        const magic = "SQLite format 3\0";
        if (bytes.length < 100 || String.fromCharCode(...bytes.subarray(0, 16)) !== magic) {
            throw new UnitpackError("database.notAUnitDatabase", `${this.file} is not a unitpack database (not SQLite).`);
        }
        const view = new DataView(bytes.buffer, bytes.byteOffset, 100);
        if (view.getUint32(68) !== APPLICATION_ID) {
            throw new UnitpackError("database.notAUnitDatabase", `${this.file} is not a unitpack database (application_id ${view.getUint32(68)}).`);
        }
        const version = view.getUint32(60);
        if (version !== DATABASE_FORMAT) {
            throw new UnitpackError("database.unsupportedFormatVersion",
                `${this.file} has format ${version}; this reader reads ${DATABASE_FORMAT} (${version < DATABASE_FORMAT ? "rebuild the data" : "update the reader, or keep a database of its format"}).`,
                { found: version, supported: DATABASE_FORMAT });
        }
        const pageSize = view.getUint16(16) === 1 ? 65536 : view.getUint16(16);
        if (pageSize !== 1024) throw this.damaged({ case: "pageSize" }, `the header's page size is ${pageSize}, not 1024`);
        const pages = view.getUint32(28);
        if (view.getUint32(92) !== view.getUint32(24) || pages * pageSize !== bytes.length) {
            throw this.damaged({ case: "fileSize", bytes: bytes.length, pages, pageSize },
                `its header states ${pages} pages of ${pageSize} bytes, but the file has ${bytes.length} bytes`);
        }
    }

    /** Every row of `table` (matching `where`), checked: checksum, primary key read once. Returns objects by column name. */
    rows(table, where = "", parameters = []) {
        const { columns, key } = TABLES[table];
        const sql = `SELECT ${[...columns, "crc"].map((c) => `"${c}"`).join(", ")} FROM "${table}" ${where}`;
        const seen = new Set();
        return this.sql.query(sql, parameters).map((cells) => {
            const crc = cells[cells.length - 1];
            const values = cells.slice(0, -1);
            if (crc.type !== 1 || rowChecksum(table, values) !== crc.value) {
                throw this.damaged({ case: "checksumMismatch", table }, `a row of '${table}' does not match its checksum`);
            }
            for (const cell of values) {
                if (cell.type === 3 && cell.value === null) throw this.damaged({ case: "invalidValue", table }, `a text of '${table}' is not UTF-8`);
            }
            const primary = key === 1 ? values[0].value : values.slice(0, key).map((c) => String(c.value)).join("\u0000");
            if (seen.has(primary)) throw this.damaged({ case: "rowReadTwice", table }, `a row of '${table}' was read twice in one query`);
            seen.add(primary);
            const row = { $types: values.map((c) => c.type) };
            for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i].value;
            return row;
        });
    }

    text(bytes, table, column, key) {
        try { return strictUtf8.decode(bytes); } catch { throw this.invalid(table, column, key, "text that is not UTF-8"); }
    }

    invalid(table, column, key, value, kind = "invalidValue") {
        return this.damaged({ case: kind, table, column, key: key === undefined ? undefined : String(key), value: String(value) },
            `'${table}.${column}'${key === undefined ? "" : ` of ${key}`} holds ${JSON.stringify(String(value))}, which the compiler never writes`);
    }

    readMeta() {
        const values = new Map();
        for (const row of this.rows("meta")) {
            if (typeof row.key !== "string" || typeof row.value !== "string") throw this.invalid("meta", "value", row.key, row.value);
            values.set(row.key, row.value);
        }
        const bad = (key) => this.damaged({ case: "meta", key, value: values.get(key) ?? null },
            `the meta row '${key}' is ${values.has(key) ? `out of range (${JSON.stringify(values.get(key))})` : "missing"}`);
        if (values.get("format_version") !== String(DATABASE_FORMAT)) throw bad("format_version");
        this.counts = {};
        for (const [table, key] of [["units", "unit_count"], ["categories", "category_count"], ["languages", "language_count"],
            ["name_blocks", "name_block_count"], ["unit_words", "unit_word_count"], ["clusters", "cluster_count"],
            ["phrase_words", "phrase_word_count"], ["relations", "relation_count"], ["compounds", "compound_count"],
            ["left_out_names", "left_out_name_count"], ["names", "name_count"]]) {
            const text = values.get(key);
            if (!/^(0|[1-9][0-9]*)$/.test(text ?? "") || !isCount(Number(text))) throw bad(key);
            this.counts[table] = Number(text);
        }
        const hash = values.get("source_hash");
        if (!/^[0-9a-f]{64}$/.test(hash ?? "")) throw bad("source_hash");
        if (!values.has("generator")) throw bad("generator");
        this.dataVersion = Object.freeze({ formatVersion: DATABASE_FORMAT, sourceHash: hash, generator: values.get("generator") });
    }

    whole(table, rows) {
        if (rows.length !== this.counts[table]) {
            throw this.damaged({ case: "countMismatch", table, found: rows.length, stated: this.counts[table] },
                `'${table}' has ${rows.length} rows where meta states ${this.counts[table]}`);
        }
        return rows;
    }

    // The categories, units and languages, read whole and checked at open
    // (a few thousand rows: milliseconds), so that a lookup by key or id,
    // a conversion and a search result need no query.
    readTables() {
        this.categories = new Map();
        this.categoryByKey = new Map();
        for (const row of this.whole("categories", this.rows("categories"))) {
            if (!isID(row.id)) throw this.invalid("categories", "id", row.key, row.id, "invalidID");
            if (!isID(row.base_unit)) throw this.invalid("categories", "base_unit", row.key, row.base_unit, "invalidID");
            if (!isCount(row.cluster_rows)) throw this.invalid("categories", "cluster_rows", row.key, row.cluster_rows, "invalidCount");
            if (typeof row.key !== "string" || !row.key) throw this.invalid("categories", "key", row.id, row.key, "emptyText");
            const category = { id: row.id, key: row.key, displayOrder: row.display_order, baseUnit: row.base_unit, dimension: row.dimension, clusterRows: row.cluster_rows };
            this.categories.set(row.id, category);
            this.categoryByKey.set(row.key, category);
        }
        this.units = new Map();
        this.byKey = new Map();
        for (const row of this.whole("units", this.rows("units"))) this.addUnit(row);
        for (const category of this.categories.values()) {
            const base = this.units.get(category.baseUnit);
            if (!base) throw this.damaged({ case: "missingRow", table: "units", key: String(category.baseUnit), namedBy: "categories" }, `the base unit ${category.baseUnit} of '${category.key}' is missing`);
        }
        this.languages = new Map();
        for (const row of this.whole("languages", this.rows("languages", "ORDER BY code"))) this.addLanguage(row);
    }

    addUnit(row) {
        const id = row.id;
        if (!isID(id)) throw this.invalid("units", "id", id, id, "invalidID");
        const category = this.categories.get(row.category);
        if (!category) throw this.damaged({ case: "missingRow", table: "categories", key: String(row.category), namedBy: "units" }, `the category ${row.category} of unit ${id} is missing`);
        if (typeof row.name !== "string" || !row.name) throw this.invalid("units", "name", id, row.name, "emptyText");
        if (typeof row.symbols !== "string" || row.symbols.split("\t").some((s) => s === "") && row.symbols !== "") throw this.invalid("units", "symbols", id, row.symbols);
        if (!Number.isInteger(row.flags) || row.flags < 0 || row.flags > 15) throw this.invalid("units", "flags", id, row.flags, "unknownValue");
        if (!Number.isInteger(row.tier) || row.tier < 0 || row.tier > 2) throw this.invalid("units", "tier", id, row.tier);
        if (!SYSTEMS.has(row.system)) throw this.invalid("units", "system", id, row.system, "unknownValue");
        if (typeof row.priority !== "number" || !Number.isFinite(row.priority)) throw this.invalid("units", "priority", id, row.priority);
        if (typeof row.usage !== "string" || (row.usage && !USAGE.test(row.usage))) throw this.invalid("units", "usage", id, row.usage);
        const formula = (row.flags & 2) !== 0;
        let toBaseTree = null, fromBaseTree = null;
        if (formula) {
            if (row.factor !== null || typeof row.to_base !== "string" || typeof row.from_base !== "string") {
                throw this.damaged({ case: "unreadableFormula", unit: String(id) }, `the formulas of unit ${id} do not parse, or it has a factor`);
            }
            try {
                toBaseTree = parseFormula(row.to_base);
                fromBaseTree = parseFormula(row.from_base);
            } catch (error) {
                throw this.damaged({ case: "unreadableFormula", unit: String(id) }, `the formulas of unit ${id} do not parse (${error.message})`);
            }
        } else {
            if (row.$types[4] !== 2 || !isNormalPositive(row.factor)) throw this.invalid("units", "factor", id, row.factor);
            if (row.to_base !== null || row.from_base !== null) throw this.damaged({ case: "unreadableFormula", unit: String(id) }, `unit ${id} has a factor and formulas`);
        }
        const unit = Object.freeze({
            id, key: `${category.key}/${row.name}`, category: category.key, name: row.name,
            symbols: Object.freeze(row.symbols ? row.symbols.split("\t") : []),
            factor: formula ? null : row.factor, toBase: row.to_base, fromBase: row.from_base,
            inverse: (row.flags & 1) !== 0, formula, siPrefixes: (row.flags & 4) !== 0, binaryPrefixes: (row.flags & 8) !== 0,
            priority: row.priority, system: row.system, tier: row.tier, usage: row.usage,
            toBaseTree, fromBaseTree,
        });
        if (this.units.has(id) || this.byKey.has(unit.key)) throw this.damaged({ case: "rowReadTwice", table: "units" }, `unit ${unit.key} twice`);
        this.units.set(id, unit);
        this.byKey.set(unit.key, unit);
    }

    addLanguage(row) {
        const code = row.code;
        const bad = (column, kind) => this.invalid("languages", column, code, row[column], kind);
        if (typeof code !== "string" || !code) throw bad("code", "emptyText");
        for (const column of ["decimal_separator", "group_separator", "name", "minus_sign"]) {
            if (typeof row[column] !== "string" || !row[column]) throw bad(column, "emptyText");
        }
        for (const column of ["long_pattern", "short_pattern"]) {
            if (typeof row[column] !== "string" || !once(row[column], "{0}") || !once(row[column], "{1}")) throw bad(column);
        }
        for (const column of ["primary_grouping", "secondary_grouping"]) if (!Number.isInteger(row[column]) || row[column] < 1 || row[column] > 9) throw bad(column);
        if (!Number.isInteger(row.minimum_grouping_digits) || row.minimum_grouping_digits < 1 || row.minimum_grouping_digits > 4) throw bad("minimum_grouping_digits");
        if (row.complete !== 0 && row.complete !== 1) throw bad("complete");
        for (const column of ["phrase_word_lines", "compound_rows"]) if (!isCount(row[column])) throw bad(column, "invalidCount");
        for (const column of ["native_numbering", "native_digits", "native_decimal", "native_group", "native_minus", "latn_regions", "region_separators", "region_grouping"]) {
            if (typeof row[column] !== "string") throw bad(column);
        }
        let rules;
        try { rules = new PluralRules(row.plural_rules); } catch (error) {
            throw this.damaged({ case: "unreadablePluralRules", language: code, error: error.message }, `the plural rules of '${code}' do not parse (${error.message})`);
        }
        const latn = { decimal: row.decimal_separator, group: row.group_separator, minus: row.minus_sign, digits: null,
            primary: row.primary_grouping, secondary: row.secondary_grouping, minimum: row.minimum_grouping_digits };
        let native = null;
        if (row.native_numbering) {
            const digits = Array.from(row.native_digits);
            if (digits.length !== 10) throw bad("native_digits");
            for (const column of ["native_decimal", "native_group", "native_minus"]) if (!row[column]) throw bad(column, "emptyText");
            native = { ...latn, decimal: row.native_decimal, group: row.native_group, minus: row.native_minus, digits };
        }
        const separators = new Map();
        for (const entry of row.region_separators ? row.region_separators.split(" ") : []) {
            const parts = entry.split(":");
            if (parts.length !== 3 || !parts[0] || Array.from(parts[1]).length !== 1 || Array.from(parts[2]).length !== 1) throw bad("region_separators");
            separators.set(parts[0], [parts[1], parts[2]]);
        }
        const grouping = new Map();
        for (const entry of row.region_grouping ? row.region_grouping.split(" ") : []) {
            const m = /^([^:]+):([1-9])(?:,([1-9]))?:([1-4])$/.exec(entry);
            if (!m) throw bad("region_grouping");
            grouping.set(m[1], [Number(m[2]), Number(m[3] ?? m[2]), Number(m[4])]);
        }
        this.languages.set(code, Object.freeze({
            code, name: row.name, complete: row.complete === 1, symbols: native ?? latn, latn, native,
            latnRegions: row.latn_regions ? row.latn_regions.split(" ") : [], regionSeparators: separators, regionGrouping: grouping,
            rules, long: row.long_pattern, short: row.short_pattern,
        }));
    }

    // docs/manifest.md: the database must be the one the manifest describes.
    checkAgainst(manifest, where) {
        const mismatch = (key, stated, found) => new UnitpackError("generation.databaseMismatch",
            `${where}:${manifest.lines[key]}: ${key}: the manifest says ${stated}, but ${this.file} holds ${found}: the manifest and the database are from different builds${REBUILD}.`,
            { key, stated, found });
        if (manifest["source-sha256"] !== this.dataVersion.sourceHash) throw mismatch("source-sha256", manifest["source-sha256"], this.dataVersion.sourceHash);
        const codes = [...this.languages.keys()];
        const stated = manifest.languages;
        if (codes.length !== stated.length || stated.some((c) => !this.languages.has(c))) throw mismatch("languages", stated.join(" "), codes.join(" "));
        if (manifest.categories) {
            const keys = [...this.categoryByKey.keys()];
            if (keys.length !== manifest.categories.length || manifest.categories.some((k) => !this.categoryByKey.has(k))) {
                throw mismatch("categories", manifest.categories.join(" "), keys.join(" "));
            }
        }
    }

    // ------------------------------------------------------------ units

    unitByID(id, namedBy) {
        const unit = this.units.get(id);
        if (!unit) {
            if (namedBy) throw this.damaged({ case: "missingRow", table: "units", key: String(id), namedBy }, `unit ${id}, which ${namedBy} names, is missing`);
            throw new UnitpackError("database.unknownUnit", `There is no unit ${id} in this data.`, { unit: String(id) });
        }
        return unit;
    }

    async unit(which) {
        if (which && typeof which === "object" && this.units.get(which.id) === which) return which;
        if (typeof which === "number") return this.unitByID(which);
        if (typeof which !== "string") throw new TypeError("a unit is a key, an id, a name or a unit of this database");
        const byKey = this.byKey.get(which);
        if (byKey) return byKey;
        const found = await this.candidates(which);
        if (found.length === 0) throw new UnitpackError("database.unknownUnit", `No unit is named '${which}'.`, { unit: which });
        if (found.length > 1) {
            throw new UnitpackError("database.ambiguousUnit", `'${which}' names several units: ${found.map((u) => u.key).join(", ")}.`,
                { unit: which, candidates: found.map((u) => u.key) });
        }
        return found[0];
    }

    // docs/database.md, name_blocks, "A lookup": the block that covers the
    // key, checked, and the names of the key in it.
    async block(key) {
        // A block kept covers the keys from its first up to its next (the
        // next block's first, which its checked row states): no query for
        // those, where each lookup asked SQLite again (most of a conversion by name).
        for (const [number, kept] of this.blocks) {
            if (compareText(key, kept.first) >= 0 && (kept.next === null || compareText(key, kept.next) < 0)) {
                this.blocks.delete(number);
                this.blocks.set(number, kept);
                return this.covering(kept, key);
            }
        }
        const [found] = this.sql.query("SELECT block FROM name_blocks WHERE first <= ? ORDER BY first DESC LIMIT 1", [key]);
        if (!found || found[0].type !== 1) throw this.damaged({ case: "hiddenKey", table: "name_blocks" }, "a name lookup found no block of 'name_blocks'");
        const number = found[0].value;
        if (this.blocks.has(number)) {
            const cached = this.blocks.get(number);
            this.blocks.delete(number);
            this.blocks.set(number, cached);
            return this.covering(cached, key);
        }
        const rows = this.rows("name_blocks", "WHERE block = ?", [number]);
        if (rows.length !== 1 || rows[0].block !== number) throw this.damaged({ case: "wrongKey", table: "name_blocks", asked: String(number), found: String(rows[0]?.block) }, `block ${number} of 'name_blocks' was not found`);
        const row = rows[0];
        if (typeof row.first !== "string" || (row.next !== null && typeof row.next !== "string")) throw this.invalid("name_blocks", "first", number, row.first);
        if (!Number.isInteger(row.size) || row.size < 1 || row.size > NAME_BLOCK_MAX_SIZE || !(row.entries instanceof Uint8Array)) throw this.invalid("name_blocks", "size", number, row.size);
        const text = await inflateZlib(row.entries, row.size);
        if (!text) throw this.invalid("name_blocks", "entries", number, "a stream that does not inflate to its size");
        const lines = this.text(text, "name_blocks", "entries", number).split("\n");
        const names = new Map();
        let previous = null;
        for (const line of lines) {
            const fields = line.split("\t");
            if (fields.length !== 5 || !/^[1-9][0-9]*$/.test(fields[1]) || !/^[0-5]$/.test(fields[2])) throw this.invalid("name_blocks", "entries", number, line);
            const [folded, unitText, kindText, lang, stored] = fields;
            if (stored === folded) throw this.invalid("name_blocks", "entries", number, line);
            if (compareText(folded, row.first) < 0 || (row.next !== null && compareText(folded, row.next) >= 0)) throw this.invalid("name_blocks", "entries", number, line);
            if (previous !== null && compareText(previous, folded) > 0) throw this.invalid("name_blocks", "entries", number, line);
            previous = folded;
            const unit = Number(unitText);
            if (!isID(unit)) throw this.invalid("name_blocks", "entries", number, line, "invalidID");
            if (!names.has(folded)) names.set(folded, []);
            names.get(folded).push({ unit, kind: Number(kindText), language: lang, stored });
        }
        const block = { number, first: row.first, next: row.next, names };
        this.blocks.set(number, block);
        if (this.blocks.size > 64) this.blocks.delete(this.blocks.keys().next().value);
        return this.covering(block, key);
    }

    covering(block, key) {
        if (compareText(key, block.first) < 0 || (block.next !== null && compareText(key, block.next) >= 0)) {
            throw this.damaged({ case: "hiddenKey", table: "name_blocks" }, `block ${block.number} of 'name_blocks' does not cover the key`);
        }
        return block.names.get(key) ?? [];
    }

    /** The units a name or symbol names at its best rank, by priority then id (the Swift runtime's `candidates(for:)`). */
    async candidates(text) {
        // Kept by the text asked (the data never changes under an open
        // reader), a copy handed out: a converter asks the same names again and again.
        const known = this.named.get(text);
        if (known) return known.slice();
        const found = await this.candidatesRead(text);
        this.named.set(text, found);
        if (this.named.size > 256) this.named.delete(this.named.keys().next().value);
        return found.slice();
    }

    async candidatesRead(text) {
        const folded = fold(text);
        const entries = await this.block(folded);
        const scored = new Map();
        let withoutAccents = false;
        for (const entry of entries) {
            let exact = false;
            if (entry.kind === 5) withoutAccents = true;
            else exact = (entry.stored === "" ? folded : entry.stored) === text;
            const score = exact ? (entry.kind === 1 ? 3 : 2) : 1;
            scored.set(entry.unit, Math.max(scored.get(entry.unit) ?? 0, score));
        }
        // A key of words typed without their accents only: no name (the phrase reader's guess).
        if (withoutAccents || scored.size === 0) return [];
        const best = Math.max(...scored.values());
        return [...scored].filter(([, s]) => s === best).map(([id]) => this.unitByID(id, "a name"))
            .sort((a, b) => b.priority - a.priority || a.id - b.id);
    }

    // ------------------------------------------------------------ conversion

    relations() {
        if (this.relationRows) return this.relationRows;
        const rows = this.whole("relations", this.rows("relations", "ORDER BY kind, first, second"));
        for (const row of rows) {
            if (!isID(row.first) || !isID(row.second)) throw this.invalid("relations", "first", row.kind, row.first, "invalidID");
            if (row.kind === "same" ? !isNormalPositive(row.factor) : row.factor !== null) throw this.invalid("relations", "factor", row.kind, row.factor);
        }
        this.relationRows = rows;
        return rows;
    }

    // The factor of a `same` relation between the units' categories, or null.
    sameFactor(from, to) {
        const a = this.categoryByKey.get(from.category).id, b = this.categoryByKey.get(to.category).id;
        if (a === b) return 1;
        for (const row of this.relations()) {
            if (row.kind !== "same") continue;
            // The Swift runtime multiplies by the reciprocal for a row (B, A) (RelationTable.factor).
            if (row.first === a && row.second === b) return row.factor;
            if (row.first === b && row.second === a) return 1 / row.factor;
        }
        return null;
    }

    crossCategoryFactor(from, to) {
        const factor = this.sameFactor(from, to);
        if (factor !== null) return factor;
        const differences = this.relations().filter((r) => r.kind === "difference").map((r) => [this.units.get(r.first), this.units.get(r.second)]);
        const separates = differences.some(([abs, diff]) => abs && diff && ((abs.category === from.category && diff.category === to.category) || (abs.category === to.category && diff.category === from.category)));
        if (separates) {
            const fromIsAbsolute = differences.some(([abs]) => abs && abs.category === from.category);
            const absolute = fromIsAbsolute ? from : to;
            const row = differences.find(([abs]) => abs && abs.id === absolute.id);
            if (row) {
                const difference = row[1];
                const differenceFrom = fromIsAbsolute ? difference.name : from.name, differenceTo = fromIsAbsolute ? to.name : difference.name;
                throw new UnitpackError("database.absoluteAndDifference",
                    `${from.name} and ${to.name} do not convert: one is a point on a scale and the other a difference; convert ${differenceFrom} to ${differenceTo} instead.`,
                    { from: from.name, to: to.name, differenceFrom, differenceTo });
            }
        }
        throw new UnitpackError("database.incompatibleUnits", `${from.name} (${from.category}) and ${to.name} (${to.category}) do not convert into each other.`,
            { from: from.name, fromCategory: from.category, to: to.name, toCategory: to.category });
    }

    /** docs/database.md, "Conversion": through the base unit (and a `same` relation's factor). */
    convertUnits(value, from, to) {
        const factor = from.category === to.category ? null : this.crossCategoryFactor(from, to);
        try {
            let base = toBase(from, value);
            if (factor !== null) base = normal(finite(base * factor), base);
            return fromBase(to, base);
        } catch (error) {
            if (error instanceof EvaluationError) throw conversionFailed(error.kind);
            throw error;
        }
    }

    // docs/database.md, "Mixed quantities" (the Swift runtime's `split`).
    split(value, unit, units, rounding = "whole") {
        const invalid = (problem, sentence) => new UnitpackError("database.invalidMixedQuantity", `${sentence}.`, { problem });
        if (units.length === 0) throw invalid("noUnits", "A mixed quantity needs at least one unit");
        const ratios = [];
        let previous = 0;
        units.forEach((part, index) => {
            if (part.category !== unit.category) {
                throw new UnitpackError("database.incompatibleUnits", `${unit.name} (${unit.category}) and ${part.name} (${part.category}) do not convert into each other.`);
            }
            if (part.formula || part.inverse) throw invalid("notProportional", `${part.key} is not a multiple of its base unit`);
            if (index > 0) {
                const ratio = previous / part.factor, whole = Math.round(ratio);
                if (!(ratio > 1 + 1e-9)) throw invalid("notDescending", `${units[index - 1].key} is not larger than ${part.key}`);
                if (!(Math.abs(ratio - whole) <= 1e-9 * whole) || whole > 2 ** 53) throw invalid("notWholeMultiple", `${units[index - 1].key} is not a whole number of ${part.key}`);
                ratios.push(whole);
            }
            previous = part.factor;
        });
        let mode = "whole", steps = 1, digits = 0;
        if (rounding === "whole") mode = "whole";
        else if (rounding && Number.isInteger(rounding.significantDigits)) {
            mode = "digits"; digits = rounding.significantDigits;
            if (digits < 1 || digits > 17) throw invalid("significantDigits", `${digits} significant digits are not 1 to 17`);
        } else if (rounding && [2, 4, 8, 16, 32, 64].includes(rounding.fraction)) { mode = "fraction"; steps = rounding.fraction; }
        else throw invalid("fractionDenominator", "a fraction's denominator must be one of 2, 4, 8, 16, 32, 64");
        let smallest;
        if (unit.id === units[units.length - 1].id) {
            if (!Number.isFinite(value)) throw conversionFailed(Number.isNaN(value) ? "not-finite" : "overflow");
            if (value !== 0 && Math.abs(value) < LEAST_NORMAL) throw conversionFailed("underflow");
            smallest = value;
        } else {
            try {
                const b = toBase(unit, value);
                normalValue(b);
                smallest = normal(finite(b / previous), b);
            } catch (error) {
                if (error instanceof EvaluationError) throw conversionFailed(error.kind);
                throw error;
            }
        }
        const magnitude = Math.abs(smallest);
        const lastRatio = ratios.length ? ratios[ratios.length - 1] : null;
        let last, above = 0;
        if (mode !== "digits") {
            // Halves away from zero: Math.round on a value that is not negative.
            const rounded = Math.round(magnitude * steps) / steps;
            if (lastRatio !== null) {
                const whole = Math.floor(rounded);
                const lastWhole = whole % lastRatio;
                last = lastWhole + (rounded - whole);
                above = Math.floor((whole - lastWhole) / lastRatio);
            } else last = rounded;
        } else if (lastRatio !== null) {
            const raw = magnitude % lastRatio;
            above = Math.floor((magnitude - raw) / lastRatio);
            last = roundToSignificant(raw, digits);
            if (last >= lastRatio) { last = 0; above += 1; }
        } else last = roundToSignificant(magnitude, digits);
        const values = new Array(ratios.length + 1).fill(0);
        values[ratios.length] = last;
        if (ratios.length > 0) {
            for (let index = ratios.length - 1; index > 0; index--) {
                const ratio = ratios[index - 1];
                const part = above % ratio;
                values[index] = part;
                above = Math.floor((above - part) / ratio);
            }
            values[0] = above;
        }
        let fraction = null;
        if (mode === "fraction") {
            let numerator = Math.round((last - Math.floor(last)) * steps), denominator = steps;
            if (numerator > 0 && numerator < denominator) {
                while (numerator % 2 === 0) { numerator /= 2; denominator /= 2; }
                fraction = { numerator, denominator };
            }
        }
        return {
            parts: units.map((u, i) => ({ value: values[i], unit: u })),
            negative: smallest < 0 && values.some((v) => v !== 0), fraction,
        };
    }

    // ------------------------------------------------------------ languages and words

    /** The database's language for a BCP 47 tag and the number symbols of its region (docs/database.md, "Formatting a number"). */
    resolve(tag) {
        let candidate = tag.replaceAll("_", "-").toLowerCase();
        const byFolded = new Map([...this.languages.keys()].map((c) => [c.toLowerCase(), c]));
        while (!byFolded.has(candidate)) {
            if (!candidate.includes("-")) {
                throw new UnitpackError("database.unknownLanguage", `There is no language '${tag}'; this data has ${[...this.languages.keys()].sort().join(", ")}.`,
                    { language: tag, available: [...this.languages.keys()] });
            }
            candidate = candidate.slice(0, candidate.lastIndexOf("-"));
        }
        const code = byFolded.get(candidate), language = this.languages.get(code);
        let region = null;
        for (const subtag of tag.replaceAll("_", "-").split("-").slice(1)) {
            if (/^[A-Za-z]{2}$/.test(subtag) || /^[0-9]{3}$/.test(subtag)) { region = subtag.toUpperCase(); break; }
        }
        if (language.native && !language.latnRegions.includes(region)) return { code, symbols: language.native };
        const symbols = { ...language.latn };
        if (language.regionSeparators.has(region)) [symbols.decimal, symbols.group] = language.regionSeparators.get(region);
        if (language.regionGrouping.has(region)) [symbols.primary, symbols.secondary, symbols.minimum] = language.regionGrouping.get(region);
        return { code, symbols };
    }

    /**
     * { language: { form: text } }: a unit's part of its unit_words row (the row whose `first` is the
     * greatest not after the unit), the row inflated to its size, its parts (a line `#` and a unit's id,
     * in order from `first` to `last`) and the unit's lines read as the format says.
     */
    async unitWords(unit) {
        const cached = this.words.get(unit.id);
        if (cached) return cached;
        const rows = this.rows("unit_words", "WHERE first <= ? ORDER BY first DESC LIMIT 1", [unit.id]);
        if (rows.length !== 1 || rows[0].first > unit.id || rows[0].last < unit.id) {
            throw this.damaged({ case: "missingRow", table: "unit_words", key: String(unit.id), namedBy: "units" }, `unit ${unit.id} is in no row of 'unit_words'`);
        }
        const { first, last, size, words } = rows[0];
        if (!Number.isInteger(size) || size < 0 || size > UNIT_WORDS_MAX_SIZE || !(words instanceof Uint8Array)) throw this.invalid("unit_words", "size", first, size);
        const inflated = await inflateZlib(words, size);
        if (!inflated) throw this.invalid("unit_words", "words", first, "a stream that does not inflate to its size");
        let part = null, current = null;
        for (const line of this.text(inflated, "unit_words", "words", first).split("\n")) {
            if (line.startsWith("#")) {
                const digits = line.slice(1);
                const id = /^[1-9][0-9]{0,9}$/.test(digits) ? Number(digits) : null;
                if (id === null || id > last || (current === null ? id !== first : id <= current)) {
                    throw this.invalid("unit_words", "words", first, `unit line '${line}' out of order, twice or outside the row's units`);
                }
                current = id;
                if (id === unit.id) part = [];
            } else if (current === null) {
                throw this.invalid("unit_words", "words", first, "words before any unit's line");
            } else if (current === unit.id) {
                part.push(line);
            }
        }
        if (current !== last) throw this.invalid("unit_words", "words", first, `parts that do not run from unit ${first} to unit ${last}`);
        if (part === null) {
            throw this.damaged({ case: "missingRow", table: "unit_words", key: String(unit.id), namedBy: "units" }, `unit ${unit.id} has no part in its row of 'unit_words'`);
        }
        const result = new Map();
        let language = null, lastForm = null;
        const bad = (line) => this.invalid("unit_words", "words", unit.id, line);
        for (const line of part) {
            const tab = line.indexOf("\t");
            if (tab < 0) {
                if (!line || (language !== null && (result.get(language).size === 0 || compareText(language, line) >= 0))) throw bad(line);
                language = line;
                lastForm = null;
                result.set(language, new Map());
                continue;
            }
            const form = line.slice(0, tab), value = line.slice(tab + 1);
            if (language === null || !form || !value || value.includes("\t") || (lastForm !== null && compareText(lastForm, form) >= 0)) throw bad(line);
            if (!/^(display|zero|one|two|few|many|other|symbol|composed|(long|short):(zero|one|two|few|many|other)|case:[^:]+:(zero|one|two|few|many|other))$/.test(form)) {
                throw this.invalid("unit_words", "words", unit.id, form, "unknownValue");
            }
            if (/^(long|short):/.test(form) && (value.split("{0}").length > 2 || value.includes("{1}") || !value.trim())) throw bad(line);
            result.get(language).set(form, value);
            lastForm = form;
        }
        if (language !== null && result.get(language).size === 0) throw bad(language);
        this.words.set(unit.id, result);
        if (this.words.size > 2048) this.words.delete(this.words.keys().next().value);
        return result;
    }

    // The language of the words and its forms: the language's, else
    // English's, else none (docs/database.md, unit_words).
    async names(unit, language) {
        const words = await this.unitWords(unit);
        for (const code of [language, "en"]) {
            const forms = words.get(code);
            if (forms && forms.size) {
                const rules = this.languages.get(code)?.rules;
                if (!rules) throw this.damaged({ case: "missingRow", table: "languages", key: code, namedBy: "unit_words" }, `the language '${code}' of unit ${unit.id}'s words is missing`);
                for (const form of ["display", ...rules.categories]) {
                    if (!forms.has(form)) {
                        throw this.damaged({ case: "missingWords", unit: String(unit.id), language: code, form }, `unit ${unit.id} has no '${form}' form in ${code}`);
                    }
                }
                return { language: code, forms };
            }
            if (this.languages.get(code)?.complete) {
                throw this.damaged({ case: "missingWords", unit: String(unit.id), language: code }, `unit ${unit.id} has no words in the complete language ${code}`);
            }
        }
        return { language: null, forms: new Map() };
    }

    /** docs/database.md: the number as `tag` writes it, its plural category, and the long and short forms. */
    async format(value, unit, tag, { significantDigits = 6, minimumFractionDigits = 0, grouping = true } = {}) {
        const { code, symbols } = this.resolve(tag);
        const number = formatNumber(value, symbols, { significantDigits, minimumFractionDigits, grouping });
        return this.place(number, unit, code);
    }

    async place(number, unit, code) {
        const names = await this.names(unit, code);
        const rulesLanguage = this.languages.get(names.language ?? "en") ?? this.languages.get(code);
        const category = rulesLanguage.rules.category(number.plural);
        const text = number.text;
        const placed = (pattern, word) => pattern.replace("{1}", () => word).replace("{0}", () => text);
        if (names.language === null) {
            const long = placed(rulesLanguage.long, unit.name);
            return { number: text, category, nameLanguage: "en", long, short: long };
        }
        const forms = names.forms;
        const word = forms.get(category) ?? forms.get("other") ?? forms.get("display");
        const long = forms.has(`long:${category}`) ? forms.get(`long:${category}`).replace("{0}", () => text) : placed(rulesLanguage.long, word);
        const symbol = forms.get("symbol") ?? unit.symbols[0] ?? null;
        let short;
        if (forms.has(`short:${category}`)) short = forms.get(`short:${category}`).replace("{0}", () => text);
        else if (symbol !== null) short = MARKS.has(symbol) ? text + symbol : placed(rulesLanguage.short, symbol);
        else short = long;
        return { number: text, category, nameLanguage: names.language, long, short };
    }

    /** A mixed quantity written in `tag` (the Swift runtime's `format(_:language:grouping:)`). */
    async formatMixed(quantity, tag, { grouping = true } = {}) {
        const { code, symbols } = this.resolve(tag);
        const nonZero = quantity.parts.map((p, i) => (p.value !== 0 ? i : -1)).filter((i) => i >= 0);
        const shown = nonZero.length ? nonZero : [quantity.parts.length - 1];
        const parts = [];
        for (const [index, partIndex] of shown.entries()) {
            const { value, unit } = quantity.parts[partIndex];
            const number = formatNumber(value, symbols, { significantDigits: 17, grouping });
            if (quantity.fraction && index === shown.length - 1) {
                const whole = Math.floor(value);
                let text = nativeDigits(`${quantity.fraction.numerator}/${quantity.fraction.denominator}`, symbols.digits);
                if (whole !== 0) text = formatNumber(whole, symbols, { significantDigits: 17, grouping }).text + " " + text;
                number.text = text;
            }
            if (index === 0 && quantity.negative) number.text = symbols.minus + number.text;
            parts.push(await this.place(number, unit, code));
        }
        return { long: parts.map((p) => p.long).join(" "), short: parts.map((p) => p.short).join(" "), parts };
    }

    // ------------------------------------------------------------ preferred units

    // The whole `clusters` table, checked: each row, meta's count, each
    // category's `cluster_rows`, and ranks without a gap.
    clusters() {
        if (this.clusterRows) return this.clusterRows;
        const rows = this.whole("clusters", this.rows("clusters", "ORDER BY category, usage, region, completed, rank"));
        const byCategory = new Map();
        for (const row of rows) {
            const category = this.categories.get(row.category);
            if (!category) throw this.damaged({ case: "missingRow", table: "categories", key: String(row.category), namedBy: "clusters" }, `the category ${row.category} of a preference list is missing`);
            if (!isID(row.unit)) throw this.invalid("clusters", "unit", category.key, row.unit, "invalidID");
            if (typeof row.at_least !== "number" || !Number.isFinite(row.at_least) || !(row.at_least > 0)) throw this.invalid("clusters", "at_least", category.key, row.at_least);
            if (row.completed !== 0 && row.completed !== 1) throw this.invalid("clusters", "completed", category.key, row.completed);
            if (typeof row.usage !== "string" || !USAGE.test(row.usage)) throw this.invalid("clusters", "usage", category.key, row.usage);
            if (typeof row.parts !== "string" || (row.parts !== "" && !/^[1-9][0-9]*( [1-9][0-9]*)*$/.test(row.parts))) throw this.invalid("clusters", "parts", category.key, row.parts);
            const entry = { category: category.key, usage: row.usage, region: row.region, completed: row.completed === 1, rank: row.rank,
                unit: row.unit, atLeast: row.at_least, parts: row.parts ? row.parts.split(" ").map(Number) : [] };
            if (!byCategory.has(category.key)) byCategory.set(category.key, []);
            byCategory.get(category.key).push(entry);
        }
        for (const category of this.categories.values()) {
            const found = byCategory.get(category.key)?.length ?? 0;
            if (found !== category.clusterRows) {
                throw this.damaged({ case: "countMismatch", table: "clusters", key: category.key, found, stated: category.clusterRows },
                    `'${category.key}' has ${found} rows of 'clusters' where it states ${category.clusterRows}`);
            }
        }
        this.usages = new Set(rows.map((r) => r.usage));
        this.clusterRows = byCategory;
        return byCategory;
    }

    // The list for (category, usage, region), as written or completed, by
    // the usage fallback (`road-small`, `road`, `default`) over `regions`.
    preferenceList(category, regions, usage, completed = false) {
        const rows = this.clusters().get(category) ?? [];
        const usages = [usage];
        let current = usage;
        while (current.includes("-")) { current = current.slice(0, current.lastIndexOf("-")); usages.push(current); }
        if (usages[usages.length - 1] !== "default") usages.push("default");
        for (const u of usages) {
            for (const region of regions) {
                const written = rows.filter((r) => r.usage === u && r.region === region && !r.completed);
                if (!written.length) {
                    if (rows.some((r) => r.usage === u && r.region === region)) {
                        throw this.damaged({ case: "completedListAlone", category, usage: u, region }, `the completed list of ${category}, ${u}, ${region} has no list as written`);
                    }
                    continue;
                }
                const completion = completed ? rows.filter((r) => r.usage === u && r.region === region && r.completed) : [];
                const list = completion.length ? completion : written;
                if (!list.every((r, i) => r.rank === i)) throw this.damaged({ case: "rankGap", category, usage: u, region }, `the list of ${category}, ${u}, ${region} has a gap in its ranks`);
                return list;
            }
        }
        return [];
    }

    preferred(entry, value, unit) {
        const first = this.unitByID(entry.unit, "a preference list");
        const units = [first];
        for (const id of entry.parts) {
            const part = this.unitByID(id, "a preference list");
            if (part.category !== first.category) throw this.damaged({ case: "partOfAnotherCategory", unit: first.key, part: part.key }, `${part.key} is a part of ${first.key} of another category`);
            units.push(part);
        }
        return { units, value: this.convertUnits(value, unit, first) };
    }

    // The first entry whose threshold the value reaches (a relative 1e-12
    // below it counts, as in the Swift runtime), else the last.
    chosen(value, unit, list) {
        if (!list.length) return null;
        for (let index = 0; index < list.length - 1; index++) {
            const target = this.unitByID(list[index].unit, "a preference list");
            const converted = this.convertUnits(value, unit, target);
            if (Math.abs(converted) >= list[index].atLeast * (1 - 1e-12)) return { target: this.preferred(list[index], value, unit), index };
        }
        return { target: this.preferred(list[list.length - 1], value, unit), index: list.length - 1 };
    }

    checkedRegion(region) {
        if (/^[A-Za-z]{2}$/.test(region) || /^[0-9]{3}$/.test(region)) return region.toUpperCase();
        throw new UnitpackError("database.invalidRegion", `'${region}' is not a CLDR region code (two letters or three digits).`, { region });
    }

    /** The usages of `category`'s (a key) preference lists: `default` first, then sorted. */
    usagesOf(category) {
        const usages = new Set((this.clusters().get(category) ?? []).map((row) => row.usage));
        return [...usages].sort((a, b) => (a === "default" ? -1 : b === "default" ? 1 : a < b ? -1 : a > b ? 1 : 0));
    }

    checkedUsage(usage) {
        this.clusters();
        if (this.usages.has(usage) || usage === "default") return usage;
        throw new UnitpackError("database.unknownUsage", `No preference list has the usage '${usage}'; the usages are ${[...this.usages].sort().join(", ")}.`,
            { usage, available: [...this.usages].sort() });
    }

    checkedSystem(system) {
        if (!Object.hasOwn(SYSTEM_READERS, system)) {
            throw new UnitpackError("database.unknownSystem", `'${system}' is not a measurement system (metric, imperial, us, uk, historic, none).`, { system });
        }
        return system;
    }

    /** CLDR's choice for a region or a system's reader (lists as written): { units, value } or null. */
    bestTarget(value, unit, { region, system, usage = "default" } = {}) {
        usage = this.checkedUsage(usage);
        let regions;
        if (system !== undefined && system !== null) regions = SYSTEM_READERS[this.checkedSystem(system)];
        else {
            region = this.checkedRegion(region ?? "001");
            regions = region === "001" ? ["001"] : [region, "001"];
        }
        return this.chosen(value, unit, this.preferenceList(unit.category, regions, usage))?.target ?? null;
    }

    /**
     * The converter's guess (docs/database.md; the Swift runtime's
     * `expectedTarget`): { target: { units, value }, usage, usageSource, reader, readerSource } or null.
     */
    expectedTarget(value, unit, { region, system, usage } = {}) {
        if (region !== undefined && region !== null) region = this.checkedRegion(region);
        if (usage !== undefined && usage !== null) usage = this.checkedUsage(usage);
        let chosenUsage = usage ? [usage, "given"] : unit.usage ? [unit.usage, "unit"] : ["default", "default"];
        let reader;
        const regionsOf = (s) => SYSTEM_READERS[s] ?? ["001"];
        if (system !== undefined && system !== null) {
            this.checkedSystem(system);
            reader = [SYSTEM_READER_NAME[system], regionsOf(system), "given"];
        } else if (region && region === PREFERENCE_REGION[unit.system]) {
            reader = [region, regionsOf(unit.system), "given"];
        } else if (region) {
            reader = [region, region === "001" ? ["001"] : [region, "001"], "given"];
        } else {
            const r = unit.system === "metric" ? "US" : "001";
            reader = [r, r === "001" ? ["001"] : [r, "001"], "otherSystem"];
        }
        let chosen = this.chosen(value, unit, this.preferenceList(unit.category, reader[1], chosenUsage[0], true));
        if (!chosen) return null;
        if (chosen.target.units.length === 1 && chosen.target.units[0].id === unit.id && chosenUsage[1] === "unit") {
            const other = this.chosen(value, unit, this.preferenceList(unit.category, reader[1], "default", true));
            if (other && !(other.target.units.length === 1 && other.target.units[0].id === unit.id)) {
                chosen = other;
                chosenUsage = ["default", "default"];
            }
        }
        return { target: chosen.target, usage: chosenUsage[0], usageSource: chosenUsage[1], reader: reader[0], readerSource: reader[2] };
    }
}

function roundToSignificant(value, digits) {
    if (value === 0) return 0;
    const { negative, digits: d, exponent } = roundDigits(value, digits);
    return Number(`${negative ? "-" : ""}0.${d}e${exponent + 1}`);
}

// ---------------------------------------------------------------- the search pack

function packError(file, code, message, details = {}) {
    return new UnitpackError(`search.${code}`, `${file} ${message}; rebuild it (\`unitpack build\`).`, details);
}

class ByteReader {
    constructor(data, start, end, fail) { this.data = data; this.position = start; this.end = end; this.fail = fail; }
    need(n) { if (this.position + n > this.end) throw this.fail(); }
    u8() { this.need(1); return this.data[this.position++]; }
    u16() { this.need(2); const v = this.data[this.position] | (this.data[this.position + 1] << 8); this.position += 2; return v; }
    u32() { this.need(4); const v = new DataView(this.data.buffer, this.data.byteOffset + this.position, 4).getUint32(0, true); this.position += 4; return v; }
    bytes(n) { this.need(n); const v = this.data.subarray(this.position, this.position + n); this.position += n; return v; }
    varint() {
        let value = 0, scale = 1;
        for (let count = 0; count < 10; count++) {
            const byte = this.u8();
            value += (byte & 0x7f) * scale;
            scale *= 128;
            if (!(byte & 0x80)) {
                if (!Number.isSafeInteger(value)) throw this.fail();
                return value;
            }
        }
        throw this.fail();
    }
}

/** search.pack (docs/pack-format.md): the header and tables at open, shards when a query needs them, kept within a byte budget. */
export class SearchPack {
    constructor(data, file, budget = DEFAULT_SEARCH_BUDGET) {
        this.data = data;
        this.file = file;
        const index = (what) => packError(file, "corruptIndex", `has a damaged index (${what})`, { damage: what });
        if (data.length < 32 || String.fromCharCode(...data.subarray(0, 8)) !== "UPSEARCH") throw packError(file, "notAPack", "is not a unitpack search pack");
        const header = new DataView(data.buffer, data.byteOffset, 32);
        const version = header.getUint16(8, true);
        if (version !== PACK_FORMAT || header.getUint16(10, true) !== 32) {
            throw new UnitpackError("search.unsupportedVersion", `${file} has pack format ${version}; this reader reads ${PACK_FORMAT}.`, { found: version, supported: PACK_FORMAT });
        }
        this.keyCount = header.getUint32(12, true);
        this.postingCount = header.getUint32(16, true);
        const shardCount = header.getUint32(20, true), tablesLength = header.getUint32(24, true), tablesCRC = header.getUint32(28, true);
        if (32 + tablesLength > data.length) throw packError(file, "truncated", "is truncated (the tables run past the end)");
        if (crc32(data.subarray(32, 32 + tablesLength)) !== tablesCRC) throw index("the tables' CRC does not match");
        const end = 32 + tablesLength;
        const r = new ByteReader(data, 32, end, () => index("an entry runs past the tables"));
        const text = (bytes, what) => { try { return strictUtf8.decode(bytes); } catch { throw index(`${what} is not UTF-8`); } };
        this.languages = [];
        for (let n = r.u8(), i = 0; i < n; i++) this.languages.push(text(r.bytes(r.u8()), "a language code"));
        // Query rewriting (the forgiving search's, which this reader does not do): checked and kept.
        this.rewriting = this.languages.map(() => {
            const rows = [], pairs = [], per = [];
            for (let n = r.u8(), i = 0; i < n; i++) rows.push(text(r.bytes(r.u8()), "a keyboard row"));
            for (let n = r.u16(), i = 0; i < n; i++) {
                const latin = text(r.bytes(r.u8()), "a transliteration");
                if (!latin || /[^\x00-\x7f]/.test(latin)) throw index("a transliteration's Latin sequence is empty or not ASCII");
                pairs.push([latin, text(r.bytes(r.u8()), "a transliteration")]);
            }
            for (let n = r.u8(), i = 0; i < n; i++) {
                const word = text(r.bytes(r.u8()), "a per word");
                if (!word) throw index("an empty per word");
                per.push(word);
            }
            return { rows, pairs, per };
        });
        this.tableStreams = [];
        const table = (limit) => {
            const raw = r.u32(), compressed = r.u32();
            if (raw > limit) throw index("a table larger than its limit");
            this.tableStreams.push({ raw, stream: r.bytes(compressed) });
        };
        table(1 << 20);
        table(32 << 10);
        this.shards = [];
        for (let i = 0; i < shardCount; i++) {
            const offset = r.u32(), compressed = r.u32(), uncompressed = r.u32(), crc = r.u32();
            const separator = r.bytes(r.u16());
            if (offset < end || offset + compressed > data.length) throw index(`shard ${i} lies outside the file`);
            if (i > 0 && compareBytes(this.shards[i - 1].separator, separator) >= 0) throw index(`the separators do not increase at shard ${i}`);
            this.shards.push({ offset, compressed, uncompressed, crc, separator });
        }
        if (r.position !== end) throw index(`the tables are not ${tablesLength} bytes`);
        this.budget = budget;
        this.cache = new Map();
        this.held = 0;
        this.loading = new Map();
        this.ready = null;
    }

    // The unit table and the dictionary, inflated once (asynchronously).
    async open() {
        if (!this.ready) {
            this.ready = (async () => {
                const index = (what) => packError(this.file, "corruptIndex", `has a damaged index (${what})`, { damage: what });
                const [units, dictionary] = await Promise.all(this.tableStreams.map((t) => inflateZlib(t.stream, t.raw)));
                if (!units || !dictionary) throw index("a table does not inflate to its size");
                const r = new ByteReader(units, 0, units.length, () => index("the unit table is malformed"));
                this.priorities = new Map();
                let previous = 0;
                for (let n = r.varint(), i = 0; i < n; i++) {
                    const delta = r.varint();
                    if (delta <= 0) throw index("unit ids do not increase");
                    previous += delta;
                    this.priorities.set(previous, r.varint());
                }
                if (r.position !== units.length) throw index("bytes after the unit table");
                this.dictionary = dictionary;
                this.dictionaryID = adler32(dictionary);
                this.prefix = dictionary.length ? storedBlocks(dictionary) : new Uint8Array(0);
                this.indexBytes = this.shards.length * 20 + this.shards.reduce((s, x) => s + x.separator.length, 0)
                    + dictionary.length + this.priorities.size * 2 + this.languages.reduce((s, l) => s + l.length, 0);
            })();
            this.ready.catch(() => { this.ready = null; });
        }
        return this.ready;
    }

    /** The shard, from the cache or read, checked, inflated and decoded (kept if it fits the budget). */
    async shard(index) {
        const cached = this.cache.get(index);
        if (cached) {
            this.cache.delete(index);
            this.cache.set(index, cached);
            return cached;
        }
        if (!this.loading.has(index)) {
            const promise = this.loadShard(index).finally(() => this.loading.delete(index));
            this.loading.set(index, promise);
        }
        const shard = await this.loading.get(index);
        if (!this.cache.has(index) && shard.cost <= this.budget - this.indexBytes) {
            this.cache.set(index, shard);
            this.held += shard.cost;
            for (const [key, old] of this.cache) {
                if (this.held <= this.budget - this.indexBytes) break;
                this.cache.delete(key);
                this.held -= old.cost;
            }
        }
        return shard;
    }

    /** Drops every decoded shard (a memory warning). */
    purge() { this.cache.clear(); this.held = 0; }

    async loadShard(index) {
        await this.open();
        const { offset, compressed, uncompressed, crc } = this.shards[index];
        const damage = (what) => packError(this.file, "corruptShard", `has a damaged shard ${index} (${what})`, { shard: index, damage: what });
        const stream = this.data.subarray(offset, offset + compressed);
        const found = crc32(stream);
        if (found !== crc) throw packError(this.file, "corruptIndex", `has a damaged index (shard ${index}: CRC ${found} where the index states ${crc})`, { shard: index });
        if (uncompressed > SHARD_MAX_BYTES) throw damage(`larger than ${SHARD_MAX_BYTES} bytes`);
        // The zlib header, FDICT and DICTID; then the raw deflate data after
        // the dictionary as stored blocks, the Adler-32 trailer left out (the
        // CRC-32 covers every byte): docs/pack-format.md, "Shard".
        const hasDictionary = this.dictionary.length > 0;
        const start = hasDictionary ? 6 : 2;
        if (stream.length < start + 4 || (stream[0] & 0x0f) !== 8 || (stream[0] >> 4) > 7 || ((stream[0] << 8) | stream[1]) % 31 !== 0) throw damage("not a zlib stream");
        if (((stream[1] & 0x20) !== 0) !== hasDictionary) throw damage(hasDictionary ? "no preset dictionary" : "an unexpected preset dictionary");
        if (hasDictionary && new DataView(stream.buffer, stream.byteOffset + 2, 4).getUint32(0) !== this.dictionaryID) throw damage("its DICTID is not the dictionary's");
        const deflate = stream.subarray(start, stream.length - 4);
        const input = new Uint8Array(this.prefix.length + deflate.length);
        input.set(this.prefix, 0);
        input.set(deflate, this.prefix.length);
        const result = await inflateWith("deflate-raw", input, this.dictionary.length + uncompressed);
        if (!result || result.overflow || result.bytes.length !== this.dictionary.length + uncompressed) throw damage(`it does not inflate to ${uncompressed} bytes`);
        if (!(await endsAtEnd("deflate-raw", input))) throw damage("bytes follow the deflate data");
        return this.decode(result.bytes.subarray(this.dictionary.length), damage);
    }

    // docs/pack-format.md, "Shard": the columns, every rule checked.
    decode(raw, damage) {
        const r = new ByteReader(raw, 0, raw.length, () => damage("truncated"));
        const keyCount = r.varint(), unitCount = r.varint();
        if (keyCount < 1 || unitCount < 1) throw damage("no key or no unit");
        const units = [];
        let previous = 0;
        for (let i = 0; i < unitCount; i++) {
            const delta = r.varint();
            if (delta <= 0) throw damage("unit ids do not increase");
            previous += delta;
            units.push(previous);
        }
        // Each key: the bytes it drops from the previous key, one byte below
        // 0x20 (0x1F: a varint of the rest follows), then its suffix up to the
        // next byte below 0x20; 0x00 after the last key.
        const keys = [];
        let previousKey = new Uint8Array(0);
        for (let i = 0; i < keyCount; i++) {
            let drop = r.u8();
            if (drop >= 0x20) throw damage(`a bad drop at key ${i}`);
            if (drop === 0x1f) drop += r.varint();
            let end = r.position;
            while (end < raw.length && raw[end] >= 0x20) end++;
            if (end >= raw.length) throw damage("a key without its end");
            const suffix = raw.subarray(r.position, end);
            const count = previousKey.length - drop;
            if (suffix.length === 0 || count < 0) throw damage(`keys out of order at key ${i}`);
            if (i > 0 && count < previousKey.length && suffix[0] <= previousKey[count]) throw damage(`keys out of order at key ${i}`);
            const key = new Uint8Array(count + suffix.length);
            key.set(previousKey.subarray(0, count), 0);
            key.set(suffix, count);
            r.position = end;
            keys.push(key);
            previousKey = key;
        }
        if (r.u8() !== 0) throw damage("the keys do not end with 0x00");
        const tags = [];
        let postings = 0;
        for (let i = 0; i < keyCount; i++) {
            const list = [];
            for (;;) {
                const tag = r.varint();
                const slot = Math.floor(tag / 32), form = (tag >> 2) & 7, same = (tag >> 1) & 1;
                if (slot > this.languages.length || form === 7 || (same && postings === 0)) throw damage(`a malformed tag at posting ${postings}`);
                list.push([slot, form, same]);
                postings++;
                if (!(tag & 1)) break;
            }
            tags.push(list);
        }
        const decoded = [];
        let unit = null, cost = 64;
        for (let i = 0; i < keyCount; i++) {
            const resolved = [];
            for (const [slot, form, same] of tags[i]) {
                if (!same) {
                    const at = r.varint();
                    if (at >= units.length) throw damage("a unit index past the shard's units");
                    unit = units[at];
                }
                resolved.push({ unit, slot, form });
            }
            decoded.push({ key: keys[i], postings: resolved });
            cost += keys[i].length + 8 + 12 * resolved.length;
        }
        if (r.position !== raw.length) throw damage("bytes after the units column");
        return { keys: decoded, cost };
    }

    /** The matches as typed (exact and prefix), best first: [{ unit (id), key, exact, language }]. */
    async search(text, languages, limit = 20) {
        await this.open();
        const length = utf8.encode(text).length;
        if (length > QUERY_MAX_BYTES) {
            throw new UnitpackError("search.queryTooLong", `A query of ${length} bytes is longer than the ${QUERY_MAX_BYTES} bytes a search reads.`, { bytes: length, limit: QUERY_MAX_BYTES });
        }
        const queryText = normalizeKey(text), query = utf8.encode(queryText);
        if (!query.length || this.shards.length === 0) return [];
        let low = 0, high = this.shards.length;
        while (low < high) {
            const mid = (low + high) >> 1;
            if (compareBytes(this.shards[mid].separator, query) <= 0) low = mid + 1; else high = mid;
        }
        const first = Math.max(low - 1, 0), indexes = [first];
        for (let i = first + 1; i < this.shards.length && startsWith(this.shards[i].separator, query); i++) indexes.push(i);
        const best = new Map();
        const better = (a, b) => {
            for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
            return false;
        };
        const decoder = new TextDecoder();
        for (const index of indexes) {
            const { keys } = await this.shard(index);
            let lo = 0, hi = keys.length;
            while (lo < hi) {
                const mid = (lo + hi) >> 1;
                if (compareBytes(keys[mid].key, query) < 0) lo = mid + 1; else hi = mid;
            }
            for (let k = lo; k < keys.length && startsWith(keys[k].key, query); k++) {
                const { key, postings } = keys[k];
                const exact = key.length === query.length;
                for (const { unit, slot } of postings) {
                    let rank, language = null;
                    if (slot === 0) rank = 0xff;
                    else {
                        language = this.languages[slot - 1];
                        rank = languages.indexOf(language);
                        if (rank < 0) continue;
                    }
                    const order = [exact ? 0 : 1, -(this.priorities.get(unit) ?? 0), rank, key.length, unit];
                    const current = best.get(unit);
                    if (!current || better(order, current.order)) best.set(unit, { order, key, exact, language });
                }
            }
        }
        return [...best.entries()].sort((a, b) => (better(a[1].order, b[1].order) ? -1 : better(b[1].order, a[1].order) ? 1 : 0))
            .slice(0, limit)
            .map(([unit, m]) => ({ unit, key: decoder.decode(m.key), exact: m.exact, language: m.language }));
    }
}
