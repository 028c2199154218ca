"""A reader of unitpack's built data, written from the documents alone.

Every row it reads is checked against its checksum (docs/database.md, "Proving
the data"), and a unit's words against the count their rows state.

docs/manifest.md (the generation), docs/database.md (units.sqlite),
docs/formulas.md, docs/plural-rules.md and docs/pack-format.md (search.pack)
are the specification; nothing here was taken from the Swift sources. Standard
library only (sqlite3, zlib, struct, unicodedata), so that any front end can
see what the formats ask of a reader.

    gen = Generation.read("dist")
    db = Database(gen.path("units.sqlite"))
    db.convert(1.0, "length/mile", "length/meter")
    db.format(1.5, "length/meter", "ru")
    pack = SearchPack(gen.path("search.pack"))
    pack.search("мет", ["ru"])
"""

import bisect
import decimal
import math
import os
import re
import sqlite3
import stat
import struct
import unicodedata
import zlib
from fractions import Fraction

DATABASE_FORMAT = 15
PACK_FORMAT = 6
UNIT_WORDS_MAX_SIZE = 1 << 20
MANIFEST_VERSION = 1
APPLICATION_ID = 0x554E504B


class ReaderError(Exception):
    """Anything this reader refuses: a bad manifest, format or file."""


# ---------------------------------------------------------------- manifest

class Generation:
    """The files of one build, as `manifest.tsv` names them (docs/manifest.md)."""

    def __init__(self, directory, fields):
        self.directory = directory
        self.database_format = fields["database-format"]
        self.pack_format = fields["pack-format"]
        self.source_sha256 = fields["source-sha256"]
        self.languages = fields["languages"]
        self.categories = fields.get("categories")  # None: every category (no slice by category)
        self.artifacts = fields["artifacts"]

    @classmethod
    def read(cls, directory):
        path = os.path.join(directory, "manifest.tsv")
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            raise ReaderError(f"no manifest at {path}: run `unitpack build`")
        if not stat.S_ISREG(info.st_mode):
            raise ReaderError(f"{path} is not a regular file")
        if info.st_size > 65536:
            raise ReaderError(f"{path} is larger than 65,536 bytes")
        with open(path, "rb") as f:
            data = f.read()
        if not data.endswith(b"\n"):
            raise ReaderError(f"{path}: the last line has no line feed")
        text = data.decode("utf-8")
        fields = {"artifacts": {}}
        seen = set()
        for number, line in enumerate(text[:-1].split("\n"), start=1):
            where = f"{path}:{number}"
            parts = line.split("\t")
            key, rest = parts[0], parts[1:]
            if any(ord(c) < 0x20 and c != "\t" for c in line):
                raise ReaderError(f"{where}: a control character")
            if number == 1:
                if key != "unitpack-manifest" or rest != [str(MANIFEST_VERSION)]:
                    raise ReaderError(f"{where}: not a unitpack manifest of version {MANIFEST_VERSION}")
                continue
            if key != "artifact":
                if key in seen:
                    raise ReaderError(f"{where}: {key} twice")
                seen.add(key)
            if key in ("database-format", "pack-format"):
                if len(rest) != 1:
                    raise ReaderError(f"{where}: {key} takes one field")
                fields[key] = whole_number(rest[0], where)
            elif key == "source-sha256":
                if len(rest) != 1 or not re.fullmatch(r"[0-9a-f]{64}", rest[0]):
                    raise ReaderError(f"{where}: source-sha256 takes 64 lower-case hex digits")
                fields[key] = rest[0]
            elif key == "languages":
                for code in rest:
                    if not re.fullmatch(r"[A-Za-z0-9_-]{1,35}", code):
                        raise ReaderError(f"{where}: bad language code {code!r}")
                if len(set(rest)) != len(rest):
                    raise ReaderError(f"{where}: a language twice")
                fields[key] = rest
            elif key == "categories":
                # Only in a slice by category: one or more keys, each once (docs/manifest.md).
                if not rest:
                    raise ReaderError(f"{where}: categories names no category")
                for category in rest:
                    if not re.fullmatch(r"[a-z0-9-]{1,255}", category):
                        raise ReaderError(f"{where}: bad category key {category!r}")
                if len(set(rest)) != len(rest):
                    raise ReaderError(f"{where}: a category twice")
                fields[key] = rest
            elif key == "artifact":
                if len(rest) != 4:
                    raise ReaderError(f"{where}: artifact takes 4 fields")
                name, file, size, sha = rest
                if not re.fullmatch(r"[A-Za-z0-9._-]{1,255}", file) or file.startswith("."):
                    raise ReaderError(f"{where}: bad file name {file!r}")
                if not re.fullmatch(r"[0-9a-f]{64}", sha):
                    raise ReaderError(f"{where}: bad SHA-256")
                if name in fields["artifacts"] or any(a[0] == file for a in fields["artifacts"].values()):
                    raise ReaderError(f"{where}: {name} or {file} twice")
                fields["artifacts"][name] = (file, whole_number(size, where), sha, number)
            else:
                raise ReaderError(f"{where}: unknown key {key!r}")
        for key in ("database-format", "pack-format", "source-sha256", "languages"):
            if key not in fields:
                raise ReaderError(f"{path}: {key} is missing")
        return cls(directory, fields)

    def path(self, name):
        """The path of artifact `name`, checked as a reader must: a regular file of the stated size."""
        if name not in self.artifacts:
            raise ReaderError(f"{self.directory}/manifest.tsv names no {name}")
        file, size, _, line = self.artifacts[name]
        path = os.path.join(self.directory, file)
        where = f"{self.directory}/manifest.tsv:{line}"
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            raise ReaderError(f"{where}: {name} is missing: no file {path}")
        if not stat.S_ISREG(info.st_mode):
            raise ReaderError(f"{where}: {path} is not a regular file")
        if info.st_size != size:
            raise ReaderError(f"{where}: {path} has {info.st_size} bytes, not {size}")
        return path


