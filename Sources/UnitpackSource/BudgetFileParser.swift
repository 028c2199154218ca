import UnitpackCore

/// A line of `budgets.tsv`: the most bytes an artifact of `dist/` may take.
public struct ArtifactBudget: Sendable, Hashable {
    /// The artifact's file name: `units.sqlite`, `search.pack`.
    public var artifact: String
    public var bytes: Int
    public var location: SourceLocation
}

/// Parses `budgets.tsv` (`artifact  bytes`), next to `units-src/`. Budgets are
/// not data: the file is not part of the source hash, so tightening a budget
/// does not change the database.
enum BudgetFileParser {
    static let columns = ["artifact", "bytes"]
    static let artifacts = [DatabaseFormat.fileName, SearchPackFormat.fileName]

    static func parse(_ lines: [TSVLine], diagnostics: inout [Diagnostic]) -> [ArtifactBudget] {
        var budgets: [ArtifactBudget] = []
        for line in lines {
            guard line.fields.count == columns.count else {
                diagnostics.append(UnitRowParser.columnCountDiagnostic(line, expected: columns))
                continue
            }
            let name = line.fields[0], size = line.fields[1]
            guard artifacts.contains(name.text) else {
                diagnostics.append(
                    Diagnostic(
                        .invalidBudget, "unknown artifact '\(name.text)'", at: name.location,
                        hint: "budgets are for \(artifacts.joined(separator: " and "))"))
                continue
            }
            if let earlier = budgets.first(where: { $0.artifact == name.text }) {
                diagnostics.append(
                    Diagnostic(
                        .invalidBudget, "a second budget for \(name.text)", at: name.location,
                        notes: [.init("first given here", at: earlier.location)], hint: "keep one line per artifact"))
                continue
            }
            guard let bytes = DecimalLiteral.parseInteger(size.text), bytes > 0 else {
                diagnostics.append(
                    Diagnostic(
                        .invalidBudget, "'\(size.text)' is not a byte count", at: size.location,
                        hint: "write the most bytes the artifact may take as digits, e.g. 1048576"))
                continue
            }
            budgets.append(ArtifactBudget(artifact: name.text, bytes: bytes, location: size.location))
        }
        return budgets
    }
}
