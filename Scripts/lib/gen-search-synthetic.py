#!/usr/bin/env python3
"""Writes a source tree N times the size of a real one, for search benchmarks.

    Scripts/lib/gen-search-synthetic.py --source . --factor 10 --out /tmp/synth10x

Every unit of SOURCE (units-src/ and every language of locales/) is kept and
joined by FACTOR - 1 copies. Copy k spells every word of the unit (name, plural
forms, display name, synonyms, symbols, in every language) with each Latin
letter moved k places along a-z and each Cyrillic letter k places along а-я:
`meter`, `meters`, `metre` become `nfufs`, `nfufst`, `nfusf` in copy 1. So the
copies look like real vocabulary to a search index: the same lengths, the same
shared stems and word families, every plural form, both scripts, but new
words spread over the alphabet, as a larger real unit set would be (a query
matches about as many keys as in SOURCE, not FACTOR times as many). Copied
symbols end in the copy number, so the dimensional cross-check leaves them
alone. A copied unit whose new spelling collides with a word already used in
its category is left out. Coefficients are the original ones.

The result passes `unitpack check` after `unitpack assign-ids --source OUT`
(ids.tsv is not copied). The output depends only on the inputs and --factor.
"""

import argparse
import os
import shutil
import sys

LATIN = "abcdefghijklmnopqrstuvwxyz"
CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя"


def shift(text, k):
    out = []
    for ch in text:
        for alphabet in (LATIN, CYRILLIC):
            lower = ch.lower()
            if lower in alphabet:
                moved = alphabet[(alphabet.index(lower) + k) % len(alphabet)]
                out.append(moved.upper() if ch != lower else moved)
                break
        else:
            out.append(ch)
    return "".join(out)


def rows(path):
    """Rows of a TSV file without comments and blank lines, as lists."""
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.lstrip().startswith("#")]


def items(text):
    return [item.strip() for item in text.split(",") if item.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=".", help="a tree with units-src/ and locales/ (default .)")
    parser.add_argument("--factor", type=int, default=10, help="how many times larger (1-26)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if not 1 <= args.factor <= 26:
        parser.error("--factor must be between 1 and 26")

    src_units = os.path.join(args.source, "units-src")
    src_locales = os.path.join(args.source, "locales")
    categories = [row[0] for row in rows(os.path.join(src_units, "categories.tsv"))]
    languages = sorted(
        name for name in (os.listdir(src_locales) if os.path.isdir(src_locales) else [])
        if os.path.isdir(os.path.join(src_locales, name)))

    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(os.path.join(args.out, "units-src"))
    shutil.copy(os.path.join(src_units, "categories.tsv"), os.path.join(args.out, "units-src"))
    for language in languages:
        os.makedirs(os.path.join(args.out, "locales", language))
        for extra in ("language.tsv", "plurals.txt"):
            shutil.copy(os.path.join(src_locales, language, extra), os.path.join(args.out, "locales", language))
        # The search's query rewriting (keyboard rows, transliteration) is not vocabulary: kept as it is.
        for extra in ("keyboard.tsv", "transliteration.tsv"):
            if os.path.exists(os.path.join(src_locales, language, extra)):
                shutil.copy(os.path.join(src_locales, language, extra), os.path.join(args.out, "locales", language))

    count = 0
    for category in categories:
        units = rows(os.path.join(src_units, category + ".tsv"))
        names = {}
        for language in languages:
            path = os.path.join(src_locales, language, category + ".tsv")
            if os.path.exists(path):
                table = rows(path)
                names[language] = (table[0], {row[0]: row for row in table[1:]})
        # Words already used, per language (None: units-src names and symbols), folded.
        used = {None: set()}
        for name, symbols, *_ in units:
            used[None].update([name.lstrip("^").casefold()] + items(symbols))
        for language, (header, by_unit) in names.items():
            used[language] = {word.casefold() for row in by_unit.values() for field, value in zip(header[1:], row[1:])
                              for word in items(value)}
        out_units = [list(row) for row in units]
        out_names = {language: [list(row) for row in by_unit.values()] for language, (_, by_unit) in names.items()}
        for k in range(1, args.factor):
            # Copies take no prefixes (column 6): their shifted names name no prefixed unit.
            for name, symbols, definition, priority, system, *_ in units:
                bare = name.lstrip("^")
                new_name = shift(bare, k)
                # Only symbols of letters: a shifted `hm²` with a digit after it
                # spells an expression (`hm²5`) that check's E501 would read.
                new_symbols = [shift(symbol, k) + str(k) for symbol in items(symbols) if symbol.isalpha()]
                new_rows = {}
                for language, (header, by_unit) in names.items():
                    if bare in by_unit:
                        row = by_unit[bare]
                        new_row = [new_name] + [
                            ",".join(shift(word, k) + (str(k) if field == "symbols" else "") for word in items(value))
                            for field, value in zip(header[1:], row[1:])]
                        new_rows[language] = new_row
                words = {None: [new_name.casefold()] + new_symbols}
                for language, row in new_rows.items():
                    header = names[language][0]
                    words[language] = {w.casefold() for field, value in zip(header[1:], row[1:]) for w in items(value)}
                if any(word in used[language] for language, ws in words.items() for word in ws):
                    continue
                for language, ws in words.items():
                    used[language].update(ws)
                prefix = "^" if name.startswith("^") else ""
                out_units.append([prefix + new_name, ",".join(new_symbols), definition, priority, system])
                for language, row in new_rows.items():
                    out_names[language].append(row)
        with open(os.path.join(args.out, "units-src", category + ".tsv"), "w", encoding="utf-8", newline="\n") as f:
            for row in out_units:
                f.write("\t".join(row) + "\n")
        count += len(out_units)
        for language, (header, _) in names.items():
            path = os.path.join(args.out, "locales", language, category + ".tsv")
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write("\t".join(header) + "\n")
                for row in out_names[language]:
                    f.write("\t".join(row) + "\n")
    print(f"wrote {count} units (about {args.factor}x) to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
