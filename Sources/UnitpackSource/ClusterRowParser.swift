import UnitpackCore

/// A row of `units-src/clusters.tsv`: one unit of a preference list, in the
/// spirit of CLDR's `unitPreferenceData`. For a (category, usage, region) the
/// list is every row, in file order, whose regions hold the region; the best
/// target is the first unit in which a value is at least `atLeast`, else the
/// last one.
public struct ClusterRow: Sendable, Hashable {
    public var category: Located<String>
    /// CLDR's usage (`default`, `person-height`, `road`, `vehicle-fuel`, ...).
    public var usage: Located<String>
    /// CLDR region codes (`001`, the world, or two upper-case letters), or a
    /// measurement system's own list (`metric`, `us`, `imperial`).
    public var regions: [Located<String>]
    /// The unit column split at `+`: one unit, or the parts of a mixed unit
    /// (`foot+inch`), largest first, each located at its own column so that a
    /// wrong part is reported where it is written.
    public var units: [Located<String>]
    /// The smallest value, in the first unit, for which the row is chosen
    /// (CLDR's `geq`; an empty column is 1, CLDR's default).
    public var atLeast: Located<Double>
    /// A completion row (`completion` in the sixth column): not part of
    /// CLDR's list as written, but a unit a reader of the region also reads,
    /// which the completed list places by its threshold among the list's
    /// rows (docs/source-format.md, "Readable magnitudes").
    public var isCompletion = false
    public var location: SourceLocation

    /// The first (largest) unit: the one the threshold is in.
    public var unit: Located<String> { units[0] }
    /// Whether the row is a mixed unit (`foot+inch`).
    public var isMixed: Bool { units.count > 1 }
}

/// Parses `clusters.tsv`: `category  usage  regions  unit  at-least`, and
/// an optional sixth column, `completion` or empty.
enum ClusterRowParser {
    static let columns = ["category", "usage", "regions", "unit", "at-least", "[completion]"]
    static let completion = "completion"

    static func parse(_ line: TSVLine, diagnostics: inout [Diagnostic]) -> ClusterRow? {
        guard line.fields.count == columns.count || line.fields.count == columns.count - 1 else {
            diagnostics.append(UnitRowParser.columnCountDiagnostic(line, expected: columns))
            return nil
        }
        let f = line.fields
        guard isUsage(f[1].text) else {
            diagnostics.append(
                Diagnostic(
                    .invalidClusterRow, "invalid usage '\(f[1].text)'", at: f[1].location,
                    hint: "a usage is CLDR's: lower-case ASCII letters, digits and '-', e.g. default, person-height, road"))
            return nil
        }
        guard
            let regions = RegionList.parse(
                f[2], isValid: isRegion, code: .invalidClusterRow,
                hint: "regions are CLDR codes separated by one space: 001 for the world, or two upper-case letters (US GB); or a measurement system's own list: metric, us, imperial",
                diagnostics: &diagnostics)
        else { return nil }
        guard let units = parseUnits(f[3], diagnostics: &diagnostics) else { return nil }
        var atLeast = 1.0
        if !f[4].text.isEmpty {
            guard let value = DecimalLiteral.parse(f[4].text), value > 0, value.isFinite else {
                diagnostics.append(
                    Diagnostic(
                        .invalidClusterRow, "invalid threshold '\(f[4].text)'", at: f[4].location,
                        hint: "the smallest value, in this unit, for which it is chosen: a positive decimal such as 0.9 or 300; empty means 1"))
                return nil
            }
            atLeast = value
        }
        var isCompletion = false
        if f.count == columns.count, !f[5].text.isEmpty {
            guard f[5].text == completion else {
                diagnostics.append(
                    Diagnostic(
                        .invalidClusterRow, "invalid sixth column '\(f[5].text)'", at: f[5].location,
                        hint: "the sixth column is empty (a row of the list) or 'completion' (a unit the list's readers also read, placed by its threshold)"))
                return nil
            }
            isCompletion = true
        }
        return ClusterRow(
            category: Located(f[0].text, at: f[0].location), usage: Located(f[1].text, at: f[1].location),
            regions: regions, units: units,
            atLeast: Located(atLeast, at: f[4].location), isCompletion: isCompletion, location: line.location)
    }

    /// The measurement systems that may stand for a region: their own lists,
    /// read by `bestTarget(for:in:system:usage:)` before the system's CLDR
    /// region (`MeasurementSystem.preferenceSystem`: metric, us, imperial).
    static let systems = Set(MeasurementSystem.allCases.compactMap(\.preferenceSystem))

    /// CLDR's spelling of a usage: lower-case ASCII letters, digits and `-`.
    static func isUsage(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static func isRegion(_ text: Substring) -> Bool {
        text == "001" || systems.contains(String(text)) || RegionList.isCountry(text)
    }

    /// `foot+inch` -> [foot, inch], each at its column. An empty part (`foot+`,
    /// `foot++inch`) or a space around `+` is E906; whether the parts are units that make a mixed
    /// unit is the checker's business (ClusterRule), which knows the units.
    static func parseUnits(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> [Located<String>]? {
        let parts = field.text.split(separator: "+", omittingEmptySubsequences: false)
        var units: [Located<String>] = []
        var column = field.location.column
        for part in parts {
            let location = SourceLocation(path: field.location.path, line: field.location.line, column: column)
            column += part.unicodeScalars.count + 1
            // Names have inner spaces (US gallon+US quart) but never outer ones:
            // `foot + inch` is a spacing mistake, not an unknown unit 'foot '.
            let problem =
                parts.count < 2 ? nil
                : part.isEmpty ? "an empty part"
                : part.first == " " || part.last == " " ? "a space around '+'" : nil
            if let problem {
                diagnostics.append(
                    Diagnostic(
                        .malformedMixedUnit, "malformed mixed unit '\(field.text)': \(problem)", at: location,
                        hint: "a mixed unit joins unit names with '+', largest first, without spaces around it: foot+inch"))
                return nil
            }
            units.append(Located(String(part), at: location))
        }
        return units
    }
}
