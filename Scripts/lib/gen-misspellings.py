#!/usr/bin/env python3
"""Writes the list of misspelled unit names that the forgiving search is held to.

    Scripts/lib/gen-misspellings.py [--source .] [--seed 23] [--per-language 700] \
        > Tests/UnitpackRuntimeTests/Search/Corpora/misspellings.tsv

Reads the real names of the database: every unit of units-src/ and, in
locales/en and locales/ru, its display name, plural forms and synonyms (words
of 4 letters or more; a name of several words gets its error in one of its
words of 4 letters or more). For each language it draws names (seeded,
`random.Random(seed)`; a unit's weight is 1 + its priority, as people look
for common units more often) and gives each one error of one kind:

- keyboard: a letter replaced by a neighbour on its keyboard row or the rows
  above and below (QWERTY for Latin, ЙЦУКЕН for Cyrillic);
- drop: a letter left out;
- double: a letter typed twice;
- transpose: two neighbouring letters swapped;
- insert: a neighbour key typed before or after a letter (a fat finger);
- phonetic: a spelling people use from how the word sounds (rules below:
  farenheit, kilomiter, milimeter; милиметр, киллограмм, киловат).

The error lands at a uniformly drawn position: the first letter is as likely
as any other, so the list measures what assuming "the first letter is right"
costs. A variant that is itself a key of the database (`gram` -> `gray`) is
left out: a search cannot know that a real name was meant as another one.
Each row is `typed<TAB>unit key<TAB>kind<TAB>language`; the hand-written rows
of real-world misspellings (HAND below) follow, kind `real`. The output
depends only on the sources, --seed and --per-language.
"""

import argparse
import os
import random
import sys
import unicodedata

SKIP = {"categories.tsv", "clusters.tsv", "ids.tsv", "relations.tsv", "language.tsv", "words.tsv",
        "patterns.tsv", "compounds.tsv", "cases.tsv"}

QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
JCUKEN = ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"]


def neighbours(rows):
    """Letter -> the letters around it: left, right, and the two nearest keys
    of the rows above and below (keyboard rows are staggered by half a key)."""
    table = {}
    for r, row in enumerate(rows):
        for i, ch in enumerate(row):
            near = set()
            for j in (i - 1, i + 1):
                if 0 <= j < len(row):
                    near.add(row[j])
            for other in (r - 1, r + 1):
                if 0 <= other < len(rows):
                    # The row below is shifted right by half a key: keys i-1 and i of
                    # the row above touch key i; keys i and i+1 of the row below.
                    span = (i - 1, i) if other > r else (i, i + 1)
                    for j in span:
                        if 0 <= j < len(rows[other]):
                            near.add(rows[other][j])
            table[ch] = sorted(near)
    return table


NEAR = {"en": neighbours(QWERTY), "ru": neighbours(JCUKEN)}

# Spellings from the sound of a word: (written, as people write it). Each
# applies where the written part occurs.
PHONETIC = {
    "en": [
        ("ahr", "ar"), ("ph", "f"), ("ei", "ie"), ("ie", "ei"), ("meter", "miter"), ("meter", "mter"),
        ("gram", "gramm"), ("ll", "l"), ("l", "ll"), ("tt", "t"), ("t", "tt"), ("s", "ss"), ("ss", "s"),
        ("c", "s"), ("c", "k"), ("k", "c"), ("ou", "o"), ("ou", "u"), ("ui", "iu"), ("y", "i"), ("i", "y"),
        ("er", "re"), ("re", "er"), ("ea", "ee"), ("ee", "ea"), ("ure", "ur"), ("ion", "ian"), ("ce", "se"),
        ("ar", "er"), ("or", "er"), ("al", "el"), ("ius", "ious"), ("que", "k"), ("eigh", "ay"), ("ight", "ite"),
        ("ton", "tonn"), ("x", "ks"), ("au", "o"), ("wh", "w"), ("ch", "sh"), ("h", ""), ("e", "a"), ("a", "e"),
    ],
    "ru": [
        ("лл", "л"), ("л", "лл"), ("мм", "м"), ("м", "мм"), ("тт", "т"), ("т", "тт"), ("сс", "с"), ("с", "сс"),
        ("нн", "н"), ("н", "нн"), ("о", "а"), ("а", "о"), ("е", "и"), ("и", "е"), ("я", "е"), ("ь", ""),
        ("ъ", "ь"), ("ц", "тс"), ("тс", "ц"), ("ю", "у"), ("ы", "и"), ("и", "ы"), ("д", "т"), ("т", "д"),
        ("б", "п"), ("в", "ф"), ("з", "с"), ("ж", "ш"), ("щ", "ш"), ("йо", "ё"), ("ие", "ия"), ("ия", "ие"),
        ("тр", "тер"), ("гр", "гер"),
    ],
}

