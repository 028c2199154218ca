// Checks `unitpack vectors` output against the web reader (unitpack-reader.mjs):
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
import { readFile } from "node:fs/promises";
import path from "node:path";
import { directoryFiles, openGeneration, UnitpackError } from "./unitpack-reader.mjs";

const KINDS = ["conversions", "plurals", "formatting", "search", "targets", "phrases"];
const LISTED = 40;

class Unreadable extends Error {}

// Within two units in the last place for a formula's transcendental
// functions (docs/vectors.md; check_vectors.py's same_double).
function sameDouble(expected, got) {
    return expected === got || (typeof got === "number" && Math.abs(expected - got) <= 4e-16 * Math.max(Math.abs(expected), Math.abs(got)));
}

const show = (v) => JSON.stringify(v);

async function load(directory, kind, generation) {
    const file = path.join(directory, `${kind}.json`);
    let vectors;
    try { vectors = JSON.parse(await readFile(file, "utf8")); } catch (error) { throw new Unreadable(`${file}: ${error.message}`); }
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

const CHECKS = { conversions, plurals, formatting, search, targets, phrases };

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
        for (const kind of KINDS) loaded.push([kind, await load(directory, kind, gen)]);
    } catch (error) {
        if (error instanceof UnitpackError || error instanceof Unreadable) { console.error(`error: ${error.message}`); return 2; }
        throw error;
    }
    const opened = performance.now();
    let failed = 0;
    try {
        for (const [kind, { file, cases }] of loaded) {
            if (!only.includes(kind)) { console.log(`-- ${file}: ${cases.length} cases not checked (--only)`); continue; }
            const start = performance.now();
            const { problems, checked = cases.length, notChecked = [] } = await CHECKS[kind](cases, gen);
            const ms = (performance.now() - start).toFixed(0);
            if (problems.length) {
                failed += problems.length;
                console.error(`FAIL ${file}: ${checked} cases checked, ${problems.length} disagreements (${ms} ms)`);
                for (const problem of problems.slice(0, LISTED)) console.error(`  ${problem}`);
                if (problems.length > LISTED) console.error(`  ... and ${problems.length - LISTED} more`);
            } else if (checked === 0) {
                console.log(`-- ${file}: the header checked, none of its ${cases.length} cases`);
            } else {
                console.log(`ok: ${file}: ${checked} cases checked, 0 disagree (${ms} ms)`);
            }
            for (const what of notChecked) console.log(`   not checked: ${what}`);
        }
    } catch (error) {
        if (error instanceof UnitpackError) { console.error(`error: ${error.message}`); return 2; }
        throw error;
    } finally {
        gen.close();
    }
    const end = performance.now();
    console.log(`opened the generation in ${(opened - started).toFixed(0)} ms (vectors read), checked in ${(end - opened).toFixed(0)} ms`);
    return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
