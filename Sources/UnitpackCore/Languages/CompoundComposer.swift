/// A unit as the compound naming sees it: its id (the key of its `gender`
/// and `case` rows) and its category key (which `per` pattern it takes as a
/// denominator). The runtime's `Unit` and the compiler's units are both.
public protocol CompoundNameUnit: Sendable {
    /// The unit's id, which the names of composed units are keyed by.
    var compoundNameID: Int { get }
    /// The unit's category key (`length`), which decides the patterns that apply.
    var compoundNameCategory: String { get }
}

/// One unit of a compound unit's name: the unit, an SI or binary prefix
/// (its name: `kilo`, `kibi`) and a power from 1 to 3.
public struct CompoundPart<U: CompoundNameUnit>: Sendable {
    /// The unit of this part (`meter` in `km²`).
    public var unit: U
    /// The name of its SI or binary prefix (`kilo`, `kibi`); nil for none.
    public var prefix: String?
    /// The power the part is raised to, 1 to 3 (`2` in `km²`).
    public var power: Int

    /// A part: a unit, its prefix's name (nil for none) and its power (1 to 3).
    public init(unit: U, prefix: String? = nil, power: Int = 1) {
        self.unit = unit
        self.prefix = prefix
        self.power = power
    }
}

extension CompoundPart: Equatable where U: Equatable {}
extension CompoundPart: Hashable where U: Hashable {}

/// A language's rows of `compounds` (locales/<lang>/compounds.tsv, with
/// units in `gender` and `case` forms written as their ids), by use.
public struct CompoundPatterns: Sendable {
    /// `per`, `times`, `power2`, `power3` by form.
    public private(set) var inflected: [CompoundPatternKey: [CompoundPatternForm: String]] = [:]
    /// `per` patterns for the denominators of one category (`time:-`), by category key.
    public private(set) var perByCategory: [String: [CompoundPatternForm: String]] = [:]
    public private(set) var prefixes: [String: String] = [:]
    public private(set) var derivations: [String: CompoundDerivation] = [:]
    public private(set) var genders: [Int: String] = [:]
    /// `unit id/case/plural` -> the word.
    public private(set) var cases: [String: String] = [:]

    /// Rows that do not read (a form of no known shape) are left out: the
    /// checker refuses them in sources, the database reader in a file.
    public init(_ rows: [(key: CompoundPatternKey, form: String, pattern: String)]) {
        let allCases = CompoundPatternText.cases
        for row in rows {
            switch row.key {
            case .per:
                let (category, rest) = CompoundPatternText.splitCategory(row.form)
                guard let form = CompoundPatternForm(text: rest, cases: allCases) else { continue }
                if let category {
                    perByCategory[category, default: [:]][form] = row.pattern
                } else {
                    inflected[row.key, default: [:]][form] = row.pattern
                }
            case .times, .power2, .power3:
                if let form = CompoundPatternForm(text: row.form, cases: allCases) { inflected[row.key, default: [:]][form] = row.pattern }
            case .prefix: prefixes[row.form] = row.pattern
            case .derive:
                if let derivation = CompoundDerivation(form: row.form, value: row.pattern, cases: allCases) {
                    derivations[row.form] = derivation
                }
            case .gender: if let id = Int(row.form) { genders[id] = row.pattern }
            case .grammaticalCase: cases[row.form] = row.pattern
            }
        }
    }

    public func derivation(_ feature: CompoundDerivation.Feature, _ structure: CompoundDerivation.Structure) -> CompoundDerivation? {
        derivations[feature.rawValue + "/" + structure.rawValue]
    }

    /// The pattern of `key` for a part of this plural category, gender and
    /// case, as CLDR falls back: without the gender, then (for the plural)
    /// `other`, then the plain pattern when the key has no plural variants.
    /// Nil when the patterns depend on a gender the unit has none of, or on a
    /// case they do not give: a guess would be a wrong word.
    public func pattern(
        _ key: CompoundPatternKey, plural: PluralCategory, gender: String?, grammaticalCase: String?,
        denominatorCategory: String? = nil
    ) -> String? {
        if let category = denominatorCategory, let rows = perByCategory[category], key == .per {
            return Self.pattern(in: rows, plural: plural, gender: gender, grammaticalCase: grammaticalCase)
        }
        guard let rows = inflected[key] else { return nil }
        return Self.pattern(in: rows, plural: plural, gender: gender, grammaticalCase: grammaticalCase)
    }