# Misspellings seen in the wild (search logs of converter apps, forum posts,
# spell-checker lists), written by hand: typed, unit key.
HAND = [
    ("farenheit", "temperature/degree Fahrenheit"), ("fahrenheight", "temperature/degree Fahrenheit"),
    ("farenhiet", "temperature/degree Fahrenheit"), ("fahrenhiet", "temperature/degree Fahrenheit"),
    ("ferenheit", "temperature/degree Fahrenheit"), ("farhenheit", "temperature/degree Fahrenheit"),
    ("celcius", "temperature/degree Celsius"), ("celsious", "temperature/degree Celsius"),
    ("celsuis", "temperature/degree Celsius"), ("selsius", "temperature/degree Celsius"),
    ("kelvins", "temperature/kelvin"), ("kelivn", "temperature/kelvin"),
    ("kilomter", "length/kilometer"), ("kilomiter", "length/kilometer"), ("kilometr", "length/kilometer"),
    ("killometer", "length/kilometer"), ("kilometters", "length/kilometer"), ("kilomters", "length/kilometer"),
    ("milimeter", "length/millimeter"), ("millimiter", "length/millimeter"), ("milimetre", "length/millimeter"),
    ("centimetr", "length/centimeter"), ("centimiter", "length/centimeter"), ("sentimeter", "length/centimeter"),
    ("metter", "length/meter"), ("meteres", "length/meter"), ("inchs", "length/inch"), ("incehs", "length/inch"),
    ("yrads", "length/yard"), ("feets", "length/foot"), ("miels", "length/mile"), ("nautical mille", "length/nautical mile"),
    ("kilogramme", "mass/kilogram"), ("kilogarm", "mass/kilogram"), ("kilagram", "mass/kilogram"),
    ("killogram", "mass/kilogram"), ("miligram", "mass/milligram"), ("milligramm", "mass/milligram"),
    ("pounts", "mass/pound"), ("ounze", "mass/ounce"), ("ounses", "mass/ounce"), ("tonns", "mass/tonne"),
    ("grams", "mass/gram"), ("gramms", "mass/gram"), ("stoen", "mass/stone"),
    ("mililiter", "volume/milliliter"), ("millilitre", "volume/milliliter"), ("mililitre", "volume/milliliter"),
    ("litter", "volume/liter"), ("leter", "volume/liter"), ("galon", "volume/US gallon"),
    ("gallonn", "volume/US gallon"), ("tablespon", "volume/US tablespoon"), ("teaspon", "volume/US teaspoon"),
    ("secound", "time/second"), ("secont", "time/second"), ("minuets", "time/minute"), ("minuts", "time/minute"),
    ("hourse", "time/hour"), ("milisecond", "time/millisecond"), ("millisecound", "time/millisecond"),
    ("nanosecund", "time/nanosecond"), ("kilowat", "power/kilowatt"), ("killowatt", "power/kilowatt"),
    ("horspower", "power/horsepower"), ("horsepowr", "power/horsepower"), ("megawat", "power/megawatt"),
    ("kilobites", "data-size/kilobyte"), ("megabite", "data-size/megabyte"), ("gigbyte", "data-size/gigabyte"),
    ("terrabyte", "data-size/terabyte"), ("gigabite", "data-size/gigabyte"),
    ("hectar", "area/hectare"), ("hectre", "area/hectare"), ("accre", "area/acre"), ("ackers", "area/acre"),
    ("atmosfere", "pressure/standard atmosphere"), ("pascals", "pressure/pascal"), ("paskal", "pressure/pascal"),
    ("kilopaskal", "pressure/kilopascal"), ("milibar", "pressure/millibar"),
    ("jouls", "energy/joule"), ("calory", "energy/calorie"), ("callorie", "energy/calorie"),
    ("kilocalory", "energy/kilocalorie"), ("kilocaloire", "energy/kilocalorie"),
    ("newtons", "force/newton"), ("nuton", "force/newton"), ("herz", "frequency/hertz"), ("hertzs", "frequency/hertz"),
    ("killohertz", "frequency/kilohertz"), ("voltz", "voltage/volt"), ("amperes", "electric-current/ampere"),
    ("ampere", "electric-current/ampere"), ("radains", "angle/radian"), ("degres", "angle/degree"),
    ("киллограмм", "mass/kilogram"), ("килограм", "mass/kilogram"), ("килаграмм", "mass/kilogram"),
    ("кило грамм", "mass/kilogram"), ("миллиграм", "mass/milligram"), ("милиграмм", "mass/milligram"),
    ("грам", "mass/gram"), ("тона", "mass/tonne"), ("тоннна", "mass/tonne"), ("фунтов", "mass/pound"),
    ("унцыя", "mass/ounce"), ("милиметр", "length/millimeter"), ("миллиметор", "length/millimeter"),
    ("сантимерт", "length/centimeter"), ("сантиметор", "length/centimeter"), ("сатниметр", "length/centimeter"),
    ("киломерт", "length/kilometer"), ("километор", "length/kilometer"), ("килиметр", "length/kilometer"),
    ("метор", "length/meter"), ("дюим", "length/inch"), ("дьюйм", "length/inch"), ("ярдд", "length/yard"),
    ("милиметров", "length/millimeter"), ("литор", "volume/liter"), ("милилитр", "volume/milliliter"),
    ("миллилитор", "volume/milliliter"), ("галон", "volume/US gallon"), ("галлонн", "volume/US gallon"),
    ("фаренгет", "temperature/degree Fahrenheit"), ("фарингейт", "temperature/degree Fahrenheit"),
    ("фаренгейд", "temperature/degree Fahrenheit"), ("цельсиус", "temperature/degree Celsius"),
    ("цельций", "temperature/degree Celsius"), ("кельвен", "temperature/kelvin"), ("сикунда", "time/second"),
    ("секунуда", "time/second"), ("минуты", "time/minute"), ("минудa", "time/minute"), ("чассы", "time/hour"),
    ("милисекунда", "time/millisecond"), ("гиктар", "area/hectare"), ("гектаров", "area/hectare"),
    ("киловат", "power/kilowatt"), ("килловатт", "power/kilowatt"), ("мегават", "power/megawatt"),
    ("мегабаит", "data-size/megabyte"), ("гигобайт", "data-size/gigabyte"), ("килобаит", "data-size/kilobyte"),
    ("терробайт", "data-size/terabyte"), ("атмасфера", "pressure/standard atmosphere"), ("паскал", "pressure/pascal"),
    ("килопаскал", "pressure/kilopascal"), ("джоул", "energy/joule"), ("колория", "energy/calorie"),
    ("килакалория", "energy/kilocalorie"), ("килокаллория", "energy/kilocalorie"), ("ньтон", "force/newton"),
    ("ньютан", "force/newton"), ("герцы", "frequency/hertz"), ("гертц", "frequency/hertz"), ("вольтт", "voltage/volt"),
    ("ампер", "electric-current/ampere"), ("ампэр", "electric-current/ampere"), ("радиан", "angle/radian"),
    ("градуc", "angle/degree"),
]


