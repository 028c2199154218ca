/// The rows of `locales/<lang>/compounds.tsv` (docs/source-format.md) and of
/// the `compounds` table (docs/database.md): how a language names compound
/// units. Shared by the source parser, the database reader and the naming
/// code, so that the three agree on what a row may say.
public enum CompoundPatternKey: String, Sendable, Hashable, CaseIterable {
    /// `{0} per {1}`: a quotient.
    case per
    /// `{0} {1}`: a product.
    case times
    /// `square {0}`, `квадратных {0}`.
    case power2
    /// `cubic {0}`.
    case power3
    /// `kilo{0}`: the form is a prefix name.
    case prefix
    /// Which plural category and case each part of a structure takes.
    case derive
    /// A unit's grammatical gender.
    case gender
    /// A unit's name in one case and plural category.
    case grammaticalCase = "case"

    /// Whether the pattern has `{0}` and `{1}`, or `{0}` alone; nil: no pattern.
    public var placeholders: Int? {
        switch self {
        case .per, .times: 2
        case .power2, .power3, .prefix: 1
        case .derive, .gender, .grammaticalCase: nil
        }
    }

    /// Whether the form is `plural/gender/case` (or `-`).
    public var hasInflectedForm: Bool { placeholders == 2 || self == .power2 || self == .power3 }
}

/// The names of the SI and binary prefixes (`UnitPrefix.all`), largest first, decimal then binary.
public enum UnitPrefixName {
    public static let all: [String] = UnitPrefix.all.map(\.name)
}

/// A pattern's form `plural/gender/case`, each part nil where CLDR's element has no such attribute.
public struct CompoundPatternForm: Sendable, Hashable {
    public var plural: PluralCategory?
    public var gender: String?
    public var grammaticalCase: String?

    public init(plural: PluralCategory? = nil, gender: String? = nil, grammaticalCase: String? = nil) {
        self.plural = plural
        self.gender = gender
        self.grammaticalCase = grammaticalCase
    }

    /// CLDR's grammatical genders (common/supplemental/grammaticalFeatures.xml).
    public static let genders: Set<String> = [
        "animate", "common", "feminine", "inanimate", "masculine", "neuter", "personal",
    ]

    /// `-` or three parts: a plural category, a gender, a case (`-` where absent).
    /// Nil when the text is neither. Cases are checked against `cases`.
    public init?(text: String, cases: Set<String>) {
        if text == "-" {
            self.init()
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.contains(where: { $0 != "-" }) else { return nil }
        var form = CompoundPatternForm()
        if parts[0] != "-" {
            guard let plural = PluralCategory(rawValue: parts[0]) else { return nil }
            form.plural = plural
        }
        if parts[1] != "-" {
            guard Self.genders.contains(parts[1]) else { return nil }
            form.gender = parts[1]
        }
        if parts[2] != "-" {
            guard cases.contains(parts[2]) else { return nil }
            form.grammaticalCase = parts[2]
        }
        self = form
    }

    public var text: String {
        guard plural != nil || gender != nil || grammaticalCase != nil else { return "-" }
        return [plural?.rawValue, gender, grammaticalCase].map { $0 ?? "-" }.joined(separator: "/")
    }
}

/// A `derive` row's form and value: `plural/per  compound one`.
public struct CompoundDerivation: Sendable, Hashable {
    public enum Feature: String, Sendable, Hashable, CaseIterable { case plural, grammaticalCase = "case" }
    public enum Structure: String, Sendable, Hashable, CaseIterable { case per, times, power, prefix }
    /// What one part takes: the compound's own value, or a fixed one.
    public enum Value: Sendable, Hashable {
        case compound
        case fixed(String)
    }

    public var feature: Feature
    public var structure: Structure
    public var first: Value
    public var second: Value

    /// Nil when the form is not `feature/structure` or the value not two
    /// words, each `compound`, a plural category (plural) or a case (case).
    public init?(form: String, value: String, cases: Set<String>) {
        let parts = form.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let feature = Feature(rawValue: String(parts[0])),
            let structure = Structure(rawValue: String(parts[1]))
        else { return nil }
        let words = value.split(separator: " ").map(String.init)
        guard words.count == 2 else { return nil }
        var values: [Value] = []
        for word in words {
            if word == "compound" {
                values.append(.compound)
            } else if feature == .plural ? PluralCategory(rawValue: word) != nil : cases.contains(word) {
                values.append(.fixed(word))
            } else {
                return nil
            }
        }
        self.feature = feature
        self.structure = structure
        self.first = values[0]
        self.second = values[1]
    }
}

public enum CompoundPatternText {
    /// CLDR's grammatical cases (common/supplemental/grammaticalFeatures.xml).
    public static let cases: Set<String> = [
        "abessive", "ablative", "accusative", "adessive", "allative", "causal", "comitative", "dative", "delative",
        "elative", "ergative", "essive", "genitive", "illative", "inessive", "instrumental", "locative",
        "localtivecopulative", "nominative", "oblique", "partitive", "prepositional", "sociative", "sublative",
        "superessive", "terminative", "translative", "vocative",
    ]