    private static func pattern(
        in rows: [CompoundPatternForm: String], plural: PluralCategory, gender: String?, grammaticalCase: String?
    ) -> String? {
        guard !rows.isEmpty else { return nil }
        if gender == nil, rows.keys.contains(where: { $0.gender != nil }) { return nil }
        let hasPlurals = rows.keys.contains { $0.plural != nil }
        for plural in hasPlurals ? [plural, .other] : [nil] {
            for gender in gender == nil ? [nil] : [gender, nil] {
                if let found = rows[CompoundPatternForm(plural: plural, gender: gender, grammaticalCase: grammaticalCase)] {
                    return found
                }
            }
        }
        return nil
    }
}

/// Names a compound unit in one language from its parts' names and the
/// language's patterns, as CLDR's compound units are (UTS #35 part 6,
/// "Compound Units"): `pound-force feet`, `kilogrammes par mètre cube`,
/// `грамма на литр`. The pure part of naming, shared by the runtime (which
/// names expressions a person types) and the compiler (which composes the
/// names of the units a language does not name by hand), so that both write
/// the same words.
///
/// Every function returns nil when the language lacks a pattern, a
/// derivation, a unit's gender or a word form the name needs: never a word
/// of another language or a guessed form.
public struct CompoundComposer<U: CompoundNameUnit, Failure: Error> {
    /// The language's plural categories: a derivation's fixed category it
    /// lacks (Japanese has no `one`) is `other`.
    public let categories: Set<PluralCategory>
    public let patterns: CompoundPatterns
    /// A unit's words in the language by plural category (the nominative),
    /// nil when the language does not name it.
    public let names: (U) throws(Failure) -> [PluralCategory: String]?

    public init(
        categories: Set<PluralCategory>, patterns: CompoundPatterns,
        names: @escaping (U) throws(Failure) -> [PluralCategory: String]?
    ) {
        self.categories = categories
        self.patterns = patterns
        self.names = names
    }

    /// The name of `numerator` / `denominator` after a number of plural
    /// category `plural`: the derivations say which category and case each
    /// part takes (the first part of a quotient the count's, the second the
    /// singular; in Russian the second is in the accusative after `на`), and
    /// a power's word agrees with its unit's gender. Nil for an empty
    /// numerator, a power outside 1...3 and an unknown prefix too.
    public func name(numerator: [CompoundPart<U>], denominator: [CompoundPart<U>] = [], plural: PluralCategory)
        throws(Failure) -> String?
    {
        guard !numerator.isEmpty, (numerator + denominator).allSatisfy({ (1...3).contains($0.power) }) else { return nil }
        guard !denominator.isEmpty else { return try product(numerator, plural: plural, grammaticalCase: nil) }
        guard let plurals = patterns.derivation(.plural, .per) else { return nil }
        let cases = patterns.derivation(.grammaticalCase, .per)
        guard
            let first = try product(
                numerator, plural: self.plural(plurals.first, plural), grammaticalCase: grammaticalCase(cases?.first, nil)),
            let second = try product(
                denominator, plural: self.plural(plurals.second, plural), grammaticalCase: grammaticalCase(cases?.second, nil)),
            // A quotient by one unit (to the first power) of a category
            // with its own pattern takes it (Russian `в час`); by a
            // product or a power, the general one (`в квадратную секунду`
            // is no Russian).
            let per = patterns.pattern(
                .per, plural: plural, gender: nil, grammaticalCase: nil,
                denominatorCategory: denominator.count == 1 && denominator[0].power == 1
                    ? denominator[0].unit.compoundNameCategory : nil)
        else { return nil }
        return CompoundPatternText.apply(per, first, second)
    }

    /// A derived plural category: the compound's, or a fixed one; a fixed
    /// category the language does not have (Japanese has no `one`) is `other`,
    /// as CLDR's plural fallback is.
    public func plural(_ value: CompoundDerivation.Value, _ compound: PluralCategory) -> PluralCategory {
        switch value {
        case .compound: return compound
        case .fixed(let text):
            guard let category = PluralCategory(rawValue: text), categories.contains(category) else { return .other }
            return category
        }
    }

