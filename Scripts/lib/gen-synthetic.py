#!/usr/bin/env python3
"""Writes a synthetic, valid unitpack source tree for benchmarks.

    Scripts/lib/gen-synthetic.py --units 10000 --seed 1 --out /tmp/synth

creates OUT/units-src/categories.tsv and OUT/units-src/<category>.tsv (about one
category per 50 units). Each category has a base unit (coefficient 1), linear
units with random positive coefficients, some offset formula pairs
(FORMULAE(X*k+c,(X-c)/k)) and some inverse units (^name, FORMULAE(k/X,k/X)).
Names and symbols are unique in their category; symbols are plain atoms (no
`/`, `*`, `^`, spaces, superscripts) so the dimensional cross-check stays out of
it. No ids.tsv is written: run `unitpack assign-ids --source OUT` afterwards.

The output depends only on --seed and --units (stdlib `random.Random`).
"""

import argparse
import os
import random
import sys

SYSTEMS = ["si", "siAdd", "siAdd2", "imp", "impAdd", "impAdd2", "us", "usAdd", "uk", "ukAdd", "historic", "other"]
WORDS = [
    "alpha", "bravo", "cedar", "delta", "ember", "flint", "grove", "harbor", "iris", "jade",
    "karst", "lumen", "maple", "nova", "orbit", "pylon", "quill", "raven", "sable", "tundra",
    "umber", "vale", "willow", "xenon", "yarrow", "zephyr",
]
UNITS_PER_CATEGORY = 50


def number(rng, low_exp, high_exp):
    """A positive decimal literal spread over several orders of magnitude."""
    value = rng.uniform(1, 10) * 10 ** rng.randint(low_exp, high_exp)
    return repr(float(f"{value:.6g}"))


def letters(index):
    """0 -> "a", 25 -> "z", 26 -> "ba": a letters-only dimension name per category."""
    text = ""
    while True:
        text = chr(ord("a") + index % 26) + text
        index //= 26
        if index == 0:
            return text


def category_rows(rng, index, count):
    """Rows (name, symbols, definition, priority, system) of one category."""
    rows = [(f"base unit {index}", f"B{index}", "1", "5", "si")]
    for j in range(1, count):
        word = WORDS[j % len(WORDS)]
        name = f"{word} unit {index}-{j}"
        # Symbols: letters then digits, unique in the category, never equal to a name.
        symbols = [f"{word[:2]}{index}x{j}"]
        if rng.random() < 0.3:
            symbols.append(f"{word[:2].upper()}{j}q{index}")
        kind = rng.random()
        if kind < 0.10:
            k = number(rng, -2, 2)
            c = number(rng, -1, 2)
            definition = f"FORMULAE(X*{k}+{c},(X-{c})/{k})"
        elif kind < 0.18:
            k = number(rng, -2, 3)
            definition = f"FORMULAE({k}/X,{k}/X)"
            name = "^" + name
        else:
            definition = number(rng, -6, 6)
        priority = f"{rng.randint(0, 50) / 10:g}"
        rows.append((name, ",".join(symbols), definition, priority, rng.choice(SYSTEMS)))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, required=True, help="number of units to generate (>= 1)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--out", required=True, help="directory to write units-src/ into")
    args = parser.parse_args()
    if args.units < 1:
        parser.error("--units must be at least 1")

    rng = random.Random(args.seed)
    source = os.path.join(args.out, "units-src")
    os.makedirs(source, exist_ok=True)
    for existing in os.listdir(source):
        if existing.endswith(".tsv"):
            os.remove(os.path.join(source, existing))

    categories = max(1, (args.units + UNITS_PER_CATEGORY - 1) // UNITS_PER_CATEGORY)
    sizes = [args.units // categories + (1 if i < args.units % categories else 0) for i in range(categories)]
    lines = [
        "# key\torder\tbase\tdimension",
        f"# synthetic: {args.units} units, seed {args.seed} (Scripts/lib/gen-synthetic.py)",
    ]
    for i, size in enumerate(sizes):
        key = f"synth-{i:04d}"
        lines.append(f"{key}\t{(i + 1) * 10}\tbase unit {i}\tdim{letters(i)}")
        with open(os.path.join(source, key + ".tsv"), "w", encoding="utf-8", newline="\n") as f:
            f.write(f"# synthetic category {i}: base unit {i}\n")
            for row in category_rows(rng, i, size):
                f.write("\t".join(row) + "\n")
    with open(os.path.join(source, "categories.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {args.units} units in {categories} categories to {source}", file=sys.stderr)


if __name__ == "__main__":
    main()
