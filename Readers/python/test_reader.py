#!/usr/bin/env python3
"""Tests of unitpack_reader.py's own rules, without data (standard library only):

    python3 Readers/python/test_reader.py

- the manifest (docs/manifest.md): the optional `categories` line of a slice by
  category is read (`Generation.categories`), a build of every category has
  none (None), and a `categories` line naming nothing, a key that is not one
  (`Volume`), a key twice or the line twice is refused;
- search keys (docs/pack-format.md, "Keys: the normalisation"): runs of
  Unicode's White_Space (no-break spaces, U+3000, U+0085...) become one space,
  but U+001C-U+001F, which Python's str.split() also splits at, are kept.

Prints one line per check; exits 1 on a failure.
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from unitpack_reader import Generation, ReaderError, normalize  # noqa: E402

HEAD = ("unitpack-manifest\t1\ndatabase-format\t13\npack-format\t5\n"
        "source-sha256\t" + "0" * 64 + "\nlanguages\ten\tru\n")
ARTIFACTS = ("artifact\tunits.sqlite\tunits-0000000000000000.sqlite\t1024\t" + "0" * 64 + "\n"
             "artifact\tsearch.pack\tsearch-0000000000000000.pack\t64\t" + "1" * 64 + "\n")
failures = 0


def check(ok, what, detail=""):
    global failures
    if not ok:
        failures += 1
    print(f"{'ok' if ok else 'FAIL'}: {what}{': ' + detail if detail and not ok else ''}")


def read(text):
    with tempfile.TemporaryDirectory(prefix="unitpack-reader-test-") as directory:
        with open(os.path.join(directory, "manifest.tsv"), "w", encoding="utf-8", newline="") as f:
            f.write(text)
        return Generation.read(directory)


def refused(text):
    try:
        read(text)
    except ReaderError as error:
        return str(error)
    return None


try:
    got = read(HEAD + "categories\tvolume\tmass\ttemperature-difference\n" + ARTIFACTS).categories
except ReaderError as error:
    got = f"refused: {error}"
check(got == ["volume", "mass", "temperature-difference"], "a slice's `categories` line is read", repr(got))
check(read(HEAD + ARTIFACTS).categories is None, "a manifest without one: every category")
for line, what in [("categories\n", "naming no category"), ("categories\tVolume\n", "with a key that is not one"),
                   ("categories\tmass\tmass\n", "with a key twice"),
                   ("categories\tmass\ncategories\tvolume\n", "twice")]:
    problem = refused(HEAD + line + ARTIFACTS)
    check(problem is not None, f"a `categories` line {what} is refused", "accepted")
    if problem:
        print(f"   {problem.split(': ', 1)[-1]}")

for text, want, what in [
    ("  Kilo\u00a0\u2003meter\u3000", "kilo meter", "no-break and ideographic spaces: one space, none at the ends"),
    ("a\u0085\u2028b", "a b", "U+0085 and U+2028 are white space"),
    ("a\x1cb\x1dc\x1ed\x1fe", "a\x1cb\x1dc\x1ed\x1fe", "U+001C-U+001F are not white space: kept, not split at"),
    ("\x1f m", "\x1f m", "nor dropped at the ends"),
]:
    got = normalize(text)
    check(got == want, f"normalize: {what}", f"{got!r}, want {want!r}")

print(f"{'FAILED' if failures else 'ok'}: Readers/python/test_reader.py ({failures} failure{'s' if failures != 1 else ''})")
sys.exit(1 if failures else 0)
