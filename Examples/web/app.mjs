// The page's code: everything it shows comes from the reader
// (Readers/js/unitpack-reader.mjs) reading the files `unitpack build` wrote.
//
//   index.html?data=URL   the directory holding manifest.tsv and the files it
//                         names (default: ../../dist/, the repository's build,
//                         when the repository's root is served)
//   index.html?lang=ru    the language chosen at load (default: the browser's,
//                         when the data has it, else English)
import { openGeneration, urlFiles, UnitpackError } from "../../Readers/js/unitpack-reader.mjs";

const DEFAULT_DATA = "../../dist/";
const RTL = new Set(["ar", "fa", "he", "ur"]);

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const dataURL = new URL(params.get("data") || DEFAULT_DATA, location.href);
if (!dataURL.pathname.endsWith("/")) dataURL.pathname += "/";

let gen = null;
// Each input event starts a new request; an answer arriving after a newer one
// started is dropped, so a slow answer never overwrites a newer one.
let searchTurn = 0, convertTurn = 0, usageTurn = 0;

function setState(state) { document.body.dataset.state = state; }

function refuse(error) {
    // A refusal replaces every answer: the form is hidden and emptied.
    $("converter").hidden = true;
    $("answer").replaceChildren();
    $("results").replaceChildren();
    $("status").textContent = "The data cannot be used.";
    $("refusal-code").textContent = error instanceof UnitpackError ? error.code : (error?.name ?? "Error");
    $("refusal-message").textContent = error?.message ?? String(error);
    $("refusal").hidden = false;
    setState("refused");
}

function language() { return $("language").value; }

/** The languages to search: the chosen one, then English (the names of units-src/). */
function searchLanguages() {
    const chosen = language();
    return chosen === "en" || !gen.languages.includes("en") ? [chosen] : [chosen, "en"];
}

async function search() {
    const turn = ++searchTurn;
    const text = $("search").value;
    const list = $("results");
    if (text.trim() === "") {
        list.replaceChildren();
        list.dataset.query = text;
        return;
    }
    let found;
    try {
        found = await gen.search(text, { languages: searchLanguages(), limit: 8 });
    } catch (error) {
        if (turn !== searchTurn) return;
        if (error instanceof UnitpackError && error.code.startsWith("search.") && error.code !== "search.queryTooLong") return refuse(error);
        list.replaceChildren(problemItem(error));
        list.dataset.query = text;
        return;
    }
    if (turn !== searchTurn) return;
    // One line per unit: the best match of each.
    const seen = new Set();
    const items = [];
    for (const match of found) {
        if (seen.has(match.unit.id)) continue;
        seen.add(match.unit.id);
        items.push(resultItem(match));
    }
    if (!items.length) {
        const none = document.createElement("li");
        none.className = "none";
        none.textContent = "No unit has a name starting so.";
        items.push(none);
    }
    list.replaceChildren(...items);
    list.dataset.query = text;
}

function resultItem(match) {
    const li = document.createElement("li");
    li.dataset.unit = match.unit.key;
    const name = document.createElement("span");
    name.className = "name";
    name.lang = match.language;
    name.textContent = match.key;
    const key = document.createElement("span");
    key.className = "key";
    const symbol = match.unit.symbols[0];
    key.textContent = ` ${match.unit.key}${symbol ? ` (${symbol})` : ""}`;
    li.append(name, key);
    for (const field of ["from", "to"]) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = field;
        button.setAttribute("aria-label", `Use ${match.key} as “${field}”`);
        button.addEventListener("click", () => { $(field).value = match.unit.key; convert(); });
        li.append(button);
    }
    return li;
}

function problemItem(error) {
    const li = document.createElement("li");
    li.className = "problem";
    li.textContent = error.message;
    return li;
}

/** The value typed: a number in the page's own notation (a point or a comma as the decimal separator). */
function typedValue() {
    const text = $("value").value.trim().replace(/\s/g, "").replace(",", ".");
    if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
    return Number(text);
}

