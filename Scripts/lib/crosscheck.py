#!/usr/bin/env python3
"""Cross-checks every mapped unit against GNU units, an independent
implementation (used only as an oracle: its GPL data never enters the repo).

    crosscheck.py --source DIR --data DIST --unitpack BIN [--min-share 0.9]

The mapping lives in DIR/crosscheck/gnu-units/<category>.tsv: `unit<TAB>GNU
units expression`, where `{x}` stands for the value (without it the line
means `{x} (expression)`); the category's base unit must be mapped with a plain
expression, the target of every comparison. <category>.exceptions.tsv lists
`unit<TAB>reason` for disagreements kept on purpose.

For each mapped unit: a linear unit is converted to its base by unitpack at
several magnitudes and compared with the factor GNU units gives for one unit;
a formula or inverse unit, and any expression with {x}, is compared point by
point. Agreement is 1e-9 relative. Prints a summary with the mapped share and
every disagreement; exits 1 on a disagreement not listed as an exception, a
mapping GNU units or unitpack does not understand, a mapping of a unit that
does not exist, or a mapped share under --min-share.
"""

import argparse
import concurrent.futures
import math
import os
import subprocess
import sys

import crosscheck_expressions

LINEAR_VALUES = [1e-3, 1, 37.5, 1e6]
FORMULA_VALUES = [-40, 0, 37.5, 100, 1000]
INVERSE_VALUES = [0.5, 2, 7.5, 100]


def rows(path):
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip() and not line.lstrip().startswith("#"):
                yield number, line.rstrip("\n").split("\t")


def gnu(have, want):
    """GNU units' number for `have` in `want`, or an error text."""
    done = subprocess.run(["units", "-t", "-d", "15", have, want], capture_output=True, text=True)
    text = (done.stdout + done.stderr).strip()
    try:
        return float(text.split()[0]), None
    except (ValueError, IndexError):
        return None, text.replace("\n", " ") or f"exit {done.returncode}"


