import UnitpackCore

/// A line of `budgets.tsv`: the most bytes an artifact of `dist/` may take.
public struct ArtifactBudget: Sendable, Hashable {
    /// The artifact's file name: `units.sqlite`, `search.pack`.
    public var artifact: String
    public var bytes: Int
    /// The third column's `languages=`: the budget is for a build given
    /// exactly these languages (sorted); nil with no slice column.
    public var languages: [String]? = nil
    /// The third column's `categories=`, sorted; nil when it names none.
    public var categories: [String]? = nil
    public var location: SourceLocation
    /// The third column's location, for a slice the sources cannot give.
    public var sliceLocation: SourceLocation? = nil

    /// `languages=en,ru categories=volume`, as the budget line writes it; empty for the whole data.
    public var sliceText: String {
        ([languages.map { "languages=" + $0.joined(separator: ",") }, categories.map { "categories=" + $0.joined(separator: ",") }]
            .compactMap { $0 }).joined(separator: " ")
    }
}

/// Parses `budgets.tsv` (`artifact  bytes  [slice]`), next to `units-src/`.
/// Budgets are not data: the file is not part of the source hash, so
/// tightening a budget does not change the database.
enum BudgetFileParser {
    static let columns = ["artifact", "bytes"]
    static let sliceColumn = "slice"
    static let artifacts = [DatabaseFormat.fileName, SearchPackFormat.fileName]

    static func parse(_ lines: [TSVLine], diagnostics: inout [Diagnostic]) -> [ArtifactBudget] {
        var budgets: [ArtifactBudget] = []
        for line in lines {
            guard line.fields.count == columns.count || line.fields.count == columns.count + 1 else {
                let found = line.fields.count
                diagnostics.append(
                    Diagnostic(
                        .columnCount,
                        "expected 2 or 3 TAB-separated columns (artifact, bytes, then optionally slice), found \(found)",
                        at: found > 3 ? line.fields[3].location.advanced(by: -1) : line.location,
                        hint: "e.g. units.sqlite<TAB>1048576<TAB>languages=en,ru"))
                continue
            }
            var slice: (languages: [String]?, categories: [String]?) = (nil, nil)
            if line.fields.count == 3 {
                guard let parsed = parseSlice(line.fields[2], diagnostics: &diagnostics) else { continue }
                slice = parsed
            }
            let name = line.fields[0], size = line.fields[1]
            guard artifacts.contains(name.text) else {
                diagnostics.append(
                    Diagnostic(
                        .invalidBudget, "unknown artifact '\(name.text)'", at: name.location,
                        hint: "budgets are for \(artifacts.joined(separator: " and "))"))
                continue
            }
            if let earlier = budgets.first(where: {
                $0.artifact == name.text && $0.languages == slice.languages && $0.categories == slice.categories
            }) {
                let what = earlier.sliceText.isEmpty ? name.text : name.text + " (" + earlier.sliceText + ")"
                diagnostics.append(
                    Diagnostic(
                        .invalidBudget, "a second budget for \(what)", at: name.location,
                        notes: [.init("first given here", at: earlier.location)], hint: "keep one line per artifact and slice"))
                continue
            }
            guard let bytes = DecimalLiteral.parseInteger(size.text), bytes > 0 else {
                diagnostics.append(
                    Diagnostic(
                        .invalidBudget, "'\(size.text)' is not a byte count", at: size.location,
                        hint: "write the most bytes the artifact may take as digits, e.g. 1048576"))
                continue
            }
            budgets.append(
                ArtifactBudget(
                    artifact: name.text, bytes: bytes, languages: slice.languages, categories: slice.categories,
                    location: size.location, sliceLocation: line.fields.count == 3 ? line.fields[2].location : nil))
        }
        return budgets
    }

    /// `languages=en,ru`, `categories=volume,mass`, or both separated by a
    /// space: the options of `unitpack build` the budget is for. Names are
    /// checked against the sources by the checker (E801), not here.
    static func parseSlice(_ field: TSVLine.Field, diagnostics: inout [Diagnostic])
        -> (languages: [String]?, categories: [String]?)?
    {
        var languages: [String]?
        var categories: [String]?
        func bad(_ message: String) -> (languages: [String]?, categories: [String]?)? {
            diagnostics.append(
                Diagnostic(
                    .invalidBudget, message, at: field.location,
                    hint: "write the slice as `languages=en,ru`, `categories=volume,mass` or both, separated by a space"))
            return nil
        }
        for part in field.text.split(separator: " ") {
            guard let equals = part.firstIndex(of: "=") else { return bad("'\(part)' is not a slice option") }
            let names = part[part.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: \.isEmpty) else { return bad("'\(part)' has an empty name") }
            switch part[..<equals] {
            case "languages" where languages == nil: languages = Array(Set(names)).sorted()
            case "categories" where categories == nil: categories = Array(Set(names)).sorted()
            default: return bad("'\(part[..<equals])' is not languages or categories, or is given twice")
            }
        }
        guard languages != nil || categories != nil else { return bad("the slice column is empty") }
        return (languages, categories)
    }
}