async function convert() {
    const turn = ++convertTurn;
    const lang = language();
    const value = typedValue();
    const from = $("from").value.trim(), to = $("to").value.trim(), region = $("region").value.trim(), usage = $("usage").value;
    let answer = null, note = "", problem = "";
    try {
        if (value === null) problem = "Type a number as the value.";
        else if (!from) problem = "Type or pick a unit to convert from.";
        else if (to) {
            const converted = await gen.convert(value, from, to);
            answer = (await gen.format(converted, await unitOf(from, to), lang)).long;
        } else {
            const request = {};
            if (region) request.region = region;
            if (usage) request.usage = usage;
            const expected = await gen.expectedTarget(value, from, request);
            if (!expected) {
                problem = "No target is expected for this unit; choose one.";
            } else {
                const units = expected.target.units;
                if (units.length === 1) {
                    answer = (await gen.format(expected.target.value, units[0].key, lang)).long;
                } else {
                    const quantity = await gen.split(value, from, units.map((u) => u.key), { rounding: "whole" });
                    answer = (await gen.formatMixed(quantity, lang)).long;
                }
                note = `Expected target (reader ${expected.reader}, usage ${expected.usage})`;
            }
        }
    } catch (error) {
        if (turn !== convertTurn) return;
        if (error instanceof UnitpackError && (error.code === "database.damaged" || error.code === "database.corrupt")) return refuse(error);
        problem = error instanceof UnitpackError ? `${error.message} (${error.code})` : String(error);
    }
    if (turn !== convertTurn) return;
    const out = $("answer");
    if (answer === null) out.replaceChildren();
    else {
        const text = document.createElement("span");
        text.className = "value";
        text.lang = lang;
        text.dir = RTL.has(lang) ? "rtl" : "ltr";
        text.textContent = answer;
        out.replaceChildren(text);
        if (note) {
            const small = document.createElement("span");
            small.className = "note";
            small.textContent = note;
            out.append(small);
        }
    }
    out.dataset.kind = answer === null ? "none" : note ? "expected" : "converted";
    $("problem").textContent = problem;
}

/**
 * The usage selector: "as the unit implies", then the usages the data has
 * preference lists for in the "from" unit's category (`gen.usages`); none
 * when "from" names no unit, or several. The choice is kept when the new
 * category has it too. `data-unit` says which "from" the list is of.
 */
async function refreshUsages() {
    const turn = ++usageTurn;
    const from = $("from").value.trim();
    const usages = from ? await gen.usages(from).catch(() => []) : [];
    if (turn !== usageTurn) return;
    const select = $("usage");
    const chosen = select.value;
    const options = [new Option("as the unit implies", "")];
    for (const usage of usages) options.push(new Option(usage, usage));
    select.replaceChildren(...options);
    select.value = usages.includes(chosen) ? chosen : "";
    select.dataset.unit = from;
}

async function fromChanged() {
    await refreshUsages();
    await convert();
}

/**
 * The target unit of a conversion `from` → `to`, as `convert` paired it: when
 * `to` names several units (`pt`), the one sharing `from`'s category.
 */
async function unitOf(from, to) {
    const targets = await gen.candidates(to).catch(() => []);
    if (targets.length <= 1) return targets[0]?.key ?? to;
    const sources = await gen.candidates(from).catch(() => []);
    if (!sources.length) sources.push(await gen.unit(from));  // a key or an id
    const categories = new Set(sources.map((u) => u.category));
    return (targets.find((u) => categories.has(u.category)) ?? targets[0]).key;
}

async function start() {
    $("data-url").textContent = dataURL.href;
    try {
        gen = await openGeneration(urlFiles(dataURL.href));
    } catch (error) {
        console.error(error);
        return refuse(error);
    }
    const select = $("language");
    for (const code of gen.languages) {
        const option = document.createElement("option");
        option.value = code;
        option.lang = code;
        option.textContent = `${gen.database.languages.get(code)?.name ?? code} (${code})`;
        select.append(option);
    }
    const wanted = [params.get("lang"), ...(navigator.languages ?? [])].filter(Boolean).map((t) => t.split("-")[0].toLowerCase());
    select.value = wanted.find((code) => gen.languages.includes(code)) ?? (gen.languages.includes("en") ? "en" : gen.languages[0]);

    const v = gen.dataVersion;
    $("data-version").textContent = `data version: format ${v.formatVersion}, sources ${v.sourceHash.slice(0, 16)}…, ${v.generator}`;
    $("data-version").title = v.sourceHash;

    $("search").addEventListener("input", search);
    for (const id of ["value", "to", "region"]) $(id).addEventListener("input", convert);
    $("from").addEventListener("input", fromChanged);
    $("usage").addEventListener("change", convert);
    select.addEventListener("change", () => { search(); convert(); });
    $("converter").addEventListener("submit", (event) => event.preventDefault());

    $("status").textContent = `Ready: ${gen.languages.length} languages.`;
    $("converter").hidden = false;
    await refreshUsages();
    await convert();
    // The first answer is on the page (1 mi in km): Scripts/bench reads this
    // mark's time since the navigation began (docs/web.md, "How fast").
    performance.mark("unitpack:first-answer");
    setState("ready");
}

start();