def close(a, b, tolerance):
    return abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-300)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=".")
    parser.add_argument("--data", required=True, help="a dist/ directory built from --source")
    parser.add_argument("--unitpack", required=True)
    parser.add_argument("--min-share", type=float, default=0.9)
    parser.add_argument("--tolerance", type=float, default=1e-9)
    parser.add_argument("--expressions", type=int, default=500, help="random expressions to compare")
    args = parser.parse_args()

    source = os.path.join(args.source, "units-src")
    mapping_dir = os.path.join(args.source, "crosscheck", "gnu-units")
    problems, cases, units_total, mapped, excepted = [], [], 0, 0, {}
    units_by_category, mappings, symbols_of, taken = {}, {}, {}, {}
    for _, (category, _order, base, *_rest) in rows(os.path.join(source, "categories.tsv")):
        units = {}
        for _, fields in rows(os.path.join(source, category + ".tsv")):
            name = fields[0]
            kind = "inverse" if name.startswith("^") else "formula" if fields[2].startswith("FORMULAE") else "linear"
            units[name.lstrip("^")] = kind
            symbols = [s.strip() for s in fields[1].split(",") if s.strip()] if len(fields) > 1 else []
            symbols_of[(category, name.lstrip("^"))] = symbols
            for text in set(s.casefold() for s in symbols + [name.lstrip("^ ")]):
                taken[text] = taken.get(text, 0) + 1
        units_by_category[category] = units
        units_total += len(units)
        path = os.path.join(mapping_dir, category + ".tsv")
        if not os.path.exists(path):
            continue
        mapping = {}
        for number, fields in rows(path):
            where = f"{os.path.relpath(path, args.source)}:{number}"
            if len(fields) != 2 or not fields[1].strip():
                problems.append(f"{where}: expected unit<TAB>expression")
            elif fields[0] not in units:
                problems.append(f"{where}: '{fields[0]}' is not a unit of {category}")
            elif fields[0] in mapping:
                problems.append(f"{where}: '{fields[0]}' is mapped twice")
            else:
                mapping[fields[0]] = fields[1].strip()
        exceptions_path = os.path.join(mapping_dir, category + ".exceptions.tsv")
        if os.path.exists(exceptions_path):
            for number, fields in rows(exceptions_path):
                if len(fields) != 2 or fields[0] not in units:
                    problems.append(f"{os.path.relpath(exceptions_path, args.source)}:{number}: expected a unit of {category}<TAB>reason")
                else:
                    excepted[(category, fields[0])] = fields[1]
        if base not in mapping or "{x}" in mapping[base]:
            problems.append(f"{os.path.relpath(path, args.source)}: the base unit '{base}' needs a plain mapping")
            continue
        mapped += len(mapping)
        mappings[category] = mapping
        for unit, expression in mapping.items():
            if unit == base:
                continue
            kind = units[unit]
            pointwise = kind != "linear" or "{x}" in expression
            values = INVERSE_VALUES if kind == "inverse" else FORMULA_VALUES if kind == "formula" else LINEAR_VALUES
            cases.append((category, unit, base, expression, mapping[base], pointwise, values))

    # unitpack: every value of every case, in one batch.
    lines, index = [], []
    for case_number, (category, unit, base, _, _, _, values) in enumerate(cases):
        for value in values:
            lines.append(f"{value!r}\t{category}/{unit}\t{category}/{base}")
            index.append((case_number, value))
    done = subprocess.run([args.unitpack, "convert", "--batch", "--terse", "--precision", "15", "--data", args.data],
                          input="\n".join(lines) + "\n", capture_output=True, text=True)
    results = done.stdout.splitlines()
    if len(results) != len(lines):
        sys.exit(f"crosscheck: unitpack convert --batch answered {len(results)} lines for {len(lines)}: {done.stderr.strip()}")
    ours = {}
    for (case_number, value), text in zip(index, results):
        ours[(case_number, value)] = text

    # GNU units: one run per linear unit (its factor), one per point otherwise.
    jobs = {}
    for case_number, (_, _, _, expression, base_expression, pointwise, values) in enumerate(cases):
        if pointwise:
            for value in values:
                have = expression.replace("{x}", f"({value!r})") if "{x}" in expression else f"{value!r} ({expression})"
                jobs[(case_number, value)] = (have, base_expression)
        else:
            jobs[(case_number, None)] = (f"1 ({expression})", base_expression)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        theirs = dict(zip(jobs, pool.map(lambda job: gnu(*job), jobs.values())))

    agree = disagree_excepted = 0
    for case_number, (category, unit, base, expression, _, pointwise, values) in enumerate(cases):
        failures = []
        for value in values:
            text = ours[(case_number, value)]
            if text.startswith("error"):
                failures.append(f"unitpack: {text}")
                break
            mine = float(text)
            reference, error = theirs[(case_number, value if pointwise else None)]
            if error:
                failures.append(f"GNU units does not understand '{expression}': {error}")
                break
            expected = reference if pointwise else value * reference
            if not close(mine, expected, args.tolerance):
                failures.append(f"{value!r} {unit} = {mine!r} {base} here, {expected!r} by GNU units ({expression})")
                break
        if not failures:
            agree += 1
        elif (category, unit) in excepted:
            disagree_excepted += 1
        else:
            problems.append(f"{category}/{unit}: " + "; ".join(failures))

    # Expressions: seeded random products of the mapped units (crosscheck_expressions.py).
    pools = crosscheck_expressions.pool(units_by_category, mappings, excepted, symbols_of, taken, args.unitpack, args.data)
    expression_problems, expressions_agree = crosscheck_expressions.check(
        args.unitpack, args.data, pools, gnu, close, args.tolerance, count=args.expressions)
    problems += expression_problems
    print(f"crosscheck: {args.expressions} random expressions of {sum(map(len, pools.values()))} units, "
          f"{expressions_agree} agree to {args.tolerance:g}")

    share = mapped / units_total if units_total else 0
    print(f"crosscheck: {units_total} units, {mapped} mapped to GNU units ({100 * share:.1f}%), "
          f"{agree} agree to {args.tolerance:g}, {disagree_excepted} listed exceptions, {len(problems)} problems")
    for problem in problems:
        print("  " + problem)
    if share < args.min_share:
        print(f"crosscheck: the mapped share {100 * share:.1f}% is under {100 * args.min_share:.0f}%")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
