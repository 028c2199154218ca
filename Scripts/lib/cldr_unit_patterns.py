#!/usr/bin/env python3
"""Prints what CLDR's own files say a formatted quantity is, for CLDRFormattingTests.

    python3 Scripts/lib/cldr_unit_patterns.py [--source DIR] [--cldr /usr/share/unicode/cldr] VALUE...

For every language of DIR/locales/ and every unit of units-src/ that a CLDR
unit type names (Scripts/import-cldr's mapping, locales/cldr-units.tsv
included), one line per length and plural category of the language:

    pattern<TAB>lang<TAB>long|short<TAB>category/unit<TAB>plural<TAB>CLDR's unitPattern

(the count's pattern, else `other`; long inherits from short, then from root,
as CLDR resolves them), and for every VALUE (ASCII, `1.5`) one line

    number<TAB>lang<TAB>VALUE<TAB>the number as CLDR writes it

with the decimal and group symbols, grouping, minimum grouping digits and
digits of the language's default numbering system (common/main/<lang>.xml,
supplemental/numberingSystems.xml). Only the standard library: the test
runs it on a fresh machine with CLDR's Debian package (unicode-cldr-core).
"""

import argparse
import importlib.machinery
import importlib.util
import os
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))


def import_cldr():
    """Scripts/import-cldr as a module: its mapping of CLDR types to units and CLDR's resolution of patterns."""
    path = os.path.join(HERE, "..", "import-cldr")
    loader = importlib.machinery.SourceFileLoader("import_cldr", path)
    spec = importlib.util.spec_from_loader("import_cldr", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def number_text(value, locale, cldr):
    system = locale.tree.findtext("numbers/defaultNumberingSystem") or "latn"
    symbols = locale.find(f"numbers/symbols[@numberSystem='{system}']")
    decimal, group = symbols.findtext("decimal"), symbols.findtext("group")
    _, _, primary, secondary, minimum = locale.numbers()
    integer, _, fraction = value.partition(".")
    if len(integer) >= primary + int(minimum):
        groups, rest = [integer[-primary:]], integer[:-primary]
        while rest:
            groups.insert(0, rest[-secondary:])
            rest = rest[:-secondary]
        integer = group.join(groups)
    text = integer + (decimal + fraction if fraction else "")
    if system != "latn":
        systems = ET.parse(os.path.join(cldr, "common", "supplemental", "numberingSystems.xml")).getroot()
        digits = systems.find(f"numberingSystems/numberingSystem[@id='{system}']").get("digits")
        text = "".join(digits[int(c)] if c.isdigit() else c for c in text)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=".")
    parser.add_argument("--cldr", default="/usr/share/unicode/cldr")
    parser.add_argument("values", nargs="*")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.cldr, "common", "main")):
        sys.exit(f"cldr_unit_patterns: no CLDR at {args.cldr} (Debian package unicode-cldr-core; Scripts/test installs it)")
    module = import_cldr()
    stderr, sys.stderr = sys.stderr, open(os.devnull, "w")  # the mapping's notes are for the import
    try:
        _, _, _, by_unit = module.cldr_mapping(args.source, args.cldr)
    finally:
        sys.stderr.close()
        sys.stderr = stderr
    out = []
    for language in sorted(os.listdir(os.path.join(args.source, "locales"))):
        if not os.path.isfile(os.path.join(args.source, "locales", language, "language.tsv")):
            continue
        locale = module.Locale(args.cldr, language)
        _, counts = module.plural_rules(args.cldr, language)
        for value in args.values:
            out.append("\t".join(["number", language, value, number_text(value, locale, args.cldr)]))
        for (category, unit), type_ in sorted(by_unit.items()):
            for length in ("long", "short"):
                patterns = module.cldr_patterns(locale, length, type_)
                for count in counts:
                    pattern = patterns.get(count) or patterns.get("other")
                    if pattern:
                        out.append("\t".join(["pattern", language, length, f"{category}/{unit}", count, pattern]))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
