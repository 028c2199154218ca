import Foundation
import UnitpackCore
import UnitpackSQLite

/// Writes `units.sqlite` deterministically and atomically: built in a temporary
/// file beside the target, VACUUMed, then renamed over it. A failure at any
/// step removes the temporary file and leaves the previous database untouched.
public enum DatabaseWriter {
    public static let generator = "unitpack 0.1.0"

    /// - Returns: the size of the written file in bytes.
    @discardableResult
    public static func write(_ model: CompiledModel, to path: String) throws -> Int {
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            try fill(model, at: temporary)
            try AtomicFile.replace(path, with: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    private static func fill(_ model: CompiledModel, at path: String) throws {
        let db = try Connection(path: path, mode: .readWriteCreate)
        // Nothing to protect in a temporary file: no journal, no syncs until the
        // end. Fixed page size and no timestamps anywhere: identical input gives
        // identical bytes.
        try db.execute(
            """
            PRAGMA page_size = \(DatabaseFormat.pageSize);
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA user_version = \(DatabaseFormat.version);
            PRAGMA application_id = \(DatabaseFormat.applicationID);
            """)
        try db.execute("BEGIN")
        for statement in DatabaseSchema.statements {
            try db.execute(statement)
        }
        try insertMeta(model, db)
        try insertCategories(model, db)
        try insertUnits(model, db)
        try db.execute("COMMIT")
        try db.execute("VACUUM")
    }

    private static func insertMeta(_ model: CompiledModel, _ db: Connection) throws {
        let insert = try db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)")
        let rows = [
            ("format_version", String(DatabaseFormat.version)),
            ("generator", generator),
            ("source_hash", model.sourceHash),
            ("unit_count", String(model.units.count)),
            ("category_count", String(model.categories.count)),
        ]
        for (key, value) in rows {
            try insert.run([.text(key), .text(value)])
        }
    }

    private static func insertCategories(_ model: CompiledModel, _ db: Connection) throws {
        let insert = try db.prepare(
            "INSERT INTO categories (id, key, display_order, base_unit, dimension) VALUES (?, ?, ?, ?, ?)")
        for category in model.categories {
            try insert.run([
                .integer(Int64(category.id)), .text(category.key), .integer(Int64(category.displayOrder)),
                .integer(Int64(category.baseUnit)), .text(category.dimension),
            ])
        }
    }

    private static func insertUnits(_ model: CompiledModel, _ db: Connection) throws {
        let categoryIDs = Dictionary(uniqueKeysWithValues: model.categories.map { ($0.key, $0.id) })
        let insertUnit = try db.prepare(
            """
            INSERT INTO units (id, category, name, symbols, factor, to_base, from_base, priority, system, tier, flags)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var names: [(folded: String, unit: Int, kind: NameKind, text: String)] = []
        for unit in model.units {
            var factor: Statement.Value = .null
            var toBase: Statement.Value = .null
            var fromBase: Statement.Value = .null
            switch unit.conversion {
            case .linear(let f), .reciprocal(let f): factor = .real(f)
            case .formulas(let to, let from):
                toBase = .text(to.canonicalText)
                fromBase = .text(from.canonicalText)
            }
            try insertUnit.run([
                .integer(Int64(unit.id)), .integer(Int64(categoryIDs[unit.category] ?? 0)), .text(unit.name),
                .text(unit.symbols.joined(separator: "\t")), factor,
                toBase, fromBase, .real(unit.priority), .text(unit.system.system.rawValue),
                .integer(Int64(unit.system.tier)), .integer(Int64(unit.flags.rawValue)),
            ])
            names.append((TextFolding.fold(unit.name), unit.id, .name, unit.name))
            for symbol in unit.symbols {
                names.append((TextFolding.fold(symbol), unit.id, .symbol, symbol))
            }
        }
        // Insert in primary-key order: the table's pages then fill in order,
        // which keeps the file small and its bytes independent of input order.
        names.sort { ($0.folded, $0.unit, $0.kind.rawValue, $0.text) < ($1.folded, $1.unit, $1.kind.rawValue, $1.text) }
        let insertName = try db.prepare("INSERT OR IGNORE INTO names (folded, unit, kind, lang, text) VALUES (?, ?, ?, ?, ?)")
        for name in names {
            // Names from units-src are English; symbols belong to every language ("").
            let lang = name.kind == .name ? "en" : ""
            try insertName.run([
                .text(name.folded), .integer(Int64(name.unit)), .integer(Int64(name.kind.rawValue)), .text(lang),
                .text(name.text),
            ])
        }
    }
}
