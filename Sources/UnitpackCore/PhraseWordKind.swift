/// What a word of `locales/<lang>/words.tsv` does in a phrase; stored as its
/// raw value in `phrase_words.kind`.
public enum PhraseWordKind: String, Sendable, Hashable, CaseIterable {
    /// Adds its value to the number being read: `four`, `twenty`, `двести`, `полтора`.
    case number
    /// Multiplies the group read so far (1 when none): `hundred`, `dozen`.
    case multiplier
    /// Multiplies the group and closes it: `thousand`, `million`, `тысяч`.
    case scale
    /// Adds its value after a connector: `half` in `one and a half`, `половиной` in `два с половиной`.
    case fraction
    /// Joins the words of one number: `and`, `с`; never ends one.
    case connector
    /// One, but only before a multiplier, scale or fraction: `a` in `a hundred`, `a dozen`, `a half`.
    case article
    /// Stands between the value's unit and the target unit: `in`, `to`, `в`, `=`.
    case marker
    /// Asks or commands, and is skipped before the number and around a target
    /// named first: `how many` in `how many feet in a mile`, `convert`, `сколько`.
    case filler

    /// Whether the kind carries a value (the `value` column).
    public var hasValue: Bool {
        switch self {
        case .number, .multiplier, .scale, .fraction: true
        case .connector, .article, .marker, .filler: false
        }
    }

    /// Whether the kind is read as part of a number (all but markers and fillers).
    public var isPartOfNumbers: Bool {
        switch self {
        case .number, .multiplier, .scale, .fraction, .connector, .article: true
        case .marker, .filler: false
        }
    }
}