def whole_number(text, where):
    if not re.fullmatch(r"0|[1-9][0-9]{0,14}", text):
        raise ReaderError(f"{where}: {text!r} is not a whole number")
    return int(text)


# ---------------------------------------------------------------- folding

ARABIC_LETTERS = {"\u0622": "\u0627", "\u0623": "\u0627", "\u0625": "\u0627", "\u0649": "\u064A", "\u0629": "\u0647"}


def fold(text):
    """docs/database.md, "Folding": lower case, NFC, Arabic folded."""
    text = unicodedata.normalize("NFC", text.lower())
    if any(0x0600 <= ord(c) <= 0x067F for c in text):
        out = []
        removed = False
        for c in text:
            if c == "\u0640" or 0x064B <= ord(c) <= 0x0655:
                removed = True
                continue
            out.append(ARABIC_LETTERS.get(c, c))
        text = "".join(out)
        if removed:
            text = unicodedata.normalize("NFC", text)
    return text


# ---------------------------------------------------------------- formulas

class FormulaError(Exception):
    """An evaluation error: kind is division-by-zero, overflow, domain or not-finite; underflow for a conversion's."""

    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


FUNCTIONS = {
    "sqrt": 1, "cbrt": 1, "exp": 1, "ln": 1, "log10": 1, "log2": 1, "pow": 2, "abs": 1,
    "sin": 1, "cos": 1, "tan": 1, "asin": 1, "acos": 1, "atan": 1,
}
TOKEN = re.compile(r"\s*(?:(?P<number>(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op>[-+*/^(),]))")


def parse_formula(text):
    """The syntax tree of docs/formulas.md: tuples ('num', v), ('var',), ('neg', e), ('bin', op, l, r), ('call', f, args)."""
    tokens = []
    position = 0
    while position < len(text):
        if text[position] in " \t":
            position += 1
            continue
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ReaderError(f"formula {text!r}: unexpected character at {position}")
        if match.group("number") is not None:
            value = float(match.group("number"))
            if math.isinf(value):
                raise ReaderError(f"formula {text!r}: a literal too large")
            tokens.append(("number", value))
        elif match.group("name") is not None:
            tokens.append(("name", match.group("name")))
        else:
            tokens.append(("op", match.group("op")))
        position = match.end()
    tokens.append(("end", None))
    index = 0

    def peek():
        return tokens[index]

    def take(kind=None, value=None):
        nonlocal index
        token = tokens[index]
        if (kind and token[0] != kind) or (value is not None and token[1] != value):
            raise ReaderError(f"formula {text!r}: unexpected {token}")
        index += 1
        return token

    def sum_():
        node = product()
        while peek() in (("op", "+"), ("op", "-")):
            op = take()[1]
            node = ("bin", op, node, product())
        return node

    def product():
        node = unary()
        while peek() in (("op", "*"), ("op", "/")):
            op = take()[1]
            node = ("bin", op, node, unary())
        return node

    def unary():
        signs = []
        while peek() in (("op", "+"), ("op", "-")):
            signs.append(take()[1])
        node = power()
        for sign in reversed(signs):
            if sign == "-":
                node = ("neg", node)
        return node

    def power():
        base = primary()
        if peek() == ("op", "^"):
            take()
            return ("bin", "^", base, unary())
        return base

    def primary():
        kind, value = peek()
        if kind == "number":
            take()
            return ("num", value)
        if kind == "name":
            take()
            if value in ("X", "x"):
                return ("var",)
            if value == "pi":
                return ("num", math.pi)
            if value == "e":
                return ("num", math.e)
            if value in FUNCTIONS:
                take("op", "(")
                arguments = [sum_()]
                while peek() == ("op", ","):
                    take()
                    arguments.append(sum_())
                take("op", ")")
                if len(arguments) != FUNCTIONS[value]:
                    raise ReaderError(f"formula {text!r}: {value} takes {FUNCTIONS[value]} arguments")
                return ("call", value, arguments)
            raise ReaderError(f"formula {text!r}: unknown name {value}")
        if (kind, value) == ("op", "("):
            take()
            node = sum_()
            take("op", ")")
            return node
        raise ReaderError(f"formula {text!r}: expected an expression")

    tree = sum_()
    take("end")
    return tree


def _finite(value):
    if math.isnan(value):
        raise FormulaError("domain")
    if math.isinf(value):
        raise FormulaError("overflow")
    return value


LEAST_NORMAL = 2.2250738585072014e-308


