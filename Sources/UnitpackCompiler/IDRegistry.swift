import Foundation
import UnitpackSource

/// Assigns stable ids to units that have none, by appending lines to
/// `units-src/ids.tsv`. Existing lines are never rewritten; a new id is one
/// more than the largest id in the file, retired ones included, so a removed
/// unit's id is never handed out again.
public enum IDRegistry {
    public struct Assignment: Sendable, Hashable {
        public var id: Int
        public var category: String
        public var name: String
    }

    /// The assignments `tree` needs, in source order.
    public static func missingAssignments(in tree: SourceTree) -> [Assignment] {
        let registered = Set(tree.ids.map { $0.key.lowercased() })
        var next = (tree.ids.map(\.id.value).max() ?? 0) + 1
        var seen = Set<String>()
        var result: [Assignment] = []
        for unit in tree.units where !unit.name.value.isEmpty {
            let key = unit.key.lowercased()
            guard !registered.contains(key), seen.insert(key).inserted else { continue }
            result.append(Assignment(id: next, category: unit.category, name: unit.name.value))
            next += 1
        }
        return result
    }

    /// Appends `assignments` to the registry at `path`, creating it with a
    /// header comment when it does not exist.
    public static func append(_ assignments: [Assignment], to path: String) throws {
        guard !assignments.isEmpty else { return }
        var text = ""
        if let existing = FileManager.default.contents(atPath: path) {
            text = String(decoding: existing, as: UTF8.self)
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        } else {
            text = """
                # Stable unit ids: never change or reuse one (docs/source-format.md).
                # Written by `unitpack assign-ids`; rename a unit here too, retire instead of deleting.
                # id\tcategory\tname\t[retired]

                """
        }
        for a in assignments {
            text += "\(a.id)\t\(a.category)\t\(a.name)\n"
        }
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        try AtomicFile.replace(path, with: temporary)
    }
}
