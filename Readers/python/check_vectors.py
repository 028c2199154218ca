#!/usr/bin/env python3
"""Checks `unitpack vectors` output against this directory's independent reader.

    check_vectors.py DATA_DIR VECTORS_DIR [--only conversions,plurals,...]

Checks conversions.json, plurals.json, formatting.json, search.json (the
matches as typed: the forgiving search's corrections, distance > 0, are not
read here) and targets.json; phrases.json's presence and header only (reading
phrases is not part of this reader). docs/vectors.md is the schema. Exits 1
with one line per disagreement, 2 when the data or the vectors cannot be read.
"""

import json
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from unitpack_reader import Database, FormulaError, Generation, ReaderError, SearchPack  # noqa: E402

KINDS = ["conversions", "plurals", "formatting", "search", "targets"]
LISTED = 40  # disagreements printed per kind; the count is always given


def load(directory, kind, generation):
    path = os.path.join(directory, kind + ".json")
    with open(path, encoding="utf-8") as f:
        vectors = json.load(f)
    if vectors.get("format") != "unitpack-vectors" or vectors.get("version") != 1 or vectors.get("kind") != kind:
        raise ReaderError(f"{path}: not unitpack vectors of version 1 and kind {kind}")
    if vectors["source_sha256"] != generation.source_sha256:
        raise ReaderError(f"{path}: written from sources {vectors['source_sha256'][:16]}, "
                          f"the data is {generation.source_sha256[:16]}")
    return path, vectors["cases"]


def ordered(x):
    """A double's bits as an integer that orders as the doubles do (-0.0 and 0.0 both 0)."""
    (i,) = struct.unpack("<q", struct.pack("<d", x))
    return i if i >= 0 else -(i & 0x7FFFFFFFFFFFFFFF)


def same_double(expected, got):
    """Within two units in the last place (docs/vectors.md), counted in doubles between the
    two: a formula may call the C library's transcendental functions, which docs/formulas.md
    allows to differ in the last bit between platforms; everything else (factors, + - * /,
    sqrt) must be bit for bit equal."""
    return expected == got or (isinstance(expected, float) and isinstance(got, float) and math.isfinite(expected)
                               and math.isfinite(got) and abs(ordered(expected) - ordered(got)) <= 2)


def check_conversions(cases, db):
    problems = []
    for case in cases:
        for field, source, target in (("to_base", case["unit"], case["base"]), ("from_base", case["base"], case["unit"])):
            expected = case[field]
            try:
                got = db.convert(case["value"], source, target)
            except FormulaError as error:
                got = {"error": error.kind}
            if isinstance(expected, dict) or isinstance(got, dict):
                if expected != got:
                    problems.append(f"{case['unit']} {field}({case['value']!r}): want {expected}, got {got}")
            elif not (expected == got or (db.unit(case["unit"])["formula"] and same_double(expected, got))):
                problems.append(f"{case['unit']} {field}({case['value']!r}): want {expected!r}, got {got!r}")
    return problems


def check_plurals(cases, db):
    problems = []
    for case in cases:
        language = db.languages.get(case["language"])
        if language is None:
            problems.append(f"{case['language']}: no such language in the database")
            continue
        rules = language["rules"]
        if rules.categories != case["categories"]:
            problems.append(f"{case['language']}: categories {rules.categories}, want {case['categories']}")
        got = rules.category(case["number"])
        if got != case["category"]:
            problems.append(f"{case['language']} {case['number']}: want {case['category']}, got {got}")
    return problems


def check_formatting(cases, db):
    problems = []
    for case in cases:
        got = db.format(case["value"], case["unit"], case["language"], case["significant_digits"],
                        case["minimum_fraction_digits"], case["grouping"])
        for field in ("number", "category", "name_language", "long", "short"):
            if got[field] != case[field]:
                problems.append(f"{case['language']} {case['unit']} {case['value']!r}: {field} "
                                f"want {case[field]!r}, got {got[field]!r}")
    return problems


def check_search(cases, db, pack):
    problems = []
    ids = {unit["id"]: unit["key"] for unit in db.units.values()}
    for case in cases:
        # Corrections rank after every match as typed: the as-typed ones are a prefix of the list.
        want = [(r["unit"], r["key"], r["exact"], r["language"]) for r in case["results"] if r["distance"] == 0]
        got = [(ids.get(unit, f"#{unit}"), key, exact, language)
               for unit, key, exact, language in pack.search(case["query"], case["languages"], case["limit"])]
        if got != want:
            problems.append(f"{case['query']!r} in {case['languages']}: want {want}, got {got}")
    return problems


def check_targets(cases, db):
    problems = []
    for case in cases:
        got = db.best_target(case["value"], case["unit"], region=case.get("region"), system=case.get("system"),
                             usage=case["usage"])
        want = None if case["target"] is None else (case["target"], case["target_value"])
        if got != want and not (got and want and got[0] == want[0] and same_double(want[1], got[1])):
            where = case.get("region") or case.get("system")
            problems.append(f"{case['value']!r} {case['unit']} for {case['usage']} in {where}: want {want}, got {got}")
    return problems


def main(arguments):
    only = KINDS
    if "--only" in arguments:
        at = arguments.index("--only")
        only = arguments[at + 1].split(",")
        arguments = arguments[:at] + arguments[at + 2:]
    if len(arguments) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    data, vectors = arguments
    try:
        generation = Generation.read(data)
        db = Database(generation.path("units.sqlite"))
        pack = SearchPack(generation.path("search.pack"))
        for kind in ("phrases",):
            load(vectors, kind, generation)
        failed = 0
        for kind in only:
            path, cases = load(vectors, kind, generation)
            if kind == "conversions":
                problems = check_conversions(cases, db)
            elif kind == "plurals":
                problems = check_plurals(cases, db)
            elif kind == "formatting":
                problems = check_formatting(cases, db)
            elif kind == "search":
                problems = check_search(cases, db, pack)
            elif kind == "targets":
                problems = check_targets(cases, db)
            else:
                raise ReaderError(f"no check for {kind}")
            if problems:
                failed += len(problems)
                print(f"FAIL {path}: {len(problems)} of {len(cases)} cases disagree", file=sys.stderr)
                for problem in problems[:LISTED]:
                    print("  " + problem, file=sys.stderr)
                if len(problems) > LISTED:
                    print(f"  ... and {len(problems) - LISTED} more", file=sys.stderr)
            else:
                print(f"ok: {path}: {len(cases)} cases agree")
        return 1 if failed else 0
    except (ReaderError, OSError, ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
