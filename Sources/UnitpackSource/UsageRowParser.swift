import UnitpackCore

/// A row of `units-src/usages.tsv`: the usage a unit implies when a value of
/// it is given without a target (a cup is a fluid volume, an acre land, a
/// mile per gallon a vehicle's fuel). The converter's guess of a target reads
/// the usage's lists (`UnitDatabase.expectedTarget`); CLDR's own lists are
/// made for a usage that the caller knows, and a bare value does not say it.
public struct UsageRow: Sendable, Hashable {
    /// A unit key, `category/name`.
    public var unit: Located<String>
    /// A usage of `clusters.tsv` (`fluid`, `land`, `vehicle-fuel`, ...).
    public var usage: Located<String>
    public var location: SourceLocation
}

/// Parses `usages.tsv`: `unit  usage`.
enum UsageRowParser {
    static let columns = ["unit", "usage"]

    static func parse(_ line: TSVLine, diagnostics: inout [Diagnostic]) -> UsageRow? {
        guard let f = line.columns(columns, diagnostics: &diagnostics) else { return nil }
        guard RelationRow.unitKey(f[0].text) != nil else {
            diagnostics.append(
                Diagnostic(
                    .invalidUsageRow, f[0].text.isEmpty ? "an empty unit" : "'\(f[0].text)' is not a unit key", at: f[0].location,
                    hint: "write the unit as category/name, as in units-src/ids.tsv: volume/liter"))
            return nil
        }
        guard ClusterRowParser.isUsage(f[1].text) else {
            diagnostics.append(
                Diagnostic(
                    .invalidUsageRow, "invalid usage '\(f[1].text)'", at: f[1].location,
                    hint: "a usage is CLDR's: lower-case ASCII letters, digits and '-', e.g. fluid, land, vehicle-fuel"))
            return nil
        }
        return UsageRow(unit: Located(f[0].text, at: f[0].location), usage: Located(f[1].text, at: f[1].location), location: line.location)
    }
}