    /// A derived case, nil for the nominative (the forms after a number);
    /// without a case derivation, every part takes the compound's case.
    public func grammaticalCase(_ value: CompoundDerivation.Value?, _ compound: String?) -> String? {
        switch value {
        case nil, .compound?: return compound
        case .fixed(let text)?: return text == "nominative" ? nil : text
        }
    }

    /// A product of parts (one part alone is itself): all but the last take
    /// the first value of the `times` derivation, the last the second.
    public func product(_ parts: [CompoundPart<U>], plural: PluralCategory, grammaticalCase: String?) throws(Failure) -> String? {
        guard parts.count > 1 else {
            guard let part = parts.first else { return nil }
            return try name(part, plural: plural, grammaticalCase: grammaticalCase)
        }
        guard let plurals = patterns.derivation(.plural, .times),
            let times = patterns.pattern(.times, plural: plural, gender: nil, grammaticalCase: grammaticalCase)
                ?? patterns.pattern(.times, plural: plural, gender: nil, grammaticalCase: nil)
        else { return nil }
        let cases = patterns.derivation(.grammaticalCase, .times)
        var result: String?
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            let partPlural = self.plural(isLast ? plurals.second : plurals.first, plural)
            let partCase = self.grammaticalCase(isLast ? cases?.second : cases?.first, grammaticalCase)
            guard let word = try name(part, plural: partPlural, grammaticalCase: partCase) else { return nil }
            result = result.map { CompoundPatternText.apply(times, $0, word) } ?? word
        }
        return result
    }

    /// One part: its unit's word, the prefix joined to it, the power around them.
    public func name(_ part: CompoundPart<U>, plural: PluralCategory, grammaticalCase: String?) throws(Failure) -> String? {
        var unitPlural = plural
        var unitCase = grammaticalCase
        var powerPattern: String?
        if part.power > 1 {
            guard let derived = patterns.derivation(.plural, .power),
                let pattern = patterns.pattern(
                    part.power == 2 ? .power2 : .power3, plural: plural, gender: patterns.genders[part.unit.compoundNameID],
                    grammaticalCase: grammaticalCase)
            else { return nil }
            powerPattern = pattern
            unitPlural = self.plural(derived.second, plural)
            unitCase = self.grammaticalCase(patterns.derivation(.grammaticalCase, .power)?.second, grammaticalCase)
        }
        var prefixPattern: String?
        if let prefix = part.prefix {
            guard let pattern = patterns.prefixes[prefix], let derived = patterns.derivation(.plural, .prefix) else { return nil }
            prefixPattern = pattern
            unitPlural = self.plural(derived.second, unitPlural)
            unitCase = self.grammaticalCase(patterns.derivation(.grammaticalCase, .prefix)?.second, unitCase)
        }
        guard var word = try unitWord(part.unit, plural: unitPlural, grammaticalCase: unitCase) else { return nil }
        if let prefixPattern { word = Self.joined(prefixPattern, word) }
        if let powerPattern { word = Self.joined(powerPattern, word) }
        return word
    }

    /// A one-placeholder pattern applied to a word. A pattern that glues the
    /// word to a lower-case letter makes one word of them, and a capital that
    /// began the word (German nouns: `Kubik{0}` and `Meter`) is no longer
    /// the word's first letter: `Kubikmeter`, `Kilometer`, as CLDR's own
    /// German names write them. A capital followed by another (`BTU`) is kept.
    public static func joined(_ pattern: String, _ word: String) -> String {
        var word = word
        let head = TextSearch.prefix(before: "{0}", in: pattern)
        if let before = head.last, before.isLetter, before.isLowercase {
            let scalars = Array(word.unicodeScalars)
            if scalars.count > 1, scalars[0].properties.isUppercase, scalars[1].properties.isLowercase {
                word = String(String(scalars[0]).lowercased()) + String(String.UnicodeScalarView(scalars.dropFirst()))
            }
        }
        return CompoundPatternText.apply(pattern, word)
    }

    /// The unit's own word in the language: its plural form (the nominative),
    /// or a `case` row of compounds.tsv. Nil when the language does not name
    /// the unit in it (no English inside another language's name).
    public func unitWord(_ unit: U, plural: PluralCategory, grammaticalCase: String?) throws(Failure) -> String? {
        if let grammaticalCase {
            return patterns.cases["\(unit.compoundNameID)/\(grammaticalCase)/\(plural.rawValue)"]
        }
        return try names(unit)?[plural]
    }
}
