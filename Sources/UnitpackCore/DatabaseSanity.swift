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

    /// `phrase_words.value` of a kind that has one, as `words.tsv` allows:
    /// finite and greater than zero, or 0 for a number (`zero`).
    public static func isValidWordValue(_ value: Double, kind: PhraseWordKind) -> Bool {
        value.isFinite && (value > 0 || (kind == .number && value == 0))
    }

    /// Unit and category ids: positive (SQLite's rowids, `ids.tsv`'s ids).
    public static func isValidID(_ id: Int) -> Bool { id > 0 && id <= Int(Int32.max) }

    /// `units.flags`: bits 0 and 1 only (format 5).
    public static func isValidFlags(_ flags: Int) -> Bool { flags >= 0 && flags <= 3 }

    /// `units.tier`: 0, 1 or 2.
    public static func isValidTier(_ tier: Int) -> Bool { (0...2).contains(tier) }

    /// Group sizes of `languages.primary_grouping` / `secondary_grouping`, as `language.tsv` allows.
    public static func isValidGrouping(_ size: Int) -> Bool { (1...9).contains(size) }

    /// CLDR's `minimumGroupingDigits`, as `language.tsv` allows.
    public static func isValidMinimumGroupingDigits(_ digits: Int) -> Bool { (1...4).contains(digits) }

    /// A stored count (`key_rows`, `cluster_rows`, the counts of `meta`).
    public static func isValidCount(_ count: Int) -> Bool { count >= 0 && count <= Int(Int32.max) }
}
