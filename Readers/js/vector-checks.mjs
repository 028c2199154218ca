// The checks of `unitpack vectors` output against the web reader
// (unitpack-reader.mjs), shared by the Node checker (check-vectors.mjs) and
// the browser's (browser/check-vectors.html, run in headless Chromium by
// check_vectors_browser.py): no Node or DOM API here, only the reader.
//
// Each kind's check takes the file's cases and an open Generation and
// returns { problems, checked = cases.length, notChecked = [] }: what it does
// not check (the forgiving search's corrections; phrases, which stay with
// the Swift runtime) is counted in `notChecked`, never skipped silently.
// `runChecks` runs them in order and reports through `out` / `err` (one
// line each), and returns the exit status: 0, or 1 on any disagreement.
import { UnitpackError } from "./unitpack-reader.mjs";

export const KINDS = ["conversions", "plurals", "formatting", "search", "targets", "phrases"];
const LISTED = 40;

/** The data or a vector file cannot be read (exit status 2). */
export class Unreadable extends Error {}

// Within two units in the last place (docs/vectors.md): a formula may call
// transcendental functions, which V8 and the C library may round differently
// (docs/formulas.md); everything else must agree bit for bit. The distance is
// counted in doubles between the two (their bits as ordered integers), as
// check_vectors.py's same_double counts it.
const bits = new DataView(new ArrayBuffer(8));
function ordered(x) {
    bits.setFloat64(0, x);
    const i = bits.getBigInt64(0);
    return i >= 0n ? i : -(i & 0x7FFFFFFFFFFFFFFFn);
}
export function ulpsApart(a, b) {
    const d = ordered(a) - ordered(b);
    return d < 0n ? -d : d;
}
export function sameDouble(expected, got) {
    return expected === got || (typeof expected === "number" && typeof got === "number" && Number.isFinite(expected)
        && Number.isFinite(got) && ulpsApart(expected, got) <= 2n);
}

const show = (v) => JSON.stringify(v);

/**
 * The vectors of one file, parsed (`text` is the file's UTF-8 text), checked
 * against the generation: the format, version, kind, `source_sha256` and
 * `database_format` (docs/vectors.md). `file` names it in messages.
 * Throws `Unreadable`; returns { file, cases }.
 */
export function vectorFile(text, kind, generation, file) {
    let vectors;
    try { vectors = JSON.parse(text); } catch (error) { throw new Unreadable(`${file}: ${error.message}`); }
    if (vectors?.format !== "unitpack-vectors" || vectors.version !== 1 || vectors.kind !== kind) {
        throw new Unreadable(`${file}: not unitpack vectors of version 1 and kind ${kind}`);
    }
    if (vectors.source_sha256 !== generation.manifest["source-sha256"]) {
        throw new Unreadable(`${file}: written from sources ${String(vectors.source_sha256).slice(0, 16)}, the data is ${generation.manifest["source-sha256"].slice(0, 16)}`);
    }
    if (vectors.database_format !== generation.dataVersion.formatVersion) {
        throw new Unreadable(`${file}: of database format ${vectors.database_format}, the data is ${generation.dataVersion.formatVersion}`);
    }
    if (!Array.isArray(vectors.cases)) throw new Unreadable(`${file}: no cases`);
    return { file, cases: vectors.cases };
}

async function conversions(cases, gen) {
    const problems = [];
    for (const c of cases) {
        const unit = await gen.unit(c.unit), base = await gen.unit(c.base);
        if (unit.id !== c.id) problems.push(`${c.unit}: id ${unit.id}, want ${c.id}`);
        for (const [field, source, target] of [["to_base", unit, base], ["from_base", base, unit]]) {
            const want = c[field];
            let got;
            try { got = gen.database.convertUnits(c.value, source, target); } catch (error) {
                if (!(error instanceof UnitpackError)) throw error;
                got = { error: error.code === "database.conversionFailed" ? error.kind : "other" };
            }
            const disagree = typeof want === "object" || typeof got === "object"
                ? show(want) !== show(got)
                : !(want === got || (unit.formula && sameDouble(want, got)));
            if (disagree) problems.push(`${c.unit} ${field}(${show(c.value)}): want ${show(want)}, got ${show(got)}`);
        }
    }
    return { problems };
}

async function plurals(cases, gen) {
    const problems = [];
    for (const c of cases) {
        const language = gen.database.languages.get(c.language);
        if (!language) { problems.push(`${c.language}: no such language in the database`); continue; }
        if (show(language.rules.categories) !== show(c.categories)) problems.push(`${c.language}: categories ${show(language.rules.categories)}, want ${show(c.categories)}`);
        const got = language.rules.category(c.number);
        if (got !== c.category) problems.push(`${c.language} ${c.number}: want ${c.category}, got ${got}`);
    }
    return { problems };
}

