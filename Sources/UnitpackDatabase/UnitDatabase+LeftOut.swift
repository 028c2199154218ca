import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// The words of units a slice of the data left out (`left_out_names`,
/// docs/database.md "Slices"): a slice without length holds the tonne `t`,
/// and would read `ft`, which no name of it has, as femtotonnes. The whole
/// data has no rows here.
extension UnitDatabase {
    /// The keys of the left-out units that `folded` (a word folded by
    /// `TextFolding.fold`) names, sorted; nil when it names none.
    /// - Complexity: the whole table is read once (a slice lists a few
    ///   hundred words at most), then a dictionary lookup.
    func leftOutUnits(named folded: String) throws(UnitDatabaseError) -> [String]? {
        try leftOutNames()[folded]
    }

    /// The whole table, checked row by row and counted against `meta`.
    private func leftOutNames() throws(UnitDatabaseError) -> [String: [String]] {
        try withState { state throws(UnitDatabaseError) in
            if case .leftOutNames(let names)? = state.objects.value(for: .leftOutNames) { return names }
            var names: [String: [String]] = [:]
            var count = 0
            let path = path
            do {
                let query = try state.prepare(
                    "SELECT \(DatabaseFormat.selectList(of: "left_out_names")) FROM left_out_names ORDER BY folded, unit_key")
                let decoder = RowDecoder(statement: query, path: path)
                while try query.step() {
                    let row = try decoder.leftOutName(at: 0)
                    names[row.folded, default: []].append(row.unitKey)
                    count += 1
                }
                guard count == state.rowCount("left_out_names") else {
                    throw decoder.damaged(.countMismatch(table: "left_out_names", key: nil, found: count, stated: state.rowCount("left_out_names")))
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            state.objects.insert(.leftOutNames(names), for: .leftOutNames, cost: ApproximateSize.ofLeftOutNames(names))
            return names
        }
    }
}
