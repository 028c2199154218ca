import UnitpackCore

/// The `relations` table, read whole: a few dozen rows, asked on every
/// conversion between categories, so kept decoded in the object cache
/// (within its budget, at `ApproximateSize.of(_:)`), and read again if evicted.
struct RelationTable: Sendable {
    struct Difference: Sendable, Hashable {
        var absolute: UnitID
        var difference: UnitID
    }

    struct Also: Sendable, Hashable {
        var unit: UnitID
        var reading: UnitID
    }

    /// In `regions`, a name of `unit` that does not say what sets it apart
    /// reads as `reading` (the pint in GB).
    struct Regional: Sendable, Hashable {
        var unit: UnitID
        var reading: UnitID
        var regions: [String]
    }

    struct Same: Sendable, Hashable {
        var first: String
        var second: String
        /// Base units of `second` in one base unit of `first`.
        var factor: Double
    }

    /// A category of absolute units and the category of their differences
    /// (temperature, temperature-difference): the pairs that must not convert.
    struct Sides: Sendable, Hashable {
        var absolute: String
        var difference: String
    }

    var differences: [Difference] = []
    /// Distinct, in the order first met.
    var differenceSides: [Sides] = []
    var also: [Also] = []
    var regional: [Regional] = []
    /// `everyday` rows: a unit whose words (of `languages`, or of every
    /// language when empty) read as `reading` in everyday phrases.
    var everyday: [EverydayRow] = []
    var same: [Same] = []

    /// Base units of `to` in one base unit of `from`: 1 for one category, the
    /// declared factor, its reciprocal the other way round, nil when unrelated.
    func factor(from: String, to: String) -> Double? {
        if from == to { return 1 }
        for row in same {
            if row.first == from && row.second == to { return row.factor }
            if row.first == to && row.second == from { return 1 / row.factor }
        }
        return nil
    }

    /// Whether one category holds points on a scale and the other their differences.
    func separates(_ a: String, _ b: String) -> Bool {
        differenceSides.contains { ($0.absolute == a && $0.difference == b) || ($0.absolute == b && $0.difference == a) }
    }
}

/// An `everyday` row of `relations`: `unit`'s words (of `languages`, or of
/// every language when empty) read as `reading` in everyday phrases.
package struct EverydayRow: Sendable, Hashable {
    package var unit: UnitID
    package var reading: UnitID
    package var languages: [String]
}
