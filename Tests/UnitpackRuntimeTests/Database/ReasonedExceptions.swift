import Foundation
import Testing

/// A hand-kept table of accepted exceptions (CLDR/formatting-differences.tsv,
/// Targets/readability-exceptions.tsv): tab-separated lines of `keyColumns`
/// columns and a reason, `#` comments. A line without its columns or its
/// reason is an issue, located in the file, and is left out.
/// - Parameter columns: what the key columns are, for the issue (`"language, length, unit"`).
func reasonedExceptions(
    in path: String, keyColumns: Int, columns: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [(key: [String], reason: String)] {
    let name = (path as NSString).lastPathComponent
    var rows: [(key: [String], reason: String)] = []
    for (index, line) in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where !line.isEmpty && !line.hasPrefix("#")
    {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == keyColumns + 1, !fields[keyColumns].isEmpty else {
            Issue.record("\(name):\(index + 1): '\(line)' is not \(columns) and a reason", sourceLocation: sourceLocation)
            continue
        }
        rows.append((Array(fields.prefix(keyColumns)), fields[keyColumns]))
    }
    return rows
}
