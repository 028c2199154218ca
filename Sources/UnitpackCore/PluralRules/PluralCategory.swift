/// CLDR's plural categories (Unicode TR35, "Language Plural Rules"). A
/// language uses a subset; `other` is in every set.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The six categories, in CLDR's order; which a number takes is the language's
    /// rules' choice (`one` is not always 1: Russian 21 is `one`).
    case zero, one, two, few, many, other

    /// CLDR's order, the order of the columns of a names file.
    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        a.order < b.order
    }

    /// Hashed by its place in CLDR's order, not by its name: the default of
    /// a `RawRepresentable` type hashes the raw String, at every lookup of
    /// a word's forms (0.11 of the build's 8.3 billion instructions).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
    }

    private var order: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }
}
