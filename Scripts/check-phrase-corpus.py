#!/usr/bin/env python3
"""Checks the phrase corpora of Tests/UnitpackRuntimeTests/Phrases/ against the sources.

    Scripts/check-phrase-corpus.py [--root DIR]

corpus.tsv and quantities.tsv: five TAB-separated columns (phrase, languages,
value, from, to); the languages have a locales/<lang>/words.tsv; the value is a
decimal; from is a unit key (category/name of units-src/, without a leading ^)
and to is empty, a key, or a mixed target of keys joined by "+" (largest first).
not-understood.tsv: three columns (phrase, languages, a word of the reason).
Prints every problem as path:line: message and exits 1 when there is one.
Only the standard library; the tests read the same files.
"""

import argparse
import os
import sys


def rows(path):
    """(line number, stripped line) of the lines that are not comments or blank."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.strip() and not line.lstrip().startswith("#"):
                yield number, line


def unit_keys(root):
    keys = set()
    src = os.path.join(root, "units-src")
    for _, line in rows(os.path.join(src, "categories.tsv")):
        category = line.split("\t")[0].strip()
        for _, unit in rows(os.path.join(src, category + ".tsv")):
            keys.add(category + "/" + unit.split("\t")[0].strip().lstrip("^"))
    return keys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    root = os.path.normpath(parser.parse_args().root)
    keys = unit_keys(root)
    locales = os.path.join(root, "locales")
    languages = {d for d in os.listdir(locales) if os.path.isfile(os.path.join(locales, d, "words.tsv"))}
    phrases = os.path.join(root, "Tests", "UnitpackRuntimeTests", "Phrases")
    problems = []
    counts = {}

    def check_languages(where, text):
        for language in text.split(","):
            if language not in languages:
                problems.append(f"{where}: language '{language}' has no locales/{language}/words.tsv")

    for name in ("corpus.tsv", "quantities.tsv"):
        path = os.path.join(phrases, name)
        if not os.path.exists(path):
            continue
        seen = {}
        counts[name] = 0
        for number, line in rows(path):
            where = f"{os.path.relpath(path, root)}:{number}"
            fields = line.split("\t")
            if len(fields) != 5:
                problems.append(f"{where}: {len(fields)} columns, expected 5 (phrase, languages, value, from, to)")
                continue
            counts[name] += 1
            phrase, langs, value, source, target = fields
            if not phrase.strip():
                problems.append(f"{where}: an empty phrase")
            check_languages(where, langs)
            try:
                float(value)
            except ValueError:
                problems.append(f"{where}: value '{value}' is not a decimal")
            if source not in keys:
                problems.append(f"{where}: from '{source}' is not a unit of units-src/")
            for part in target.split("+") if target else []:
                if part not in keys:
                    problems.append(f"{where}: to '{part}' is not a unit of units-src/")
            if (phrase, langs) in seen:
                problems.append(f"{where}: '{phrase}' [{langs}] again (first at line {seen[(phrase, langs)]})")
            seen.setdefault((phrase, langs), number)

    path = os.path.join(phrases, "not-understood.tsv")
    if os.path.exists(path):
        counts["not-understood.tsv"] = 0
        for number, line in rows(path):
            where = f"{os.path.relpath(path, root)}:{number}"
            fields = line.split("\t")
            if len(fields) != 3 or not all(f.strip() for f in fields):
                problems.append(f"{where}: expected phrase<TAB>languages<TAB>a word of the reason")
                continue
            counts["not-understood.tsv"] += 1
            check_languages(where, fields[1])

    for problem in problems:
        print(problem)
    summary = ", ".join(f"{name} {count} cases" for name, count in counts.items())
    print(f"{summary}; {len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