def _normal_value(x):
    """docs/database.md, "Conversion": a subnormal value has lost its digits."""
    if x != 0 and abs(x) < LEAST_NORMAL:
        raise FormulaError("underflow")


def _normal(result, value):
    """A step's result: subnormal, or 0 by a factor from a value that is not 0 (value None: a formula's, whose 0 is a value)."""
    _normal_value(result)
    if result == 0 and value is not None and value != 0:
        raise FormulaError("underflow")
    return result


def _pow(a, b):
    if a < 0 and b != math.floor(b):
        raise FormulaError("domain")
    if a == 0 and b < 0:
        raise FormulaError("domain")
    try:
        value = math.pow(a, b)
    except OverflowError:
        raise FormulaError("overflow")
    except ValueError:
        raise FormulaError("domain")
    return _finite(value)


DOMAINS = {
    "sqrt": lambda a: a >= 0, "ln": lambda a: a > 0, "log10": lambda a: a > 0, "log2": lambda a: a > 0,
    "asin": lambda a: -1 <= a <= 1, "acos": lambda a: -1 <= a <= 1,
}
CALLS = {
    "sqrt": math.sqrt, "cbrt": math.cbrt, "exp": math.exp, "ln": math.log, "log10": math.log10, "log2": math.log2,
    "abs": abs, "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin, "acos": math.acos,
    "atan": math.atan,
}


def evaluate(tree, x):
    """docs/formulas.md, "Evaluation": IEEE binary64, every intermediate result checked."""
    kind = tree[0]
    if kind == "num":
        if not math.isfinite(tree[1]):
            raise FormulaError("not-finite")
        return tree[1]
    if kind == "var":
        if not math.isfinite(x):
            raise FormulaError("not-finite")
        return x
    if kind == "neg":
        return -evaluate(tree[1], x)
    if kind == "bin":
        op, left, right = tree[1], evaluate(tree[2], x), evaluate(tree[3], x)
        if op == "+":
            return _finite(left + right)
        if op == "-":
            return _finite(left - right)
        if op == "*":
            return _finite(left * right)
        if op == "/":
            if right == 0:
                raise FormulaError("division-by-zero")
            return _finite(left / right)
        return _pow(left, right)
    name, arguments = tree[1], [evaluate(a, x) for a in tree[2]]
    if name == "pow":
        return _pow(*arguments)
    a = arguments[0]
    if name in DOMAINS and not DOMAINS[name](a):
        raise FormulaError("domain")
    try:
        value = CALLS[name](a)
    except OverflowError:
        raise FormulaError("overflow")
    except ValueError:
        raise FormulaError("domain")
    return _finite(value)


# ---------------------------------------------------------------- plural rules

CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"]


class Operands:
    """docs/plural-rules.md, "Operands", from the decimal digits of a number as written."""

    def __init__(self, text):
        match = re.fullmatch(r"([0-9]+)(?:\.([0-9]+))?(?:[ce]([0-9]+))?", text)
        if not match:
            raise ReaderError(f"{text!r} is not a number as plural rules read it")
        integer, fraction, exponent = match.group(1), match.group(2) or "", int(match.group(3) or 0)
        # The exponent moves the decimal point right.
        moved = min(exponent, len(fraction))
        integer = integer + fraction[:moved] + "0" * (exponent - moved)
        fraction = fraction[moved:]
        self.i = int(integer)
        self.v = len(fraction)
        self.f = int(fraction) if fraction else 0
        stripped = fraction.rstrip("0")
        self.w = len(stripped)
        self.t = int(stripped) if stripped else 0
        self.c = self.e = exponent
        self.n = Fraction(self.i) + (Fraction(self.f, 10 ** self.v) if self.v else 0)


class PluralRules:
    """The canonical text of `languages.plural_rules`, parsed by the grammar of docs/plural-rules.md."""

    def __init__(self, text):
        self.rules = []  # (category, [[relation]]), relation = (operand, modulus, kind, negated, ranges)
        self.categories = []
        for line in text.split("\n"):
            if not line.strip():
                continue
            category, _, condition = line.partition(":")
            category = category.strip()
            if category not in CATEGORY_ORDER:
                raise ReaderError(f"plural rules: unknown category {category!r}")
            self.categories.append(category)
            if category == "other":
                continue
            self.rules.append((category, self._condition(condition)))
        if "other" not in self.categories:
            self.categories.append("other")
        self.rules.sort(key=lambda rule: CATEGORY_ORDER.index(rule[0]))
        self.categories.sort(key=CATEGORY_ORDER.index)

    @staticmethod
    def _condition(text):
        tokens = re.findall(r"\.\.|!=|=|%|,|[a-z]+|[0-9]+", text)
        ors = [[]]
        index = 0

        def take():
            nonlocal index
            index += 1
            return tokens[index - 1]

        while index < len(tokens):
            operand = take()
            if operand not in ("n", "i", "v", "w", "f", "t", "c", "e"):
                raise ReaderError(f"plural rules: bad operand {operand!r} in {text!r}")
            modulus = None
            if index < len(tokens) and tokens[index] in ("%", "mod"):
                take()
                modulus = int(take())
            negated = False
            kind = "in"
            word = take()
            if word == "!=":
                negated = True
            elif word == "is":
                if tokens[index] == "not":
                    take()
                    negated = True
            elif word == "not":
                negated = True
                word = take()
                kind = "within" if word == "within" else "in"
            elif word == "within":
                kind = "within"
            elif word not in ("=", "in"):
                raise ReaderError(f"plural rules: bad relation {word!r} in {text!r}")
            ranges = []
            while True:
                low = int(take())
                high = low
                if index < len(tokens) and tokens[index] == "..":
                    take()
                    high = int(take())
                ranges.append((low, high))
                if index < len(tokens) and tokens[index] == ",":
                    take()
                    continue
                break
            ors[-1].append((operand, modulus, kind, negated, ranges))
            if index < len(tokens):
                joiner = take()
                if joiner == "or":
                    ors.append([])
                elif joiner != "and":
                    raise ReaderError(f"plural rules: expected and/or in {text!r}")
        return ors

    @staticmethod
    def _holds(relation, operands):
        operand, modulus, kind, negated, ranges = relation
        value = getattr(operands, operand)
        if modulus is not None:
            value = value % modulus
        if kind == "within":
            holds = any(low <= value <= high for low, high in ranges)
        else:
            holds = value == int(value) and any(low <= value <= high for low, high in ranges)
        return holds != negated

    def category(self, text):
        operands = Operands(text)
        for category, condition in self.rules:
            if any(all(self._holds(r, operands) for r in conjunction) for conjunction in condition):
                return category
        return "other"