def fold(text):
    """What SearchKey.normalize does for plain words: lower case, NFC, ё -> е, spaces collapsed."""
    text = unicodedata.normalize("NFC", text.lower()).replace("ё", "е")
    return " ".join(text.split())


def read_units(source):
    """Unit key -> priority, and the category of each (file stem) unit name."""
    units = {}
    folder = os.path.join(source, "units-src")
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".tsv") or file in SKIP:
            continue
        category = file[:-4]
        with open(os.path.join(folder, file), encoding="utf-8") as handle:
            for line in handle:
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.rstrip("\n").split("\t")
                name = fields[0].lstrip("^")
                try:
                    priority = float(fields[3]) if len(fields) > 3 and fields[3] else 0.0
                except ValueError:
                    priority = 0.0
                units[f"{category}/{name}"] = priority
    return units


def read_names(source, language, units):
    """(unit key, name) for every display name, plural form and synonym of the language."""
    names = []
    folder = os.path.join(source, "locales", language)
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".tsv") or file in SKIP:
            continue
        category = file[:-4]
        with open(os.path.join(folder, file), encoding="utf-8") as handle:
            header = None
            for line in handle:
                if not line.strip() or line.startswith("#"):
                    continue
                fields = line.rstrip("\n").split("\t")
                if header is None:
                    header = fields
                    continue
                row = dict(zip(header, fields))
                key = f"{category}/{row.get('unit', '')}"
                if key not in units:
                    continue
                words = [row.get(column, "") for column in header if column not in ("unit", "symbols", "synonyms")]
                words += row.get("synonyms", "").split(",")
                for word in words:
                    word = fold(word)
                    if word and "{" not in word:
                        names.append((key, word))
    return names


