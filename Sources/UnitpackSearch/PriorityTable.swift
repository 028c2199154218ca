import UnitpackCore

extension SearchPack {
    /// The unit table, compactly: the distinct priorities (× 100) ascending,
    /// and each unit's rank among them, by id when the ids are dense (as
    /// `assign-ids` makes them), else beside the sorted ids. A rank is the
    /// index into `values` + 1 (0: no unit has the id) and takes one byte
    /// while there are at most 255 distinct priorities (the repository has
    /// 13), else two: on ten times the repository's data the table is most
    /// of what opening holds.
    struct PriorityTable: Sendable {
        let values: [UInt32]
        /// The ranks: one of the two arrays, the other empty.
        let narrowRanks: [UInt8]
        let wideRanks: [UInt16]
        let sparseIDs: [UInt32]

        /// `nil` when there are more distinct priorities than a rank holds.
        init?(ids: [UInt32], priorities: [UInt32]) {
            let values = Self.distinct(priorities)
            guard values.count < Int(UInt16.max) else { return nil }
            self.values = values
            // Dense: a rank per id up to the largest; sparse: a rank per unit.
            // (A binary search of the few distinct values, not a dictionary:
            // hashing ten thousand priorities was most of opening.)
            let dense = ids.last.map { Int($0) <= 2 * ids.count + 1024 } ?? true
            sparseIDs = dense ? [] : ids
            let slots = dense ? ids.last.map { Int($0) + 1 } ?? 0 : ids.count
            func ranks<Rank: FixedWidthInteger>(_: Rank.Type) -> [Rank] {
                var ranks = [Rank](repeating: 0, count: slots)
                for (index, priority) in priorities.enumerated() {
                    ranks[dense ? Int(ids[index]) : index] = Rank(Self.lowerBound(priority, in: values) + 1)
                }
                return ranks
            }
            narrowRanks = values.count < 256 ? ranks(UInt8.self) : []
            wideRanks = values.count < 256 ? [] : ranks(UInt16.self)
        }

        /// The first index of `sorted` whose value is not below `value`.
        @inline(__always)
        static func lowerBound(_ value: UInt32, in sorted: [UInt32]) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The distinct values, ascending: insertion into a sorted array, as
        /// units share a few priorities (hashing them all was slower), and
        /// a sort once the distinct values are many.
        static func distinct(_ priorities: [UInt32]) -> [UInt32] {
            var values: [UInt32] = []
            for priority in priorities {
                let index = lowerBound(priority, in: values)
                if index < values.count, values[index] == priority { continue }
                guard values.count < 1024 else { return Array(Set(priorities)).sorted() }
                values.insert(priority, at: index)
            }
            return values
        }

        /// The bytes of the rank arrays.
        var rankBytes: Int { narrowRanks.count + 2 * wideRanks.count }

        /// The priority of the rank at `index` of the rank array.
        @inline(__always) private func value(atRank index: Int) -> UInt32? {
            let rank = values.count < 256
                ? (index < narrowRanks.count ? Int(narrowRanks[index]) : 0)
                : (index < wideRanks.count ? Int(wideRanks[index]) : 0)
            return rank > 0 ? values[rank - 1] : nil
        }

        /// The priority × 100 of a unit of the unit table (0 for an id it lacks).
        @inline(__always) func priority(of unit: Int) -> UInt32 {
            guard unit >= 0 else { return 0 }
            guard !sparseIDs.isEmpty else { return value(atRank: unit) ?? 0 }
            guard unit <= Int(UInt32.max) else { return 0 }
            let index = Self.lowerBound(UInt32(unit), in: sparseIDs)
            return index < sparseIDs.count && Int(sparseIDs[index]) == unit ? value(atRank: index) ?? 0 : 0
        }
    }
}
