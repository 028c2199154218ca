/// The measurement system a unit belongs to.
public enum MeasurementSystem: String, Sendable, Hashable, CaseIterable {
    /// The system tags of `units-src/` (docs/source-format.md): SI and metric,
    /// imperial, US customary, UK-only, historic units, and none (a count, a ratio).
    case metric, imperial, us, uk, historic, none

    /// The CLDR region whose preferred units (`units-src/clusters.tsv`) serve
    /// this system's readers: metric the world (`001`), US customary `US`,
    /// imperial and UK `GB`; nil for systems nobody reads in every day.
    public var preferenceRegion: String? {
        switch self {
        case .metric: "001"
        case .us: "US"
        case .imperial, .uk: "GB"
        case .historic, .none: nil
        }
    }

    /// The name of this system's own preference lists, written in the
    /// regions column of `units-src/clusters.tsv` (`metric`, `us`,
    /// `imperial`: lower case, so never a CLDR code), which its readers get
    /// before `preferenceRegion`'s. UK units are read in the imperial lists;
    /// nil for systems nobody reads in every day.
    public var preferenceSystem: String? {
        switch self {
        case .metric: "metric"
        case .us: "us"
        case .imperial, .uk: "imperial"
        case .historic, .none: nil
        }
    }
}

/// A source file's system tag (`si`, `impAdd`, ...): a system plus a tier that says
/// how common the unit is inside its system (0 = everyday, 2 = rare).
/// The vocabulary is documented in `docs/source-format.md`.
public struct SystemTag: Sendable, Hashable {
    public let spelling: String
    public let system: MeasurementSystem
    public let tier: Int

    /// Every accepted tag, in the order the documentation lists them.
    public static let vocabulary: [SystemTag] = [
        SystemTag(spelling: "si", system: .metric, tier: 0),
        SystemTag(spelling: "siAdd", system: .metric, tier: 1),
        SystemTag(spelling: "siAdd2", system: .metric, tier: 2),
        SystemTag(spelling: "imp", system: .imperial, tier: 0),
        SystemTag(spelling: "impAdd", system: .imperial, tier: 1),
        SystemTag(spelling: "impAdd2", system: .imperial, tier: 2),
        SystemTag(spelling: "us", system: .us, tier: 0),
        SystemTag(spelling: "usAdd", system: .us, tier: 1),
        SystemTag(spelling: "uk", system: .uk, tier: 0),
        SystemTag(spelling: "ukAdd", system: .uk, tier: 1),
        SystemTag(spelling: "historic", system: .historic, tier: 0),
        SystemTag(spelling: "other", system: .none, tier: 0),
    ]

    public init?(_ spelling: String) {
        guard let tag = Self.vocabulary.first(where: { $0.spelling == spelling }) else { return nil }
        self = tag
    }

    private init(spelling: String, system: MeasurementSystem, tier: Int) {
        self.spelling = spelling
        self.system = system
        self.tier = tier
    }
}