def all_keys(source, units):
    """Every normalised key a search finds exactly: names, symbols and synonyms of every language."""
    keys = set()
    for key in units:
        keys.add(fold(key.split("/", 1)[1]))
    for language in sorted(os.listdir(os.path.join(source, "locales"))):
        folder = os.path.join(source, "locales", language)
        if not os.path.isdir(folder):
            continue
        for file in os.listdir(folder):
            if not file.endswith(".tsv") or file in SKIP:
                continue
            with open(os.path.join(folder, file), encoding="utf-8") as handle:
                header = None
                for line in handle:
                    if not line.strip() or line.startswith("#"):
                        continue
                    fields = line.rstrip("\n").split("\t")
                    if header is None:
                        header = fields
                        continue
                    for column, value in zip(header, fields):
                        if column == "unit":
                            continue
                        for word in value.split(","):
                            if word.strip():
                                keys.add(fold(word))
    return keys


def letters(word):
    return sum(ch.isalpha() for ch in word)


def misspell(word, kind, language, rng):
    """One error of `kind` in `word` (a name of one or more words), or None when it cannot apply."""
    parts = word.split(" ")
    choices = [i for i, part in enumerate(parts) if letters(part) >= 4]
    if not choices:
        return None
    index = rng.choice(choices)
    part = parts[index]
    near = NEAR[language]
    positions = [i for i, ch in enumerate(part) if ch.isalpha()]
    if kind == "phonetic":
        rules = [(a, b) for a, b in PHONETIC[language] if a in part]
        if not rules:
            return None
        a, b = rng.choice(rules)
        starts = [i for i in range(len(part)) if part.startswith(a, i)]
        at = rng.choice(starts)
        changed = part[:at] + b + part[at + len(a):]
    else:
        at = rng.choice(positions)
        ch = part[at]
        if kind == "keyboard":
            if ch not in near:
                return None
            changed = part[:at] + rng.choice(near[ch]) + part[at + 1:]
        elif kind == "drop":
            changed = part[:at] + part[at + 1:]
        elif kind == "double":
            changed = part[:at] + ch + part[at:]
        elif kind == "transpose":
            if at + 1 >= len(part) or part[at + 1] == ch or not part[at + 1].isalpha():
                return None
            changed = part[:at] + part[at + 1] + ch + part[at + 2:]
        elif kind == "insert":
            if ch not in near:
                return None
            extra = rng.choice(near[ch])
            changed = part[:at] + extra + part[at:] if rng.random() < 0.5 else part[:at + 1] + extra + part[at + 1:]
        else:
            raise ValueError(kind)
    parts[index] = changed
    return " ".join(parts)


KINDS = ["keyboard", "drop", "double", "transpose", "insert", "phonetic"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", default=".")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--per-language", type=int, default=700)
    args = parser.parse_args()
    units = read_units(args.source)
    keys = all_keys(args.source, units)
    rng = random.Random(args.seed)
    rows = []
    seen = set()
    for language in ("en", "ru"):
        names = [(key, name) for key, name in read_names(args.source, language, units) if letters(name) >= 4]
        names = sorted(set(names))
        weights = [1 + units[key] for key, _ in names]
        made = 0
        attempts = 0
        while made < args.per_language and attempts < 100 * args.per_language:
            attempts += 1
            key, name = rng.choices(names, weights)[0]
            kind = KINDS[made % len(KINDS)]
            typed = misspell(name, kind, language, rng)
            if typed is None or typed == name or fold(typed) in keys or (typed, key) in seen:
                continue
            seen.add((typed, key))
            rows.append((typed, key, kind, language))
            made += 1
    for typed, key in HAND:
        if key not in units:
            sys.exit(f"gen-misspellings: hand-written row names no unit: {key}")
        language = "ru" if any("\u0400" <= ch <= "\u04ff" for ch in typed) else "en"
        if fold(typed) in keys or (typed, key) in seen:
            continue  # a real name now (the sources gained it): not a misspelling any more
        seen.add((typed, key))
        rows.append((typed, key, "real", language))
    out = sys.stdout
    out.write("# Misspelled names and the unit meant: written by Scripts/lib/gen-misspellings.py "
              f"--seed {args.seed} --per-language {args.per_language} (do not edit; run it again).\n")
    out.write("# typed\tunit\tkind\tlanguage\n")
    for row in rows:
        out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