async function formatting(cases, gen) {
    const problems = [];
    for (const c of cases) {
        const got = await gen.format(c.value, c.unit, c.language, {
            significantDigits: c.significant_digits, minimumFractionDigits: c.minimum_fraction_digits, grouping: c.grouping,
        });
        for (const [field, mine] of [["number", "number"], ["category", "category"], ["name_language", "nameLanguage"], ["long", "long"], ["short", "short"]]) {
            if (got[mine] !== c[field]) problems.push(`${c.language} ${c.unit} ${show(c.value)}: ${field} want ${show(c[field])}, got ${show(got[mine])}`);
        }
    }
    return { problems };
}

async function search(cases, gen) {
    const problems = [];
    let withCorrections = 0, corrections = 0;
    for (const c of cases) {
        // Corrections rank after every match as typed: the as-typed ones are a prefix of the list.
        const want = c.results.filter((r) => r.distance === 0).map((r) => [r.unit, r.key, r.exact, r.language]);
        const skipped = c.results.length - want.length;
        if (skipped) { withCorrections++; corrections += skipped; }
        const got = (await gen.search(c.query, { languages: c.languages, limit: c.limit })).map((m) => [m.unit.key, m.key, m.exact, m.language]);
        if (show(got) !== show(want)) problems.push(`${show(c.query)} in ${show(c.languages)}: want ${show(want)}, got ${show(got)}`);
    }
    const notChecked = withCorrections
        ? [`${corrections} corrections (distance > 0) of the forgiving search in ${withCorrections} cases: this reader searches as typed only (their matches as typed are checked)`]
        : [];
    return { problems, notChecked };
}

async function targets(cases, gen) {
    const problems = [];
    for (const c of cases) {
        const unit = await gen.unit(c.unit);
        const request = c.system !== undefined ? { system: c.system, usage: c.usage } : { region: c.region, usage: c.usage };
        const got = gen.database.bestTarget(c.value, unit, request);
        const want = c.target === null ? null : [c.target, c.target_value];
        const mine = got === null ? null : [got.units.map((u) => u.key), got.value];
        const agree = want === null || mine === null ? want === mine
            : show(want[0]) === show(mine[0]) && sameDouble(want[1], mine[1]);
        if (!agree) problems.push(`${show(c.value)} ${c.unit} for ${c.usage} in ${c.region ?? c.system}: want ${show(want)}, got ${show(mine)}`);
    }
    return { problems };
}

async function phrases(cases) {
    return { problems: [], checked: 0, notChecked: [`${cases.length} phrases: reading phrases (docs/phrases.md) stays with the Swift runtime; only the file's header is checked`] };
}

export const CHECKS = { conversions, plurals, formatting, search, targets, phrases };

/**
 * Checks `loaded` ([[kind, { file, cases }], ...]) against `gen`, the kinds
 * in `only`; reports one line at a time through `out` (progress, "ok:",
 * "not checked:") and `err` ("FAIL" and the disagreements, the first 40 of a
 * file and their count). Resolves to { status: 0 | 1, disagreements,
 * files: [{ kind, file, cases, checked, disagreements, notChecked, ms }] }.
 * A UnitpackError raised while checking (damaged data) is thrown.
 */
export async function runChecks(gen, loaded, { only = KINDS, out = console.log, err = console.error, now = () => performance.now() } = {}) {
    let failed = 0;
    const files = [];
    for (const [kind, { file, cases }] of loaded) {
        if (!only.includes(kind)) {
            out(`-- ${file}: ${cases.length} cases not checked (--only)`);
            files.push({ kind, file, cases: cases.length, checked: 0, disagreements: 0, notChecked: [`${cases.length} cases (--only)`], ms: 0 });
            continue;
        }
        const start = now();
        const { problems, checked = cases.length, notChecked = [] } = await CHECKS[kind](cases, gen);
        const ms = now() - start;
        const shown = ms.toFixed(0);
        if (problems.length) {
            failed += problems.length;
            err(`FAIL ${file}: ${checked} cases checked, ${problems.length} disagreements (${shown} ms)`);
            for (const problem of problems.slice(0, LISTED)) err(`  ${problem}`);
            if (problems.length > LISTED) err(`  ... and ${problems.length - LISTED} more`);
        } else if (checked === 0) {
            out(`-- ${file}: the header checked, none of its ${cases.length} cases`);
        } else {
            out(`ok: ${file}: ${checked} cases checked, 0 disagree (${shown} ms)`);
        }
        for (const what of notChecked) out(`   not checked: ${what}`);
        files.push({ kind, file, cases: cases.length, checked, disagreements: problems.length, notChecked, ms });
    }
    return { status: failed ? 1 : 0, disagreements: failed, files };
}
