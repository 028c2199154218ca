/// The few facts about a language's numbers that formatting needs: what CLDR
/// calls the `latn` number symbols and the decimal pattern's grouping. They
/// come from `locales/<lang>/language.tsv`, so the runtime needs no ICU.
public struct NumberSymbols: Sendable, Hashable {
    /// Between the integer and the fraction digits: `.` in English, `,` in Russian.
    public var decimal: String
    /// Between digit groups: `,` in English, U+00A0 in Russian.
    public var group: String
    /// Digits in the group next to the decimal separator (3 almost everywhere).
    public var primaryGrouping: Int
    /// Digits in every further group (2 in Indian grouping: 12,34,567).
    public var secondaryGrouping: Int
    /// CLDR's `minimumGroupingDigits`: a number is grouped only when its integer
    /// part has at least `primaryGrouping + minimumGroupingDigits` digits.
    public var minimumGroupingDigits: Int

    public init(
        decimal: String, group: String, primaryGrouping: Int = 3, secondaryGrouping: Int? = nil,
        minimumGroupingDigits: Int = 1
    ) {
        self.decimal = decimal
        self.group = group
        self.primaryGrouping = max(1, primaryGrouping)
        self.secondaryGrouping = max(1, secondaryGrouping ?? primaryGrouping)
        self.minimumGroupingDigits = max(1, minimumGroupingDigits)
    }

    /// What the formatter uses for a language it knows nothing about.
    public static let plain = NumberSymbols(decimal: ".", group: ",")
}
