#!/usr/bin/env python3
"""Measure the phrase reader on a blind corpus (issue 36).

Usage: Scripts/lib/measure_blind.py DIST CORPUS.tsv [--unitpack PATH] [--jobs N]

CORPUS.tsv has the columns lang, phrase, value, target, units_expr
(Tests/Blind/blind-1.tsv says how it was written). Each phrase is given to
`unitpack convert --data DIST --json PHRASE`, with no --lang, as a user would
type it, and sorted into one of four kinds:

  right       understood, answered in the named target unit, and the result is
              within 1e-4 (relative) of `value`;
  wrong-unit  understood, answered in another unit, but that answer converted
              to the named target (by unitpack itself) is within 1e-4 of
              `value`: the right quantity in another unit. Counted apart when
              the number shown is `value` itself (`same number`): a unit of
              the target's size under another id, such as the expression `cm`
              the reader composes for an unknown spelling of centimeters;
  wrong       understood, with another value: in the target unit, or in a unit
              whose answer is not `value` in the target (or cannot be converted
              to it): the worst kind, every one listed;
  refused     not understood (understood: false), or an error with no answer.

A right answer whose target the tool guessed (its JSON has `choice`, so the
target was not read from the phrase) is still right, and is counted apart.

The unitpack binary is PATH, else $UNITPACK, else .build/debug/unitpack in the
repository that holds this script. Python standard library only.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import subprocess
import sys
from collections import Counter, OrderedDict

TOLERANCE = 1e-4
# The columns, in order, of a corpus whose first row is data (Tests/Blind/blind-1.tsv says them).
DEFAULT_COLUMNS = ["lang", "phrase", "value", "target", "units_expr"]
LANGUAGES = ["en", "ru", "uk", "de", "fr", "es", "it", "pt", "pl", "ar", "zh", "ja"]
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read_corpus(path):
    rows = []
    header = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if header is None:
                # A corpus written without its header row (blind-4: the
                # columns only in its comments) has the documented five.
                if "phrase" in fields:
                    header = fields
                    continue
                header = DEFAULT_COLUMNS
            if len(fields) != len(header):
                sys.exit(f"{path}:{number}: {len(fields)} fields, the header has {len(header)}")
            row = dict(zip(header, fields))
            row["line"] = number
            row["value"] = float(row["value"])
            rows.append(row)
    for column in ("lang", "phrase", "value", "target"):
        if header is None or column not in header:
            sys.exit(f"{path}: no column '{column}'")
    return rows


def close(a, b):
    if b == 0:
        return abs(a) <= 1e-12
    return abs(a - b) <= TOLERANCE * abs(b)


def norm(name):
    return " ".join(name.lower().lstrip("^").split())


def run(binary, dist, args):
    p = subprocess.run([binary, "convert", "--data", dist] + args,
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def in_target(binary, dist, value, unit, target):
    """The tool's own conversion of its answer into the named target, or None.

    The answer's unit is named by its key, else by its name (an expression the
    phrase reader composed, such as `cm` with id -1, has a key that names no
    unit of the database); the target by category/name, else by name."""
    key, name = unit.get("key", ""), unit.get("name", "")
    category = key.split("/", 1)[0]
    for source in dict.fromkeys(x for x in (key, name) if x):
        for to in (f"{category}/{target}", target):
            code, out, _ = run(binary, dist,
                               ["-t", "--precision", "17", "--", repr(value), source, to])
            if code == 0:
                try:
                    return float(out.strip().replace(",", ""))
                except ValueError:
                    pass
    return None


def measure(binary, dist, row):
    code, out, err = run(binary, dist, ["--json", row["phrase"]])
    result = {"row": row, "exit": code}
    try:
        answer = json.loads(out)
    except ValueError:
        result["kind"] = "refused"
        result["reason"] = (err.strip() or out.strip() or f"exit {code}").splitlines()[0]
        return result
    result["json"] = answer
    if not answer.get("understood"):
        result["kind"] = "refused"
        result["reason"] = answer.get("reason", "not understood")
        return result
    targets = answer.get("targets") or ([answer["to"]] if answer.get("to") else [])
    value = answer.get("result")
    names = [t.get("name", "") for t in targets]
    keys = [t.get("key", "") for t in targets]
    result["answer"] = f"{value!r} {' + '.join(names)}"
    result["read"] = " + ".join(
        f"{r.get('value')!r} {r.get('unit', {}).get('name')}" for r in answer.get("read", []))
    result["guessed"] = "choice" in answer
    wanted = norm(row["target"])
    same_unit = len(targets) == 1 and (
        norm(names[0]) == wanted or norm(keys[0].split("/", 1)[-1]) == wanted)
    if same_unit and isinstance(value, (int, float)):
        result["kind"] = "right" if close(value, row["value"]) else "wrong"
        return result
    converted = None
    if len(targets) == 1 and isinstance(value, (int, float)):
        converted = in_target(binary, dist, value, targets[0], row["target"])
    result["in_target"] = converted
    if converted is not None and close(converted, row["value"]):
        result["kind"] = "wrong-unit"
        # The number shown is the expected one: the unit is the target under
        # another name or id (an expression such as `km/h`), not another size.
        result["same_number"] = close(value, row["value"])
    else:
        result["kind"] = "wrong"
    return result


def git(*args):
    try:
        return subprocess.run(["git", "-C", REPO] + list(args), capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dist")
    parser.add_argument("corpus")
    parser.add_argument("--unitpack", default=os.environ.get("UNITPACK") or
                        os.path.join(REPO, ".build", "debug", "unitpack"))
    parser.add_argument("--jobs", type=int, default=4)
    options = parser.parse_args()

    rows = read_corpus(options.corpus)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        results = list(pool.map(lambda r: measure(options.unitpack, options.dist, r), rows))

    commit = git("rev-parse", "HEAD")
    dirty = git("status", "--porcelain", "--untracked-files=no")
    manifest = os.path.join(options.dist, "manifest.tsv")
    database = ""
    if os.path.exists(manifest):
        with open(manifest, encoding="utf-8") as f:
            fields = [l.rstrip("\n").split("\t") for l in f]
        database = " ".join(x[2] for x in fields if len(x) > 2 and x[0] == "artifact")
        database += "".join(f" (sources {x[1][:16]})" for x in fields
                            if len(x) > 1 and x[0] == "source-sha256")
    print(f"# Blind corpus measure: {options.corpus}")
    print(f"# date:    {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}")
    print(f"# commit:  {commit}{' (with uncommitted changes)' if dirty else ''}")
    tool = git("log", "-1", "--format=%h %s", "--", "Sources", "locales", "units-src", "Package.swift")
    print(f"# tool:    sources last changed in {tool}")
    print(f"# command: Scripts/lib/measure_blind.py {options.dist} {options.corpus}")
    print(f"# binary:  {os.path.relpath(options.unitpack, REPO) if options.unitpack.startswith(REPO) else options.unitpack}")
    print(f"# data:    {database}")
    print(f"# each phrase: unitpack convert --data DIST --json PHRASE (no --lang); "
          f"right = in the named target unit within {TOLERANCE:g} relative")
    print()

    languages = [l for l in LANGUAGES if any(r["row"]["lang"] == l for r in results)]
    languages += sorted({r["row"]["lang"] for r in results} - set(languages))
    kinds = ["right", "wrong-unit", "wrong", "refused"]
    table = OrderedDict((l, Counter()) for l in languages)
    for r in results:
        table[r["row"]["lang"]][r["kind"]] += 1
        table[r["row"]["lang"]]["total"] += 1
        if r["kind"] == "right" and r.get("guessed"):
            table[r["row"]["lang"]]["guessed"] += 1
        if r["kind"] == "wrong-unit" and r.get("same_number"):
            table[r["row"]["lang"]]["same"] += 1
    header = ["lang", "total", "right", "share", "refused", "wrong", "wr-unit", "(same nr)", "(guessed)"]
    print(f"{header[0]:<6}" + "".join(f"{h:>10}" for h in header[1:]))

    def line(name, c):
        cells = [c["total"], c["right"], f"{c['right'] / c['total']:.1%}", c["refused"], c["wrong"],
                 c["wrong-unit"], c["same"], c["guessed"]]
        print(f"{name:<6}" + "".join(f"{x:>10}" for x in cells))

    overall = Counter()
    for lang, c in table.items():
        overall.update(c)
        line(lang, c)
    line("all", overall)
    print()
    print(f"Overall: {overall['right']} of {overall['total']} right "
          f"({overall['right'] / overall['total']:.1%}); {overall['refused']} refused, "
          f"{overall['wrong']} wrong, {overall['wrong-unit']} in another unit; "
          f"{overall['guessed']} of the right ones with a guessed target.")
    print(f"Right or the expected number under another unit id ({overall['same']} such): "
          f"{overall['right'] + overall['same']} of {overall['total']} "
          f"({(overall['right'] + overall['same']) / overall['total']:.1%}).")

    def row_text(r):
        row = r["row"]
        return f"{row['lang']}  line {row['line']}  {row['phrase']!r}  expected {row['value']:.8g} {row['target']}"

    wrong = [r for r in results if r["kind"] == "wrong"]
    print()
    print(f"## Wrong: an answer with another value ({len(wrong)})")
    for r in wrong:
        print(row_text(r))
        extra = f"; that is {r['in_target']:.8g} {r['row']['target']}" if r.get("in_target") is not None else ""
        print(f"    read {r['read']} -> {r['answer']}{extra}{' (target guessed)' if r.get('guessed') else ''}")

    wrong_unit = [r for r in results if r["kind"] == "wrong-unit"]
    print()
    print(f"## Wrong unit: the right quantity, in another unit ({len(wrong_unit)})")
    for r in wrong_unit:
        print(row_text(r))
        same = " (same number)" if r.get("same_number") else f"; that is {r['in_target']:.8g} {r['row']['target']}"
        print(f"    read {r['read']} -> {r['answer']}{same}{' (target guessed)' if r.get('guessed') else ''}")

    refused = [r for r in results if r["kind"] == "refused"]
    print()
    print(f"## Refused ({len(refused)})")
    for r in refused:
        print(row_text(r))
        print(f"    {r['reason']}")

    print()
    print("## Refusals by the start of the reason")
    starts = Counter()
    for r in refused:
        reason = r["reason"]
        starts[" ".join(reason.split("'")[0].split()[:6])] += 1
    for start, n in starts.most_common():
        print(f"{n:>5}  {start}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