    /// Why `pattern` is no pattern with `count` placeholders (`{0}`, and `{1}`
    /// when 2), each exactly once and no other brace; nil when it is one.
    public static func problem(_ pattern: String, placeholders count: Int) -> String? {
        let wanted = count == 2 ? ["{0}", "{1}"] : ["{0}"]
        for placeholder in wanted {
            let occurrences = TextSearch.ranges(of: placeholder, in: pattern).count
            if occurrences == 0 { return "has no \(placeholder)" }
            if occurrences > 1 { return "has \(placeholder) \(occurrences) times" }
        }
        var rest = pattern
        for placeholder in wanted { rest = TextSearch.removing(placeholder, from: rest) }
        if rest.contains("{") || rest.contains("}") {
            return count == 2 ? "has a brace that is not {0} or {1}" : "has a brace that is not {0}"
        }
        return nil
    }

    /// A `per` form's category of the denominator, before a colon (`time:-`:
    /// the pattern of a quotient by a unit of time, `км в час` where Russian
    /// says `грамм на литр`), and the rest of the form.
    public static func splitCategory(_ form: String) -> (category: String?, form: String) {
        guard let colon = form.firstIndex(of: ":") else { return (nil, form) }
        return (String(form[..<colon]), String(form[form.index(after: colon)...]))
    }

    /// A category key as `units-src/categories.tsv` allows it: lower-case ASCII letters, digits and `-`.
    public static func isCategoryKey(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Whether `problem(pattern, placeholders: count)` is nil, without
    /// building a string. A placeholder is found as a run of characters, so a
    /// brace joined to a mark after it (`}́`) or to a prepended character
    /// before it is not one; such a pattern, and any whose braces have a
    /// neighbour outside the scripts below, takes `problem`'s own path, so the
    /// answer is always `problem`'s. (The runtime checks every compound row it
    /// reads: 34,000 instructions a row through `problem`.)
    public static func isWellFormed(_ pattern: String, placeholders count: Int) -> Bool {
        var found = (first: 0, second: 0)
        var previous: Unicode.Scalar?
        var scalars = pattern.unicodeScalars.makeIterator()
        var pending: [Unicode.Scalar] = []
        func next() -> Unicode.Scalar? { pending.isEmpty ? scalars.next() : pending.removeFirst() }
        while let scalar = next() {
            defer { previous = scalar }
            if scalar == "}" { return problem(pattern, placeholders: count) == nil }
            guard scalar == "{" else { continue }
            // `{0}` or `{1}`, standing alone on both sides.
            guard previous.map(isPlainNeighbour) ?? true, let digit = scalars.next(), let close = scalars.next(),
                close == "}", digit == "0" || (digit == "1" && count == 2)
            else { return problem(pattern, placeholders: count) == nil }
            if let after = scalars.next() {
                guard isPlainNeighbour(after) else { return problem(pattern, placeholders: count) == nil }
                pending.append(after)
            }
            if digit == "0" { found.first += 1 } else { found.second += 1 }
        }
        return found.first == 1 && (count == 2 ? found.second == 1 : found.second == 0)
    }

    /// A character that never joins a brace beside it into one grapheme: an
    /// ASCII one, or a letter, digit, punctuation, symbol or space of the
    /// scripts below U+0900 (Latin, Greek, Cyrillic, Hebrew, Arabic...) or of
    /// kana and CJK ideographs (marks, formats and the few letters that join
    /// are Extend, SpacingMark or Prepend, none of them in these ranges).
    static func isPlainNeighbour(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar != "{" && scalar != "}" }
        guard scalar.value < 0x0900 || (0x3040...0x9FFF).contains(scalar.value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .otherSymbol, .spaceSeparator:
            return !scalar.properties.isGraphemeExtend
        default:
            return false
        }
    }

    /// `pattern` with `{0}` (and `{1}`) replaced: each placeholder where
    /// `TextSearch` finds it, as characters (a brace joined to a mark is
    /// no placeholder's).
    public static func apply(_ pattern: String, _ first: String, _ second: String = "") -> String {
        let firsts = TextSearch.ranges(of: "{0}", in: pattern)
        let seconds = TextSearch.ranges(of: "{1}", in: pattern)
        var result = ""
        var start = pattern.startIndex
        var (i, j) = (0, 0)
        // The two kinds in the pattern's order (they cannot overlap: `{0}`
        // and `{1}` differ in their middle, and neither's end is the other's start).
        while i < firsts.count || j < seconds.count {
            let takeFirst = j == seconds.count || (i < firsts.count && firsts[i].lowerBound < seconds[j].lowerBound)
            let range = takeFirst ? firsts[i] : seconds[j]
            result += pattern[start..<range.lowerBound]
            result += takeFirst ? first : second
            if takeFirst { i += 1 } else { j += 1 }
            start = range.upperBound
        }
        return start == pattern.startIndex ? pattern : result + pattern[start...]
    }
}
