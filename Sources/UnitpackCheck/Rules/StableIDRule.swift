import UnitpackCore
import UnitpackSource

/// The id registry (`units-src/ids.tsv`): every unit has exactly one id, ids are
/// unique, and a registry line whose unit is gone is marked retired, so that a
/// removal or rename is always a deliberate edit and an id is never reused.
struct StableIDRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var byID: [Int: IDRow] = [:]
        var byKey: [String: IDRow] = [:]
        for row in tree.ids {
            if let earlier = byID[row.id.value] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateID, "id \(row.id.value) is given to '\(row.key)' and to '\(earlier.key)'",
                        at: row.id.location, notes: [.init("first given here", at: earlier.id.location)],
                        hint: "ids are never reused; give the newer entry an id from `unitpack assign-ids`"))
            } else {
                byID[row.id.value] = row
            }
            if let earlier = byKey[row.key.lowercased()] {
                diagnostics.append(
                    Diagnostic(
                        .unitRegisteredTwice, "'\(row.key)' is registered twice", at: row.location,
                        notes: [.init("first registered here with id \(earlier.id.value)", at: earlier.location)],
                        hint: "keep the first line; mark this one retired"))
            } else {
                byKey[row.key.lowercased()] = row
            }
        }
        let unitKeys = Set(tree.units.filter { !$0.name.value.isEmpty }.map { $0.key.lowercased() })
        for unit in tree.units where !unit.name.value.isEmpty {
            if let row = byKey[unit.key.lowercased()], !row.isRetired { continue }
            let retired = byKey[unit.key.lowercased()]?.isRetired == true
            diagnostics.append(
                Diagnostic(
                    .missingID,
                    retired
                        ? "'\(unit.key)' is a retired unit's key; a retired id is never reused"
                        : "unit '\(unit.key)' has no stable id",
                    at: unit.name.location,
                    hint: retired
                        ? "choose another name, or un-retire the old line in \(tree.idsPath) if this is the same unit"
                        : "run `unitpack assign-ids` to register it in \(tree.idsPath)"))
        }
        for row in tree.ids where !row.isRetired && !unitKeys.contains(row.key.lowercased()) {
            diagnostics.append(
                Diagnostic(
                    .orphanID, "id \(row.id.value) names '\(row.key)', which is not a unit of the sources",
                    at: row.location,
                    hint: "if the unit was renamed, rename it here too; if it was removed, add the word 'retired' as the 4th column"))
        }
        return diagnostics
    }
}