# ---------------------------------------------------------------- numbers

SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def _significant(value, digits):
    """The value rounded to `digits` significant digits: (negative, digit string, exponent of the first digit)."""
    # Half-even on the shortest decimal that reads back as the same Double
    # (Python's repr), not on the Double's exact binary value: 99999.95 is
    # 100000 to six digits, though the Double is 99999.94999...
    exact = decimal.Decimal(repr(abs(value)))
    rounded = decimal.Context(prec=digits, rounding=decimal.ROUND_HALF_EVEN).plus(exact)
    sign, digit_tuple, exponent = rounded.as_tuple()
    text = "".join(map(str, digit_tuple))
    return value < 0, text, exponent + len(digit_tuple) - 1


def format_number(value, symbols, significant_digits=6, minimum_fraction_digits=0, grouping=True):
    """docs/database.md, "Formatting a number": (text, the digits plural rules read)."""
    negative, digits, exponent = _significant(value, significant_digits)
    digits = digits.rstrip("0") or "0"
    if value == 0:
        negative, digits, exponent = False, "0", 0
    magnitude = abs(float(digits[0] + "." + digits[1:] + "e" + str(exponent))) if digits != "0" else 0.0
    sign = symbols["minus"] if negative and digits != "0" else ""
    if magnitude != 0 and (magnitude >= 1e15 or magnitude < 1e-6):
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        shown = mantissa.replace(".", symbols["decimal"]) + " × 10" + str(exponent).translate(SUPERSCRIPTS)
        if exponent > 0:
            plural = mantissa + "c" + str(exponent)
        else:
            plural = "0." + "0" * (-exponent - 1) + digits
        return symbols_digits(sign + shown, symbols), plural
    if exponent >= 0:
        integer = (digits + "0" * (exponent + 1))[: exponent + 1]
        fraction = digits[exponent + 1:]
    else:
        integer = "0"
        fraction = "0" * (-exponent - 1) + digits
    fraction = fraction + "0" * max(0, minimum_fraction_digits - len(fraction))
    plural = integer + ("." + fraction if fraction else "")
    shown = integer
    if grouping and len(integer) >= symbols["primary"] + symbols["minimum"]:
        groups = [integer[-symbols["primary"]:]]
        rest = integer[: -symbols["primary"]]
        while rest:
            groups.insert(0, rest[-symbols["secondary"]:])
            rest = rest[: -symbols["secondary"]]
        shown = symbols["group"].join(groups)
    if fraction:
        shown += symbols["decimal"] + fraction
    return symbols_digits(sign + shown, symbols), plural


def symbols_digits(text, symbols):
    if not symbols["digits"]:
        return text
    return "".join(symbols["digits"][ord(c) - 48] if "0" <= c <= "9" else c for c in text)


# ---------------------------------------------------------------- the database

def row_checksum(table, values):
    """docs/database.md, "Row checksums": CRC-32 of the table's name, a 0 byte and each column but crc."""
    data = bytearray(table.encode("utf-8") + b"\x00")
    for value in values:
        if value is None:
            data += b"\x00"
        elif isinstance(value, int):
            data += b"\x01" + struct.pack(">q", value)
        elif isinstance(value, float):
            data += b"\x02" + struct.pack(">d", value)
        elif isinstance(value, str):
            encoded = value.encode("utf-8")
            data += b"\x03" + struct.pack(">I", len(encoded)) + encoded
        else:
            data += b"\x04" + struct.pack(">I", len(value)) + bytes(value)
    crc = zlib.crc32(bytes(data))
    return crc - (1 << 32) if crc >= 1 << 31 else crc


MARKS = {"°", "′", "″", "'", '"'}


