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
    /// CLDR region codes: `001` (the world) or two upper-case letters.
    public var regions: [Located<String>]
    public var unit: Located<String>
    /// The smallest value, in this unit, for which the unit is chosen
    /// (CLDR's `geq`; an empty column is 1, CLDR's default).
    public var atLeast: Located<Double>
    public var location: SourceLocation
}

/// Parses `clusters.tsv`: `category  usage  regions  unit  at-least`.
enum ClusterRowParser {
    static let columns = ["category", "usage", "regions", "unit", "at-least"]

    static func parse(_ line: TSVLine, diagnostics: inout [Diagnostic]) -> ClusterRow? {
        guard line.fields.count == columns.count else {
            diagnostics.append(UnitRowParser.columnCountDiagnostic(line, expected: columns))
            return nil
        }
        let f = line.fields
        let usageIsValid = !f[1].text.isEmpty && f[1].text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        guard usageIsValid else {
            diagnostics.append(
                Diagnostic(
                    .invalidClusterRow, "invalid usage '\(f[1].text)'", at: f[1].location,
                    hint: "a usage is CLDR's: lower-case ASCII letters, digits and '-', e.g. default, person-height, road"))
            return nil
        }
        var regions: [Located<String>] = []
        var column = f[2].location.column
        for part in f[2].text.split(separator: " ", omittingEmptySubsequences: false) {
            let location = SourceLocation(path: f[2].location.path, line: f[2].location.line, column: column)
            column += part.count + 1
            guard isRegion(part) else {
                diagnostics.append(
                    Diagnostic(
                        .invalidClusterRow, "invalid region '\(part)'", at: location,
                        hint: "regions are CLDR codes separated by one space: 001 for the world, or two upper-case letters (US GB)"))
                return nil
            }
            regions.append(Located(String(part), at: location))
        }
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
        return ClusterRow(
            category: Located(f[0].text, at: f[0].location), usage: Located(f[1].text, at: f[1].location),
            regions: regions, unit: Located(f[3].text, at: f[3].location),
            atLeast: Located(atLeast, at: f[4].location), location: line.location)
    }

    static func isRegion(_ text: Substring) -> Bool {
        if text == "001" { return true }
        return text.count == 2 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}
