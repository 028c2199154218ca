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
        let written = try writeTemporary(model, for: path)
        do {
            try AtomicFile.replace(path, with: written.temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: written.temporary)
            throw error
        }
        return written.bytes
    }

    /// Writes the database beside `path` under a temporary name, for the
    /// caller to measure and then move over `path` (or delete).
    static func writeTemporary(_ model: CompiledModel, for path: String) throws -> (temporary: String, bytes: Int) {
        let temporary = AtomicFile.temporary(for: path)
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            try fill(model, at: temporary)
            let attributes = try FileManager.default.attributesOfItem(atPath: temporary)
            return (temporary, (attributes[.size] as? NSNumber)?.intValue ?? 0)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
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
        try insertClusters(model, db)
        try insertRelations(model, db)
        try insertPhraseWords(model, db)
        try insertUnits(model, db)
        try insertLanguages(model, db)
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
            ("language_count", String(model.languages.count)),
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

    private static func insertPhraseWords(_ model: CompiledModel, _ db: Connection) throws {
        let insert = try db.prepare("INSERT OR IGNORE INTO phrase_words (lang, word, kind, value) VALUES (?, ?, ?, ?)")
        for language in model.languages {
            for word in language.phraseWords.sorted(by: { ($0.word, $0.kind.rawValue) < ($1.word, $1.kind.rawValue) }) {
                try insert.run([.text(language.code), .text(word.word), .text(word.kind.rawValue), word.value.map { .real($0) } ?? .null])
            }
        }
    }

    private static func insertClusters(_ model: CompiledModel, _ db: Connection) throws {
        let categoryIDs = Dictionary(uniqueKeysWithValues: model.categories.map { ($0.key, $0.id) })
        let insert = try db.prepare(
            "INSERT INTO clusters (category, usage, region, rank, unit, at_least, parts) VALUES (?, ?, ?, ?, ?, ?, ?)")
        // In primary-key order, like every table (see insertUnits).
        let rows = model.clusters.map { (category: categoryIDs[$0.category] ?? 0, entry: $0) }
            .sorted { ($0.category, $0.entry.usage, $0.entry.region, $0.entry.rank) < ($1.category, $1.entry.usage, $1.entry.region, $1.entry.rank) }
        for (category, entry) in rows {
            try insert.run([
                .integer(Int64(category)), .text(entry.usage), .text(entry.region),
                .integer(Int64(entry.rank)), .integer(Int64(entry.unit)), .real(entry.atLeast),
                // ASCII decimal ids, one space between: docs/database.md, `clusters.parts`.
                .text(entry.parts.map(String.init).joined(separator: " ")),
            ])
        }
    }

    private static func insertRelations(_ model: CompiledModel, _ db: Connection) throws {
        let insert = try db.prepare("INSERT INTO relations (kind, first, second, factor) VALUES (?, ?, ?, ?)")
        // The model keeps them in primary-key order, like every table (see insertUnits).
        for relation in model.relations {
            try insert.run([
                .text(relation.kind.rawValue), .integer(Int64(relation.first)), .integer(Int64(relation.second)),
                relation.factor.map { .real($0) } ?? .null,
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
        var names: [NameRow] = []
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
            // Names from units-src are English; their symbols belong to every language ("").
            names.append(NameRow(unit: unit.id, kind: .name, lang: "en", text: unit.name))
            for symbol in unit.symbols {
                names.append(NameRow(unit: unit.id, kind: .symbol, lang: "", text: symbol))
            }
        }
        for language in model.languages {
            for unit in language.names {
                let words = [unit.display] + PluralCategory.allCases.compactMap { unit.forms[$0] }
                for word in words {
                    names.append(NameRow(unit: unit.unit, kind: .name, lang: language.code, text: word))
                }
                for symbol in unit.symbols {
                    names.append(NameRow(unit: unit.unit, kind: .symbol, lang: language.code, text: symbol))
                }
                for synonym in unit.synonyms {
                    names.append(NameRow(unit: unit.unit, kind: .synonym, lang: language.code, text: synonym))
                }
            }
            for form in language.caseForms {
                names.append(NameRow(unit: form.unit, kind: .caseForm, lang: language.code, text: form.text))
            }
        }
        // Insert in primary-key order: the table's pages then fill in order,
        // which keeps the file small and its bytes independent of input order.
        names.sort()
        let insertName = try db.prepare("INSERT OR IGNORE INTO names (folded, unit, kind, lang, text) VALUES (?, ?, ?, ?, ?)")
        for name in names {
            try insertName.run([
                .text(name.folded), .integer(Int64(name.unit)), .integer(Int64(name.kind.rawValue)), .text(name.lang),
                .text(name.text),
            ])
        }
    }

    /// A row of `names`, ordered like its primary key.
    private struct NameRow: Comparable {
        var folded: String
        var unit: Int
        var kind: NameKind
        var lang: String
        var text: String

        init(unit: Int, kind: NameKind, lang: String, text: String) {
            self.folded = TextFolding.fold(text)
            self.unit = unit
            self.kind = kind
            self.lang = lang
            self.text = text
        }

        static func < (a: NameRow, b: NameRow) -> Bool {
            (a.folded, a.unit, a.kind.rawValue, a.lang, a.text) < (b.folded, b.unit, b.kind.rawValue, b.lang, b.text)
        }
    }

    private static func insertLanguages(_ model: CompiledModel, _ db: Connection) throws {
        let insertLanguage = try db.prepare(
            """
            INSERT INTO languages (code, name, complete, decimal_separator, group_separator, primary_grouping,
                secondary_grouping, minimum_grouping_digits, plural_rules)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertName = try db.prepare("INSERT INTO unit_names (unit, lang, form, text) VALUES (?, ?, ?, ?)")
        var rows: [(unit: Int, lang: String, form: String, text: String)] = []
        for language in model.languages {
            let numbers = language.numbers
            try insertLanguage.run([
                .text(language.code), .text(language.name), .integer(language.isComplete ? 1 : 0),
                .text(numbers.decimal), .text(numbers.group), .integer(Int64(numbers.primaryGrouping)),
                .integer(Int64(numbers.secondaryGrouping)), .integer(Int64(numbers.minimumGroupingDigits)),
                .text(language.plurals.canonicalText),
            ])
            for unit in language.names {
                rows.append((unit.unit, language.code, NameForm.display.rawValue, unit.display))
                for (category, form) in unit.forms {
                    rows.append((unit.unit, language.code, NameForm.plural(category).rawValue, form))
                }
                if let symbol = unit.symbols.first {
                    rows.append((unit.unit, language.code, NameForm.symbol.rawValue, symbol))
                }
            }
        }
        rows.sort { ($0.unit, $0.lang, $0.form) < ($1.unit, $1.lang, $1.form) }
        for row in rows {
            try insertName.run([.integer(Int64(row.unit)), .text(row.lang), .text(row.form), .text(row.text)])
        }
    }
}