class Database:
    """units.sqlite, read-only and immutable (docs/database.md, "Identifying and opening")."""

    def __init__(self, path):
        self.path = path
        self.connection = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
        application_id = self.connection.execute("PRAGMA application_id").fetchone()[0]
        if application_id != APPLICATION_ID:
            raise ReaderError(f"{path} is not a unitpack database")
        version = self.connection.execute("PRAGMA user_version").fetchone()[0]
        if version != DATABASE_FORMAT:
            raise ReaderError(f"{path} has format {version}; this reader reads {DATABASE_FORMAT}")
        self.categories = {}
        for row in self.rows("categories"):
            self.categories[row["id"]] = (row["key"], row["base_unit"])
        self.units = {}
        self.by_key = {}
        for row in self.rows("units"):
            uid, category, name, symbols, factor, to_base, from_base, flags = (
                row["id"], row["category"], row["name"], row["symbols"], row["factor"], row["to_base"],
                row["from_base"], row["flags"])
            unit = {
                "id": uid, "category": self.categories[category][0], "name": name,
                "symbols": symbols.split("\t") if symbols else [], "factor": factor,
                "to_base": parse_formula(to_base) if flags & 2 else None,
                "from_base": parse_formula(from_base) if flags & 2 else None,
                "inverse": bool(flags & 1), "formula": bool(flags & 2),
            }
            unit["key"] = unit["category"] + "/" + name
            self.units[uid] = unit
            self.by_key[unit["key"]] = unit
        self.languages = {}
        columns = ("code", "complete", "decimal_separator", "group_separator", "primary_grouping",
                   "secondary_grouping", "minimum_grouping_digits", "plural_rules", "minus_sign", "long_pattern",
                   "short_pattern", "native_numbering", "native_digits", "native_decimal", "native_group",
                   "native_minus", "latn_regions", "region_separators", "region_grouping")
        for row in self.rows("languages"):
            (code, complete, decimal, group, primary, secondary, minimum, rules, minus, long_pattern, short_pattern,
             native, native_digits, native_decimal, native_group, native_minus, latn_regions, region_separators,
             region_grouping) = (row[column] for column in columns)
            latn = {"decimal": decimal, "group": group, "minus": minus, "digits": None,
                    "primary": primary, "secondary": secondary, "minimum": minimum}
            native_symbols = None
            if native:
                native_symbols = dict(latn, decimal=native_decimal, group=native_group, minus=native_minus,
                                      digits=list(native_digits))
            separators = {}
            for entry in region_separators.split(" ") if region_separators else []:
                region, decimal_, group_ = entry.split(":")
                separators[region] = (decimal_, group_)
            grouping = {}
            for entry in region_grouping.split(" ") if region_grouping else []:
                region, sizes, minimum_ = entry.split(":")
                sizes = [int(size) for size in sizes.split(",")]
                grouping[region] = (sizes[0], sizes[-1], int(minimum_))
            self.languages[code] = {
                "complete": bool(complete), "symbols": native_symbols or latn, "latn": latn, "native": native_symbols,
                "latn_regions": latn_regions.split(" ") if latn_regions else [], "region_separators": separators,
                "region_grouping": grouping, "rules": PluralRules(rules), "long": long_pattern, "short": short_pattern,
            }
        self._names = {}

    def rows(self, table, where="", parameters=()):
        """Every row of `table` (matching `where`) as a dict, each checked against its `crc`."""
        cursor = self.connection.execute(f"SELECT * FROM {table} {where}", parameters)
        names = [column[0] for column in cursor.description]
        if names[-1] != "crc":
            raise ReaderError(f"{self.path}: {table} does not end with crc")
        result = []
        for values in cursor:
            if row_checksum(table, values[:-1]) != values[-1]:
                raise ReaderError(f"{self.path}: a row of {table} does not match its checksum: {values}")
            result.append(dict(zip(names, values)))
        return result

    def resolve(self, tag):
        """The database's language for a BCP 47 tag, as lookup finds it (case-insensitive, `_` as `-`,
        subtags dropped from the end), and the number symbols of the tag's region (docs/database.md,
        "Formatting a number")."""
        candidate = tag.replace("_", "-").lower()
        by_folded = {code.lower(): code for code in self.languages}
        while candidate not in by_folded:
            if "-" not in candidate:
                raise ReaderError(f"no language {tag!r}; this database has {', '.join(sorted(self.languages))}")
            candidate = candidate.rsplit("-", 1)[0]
        code = by_folded[candidate]
        language = self.languages[code]
        region = None
        for subtag in tag.replace("_", "-").split("-")[1:]:
            if (len(subtag) == 2 and subtag.isascii() and subtag.isalpha()) or \
                    (len(subtag) == 3 and subtag.isascii() and subtag.isdigit()):
                region = subtag.upper()
                break
        if language["native"] and region not in language["latn_regions"]:
            return code, language["native"]
        symbols = dict(language["latn"])
        if region in language["region_separators"]:
            symbols["decimal"], symbols["group"] = language["region_separators"][region]
        if region in language["region_grouping"]:
            symbols["primary"], symbols["secondary"], symbols["minimum"] = language["region_grouping"][region]
        return code, symbols

    def unit(self, key):
        if key not in self.by_key:
            raise ReaderError(f"no unit {key}")
        return self.by_key[key]

    def base_of(self, unit):
        return self.units[[b for k, b in self.categories.values() if k == unit["category"]][0]]

    # docs/database.md, "Conversion"
    @staticmethod
    def to_base(unit, x):
        _normal_value(x)
        if unit["formula"]:
            return _normal(evaluate(unit["to_base"], x), None)
        if unit["inverse"]:
            if x == 0:
                raise FormulaError("division-by-zero")
            return _normal(_finite(unit["factor"] / x), x)
        return _normal(_finite(x * unit["factor"]), x)

    @staticmethod
    def from_base(unit, b):
        _normal_value(b)
        if unit["formula"]:
            return _normal(evaluate(unit["from_base"], b), None)
        if unit["inverse"]:
            if b == 0:
                raise FormulaError("division-by-zero")
            return _normal(_finite(unit["factor"] / b), b)
        return _normal(_finite(b / unit["factor"]), b)

    def convert(self, value, source, target):
        source, target = self.unit(source), self.unit(target)
        if source["category"] != target["category"]:
            raise ReaderError(f"{source['key']} and {target['key']} are of different categories")
        return self.from_base(target, self.to_base(source, value))

    # docs/database.md, clusters: the lists as written (completed 0)
    SYSTEM_READERS = {"metric": ["metric", "001"], "us": ["us", "US"], "imperial": ["imperial", "GB"]}

    def _list(self, category, usage, region):
        cid = [i for i, (key, _) in self.categories.items() if key == category][0]
        rows = self.rows("clusters", "WHERE category = ? AND usage = ? AND region = ? AND completed = 0 ORDER BY rank",
                         (cid, usage, region))
        return [([self.units[row["unit"]]] + [self.units[int(p)] for p in row["parts"].split(" ") if p],
                 row["at_least"]) for row in rows]

    def best_target(self, value, key, region=None, system=None, usage="default"):
        """(the units, largest first; the value in the first) or None: the choice of bestTarget."""
        unit = self.unit(key)
        if system is not None:
            regions = self.SYSTEM_READERS[system] + (["001"] if "001" not in self.SYSTEM_READERS[system] else [])
        else:
            regions = [region] + (["001"] if region != "001" else [])
        while True:
            for reader in regions:
                rows = self._list(unit["category"], usage, reader)
                if rows:
                    base = self.to_base(unit, value)
                    for units, at_least in rows:
                        converted = self.from_base(units[0], base)
                        if abs(converted) >= at_least:
                            return [u["key"] for u in units], converted
                    return [u["key"] for u in rows[-1][0]], self.from_base(rows[-1][0][0], base)
            if usage == "default":
                return None
            usage = usage.rsplit("-", 1)[0] if "-" in usage else "default"

    def unit_words(self, unit_id):
        """{language: {form: text}} of a unit (docs/database.md, unit_words): the row of units whose
        `first` is the greatest not after the unit, its words inflated to the size the row states, the
        unit's part found among the row's parts (each a line `#` and its id, in order, from `first` to
        `last`) and its lines read as the format says."""
        rows = self.rows("unit_words", "WHERE first <= ? ORDER BY first DESC LIMIT 1", (unit_id,))
        if len(rows) != 1 or not rows[0]["first"] <= unit_id <= rows[0]["last"]:
            raise ReaderError(f"{self.path}: unit {unit_id} is in no row of unit_words")
        first, last, size, stream = rows[0]["first"], rows[0]["last"], rows[0]["size"], rows[0]["words"]
        if not isinstance(stream, bytes) or not 0 <= size <= UNIT_WORDS_MAX_SIZE:
            raise ReaderError(f"{self.path}: the row of unit_words at unit {first} states a size of {size}")
        inflater = zlib.decompressobj()
        try:
            text = inflater.decompress(stream, size + 1)
        except zlib.error:
            text = None
        if text is None or len(text) != size or not inflater.eof or inflater.unused_data or inflater.unconsumed_tail:
            raise ReaderError(f"{self.path}: the row of unit_words at unit {first} does not inflate to its size")
        parts, current = {}, None
        for line in text.split(b"\n"):
            if line.startswith(b"#"):
                digits = line[1:]
                unit = int(digits) if digits.isdigit() and not digits.startswith(b"0") else None
                if unit is None or unit > last or (unit <= current if current is not None else unit != first):
                    raise ReaderError(f"{self.path}: the row of unit_words at unit {first}: unit line {line!r} out of place")
                current = unit
                parts[unit] = []
            elif current is None:
                raise ReaderError(f"{self.path}: the row of unit_words at unit {first}: words before any unit's line")
            else:
                parts[current].append(line)
        if current != last:
            raise ReaderError(f"{self.path}: the row of unit_words at unit {first} does not end at unit {last}")
        if unit_id not in parts:
            raise ReaderError(f"{self.path}: unit {unit_id} has no part in its row of unit_words")
        lines = parts[unit_id]
        words, language, last_form = {}, None, None
        for line in (b"\n".join(lines).decode("utf-8").split("\n") if lines else []):
            if "\t" not in line:
                if not line or (language is not None and (not words[language] or language.encode() >= line.encode())):
                    raise ReaderError(f"{self.path}: the words of unit {unit_id}: language {line!r} out of place")
                language, last_form = line, None
                words[language] = {}
                continue
            form, _, text_ = line.partition("\t")
            if language is None or not form or not text_ or "\t" in text_ or \
                    (last_form is not None and last_form.encode() >= form.encode()):
                raise ReaderError(f"{self.path}: the words of unit {unit_id}: a bad line {line!r}")
            words[language][form] = text_
            last_form = form
        if language is not None and not words[language]:
            raise ReaderError(f"{self.path}: the words of unit {unit_id}: language {language!r} has no form")
        return words

    def names(self, unit, language):
        """(language of the words, {form: text}): the language's forms, else English's (docs/database.md, unit_words)."""
        if unit["id"] not in self._names:
            self._names[unit["id"]] = self.unit_words(unit["id"])
        words = self._names[unit["id"]]
        for code in (language, "en"):
            if words.get(code):
                forms = words[code]
                lost = [c for c in ["display"] + list(self.languages[code]["rules"].categories) if c not in forms]
                if lost:
                    raise ReaderError(f"{self.path}: unit {unit['id']} has no {lost[0]!r} form in {code}")
                return code, forms
            if code in self.languages and self.languages[code]["complete"]:
                raise ReaderError(f"{self.path}: unit {unit['id']} has no words in complete language {code}")
        return None, {}

    def format(self, value, key, language, significant_digits=6, minimum_fraction_digits=0, grouping=True):
        """docs/database.md: the number as `language` writes it, its plural category and the long and short forms."""
        unit = self.unit(key)
        language, symbols = self.resolve(language)
        number, plural_text = format_number(value, symbols, significant_digits, minimum_fraction_digits, grouping)
        words_language, forms = self.names(unit, language)
        rules_language = self.languages[words_language or "en"]
        category = rules_language["rules"].category(plural_text)
        if words_language is None:
            word = unit["name"]
            return {"number": number, "category": category, "name_language": "en",
                    "long": rules_language["long"].replace("{1}", word).replace("{0}", number),
                    "short": rules_language["long"].replace("{1}", word).replace("{0}", number)}
        word = forms.get(category) or forms.get("other") or forms.get("display")

        def placed(pattern, text):
            return pattern.replace("{1}", text, 1).replace("{0}", number, 1)

        if "long:" + category in forms:
            long = forms["long:" + category].replace("{0}", number, 1)
        else:
            long = placed(rules_language["long"], word)
        symbol = forms.get("symbol") or (unit["symbols"][0] if unit["symbols"] else None)
        if "short:" + category in forms:
            short = forms["short:" + category].replace("{0}", number, 1)
        elif symbol is not None:
            short = number + symbol if symbol in MARKS else placed(rules_language["short"], symbol)
        else:
            short = long
        return {"number": number, "category": category, "name_language": words_language, "long": long,
                "short": short}


