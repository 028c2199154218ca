/// The few facts about a language's numbers that formatting needs: the number
/// symbols of one of CLDR's numbering systems (`latn`, or `arab` in Arabic)
/// and the decimal pattern's grouping. They come from
/// `locales/<lang>/language.tsv`, so the runtime needs no ICU.
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
    /// Before a negative number, as CLDR writes it: `-`, or with a direction
    /// mark in Arabic (U+200E `-` in latn, U+061C `-` in arab).
    public var minusSign: String
    /// The ten digits of the numbering system, 0 to 9; nil for ASCII (`latn`).
    public var digits: [Character]?

    /// Symbols: the decimal and group separators, the sizes of the first and
    /// further digit groups (`en-IN`: 3 then 2), the fewest digits a number
    /// needs before it is grouped, the minus sign, and ten digits (nil: ASCII).
    public init(
        decimal: String, group: String, primaryGrouping: Int = 3, secondaryGrouping: Int? = nil,
        minimumGroupingDigits: Int = 1, minusSign: String = "-", digits: [Character]? = nil
    ) {
        self.minusSign = minusSign
        self.digits = digits?.count == 10 ? digits : nil
        self.decimal = decimal
        self.group = group
        self.primaryGrouping = max(1, primaryGrouping)
        self.secondaryGrouping = max(1, secondaryGrouping ?? primaryGrouping)
        self.minimumGroupingDigits = max(1, minimumGroupingDigits)
    }

    /// What the formatter uses for a language it knows nothing about.
    public static let plain = NumberSymbols(decimal: ".", group: ",")
}

/// The decimal and group separators of latn digits in one region, where its
/// CLDR locale writes them otherwise than the language (`de-CH`: `.` and
/// `’`; `ar-MA`: `,` and `.`; `pt-PT`: `,` and U+00A0).
public struct RegionSeparators: Sendable, Hashable {
    /// The decimal separator the region writes.
    public var decimal: String
    /// The group separator the region writes.
    public var group: String

    /// A region's decimal and group separators.
    public init(decimal: String, group: String) {
        self.decimal = decimal
        self.group = group
    }

    /// The form `language.tsv` and the `languages` table write a list in:
    /// entries `REGION:DECIMAL:GROUP` separated by one ASCII space, regions
    /// in order (`CH:.:’ LI:.:’`). No separator is an ASCII space or a colon.
    public static func text(_ regions: [String: RegionSeparators]) -> String {
        regions.keys.sorted().map { "\($0):\(regions[$0]!.decimal):\(regions[$0]!.group)" }.joined(separator: " ")
    }

    /// The list of `text(_:)`, or nil when an entry is not one.
    public static func parse(_ text: String) -> [String: RegionSeparators]? {
        var regions: [String: RegionSeparators] = [:]
        for entry in text.split(separator: " ", omittingEmptySubsequences: true) {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, isRegion(parts[0]), parts[1].count == 1, parts[2].count == 1,
                regions[String(parts[0])] == nil
            else { return nil }
            regions[String(parts[0])] = RegionSeparators(decimal: String(parts[1]), group: String(parts[2]))
        }
        return regions
    }

    /// A BCP 47 region subtag: two upper-case letters or three digits.
    public static func isRegion(_ text: some StringProtocol) -> Bool {
        (text.count == 2 && text.allSatisfy { $0.isASCII && $0.isUppercase })
            || (text.count == 3 && text.allSatisfy { $0.isASCII && $0.isNumber })
    }
}

/// The grouping of latn digits in one region, where its CLDR locale groups
/// them otherwise than the language: the decimal pattern's group sizes
/// (`en-IN`'s `#,##,##0.###`: 3 then 2, `12,34,567`) and the minimum
/// grouping digits (`es-MX` groups `1,500`, `es` writes `1500`).
public struct RegionGrouping: Sendable, Hashable {
    /// The size of the group nearest the decimal separator (3).
    public var primary: Int
    /// The size of every further group (2 in `en-IN`, else as `primary`).
    public var secondary: Int
    /// The fewest digits before the first separator for a number to be grouped (2 in `es-MX`'s sense: `1500`, `15,000`).
    public var minimum: Int

    /// A region's group sizes and minimum grouping digits.
    public init(primary: Int, secondary: Int, minimum: Int) {
        self.primary = primary
        self.secondary = secondary
        self.minimum = minimum
    }

    /// The form `language.tsv` and the `languages` table write a list in:
    /// entries `REGION:SIZES:MINIMUM` separated by one ASCII space, regions in
    /// order, SIZES as the `grouping` key writes them (`3`, or `3,2` when the
    /// secondary size differs): `IN:3,2:1 UA:3:2`.
    public static func text(_ regions: [String: RegionGrouping]) -> String {
        regions.keys.sorted().map { region in
            let grouping = regions[region]!
            let sizes = grouping.secondary == grouping.primary ? "\(grouping.primary)" : "\(grouping.primary),\(grouping.secondary)"
            return "\(region):\(sizes):\(grouping.minimum)"
        }.joined(separator: " ")
    }

    /// The list of `text(_:)`, or nil when an entry is not one (sizes 1 to 9,
    /// minimum 1 to 4, as `grouping` and `minimum-grouping-digits` allow).
    public static func parse(_ text: String) -> [String: RegionGrouping]? {
        var regions: [String: RegionGrouping] = [:]
        for entry in text.split(separator: " ", omittingEmptySubsequences: true) {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, RegionSeparators.isRegion(parts[0]), regions[String(parts[0])] == nil else { return nil }
            let sizes = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(sizes.count), let primary = sizes[0], let secondary = sizes.count == 2 ? sizes[1] : primary,
                let minimum = Int(parts[2]), DatabaseSanity.isValidGrouping(primary),
                DatabaseSanity.isValidGrouping(secondary), DatabaseSanity.isValidMinimumGroupingDigits(minimum),
                sizes.count == 1 || secondary != primary
            else { return nil }
            regions[String(parts[0])] = RegionGrouping(primary: primary, secondary: secondary, minimum: minimum)
        }
        return regions
    }
}
