"""Seeded random unit expressions, converted by unitpack and by GNU units
(docs/crosscheck.md, "Expressions"): the oracle for the expression grammar
and the runtime's dimensional algebra.

Each case is a product of two or three units with powers from -3 to 3,
written with `*`, `/` and `^` (`lbf*ft/h^2`), converted to the same shape
with each unit replaced by another unit of its category, written with `·`,
superscripts and a parenthesised denominator (`N·m/(s²)`). The units are
the linear ones mapped plainly to GNU units, not listed as exceptions, whose
first symbol no other unit of units-src/ has as a symbol or name, that holds
no operator, and that unitpack reads alone as that unit. GNU units gets the mapped
expressions with signed powers (`(lbf)^1*(ft)^1*(hr)^-2`).
"""

import random
import subprocess

OPERATOR_CHARACTERS = set("*/·⋅×^()²³⁻¹⁰⁴⁵⁶⁷⁸⁹ -")
SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def pool(units_by_category, mappings, excepted, symbols_of, taken, unitpack, data):
    """{category: [(symbol, gnu expression)]} of the usable units: also,
    unitpack must read the symbol inside an expression as its unit (a name
    in locales/ may share it: `″` is an inch and an arcsecond, and an
    expression takes the best match, docs/expressions.md)."""
    result = {}
    for category, mapping in mappings.items():
        for unit, expression in mapping.items():
            if units_by_category[category].get(unit) != "linear" or "{x}" in expression:
                continue
            if (category, unit) in excepted:
                continue
            symbols = symbols_of.get((category, unit)) or []
            if not symbols:
                continue
            symbol = symbols[0]
            if taken.get(symbol.casefold(), 0) != 1 or set(symbol) & OPERATOR_CHARACTERS or symbol[0].isdigit():
                continue
            result.setdefault(category, []).append((unit, symbol, expression))
    flat = [(category, unit, symbol, expression) for category, units in sorted(result.items()) for unit, symbol, expression in units]
    done = subprocess.run([unitpack, "convert", "--batch", "--terse", "--precision", "15", "--data", data],
                          input="".join(f"1\t{symbol}*{symbol}/{symbol}\t{category}/{unit}\n" for category, unit, symbol, _ in flat),
                          capture_output=True, text=True)
    answers = done.stdout.splitlines()
    usable = {}
    for (category, unit, symbol, expression), answer in zip(flat, answers):
        if answer == "1":
            usable.setdefault(category, []).append((symbol, expression))
    return usable


def cases(pools, count, seed):
    rng = random.Random(seed)
    categories = sorted(pools)
    made = []
    while len(made) < count:
        terms = []
        for n in range(rng.choice([2, 3, 3])):
            category = rng.choice(categories)
            unit = rng.choice(pools[category])
            other = rng.choice(pools[category])
            power = rng.choice([1, 1, 1, 2, 3])
            if n > 0 and rng.random() < 0.5:
                power = -power
            terms.append((unit, other, power))
        # Ours, source: left to right with * and /, each / dividing the next term only.
        source = ""
        for n, ((symbol, _), _, power) in enumerate(terms):
            if n > 0:
                source += "/" if power < 0 else "*"
            source += symbol + (f"^{abs(power)}" if abs(power) != 1 else "")
        # Ours, target: numerator with ·, denominator in parentheses, superscripts.
        up = [s + (str(p).translate(SUPERSCRIPT) if p != 1 else "") for (_, (s, _), p) in terms if p > 0]
        down = [s + (str(-p).translate(SUPERSCRIPT) if p != -1 else "") for (_, (s, _), p) in terms if p < 0]
        target = "·".join(up) if up else "1"
        if down:
            target += "/(" + "·".join(down) + ")"
        have = "*".join(f"({g})^{p}" for ((_, g), _, p) in terms)
        want = "*".join(f"({g})^{p}" for (_, (_, g), p) in terms)
        made.append((source, target, have, want))
    return made


def check(unitpack, data, pools, gnu, close, tolerance, count=500, seed=19):
    """Problems (strings) and the number of cases that agree."""
    made = cases(pools, count, seed)
    lines = [f"1\t{source}\t{target}" for source, target, _, _ in made]
    done = subprocess.run([unitpack, "convert", "--batch", "--terse", "--precision", "15", "--data", data],
                          input="\n".join(lines) + "\n", capture_output=True, text=True)
    ours = done.stdout.splitlines()
    if len(ours) != len(lines):
        return [f"unitpack convert --batch answered {len(ours)} lines for {len(lines)}: {done.stderr.strip()}"], 0
    problems, agree = [], 0
    import concurrent.futures
    import os
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool_:
        theirs = list(pool_.map(lambda case: gnu("1 " + case[2], case[3]), made))
    for (source, target, have, want), mine, (reference, error) in zip(made, ours, theirs):
        if error:
            problems.append(f"GNU units does not understand '{have}' in '{want}': {error}")
        elif mine.startswith("error"):
            problems.append(f"1 {source} in {target}: unitpack: {mine}")
        elif not close(float(mine), reference, tolerance):
            problems.append(f"1 {source} = {mine} {target} here, {reference!r} by GNU units ({have} in {want})")
        else:
            agree += 1
    return problems, agree