# ---------------------------------------------------------------- the search pack

def varint(data, position):
    value = shift = 0
    for count in range(10):
        byte = data[position]
        position += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, position
    raise ReaderError("a varint of more than 10 bytes")


def _inflate_table(data, position, limit):
    raw_length, compressed_length = struct.unpack_from("<II", data, position)
    position += 8
    if raw_length > limit:
        raise ReaderError("a table larger than its limit")
    raw = zlib.decompress(data[position:position + compressed_length])
    if len(raw) != raw_length:
        raise ReaderError("a table of another size than stated")
    return raw, position + compressed_length


SEARCH_REPLACEMENTS = {
    "ё": "е", "µ": "μ", "º": "°", "˚": "°", "′": "'", "’": "'", "‘": "'", "″": '"', "“": '"', "”": '"',
    "−": "-", "⋅": "·", "∙": "·", "℃": "°c", "℉": "°f", "Å": "å", "Ω": "ω",
    "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-",
}
POWER_FOLLOWERS = set("0123456789-−⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


# Unicode's White_Space property (docs/pack-format.md: "any Unicode white space"; Swift's
# `isWhitespace`), no more: str.split() and re's \s also split at U+001C-U+001F, which are not.
WHITE_SPACE = re.compile("[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")


def normalize(text):
    """docs/pack-format.md, "Keys: the normalisation"."""
    text = fold(text)
    text = WHITE_SPACE.sub(" ", text).strip(" ")
    out = []
    for index, c in enumerate(text):
        if c == "^" and index + 1 < len(text) and text[index + 1] in POWER_FOLLOWERS:
            continue
        out.append(SEARCH_REPLACEMENTS.get(c, c))
    return "".join(out)


class SearchPack:
    """search.pack (docs/pack-format.md): the header and tables at open, shards when a query needs them."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = data = f.read()
        if data[:8] != b"UPSEARCH":
            raise ReaderError(f"{path}: not a search pack")
        version, header_length, self.key_count, self.posting_count, shard_count, tables_length, tables_crc = \
            struct.unpack_from("<HHIIIII", data, 8)
        if version != PACK_FORMAT or header_length != 32:
            raise ReaderError(f"{path}: pack format {version}; this reader reads {PACK_FORMAT}")
        if 32 + tables_length > len(data):
            raise ReaderError(f"{path}: the tables run past the end")
        if zlib.crc32(data[32:32 + tables_length]) != tables_crc:
            raise ReaderError(f"{path}: the tables' CRC does not match")
        position = 32
        count = data[position]
        position += 1
        self.languages = []
        for _ in range(count):
            length = data[position]
            self.languages.append(data[position + 1:position + 1 + length].decode("utf-8"))
            position += 1 + length
        for _ in self.languages:  # query rewriting: read past it (the forgiving search is not read here)
            rows = data[position]
            position += 1
            for _ in range(rows):
                position += 1 + data[position]
            (pairs,) = struct.unpack_from("<H", data, position)
            position += 2
            for _ in range(pairs):
                position += 1 + data[position]
                position += 1 + data[position]
            words = data[position]
            position += 1
            for _ in range(words):
                position += 1 + data[position]
        raw, position = _inflate_table(data, position, 1 << 20)
        self.priorities = {}
        units, offset = varint(raw, 0)
        previous = 0
        for _ in range(units):
            delta, offset = varint(raw, offset)
            priority, offset = varint(raw, offset)
            previous += delta
            self.priorities[previous] = priority
        self.dictionary, position = _inflate_table(data, position, 32 << 10)
        self.shards = []
        for _ in range(shard_count):
            offset, compressed, uncompressed, crc, separator_length = struct.unpack_from("<IIIIH", data, position)
            position += 18
            separator = data[position:position + separator_length]
            position += separator_length
            self.shards.append((offset, compressed, uncompressed, crc, separator))
        if position != 32 + tables_length:
            raise ReaderError(f"{path}: the tables are not {tables_length} bytes")
        self.separators = [shard[4] for shard in self.shards]
        self._decoded = {}

    def shard(self, index):
        if index in self._decoded:
            return self._decoded[index]
        offset, compressed, uncompressed, crc, _ = self.shards[index]
        stream = self.data[offset:offset + compressed]
        if zlib.crc32(stream) != crc:
            raise ReaderError(f"shard {index}: CRC mismatch")
        if uncompressed > 1 << 20:
            raise ReaderError(f"shard {index}: larger than 1 MiB")
        inflater = zlib.decompressobj(zdict=self.dictionary) if self.dictionary else zlib.decompressobj()
        raw = inflater.decompress(stream) + inflater.flush()
        if len(raw) != uncompressed or inflater.unused_data:
            raise ReaderError(f"shard {index}: not {uncompressed} bytes")
        key_count, position = varint(raw, 0)
        unit_count, position = varint(raw, position)
        units = []
        previous = 0
        for _ in range(unit_count):
            delta, position = varint(raw, position)
            previous += delta
            units.append(previous)
        keys = []
        previous_key = b""
        for _ in range(key_count):
            # A drop byte below 0x20 (0x1F: a varint of the rest follows),
            # then the suffix up to the next byte below 0x20.
            drop = raw[position]
            position += 1
            if drop == 0x1F:
                more, position = varint(raw, position)
                drop += more
            end = position
            while raw[end] >= 0x20:
                end += 1
            if drop > len(previous_key) or end == position:
                raise ReaderError(f"shard {index}: a key out of order")
            key = previous_key[:len(previous_key) - drop] + raw[position:end]
            position = end
            keys.append(key)
            previous_key = key
        if raw[position] != 0:
            raise ReaderError(f"shard {index}: the keys do not end with 0x00")
        position += 1
        tags = []  # per key: [(slot, form, same)]
        for _ in range(key_count):
            postings = []
            while True:
                tag, position = varint(raw, position)
                postings.append((tag >> 5, (tag >> 2) & 7, (tag >> 1) & 1))
                if not tag & 1:
                    break
            tags.append(postings)
        decoded = []
        unit = None
        for key, postings in zip(keys, tags):
            resolved = []
            for slot, form, same in postings:
                if not same:
                    index_, position = varint(raw, position)
                    unit = units[index_]
                resolved.append((unit, slot, form))
            decoded.append((key, resolved))
        if position != len(raw):
            raise ReaderError(f"shard {index}: bytes after the units column")
        self._decoded[index] = decoded
        return decoded

    def search(self, text, languages, limit=20):
        """The matches as typed (exact and prefix), best first: [(unit id, key, exact, language or None)]."""
        query = normalize(text).encode("utf-8")
        if not query:
            return []
        first = max(bisect.bisect_right(self.separators, query) - 1, 0)
        indexes = [first]
        for index in range(first + 1, len(self.shards)):
            if not self.separators[index].startswith(query):
                break
            indexes.append(index)
        best = {}
        for index in indexes:
            decoded = self.shard(index)
            keys = [key for key, _ in decoded]
            for key, postings in decoded[bisect.bisect_left(keys, query):]:
                if not key.startswith(query):
                    break
                for unit, slot, _ in postings:
                    if slot == 0:
                        rank = 0xFF
                        language = None
                    else:
                        language = self.languages[slot - 1]
                        if language not in languages:
                            continue
                        rank = languages.index(language)
                    order = (key != query, -self.priorities.get(unit, 0), rank, len(key), unit)
                    if unit not in best or order < best[unit][0]:
                        best[unit] = (order, key.decode("utf-8"), key == query, language)
        ranked = sorted(best.items(), key=lambda item: item[1][0])[:limit]
        return [(unit, key, exact, language) for unit, (_, key, exact, language) in ranked]
