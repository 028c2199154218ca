/// CLDR's plural categories (Unicode TR35, "Language Plural Rules"). A
/// language uses a subset; `other` is in every set.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// CLDR's order, the order of the columns of a names file.
    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        a.order < b.order
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
