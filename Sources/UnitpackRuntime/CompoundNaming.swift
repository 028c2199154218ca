import UnitpackCore
import UnitpackSQLite

/// One unit of a compound unit's name: the unit, an SI or binary prefix
/// (its name: `kilo`, `kibi`) and a power from 1 to 3.
public struct CompoundNamePart: Sendable, Hashable {
    public var unit: Unit
    public var prefix: String?
    public var power: Int

    public init(unit: Unit, prefix: String? = nil, power: Int = 1) {
        self.unit = unit
        self.prefix = prefix
        self.power = power
    }
}

/// A language's rows of `compounds` (locales/<lang>/compounds.tsv), by use.
struct CompoundPatterns: Sendable {
    /// `per`, `times`, `power2`, `power3` by form.
    var inflected: [CompoundPatternKey: [CompoundPatternForm: String]] = [:]
    /// `per` patterns for the denominators of one category (`time:-`), by category key.
    var perByCategory: [String: [CompoundPatternForm: String]] = [:]
    var prefixes: [String: String] = [:]
    var derivations: [String: CompoundDerivation] = [:]
    var genders: [Int: String] = [:]
    /// `unit id/case/plural` -> the word.
    var cases: [String: String] = [:]

    init(_ rows: [RowDecoder.CompoundRow]) {
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

    func derivation(_ feature: CompoundDerivation.Feature, _ structure: CompoundDerivation.Structure) -> CompoundDerivation? {
        derivations[feature.rawValue + "/" + structure.rawValue]
    }

    /// The pattern of `key` for a part of this plural category, gender and
    /// case, as CLDR falls back: without the gender, then (for the plural)
    /// `other`, then the plain pattern when the key has no plural variants.
    /// Nil when the patterns depend on a gender the unit has none of, or on a
    /// case they do not give: a guess would be a wrong word.
    func pattern(
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

extension UnitDatabase {
    /// The name of the compound unit `numerator` / `denominator` after the
    /// number `count`, in `language`, built from its units' names and the
    /// language's patterns (`compounds.tsv`) as CLDR's compound units are
    /// (UTS #35 part 6, "Compound Units"): `50 pound-force feet`,
    /// `2 kilograms per cubic meter`, `1 watt per meter kelvin`,
    /// `3 грамма на литр`. The plural category is that of `count` as
    /// `format` shows it (six significant digits); the derivations say which
    /// category and case each part takes (the first part of a quotient the
    /// count's, the second the singular; in Russian the second is in the
    /// accusative after `на`), and a power's word agrees with its unit's
    /// gender.
    ///
    /// - Returns: nil when the language lacks a pattern, a derivation, a
    ///   unit's gender or a word form the name needs (a partial language
    ///   that does not name a unit, a case CLDR does not give): the caller
    ///   then writes symbols. Never a word of another language or a guessed
    ///   form. Nil too for an empty numerator, a power outside 1...3 and an
    ///   unknown prefix.
    /// - Throws: `.unknownLanguage`, and `.corrupt` when the language's rows
    ///   are damaged or fewer than its `languages` row states.
    public func compoundName(
        numerator: [CompoundNamePart], denominator: [CompoundNamePart] = [], count: Double, language code: String
    ) throws(UnitDatabaseError) -> String? {
        try withState { state throws(UnitDatabaseError) in
            let language = try loadLanguage(code, state)
            guard !numerator.isEmpty, (numerator + denominator).allSatisfy({ (1...3).contains($0.power) }) else { return nil }
            let patterns = try compoundPatterns(language.code, state)
            let number = LocalizedNumberFormatting.format(count, symbols: language.numbers)
            let naming = CompoundNaming(language: language, patterns: patterns) { unit throws(UnitDatabaseError) in
                try self.loadNames(unit, language.code, state)
            }
            let plural = language.pluralCategory(of: number)
            guard !denominator.isEmpty else { return try naming.product(numerator, plural: plural, grammaticalCase: nil) }
            guard let plurals = patterns.derivation(.plural, .per) else { return nil }
            let cases = patterns.derivation(.grammaticalCase, .per)
            guard
                let first = try naming.product(
                    numerator, plural: naming.plural(plurals.first, plural), grammaticalCase: naming.grammaticalCase(cases?.first, nil)),
                let second = try naming.product(
                    denominator, plural: naming.plural(plurals.second, plural), grammaticalCase: naming.grammaticalCase(cases?.second, nil)),
                // A quotient by one unit (to the first power) of a category
                // with its own pattern takes it (Russian `в час`); by a
                // product or a power, the general one (`в квадратную секунду`
                // is no Russian).
                let per = patterns.pattern(
                    .per, plural: plural, gender: nil, grammaticalCase: nil,
                    denominatorCategory: denominator.count == 1 && denominator[0].power == 1 ? denominator[0].unit.category : nil)
            else { return nil }
            return CompoundPatternText.apply(per, first, second)
        }
    }

    /// The `compounds` rows of a language, with its `languages` row, which
    /// counts them: a row lost to damage is an error, not a name left out.
    func compoundPatterns(_ code: String, _ state: State) throws(UnitDatabaseError) -> CompoundPatterns {
        if case .compounds(let patterns)? = state.objects.value(for: .compounds(code)) { return patterns }
        let path = path
        var rows: [RowDecoder.CompoundRow] = []
        do {
            let query = try state.connection.prepare(
                """
                SELECT \(DatabaseFormat.selectList(of: "languages", as: "l")), \(DatabaseFormat.selectList(of: "compounds", as: "c"))
                FROM languages l LEFT JOIN compounds c ON c.lang = l.code WHERE l.code = ?
                """)
            let decoder = RowDecoder(statement: query, path: path)
            let column = Int32(DatabaseFormat.columns(of: "languages").count + 1)
            try query.bind(.text(code), at: 1)
            var stated: Int?
            while try query.step() {
                if stated == nil {
                    let row = try decoder.languageCompoundCount(at: 0)
                    guard row.code == code else { throw decoder.damaged("language '\(row.code)' was found for '\(code)'") }
                    stated = row.compoundRows
                }
                if query.isNull(at: column) { continue }
                let row = try decoder.compound(at: column)
                guard row.lang == code else { throw decoder.damaged("a compound pattern of '\(row.lang)' was found for '\(code)'") }
                rows.append(row)
            }
            guard let stated else { throw decoder.damaged("language '\(code)' is listed but cannot be read") }
            guard stated == rows.count else { throw decoder.damaged("'\(code)' has \(rows.count) of its \(stated) compound patterns") }
        } catch {
            throw Self.typed(error, path: path)
        }
        let patterns = CompoundPatterns(rows)
        state.objects.insert(.compounds(patterns), for: .compounds(code), cost: ApproximateSize.of(patterns))
        return patterns
    }
}

/// The parts of one compound name: each part's word in the plural category
/// and case the derivations give it, put together by the patterns.
struct CompoundNaming {
    let language: Language
    let patterns: CompoundPatterns
    let names: (Unit) throws(UnitDatabaseError) -> LocalizedNames?

    init(language: Language, patterns: CompoundPatterns, names: @escaping (Unit) throws(UnitDatabaseError) -> LocalizedNames?) {
        self.language = language
        self.patterns = patterns
        self.names = names
    }

    /// A derived plural category: the compound's, or a fixed one; a fixed
    /// category the language does not have (Japanese has no `one`) is `other`,
    /// as CLDR's plural fallback is.
    func plural(_ value: CompoundDerivation.Value, _ compound: PluralCategory) -> PluralCategory {
        switch value {
        case .compound: return compound
        case .fixed(let text):
            guard let category = PluralCategory(rawValue: text), language.plurals.categories.contains(category) else { return .other }
            return category
        }
    }

    /// A derived case, nil for the nominative (the forms after a number);
    /// without a case derivation, every part takes the compound's case.
    func grammaticalCase(_ value: CompoundDerivation.Value?, _ compound: String?) -> String? {
        switch value {
        case nil, .compound?: return compound
        case .fixed(let text)?: return text == "nominative" ? nil : text
        }
    }

    /// A product of parts (one part alone is itself): all but the last take
    /// the first value of the `times` derivation, the last the second.
    func product(_ parts: [CompoundNamePart], plural: PluralCategory, grammaticalCase: String?) throws(UnitDatabaseError) -> String? {
        guard parts.count > 1 else { return try parts.first.flatMap { part throws(UnitDatabaseError) in try name(part, plural: plural, grammaticalCase: grammaticalCase) } }
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
    func name(_ part: CompoundNamePart, plural: PluralCategory, grammaticalCase: String?) throws(UnitDatabaseError) -> String? {
        var unitPlural = plural
        var unitCase = grammaticalCase
        var powerPattern: String?
        if part.power > 1 {
            guard let derived = patterns.derivation(.plural, .power),
                let pattern = patterns.pattern(
                    part.power == 2 ? .power2 : .power3, plural: plural, gender: patterns.genders[part.unit.id.rawValue],
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
    static func joined(_ pattern: String, _ word: String) -> String {
        var word = word
        let head = pattern.split(separator: "{0}", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
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
    func unitWord(_ unit: Unit, plural: PluralCategory, grammaticalCase: String?) throws(UnitDatabaseError) -> String? {
        if let grammaticalCase {
            return patterns.cases["\(unit.id.rawValue)/\(grammaticalCase)/\(plural.rawValue)"]
        }
        guard let names = try names(unit), names.language == language.code else { return nil }
        return names.forms[plural]
    }
}
