/// What a row of `units-src/relations.tsv` says; stored as its raw value in
/// `relations.kind`.
public enum RelationKind: String, Sendable, Hashable, CaseIterable {
    /// A unit that is a point on a scale (20 °C) and the unit of differences
    /// between such points (a rise of 20 Δ°C): related, but never converted
    /// into each other.
    case difference
    /// A name or symbol of the first unit may be read as the second unit when
    /// the other unit of a conversion is of the second's category: `oz` as
    /// the US fluid ounce in `12 oz in ml`, `lb` as the pound-force before `N`.
    case also
    /// Two categories that measure one quantity in other units: one base unit
    /// of the first is worth `factor` base units of the second (rotation
    /// speed and frequency: 1 rad/s = 1/(2π) Hz).
    case same
    /// In the row's regions, a name of the first unit that does not say
    /// what sets it apart from the second (`pint`, not `US pint`) reads as
    /// the second unit, of the same category: in Britain a pint is the
    /// imperial pint.
    case regional
    /// A word a language names the first unit by, alone (its display name or
    /// a plural form: not a symbol, a synonym or a name of several words that
    /// says more), is in everyday phrases the second unit, of the same
    /// category: `2000 calories` are food calories, the calorie kept as the
    /// other reading and the guess shown (CLDR gives both the same words).
    case everyday

    /// Whether the row relates categories (`same`) rather than units.
    public var relatesCategories: Bool { self == .same }
    /// Whether the row's two units are of one category (`regional`,
    /// `everyday`) rather than of two.
    public var withinCategory: Bool { self == .regional || self == .everyday }
}
