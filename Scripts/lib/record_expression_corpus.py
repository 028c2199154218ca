#!/usr/bin/env python3
"""Records the expected numbers of the expression phrase corpus from GNU units.

The corpus (Tests/UnitpackRuntimeTests/Phrases/Corpora/expressions.tsv, and
expressions-words.tsv for phrases that need operator words such as `per`,
`на`, `square`) has five TAB-separated columns: phrase, languages, the GNU
units expression of the source quantity (value included, `50 N*m`), the GNU
units expression of the target (`lbf*ft`) and the expected number. The number
is never typed by hand: this script asks GNU units for each line,
`units -t -d 15 HAVE WANT`, and writes what it answers into the fifth column.

    python3 Scripts/lib/record_expression_corpus.py             # check: exit 1 when a number is stale or missing
    UNITPACK_RECORD=1 python3 Scripts/lib/record_expression_corpus.py   # (re)record the fifth column in place

Re-record after adding or changing a line, and review the diff: a number
that moves means GNU units (or its definitions file) changed. Comment lines
(`#`) and blank lines are kept as they are. Python 3 standard library only;
GNU units is /usr/bin/units (or $UNITS).
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FILES = [os.path.join(ROOT, "Tests", "UnitpackRuntimeTests", "Phrases", "Corpora", name)
         for name in ("expressions.tsv", "expressions-words.tsv")]
UNITS = os.environ.get("UNITS", "/usr/bin/units")


def ask(have, want):
    """The number GNU units gives for HAVE in WANT, as it prints it, or an error text."""
    done = subprocess.run([UNITS, "-t", "-d", "15", have, want], capture_output=True, text=True)
    answer = done.stdout.strip()
    if done.returncode != 0 or not answer or "\n" in answer:
        return None, (answer + " " + done.stderr.strip()).strip() or f"exit status {done.returncode}"
    try:
        float(answer)
    except ValueError:
        return None, answer
    return answer, None


def record(path, write):
    """Checks (or rewrites) one file; returns the list of problems as path:line: text."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    problems = []
    broken = False
    out = []
    for number, line in enumerate(lines, start=1):
        if not line or line.startswith("#"):
            out.append(line)
            continue
        fields = line.split("\t")
        if len(fields) not in (4, 5):
            problems.append(f"{path}:{number}: expected phrase<TAB>languages<TAB>have<TAB>want<TAB>number, got {len(fields)} columns")
            broken = True
            out.append(line)
            continue
        answer, error = ask(fields[2], fields[3])
        if error is not None:
            problems.append(f"{path}:{number}: GNU units cannot convert '{fields[2]}' to '{fields[3]}': {error}")
            broken = True
            out.append(line)
            continue
        recorded = fields[4] if len(fields) == 5 else ""
        if recorded != answer:
            if not write:
                problems.append(f"{path}:{number}: recorded '{recorded}', GNU units says {answer}")
        out.append("\t".join(fields[:4] + [answer]))
    # A line GNU units cannot answer leaves the whole file as it was.
    if write and not broken:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(out))
    return problems


def main():
    write = os.environ.get("UNITPACK_RECORD") == "1"
    problems = [p for path in FILES for p in record(path, write)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        hint = "" if write else " (re-record with UNITPACK_RECORD=1)"
        print(f"record_expression_corpus: {len(problems)} problems{hint}", file=sys.stderr)
        return 1
    print("record_expression_corpus: " + ("recorded" if write else "every number is as GNU units says"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
