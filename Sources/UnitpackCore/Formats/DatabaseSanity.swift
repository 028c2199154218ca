/// What a value read from `units.sqlite` may be (docs/database.md, "Sanity
/// of values read"). The writer never writes anything else, so a value outside
/// these ranges is damage that happens to carry a valid checksum (or a
/// writer's bug) and is refused like a wrong checksum: a conversion by a
/// factor of 1e308 is a wrong answer, not an answer.
public enum DatabaseSanity {
    /// A unit's coefficient, or a `same` relation's factor: what the compiler
    /// allows (E213): finite, greater than zero, normal, with a normal reciprocal.
    public static func isValidFactor(_ factor: Double) -> Bool {
        factor.isFinite && factor > 0 && factor.isNormal && (1 / factor).isNormal
    }

    /// `clusters.at_least`: finite and greater than zero.
    public static func isValidThreshold(_ value: Double) -> Bool { value.isFinite && value > 0 }

    /// A region of `relations.regions`: two upper-case ASCII letters.
    public static func isValidRegion(_ text: String) -> Bool {
        text.utf8.count == 2 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }

    /// A language of an `everyday` relation: two or three lower-case ASCII
    /// letters (`de`), as the languages of `locales/` are named.
    public static func isValidLanguage(_ text: String) -> Bool {
        (2...3).contains(text.utf8.count) && text.utf8.allSatisfy { (0x61...0x7A).contains($0) }
    }

    /// `relations.regions` of a row of `kind`: at least one region for
    /// `regional`, languages or none for `everyday`, empty for the others.
    public static func isValidRelationPlaces(_ places: [String], kind: String) -> Bool {
        switch RelationKind(rawValue: kind) {
        case .regional?: !places.isEmpty && places.allSatisfy(isValidRegion)
        case .everyday?: places.allSatisfy(isValidLanguage)
        default: places.isEmpty
        }
    }

    /// `clusters.usage` and a non-empty `units.usage`: CLDR's spelling,
    /// lower-case ASCII letters, digits and `-` (docs/source-format.md).
    public static func isValidUsage(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// `phrase_words.value` of a kind that has one, as `words.tsv` allows:
    /// finite and greater than zero, or 0 for a number (`zero`).
    /// A power word's value is 2 or 3 (square, cubic).
    public static func isValidWordValue(_ value: Double, kind: PhraseWordKind) -> Bool {
        if kind == .powerBefore || kind == .powerAfter { return value == 2 || value == 3 }
        if kind == .system { return value == 1 || value == 2 || value == 3 }
        return value.isFinite && (value > 0 || (kind == .number && value == 0))
    }

    /// Unit and category ids: positive (SQLite's rowids, `ids.tsv`'s ids).
    public static func isValidID(_ id: Int) -> Bool { id > 0 && id <= Int(Int32.max) }

    /// `units.flags`: bits 0 to 3 only (format 7: inverse, formula, SI and binary prefixes).
    public static func isValidFlags(_ flags: Int) -> Bool { flags >= 0 && flags <= 15 }

    /// `units.tier`: 0, 1 or 2.
    public static func isValidTier(_ tier: Int) -> Bool { (0...2).contains(tier) }

    /// Group sizes of `languages.primary_grouping` / `secondary_grouping`, as `language.tsv` allows.
    public static func isValidGrouping(_ size: Int) -> Bool { (1...9).contains(size) }

    /// CLDR's `minimumGroupingDigits`, as `language.tsv` allows.
    public static func isValidMinimumGroupingDigits(_ digits: Int) -> Bool { (1...4).contains(digits) }

    /// A stored count (`key_rows`, `cluster_rows`, the counts of `meta`).
    public static func isValidCount(_ count: Int) -> Bool { count >= 0 && count <= Int(Int32.max) }

    /// A row of `compounds`, as `compounds.tsv` allows it (docs/source-format.md)
    /// once compiled: a `gender` or `case` form starts with a unit id.
    public static func isValidCompound(key: CompoundPatternKey, form: String, pattern: String) -> Bool {
        let cases = CompoundPatternText.cases
        if let count = key.placeholders, !CompoundPatternText.isWellFormed(pattern, placeholders: count) { return false }
        let parts = form.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func isID(_ text: String) -> Bool { Int(text).map(isValidID) ?? false }
        switch key {
        case .per:
            let (category, rest) = CompoundPatternText.splitCategory(form)
            return category.map(CompoundPatternText.isCategoryKey) ?? true && CompoundPatternForm(text: rest, cases: cases) != nil
        case .times, .power2, .power3: return CompoundPatternForm(text: form, cases: cases) != nil
        case .prefix: return UnitPrefixName.all.contains(form)
        case .derive: return CompoundDerivation(form: form, value: pattern, cases: cases) != nil
        case .gender: return parts.count == 1 && isID(parts[0]) && CompoundPatternForm.genders.contains(pattern)
        case .grammaticalCase:
            return parts.count == 3 && isID(parts[0]) && cases.contains(parts[1]) && PluralCategory(rawValue: parts[2]) != nil
        }
    }
}
