#!/usr/bin/env python3
"""Replaces one script-written section of a Markdown file with standard input.

    doc_section.py FILE NAME --command "Scripts/slice-sizes" [--commit C] [--date D] < BODY

A section is the lines between `<!-- BEGIN NAME -->` and `<!-- END NAME -->`
(each marker alone on its line). Its first line says which command wrote it,
when, and at which commit, so that a figure in the docs always comes with how
to make it again; the body follows as given. A file without the section gets
it at its end. The file is replaced in one rename, so a failed run leaves it
as it was. Scripts/bench and Scripts/slice-sizes write docs/benchmarks.md
with it; DocSectionTests holds the format.

Exits 1 when a marker is missing its pair, is repeated or is out of order,
or when the body holds a marker itself.
"""

import argparse
import datetime
import os
import subprocess
import sys
import tempfile


def begin(name):
    return f"<!-- BEGIN {name} -->"


def end(name):
    return f"<!-- END {name} -->"


def git_commit(directory):
    """The short commit of HEAD, "(with local changes)" after it when the tree differs; "unknown" outside git."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=directory,
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    clean = subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=directory, capture_output=True).returncode == 0
    return commit if clean else commit + " (with local changes)"


def heading(command, date, commit):
    return f"Written by `{command}` on {date} at commit {commit}: run it again rather than edit this section."


def replace(text, name, lines):
    """`text` with section `name` holding `lines` (a list of lines without newlines)."""
    source = text.split("\n")
    starts = [i for i, line in enumerate(source) if line.strip() == begin(name)]
    ends = [i for i, line in enumerate(source) if line.strip() == end(name)]
    section = [begin(name)] + lines + [end(name)]
    if not starts and not ends:
        while source and source[-1] == "":
            source.pop()
        return "\n".join(source + [""] + section) + "\n"
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise ValueError(f"expected one '{begin(name)}' line and one '{end(name)}' line after it, "
                         f"found {len(starts)} and {len(ends)}")
    return "\n".join(source[:starts[0]] + section + source[ends[0] + 1:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("name")
    parser.add_argument("--command", required=True, help="the command that made the body, as a reader would run it")
    parser.add_argument("--commit", help="default: the file's repository's HEAD")
    parser.add_argument("--date", help="default: now, UTC")
    args = parser.parse_args()
    if not args.name or any(c.isspace() for c in args.name) or "-->" in args.name:
        sys.exit(f"doc_section.py: '{args.name}' cannot name a section (no spaces, no '-->')")

    body = sys.stdin.read().rstrip("\n").split("\n")
    if any(line.strip().startswith(("<!-- BEGIN ", "<!-- END ")) for line in body):
        sys.exit("doc_section.py: the body holds a section marker")
    directory = os.path.dirname(os.path.abspath(args.file))
    commit = args.commit or git_commit(directory)
    date = args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [heading(args.command, date, commit), ""] + body + [""]

    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        text = ""
    try:
        updated = replace(text, args.name, lines)
    except ValueError as error:
        sys.exit(f"doc_section.py: {args.file}: {error}")

    handle, temporary = tempfile.mkstemp(dir=directory, prefix=os.path.basename(args.file) + ".tmp-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(updated)
        os.chmod(temporary, os.stat(args.file).st_mode & 0o777 if os.path.exists(args.file) else 0o644)
        os.replace(temporary, args.file)
    except BaseException:
        os.unlink(temporary)
        raise
    print(f"doc_section.py: wrote section '{args.name}' of {args.file}", file=sys.stderr)


if __name__ == "__main__":
    main()
