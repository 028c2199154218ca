import UnitpackCore
import UnitpackStore

/// Every category's dimension and the size of its base unit in coherent
/// base units, read from `categories.dimension` (the text of
/// `units-src/categories.tsv`, parsed by the expression grammar), in
/// display order. Small (one row a category): kept whole in the object cache.
struct DimensionTable: Sendable {
    struct Entry: Sendable {
        var category: String
        var order: Int
        /// Coherent base units in one of the category's base unit (1 for most).
        var factor: Double
        var dimension: QuantityDimension
    }

    /// In display order, then by key.
    let entries: [Entry]
    private let byCategory: [String: Int]

    init(_ entries: [Entry]) {
        self.entries = entries.sorted { ($0.order, $0.category) < ($1.order, $1.category) }
        var byCategory: [String: Int] = [:]
        for (index, entry) in self.entries.enumerated() { byCategory[entry.category] = index }
        self.byCategory = byCategory
    }

    func entry(_ category: String) -> Entry? { byCategory[category].map { entries[$0] } }

    /// The categories of this dimension, in display order.
    func categories(of dimension: QuantityDimension) -> [Entry] { entries.filter { $0.dimension == dimension } }
}

extension UnitDatabase {
    /// The table, from the object cache or read now.
    func dimensions() throws(UnitDatabaseError) -> DimensionTable {
        try withState { state throws(UnitDatabaseError) in
            if case .dimensions(let table)? = state.objects.value(for: .dimensions) { return table }
            let path = path
            var entries: [DimensionTable.Entry] = []
            do {
                let query = try state.prepare(
                    "SELECT \(DatabaseFormat.selectList(of: "categories")) FROM categories ORDER BY id")
                let decoder = RowDecoder(statement: query, path: path)
                while try query.step() {
                    let category = try decoder.category(at: 0)
                    guard let (factor, dimension) = try? QuantityDimension.parse(category.dimension),
                        DatabaseSanity.isValidFactor(factor)
                    else {
                        throw decoder.damaged(.invalidValue(table: "categories", column: "dimension", key: category.key, value: category.dimension))
                    }
                    entries.append(.init(category: category.key, order: category.order, factor: factor, dimension: dimension))
                }
                guard entries.count == state.rowCount("categories") else {
                    throw decoder.damaged(.countMismatch(table: "categories", key: nil, found: entries.count, stated: state.rowCount("categories")))
                }
            } catch {
                throw Self.typed(error, path: path)
            }
            let table = DimensionTable(entries)
            state.objects.insert(.dimensions(table), for: .dimensions, cost: ApproximateSize.of(table))
            return table
        }
    }
}
