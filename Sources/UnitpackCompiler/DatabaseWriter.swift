import Foundation
import UnitpackCheck
import UnitpackCore
import UnitpackStore
import UnitpackSQLite
import UnitpackSource

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
        try writeTemporary(model, for: path, alongside: {}).written.get()
    }

    /// `writeTemporary(_:for:)`, with `other` run among the database's own
    /// pieces of work (the build's search pack). Three pieces share the
    /// cores, longest first: the names and their blocks (one chain, the
    /// longest), `other`, then the units' words on whichever core is free
    /// first. Two of them side by side and the third after both left a core
    /// idle for a fifth of the build, as long as the pack was shorter than
    /// the names and the units' words together (issue 38). The names'
    /// chain goes on to write every table but `unit_words` and `meta`
    /// (`Filling`), which were 30 ms of one core after the pieces; what
    /// is left after them is those two tables and the file's end.
    static func writeTemporary<Other: Sendable>(
        _ model: CompiledModel, for path: String, alongside other: @Sendable () -> Other
    ) -> (other: Other, written: Result<(temporary: String, bytes: Int), any Error>) {
        let temporary = AtomicFile.temporary(for: path)
        try? FileManager.default.removeItem(atPath: temporary)
        let pieces = Parallel.map([0, 1, 2]) { piece -> Piece<Other> in
            switch piece {
            case 0:
                let list = BuildTimings.measure("database: names") { names(model) }
                let blocks = BuildTimings.measure("database: name blocks") { nameBlockRows(list) }
                return .names(
                    BuildTimings.measure("database: tables") {
                        Result { try Filling(model, names: list, nameBlocks: blocks, at: temporary) }
                    })
            case 1: return .other(other())
            default: return .unitWords(BuildTimings.measure("database: unit words") { unitWordRows(model) })
            }
        }
        guard case .names(let filling) = pieces[0], case .other(let done) = pieces[1],
            case .unitWords(let unitWords) = pieces[2]
        else { fatalError("DatabaseWriter: pieces out of order") }
        do {
            try BuildTimings.measure("database: unit_words, meta, VACUUM") { try filling.get().finish(unitWords: unitWords) }
            let attributes = try FileManager.default.attributesOfItem(atPath: temporary)
            return (done, .success((temporary, (attributes[.size] as? NSNumber)?.intValue ?? 0)))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return (done, .failure(error))
        }
    }

    /// What a piece of `writeTemporary`'s work made.
    private enum Piece<Other: Sendable>: Sendable {
        case names(Result<Filling, any Error>)
        case other(Other)
        case unitWords([[Statement.Value]])
    }

    /// A new database file at `path` with every table's rows but
    /// `unit_words` and `meta` (which counts them), in one open
    /// transaction; `finish` writes those two and closes it. The order the
    /// tables are filled in does not show in the file: VACUUM writes it
    /// again table by table, each in its key order. Made on one core and
    /// finished on another, one after the other, never both at once.
    private final class Filling: @unchecked Sendable {
        /// Nil once finished: the file is closed before it is measured and moved.
        private var connection: Connection?
        private let model: CompiledModel
        /// `meta`'s counts of the tables written, and of the names.
        private var counts: [String: Int]
        private let nameCount: Int

        init(_ model: CompiledModel, names nameList: [NameRow], nameBlocks: [[Statement.Value]], at path: String) throws {
            self.model = model
            let db = try Connection(path: path, mode: .readWriteCreate)
            connection = db
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
            // Every table's rows first: `meta` counts them, a category its
            // clusters, a language its phrase words.
            let units = unitRows(model)
            let (phraseWords, phraseWordLines) = phraseWordRows(model, nameKeys: NameKeys(nameList))
            let clusters = clusterRows(model)
            let relations = relationRows(model)
            let compounds = compoundRows(model)
            let leftOut = model.leftOutNames.sorted().map { [Statement.Value.text($0.folded), .text($0.unitKey)] }
            let languages = languageRows(model, phraseWordLines: phraseWordLines, compounds: compounds)
            let categories = categoryRows(model, clusters: clusters)
            counts = [
                "units": units.count, "categories": categories.count, "languages": languages.count,
                "name_blocks": nameBlocks.count, "clusters": clusters.count,
                "phrase_words": phraseWords.count, "relations": relations.count, "compounds": compounds.count,
                "left_out_names": leftOut.count,
            ]
            nameCount = nameList.count
            try insert(categories, into: "categories", db)
            try insert(clusters, into: "clusters", db)
            try insert(relations, into: "relations", db)
            try insert(phraseWords, into: "phrase_words", db)
            try insert(units, into: "units", db)
            try insert(nameBlocks, into: "name_blocks", db)
            try insert(languages, into: "languages", db)
            try insert(compounds, into: "compounds", db)
            try insert(leftOut, into: "left_out_names", db)
        }

        /// `unit_words` and `meta`, then the file's end: COMMIT, VACUUM and close.
        func finish(unitWords: [[Statement.Value]]) throws {
            guard let db = connection else { preconditionFailure("DatabaseWriter.Filling finished twice") }
            defer { connection = nil }
            counts["unit_words"] = unitWords.count
            var meta: [[Statement.Value]] = [
                [.text("format_version"), .text(String(DatabaseFormat.version))],
                [.text("generator"), .text(generator)],
                [.text("source_hash"), .text(model.sourceHash)],
            ]
            for (table, key) in DatabaseFormat.rowCountKeys {
                meta.append([.text(key), .text(String(counts[table] ?? 0))])
            }
            meta.append([.text("name_count"), .text(String(nameCount))])
            meta.append([
                .text(DatabaseFormat.languagesKey),
                .text(model.languages.map(\.code).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: " ")),
            ])
            try insert(meta, into: "meta", db)
            try insert(unitWords, into: "unit_words", db)
            try db.execute("COMMIT")
            try db.execute("VACUUM")
        }
    }

    /// Inserts `rows` (each the table's columns in `DatabaseFormat.tables`
    /// order), each followed by its checksum, the `crc` column.
    private static func insert(_ rows: [[Statement.Value]], into table: String, _ db: Connection) throws {
        let columns = DatabaseFormat.columns(of: table) + ["crc"]
        let insert = try db.prepare(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        for row in rows {
            try insert.run(row + [RowChecksum.stored(RowChecksum.of(table: table, row))])
        }
    }

    /// How many of `rows` share each key (`key` of a row).
    private static func keyRows<Key: Hashable>(_ rows: [[Statement.Value]], _ key: ([Statement.Value]) -> Key) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        for row in rows { counts[key(row), default: 0] += 1 }
        return counts
    }

    private static func categoryRows(_ model: CompiledModel, clusters: [[Statement.Value]]) -> [[Statement.Value]] {
        let clusterRows = keyRows(clusters) { $0[0] }
        return model.categories.map { category in
            [
                .integer(Int64(category.id)), .text(category.key), .integer(Int64(category.displayOrder)),
                .integer(Int64(category.baseUnit)), .text(category.dimension),
                .integer(Int64(clusterRows[.integer(Int64(category.id))] ?? 0)),
            ]
        }
    }

    /// One row per (lang, word, kind): a word listed twice is kept once, as
    /// its first listing (sorted by word and kind). A word of a kind without
    /// a value (a question word, a filler, a marker: what a phrase is made
    /// of, not its numbers) is also written without its accents (`ca` for
    /// `ça`, `cuantos` for `cuántos`; `TextFolding.withoutAccents`), where
    /// that is no word of that kind or with a value in the language, and no
    /// name (`nameKeys`): typed so,
    /// it reads as the word. A number word is not (`piec` is no `pięć`: a
    /// number read from a guess would change the answer unseen).
    /// A row per language that has phrase words: all of them as one text
    /// (`PhraseWordsText`), and how many lines it has (`languages.phrase_word_lines`).
    private static func phraseWordRows(_ model: CompiledModel, nameKeys: NameKeys) -> (rows: [[Statement.Value]], lines: [String: Int]) {
        var rows: [[Statement.Value]] = []
        var lines: [String: Int] = [:]
        for language in model.languages {
            let listed = Dictionary(grouping: language.phraseWords, by: \.word).mapValues { Set($0.map(\.kind)) }
            var words = language.phraseWords
            for word in language.phraseWords where !word.kind.hasValue && word.kind != .ending && word.kind != .attached {
                let bare = TextFolding.withoutAccents(word.word)
                // A word that is listed with other kinds gets this one too
                // (`e`, and, is also `é`, is, in Portuguese), unless one of
                // them carries a value (a number word).
                let kinds = listed[bare] ?? []
                guard bare != word.word, !kinds.contains(word.kind), !kinds.contains(where: \.hasValue),
                    !nameKeys.contains(nfcKey(bare))
                else { continue }
                words.append(CompiledModel.PhraseWord(word: bare, kind: word.kind, value: nil))
            }
            guard !words.isEmpty else { continue }
            let text = PhraseWordsText.text(words.map { ($0.word, $0.kind, $0.value) })
            lines[language.code] = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
            rows.append([.text(language.code), .text(text)])
        }
        return (rows, lines)
    }

    private static func clusterRows(_ model: CompiledModel) -> [[Statement.Value]] {
        let categoryIDs = Dictionary(uniqueKeysWithValues: model.categories.map { ($0.key, $0.id) })
        // In primary-key order, like every table (see `names`).
        let rows = model.clusters.map { (category: categoryIDs[$0.category] ?? 0, entry: $0) }
            .sorted {
                ($0.category, $0.entry.usage, $0.entry.region, $0.entry.completed ? 1 : 0, $0.entry.rank)
                    < ($1.category, $1.entry.usage, $1.entry.region, $1.entry.completed ? 1 : 0, $1.entry.rank)
            }
        return rows.map { category, entry in
            [
                .integer(Int64(category)), .text(entry.usage), .text(entry.region), .integer(entry.completed ? 1 : 0),
                .integer(Int64(entry.rank)), .integer(Int64(entry.unit)), .real(entry.atLeast),
                // ASCII decimal ids, one space between: docs/database.md, `clusters.parts`.
                .text(entry.parts.map(String.init).joined(separator: " ")),
            ]
        }
    }

    private static func relationRows(_ model: CompiledModel) -> [[Statement.Value]] {
        // Each side's category with the row: a reader needs the categories
        // alone, and reading the 62 units the relations name for theirs was
        // a third of a parse after `purge()` (issue 38).
        let categoryIDs = Dictionary(uniqueKeysWithValues: model.categories.map { ($0.key, $0.id) })
        let unitCategories = Dictionary(uniqueKeysWithValues: model.units.map { ($0.id, categoryIDs[$0.category] ?? 0) })
        // The model keeps them in primary-key order, like every table (see `names`).
        return model.relations.map { relation in
            let categories =
                relation.kind.relatesCategories
                ? (relation.first, relation.second) : (unitCategories[relation.first] ?? 0, unitCategories[relation.second] ?? 0)
            return [
                .text(relation.kind.rawValue), .integer(Int64(relation.first)), .integer(Int64(relation.second)),
                relation.factor.map { .real($0) } ?? .null, .text(relation.regions.joined(separator: " ")),
                .integer(Int64(categories.0)), .integer(Int64(categories.1)),
            ]
        }
    }

    private static func unitRows(_ model: CompiledModel) -> [[Statement.Value]] {
        let categoryIDs = Dictionary(uniqueKeysWithValues: model.categories.map { ($0.key, $0.id) })
        return model.units.map { unit in
            var factor: Statement.Value = .null
            var toBase: Statement.Value = .null
            var fromBase: Statement.Value = .null
            switch unit.conversion {
            case .linear(let f), .reciprocal(let f): factor = .real(f)
            case .formulas(let to, let from):
                toBase = .text(to.canonicalText)
                fromBase = .text(from.canonicalText)
            }
            return [
                .integer(Int64(unit.id)), .integer(Int64(categoryIDs[unit.category] ?? 0)), .text(unit.name),
                .text(unit.symbols.joined(separator: "\t")), factor,
                toBase, fromBase, .real(unit.priority), .text(unit.system.system.rawValue),
                .integer(Int64(unit.system.tier)), .integer(Int64(unit.flags.rawValue)), .text(unit.usage),
            ]
        }
    }

    /// Every name and symbol, once, in key order (`NameRow`'s).
    private static func names(_ model: CompiledModel) -> [NameRow] {
        var names: [NameRow] = []
        for unit in model.units {
            // Names from units-src are English; their symbols belong to every language ("").
            names.append(NameRow(unit: unit.id, kind: .name, lang: "en", text: unit.name))
            for symbol in unit.symbols + unit.compatibilitySymbols {
                names.append(NameRow(unit: unit.id, kind: .symbol, lang: "", text: symbol))
            }
        }
        for language in model.languages {
            for unit in language.names {
                // A form of the same bytes as the display name or another
                // form is one row (the rows are made unique below): not
                // folded again. (Bytes, not String's canonical equality:
                // texts canonically equal but not byte for byte stay two rows.)
                var words = [unit.display]
                for category in PluralCategory.allCases {
                    if let form = unit.forms[category], !words.contains(where: { UTF8Order.compare($0, form) == 0 }) {
                        words.append(form)
                    }
                }
                for word in words {
                    names.append(
                        NameRow(unit: unit.unit, kind: unit.composedFrom == nil ? .name : .composed, lang: language.code, text: word))
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
        // A word a unit has twice (a display name equal to a plural form) is one row.
        var unique: [NameRow] = []
        for name in sorted(names) where unique.last != name { unique.append(name) }
        // The rows added are few: sorted alone and merged, where sorting the
        // whole again compared every row once more (the order is total, so
        // the rows come out the same).
        unique = merged(unique, sorted(abbreviationsWrittenTogether(unique)))
        return merged(unique, sorted(withoutAccents(unique, model)))
    }

    /// Two sorted arrays of rows as one, in order.
    private static func merged(_ a: [NameRow], _ b: [NameRow]) -> [NameRow] {
        guard !b.isEmpty else { return a }
        var rows: [NameRow] = []
        rows.reserveCapacity(a.count + b.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var i = 0, j = 0
                while i < a.count, j < b.count {
                    // Only `b[j] < a[i]` takes b's first: ties go to `a`, as a stable sort of `a + b` does.
                    if NameRow.precedes(b, j, a, i) {
                        rows.append(b[j])
                        j += 1
                    } else {
                        rows.append(a[i])
                        i += 1
                    }
                }
                rows.append(contentsOf: a[i...])
                rows.append(contentsOf: b[j...])
            }
        }
        return rows
    }

    /// `rows` in order, sorted by their positions and compared in place: a
    /// sort that moves rows, or compares copies of them, copies each row's
    /// three Strings every time (half the names' cost).
    private static func sorted(_ rows: [NameRow]) -> [NameRow] {
        // A key's first eight bytes as one number decide most comparisons
        // (0.32 of the build's 9.9 billion instructions went to this sort):
        // bytes past the end count as zero, so a number smaller is a key
        // smaller, and equal numbers go on to the whole row.
        let heads = rows.map { row -> UInt64 in
            var head: UInt64 = 0
            var taken = 0
            for byte in row.folded.utf8.prefix(8) {
                head = head << 8 | UInt64(byte)
                taken += 1
            }
            return taken == 0 ? 0 : head << UInt64(8 * (8 - taken))
        }
        let order = rows.withUnsafeBufferPointer { rows in
            heads.withUnsafeBufferPointer { heads in
                (0..<rows.count).sorted {
                    heads[$0] != heads[$1] ? heads[$0] < heads[$1] : NameRow.precedes(rows, $0, $1)
                }
            }
        }
        return order.map { rows[$0] }
    }

    /// `names` cut into blocks of consecutive keys (`PageRows`), each a
    /// row: its number, its first key (the empty string for the first
    /// block, so that every key has a block), the first key of the block
    /// after it (NULL after the last), and its text (`NameBlock.text`)
    /// compressed with its size.
    private static func nameBlockRows(_ names: [NameRow]) -> [[Statement.Value]] {
        // Each key's lines, one group.
        var keys: [String] = []
        var groups: [[UInt8]] = []
        for name in names {
            if keys.last == name.folded {
                groups[groups.count - 1].append(0x0A)
            } else {
                keys.append(name.folded)
                groups.append([])
            }
            // `NameBlock.text`'s line, written as bytes in place: its String
            // interpolation took 4,000 instructions a name.
            let start = groups[groups.count - 1].count
            groups[groups.count - 1].append(contentsOf: name.folded.utf8)
            for field in [String(name.unit), String(name.kind.rawValue), name.lang, name.stored] {
                groups[groups.count - 1].append(0x09)
                groups[groups.count - 1].append(contentsOf: field.utf8)
            }
            assert(
                groups[groups.count - 1][start...].elementsEqual(
                    NameBlock.text([
                        (name.folded, NameBlock.Entry(unit: name.unit, kind: name.kind.rawValue, language: name.lang, stored: name.stored))
                    ]).utf8))
        }
        let blocks = PageRows.blocks(groups, keepingSteps: true) { number, range, size, stream in
            PageRows.cellBytes(
                rowid: number,
                [
                    .null, .text(bytes: range.lowerBound == 0 ? 0 : keys[range.lowerBound].utf8.count),
                    range.upperBound < keys.count ? .text(bytes: keys[range.upperBound].utf8.count) : .null, .integer(size),
                    .blob(bytes: stream), PageRows.checksum,
                ])
        }
        return blocks.enumerated().map { index, block in
            let first = index == 0 ? "" : keys[block.groups.lowerBound]
            let next: Statement.Value = block.groups.upperBound < keys.count ? .text(keys[block.groups.upperBound]) : .null
            return [.integer(Int64(index + 1)), .text(first), next, .integer(Int64(block.text.count)), .blob(block.stream)]
        }
    }

    /// A symbol of abbreviations spaced after their dots (`к. с.`, `мм рт.
    /// ст.`, `л. с.`) as people also type it, without those spaces (`к.с.`,
    /// `мм рт.ст.`), and one that ends in a dot without it (`Std.` as `Std`):
    /// one more symbol of the unit in the language, where that is no word's
    /// key and names one unit.
    private static func abbreviationsWrittenTogether(_ names: [NameRow]) -> [NameRow] {
        let keys = NameKeys(names)
        var found: [String: [NameRow]] = [:]
        for name in names where name.kind == .symbol {
            let text = NameText.text(stored: name.stored, folded: name.folded)
            var variants: [String] = []
            if text.contains(". ") { variants.append(text.replacingOccurrences(of: ". ", with: ".")) }
            // `Std.` typed `Std`: the last dot left out, as abbreviations are typed.
            for variant in [text] + variants where variant.count > 2 && variant.hasSuffix(".") { variants.append(String(variant.dropLast())) }
            for variant in variants {
                let row = NameRow(unit: name.unit, kind: .symbol, lang: name.lang, text: variant)
                guard !keys.contains(row.folded), !found[row.folded, default: []].contains(row) else { continue }
                found[row.folded, default: []].append(row)
            }
        }
        return found.values.filter { rows in rows.allSatisfy { $0.unit == rows[0].unit } }.flatMap { $0 }
    }

    /// The rows of kind 5 (`NameKind.withoutAccents`): each word filed again
    /// under its key without accents (`metros cubicos`), with its text as
    /// written, where that key is no word's (`a`, a symbol, is never `à`),
    /// no word of phrases of the language (`cuantos`), and names one unit
    /// (a guess between two units is no guess). One row per unit and
    /// language: the first text in key order.
    private static func withoutAccents(_ names: [NameRow], _ model: CompiledModel) -> [NameRow] {
        let keys = NameKeys(names)
        let phraseWords = Dictionary(grouping: model.languages, by: \.code).mapValues {
            Set($0.flatMap { $0.phraseWords.map { UTF8Key($0.word) } })
        }
        var found: [String: [NameRow]] = [:]
        for name in names {
            let bare = TextFolding.withoutAccents(name.folded)
            guard bare != name.folded else { continue }
            let key = nfcKey(bare)
            guard !keys.contains(key), phraseWords[name.lang]?.contains(key) != true else { continue }
            let text = NameText.text(stored: name.stored, folded: name.folded)
            let row = NameRow(folded: bare, unit: name.unit, kind: .withoutAccents, lang: name.lang, text: text)
            if !found[bare, default: []].contains(where: { $0.unit == row.unit && $0.lang == row.lang }) { found[bare, default: []].append(row) }
        }
        return found.values.filter { rows in rows.allSatisfy { $0.unit == rows[0].unit } }.flatMap { $0 }
    }

    /// The distinct keys of rows in key order (as `names` returns them),
    /// found by halving: a Set of them hashed every one of some 80,000
    /// keys, and three were made a build.
    private struct NameKeys {
        private var keys: [String] = []

        init(_ rows: [NameRow]) {
            for row in rows where keys.last.map({ UTF8Order.compare($0, row.folded) != 0 }) ?? true {
                keys.append(row.folded)
            }
            assert(zip(keys, keys.dropFirst()).allSatisfy { UTF8Order.compare($0, $1) < 0 }, "NameKeys: rows out of key order")
        }

        /// Whether a row has the key `key`, byte for byte.
        func contains(_ key: String) -> Bool {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                let order = UTF8Order.compare(keys[middle], key)
                if order == 0 { return true }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return false
        }

        func contains(_ key: UTF8Key) -> Bool { contains(key.text) }
    }

    /// The key of `text` in a set of folded words (NFC, `UTF8Key`): its NFC
    /// bytes, so that it finds what a set of Strings finds (a word without
    /// its accents may be left decomposed: `ẹ́` is `e` and U+0301).
    private static func nfcKey(_ text: String) -> UTF8Key {
        UTF8Key(String(decoding: text._nfcCodeUnits, as: UTF8.self))
    }

    /// A name, ordered as `name_blocks` orders them: its key, unit and
    /// kind, language and stored text, texts in UTF-8 byte order
    /// (`NameBlock.precedes` and `entryPrecedes`), and equal when their
    /// bytes are (not when canonically equivalent: a key is its bytes).
    private struct NameRow: Equatable, Sendable {
        var folded: String
        var unit: Int
        var kind: NameKind
        var lang: String
        /// `text` as stored: empty where it is `folded` (`NameText`).
        var stored: String

        init(unit: Int, kind: NameKind, lang: String, text: String) {
            self.init(folded: BuildFolding.fold(text), unit: unit, kind: kind, lang: lang, text: text)
        }

        init(folded: String, unit: Int, kind: NameKind, lang: String, text: String) {
            self.folded = folded
            self.unit = unit
            self.kind = kind
            self.lang = lang
            self.stored = NameText.stored(text, folded: folded)
        }

        /// `rows[a] < rows[b]`, reading the fields where they are.
        static func precedes(_ rows: UnsafeBufferPointer<NameRow>, _ a: Int, _ b: Int) -> Bool {
            precedes(rows, a, rows, b)
        }

        /// `x[a] < y[b]`.
        @inline(__always)
        static func precedes(_ x: UnsafeBufferPointer<NameRow>, _ a: Int, _ y: UnsafeBufferPointer<NameRow>, _ b: Int) -> Bool {
            let key = UTF8Order.compare(x[a].folded, y[b].folded)
            if key != 0 { return key < 0 }
            if x[a].unit != y[b].unit { return x[a].unit < y[b].unit }
            if x[a].kind != y[b].kind { return x[a].kind.rawValue < y[b].kind.rawValue }
            let language = UTF8Order.compare(x[a].lang, y[b].lang)
            if language != 0 { return language < 0 }
            return UTF8Order.compare(x[a].stored, y[b].stored) < 0
        }

        static func == (a: NameRow, b: NameRow) -> Bool {
            a.unit == b.unit && a.kind == b.kind && UTF8Order.compare(a.folded, b.folded) == 0
                && UTF8Order.compare(a.lang, b.lang) == 0 && UTF8Order.compare(a.stored, b.stored) == 0
        }
    }

    /// The compound patterns of every language, in primary-key order.
    private static func compoundRows(_ model: CompiledModel) -> [[Statement.Value]] {
        model.languages.flatMap { language in
            language.compounds.map { [.text(language.code), .text($0.key.rawValue), .text($0.form), .text($0.pattern)] }
        }
    }

    private static func languageRows(
        _ model: CompiledModel, phraseWordLines: [String: Int], compounds: [[Statement.Value]]
    ) -> [[Statement.Value]] {
        let compoundRows = keyRows(compounds) { $0[0] }
        return model.languages.map { language in
            let settings = language.settings
            let numbers = settings.numbers
            return [
                .text(language.code), .text(settings.name), .integer(language.isComplete ? 1 : 0),
                .text(numbers.decimal), .text(numbers.group), .integer(Int64(numbers.primaryGrouping)),
                .integer(Int64(numbers.secondaryGrouping)), .integer(Int64(numbers.minimumGroupingDigits)),
                .text(language.plurals.canonicalText), .integer(Int64(phraseWordLines[language.code] ?? 0)),
                .integer(Int64(compoundRows[.text(language.code)] ?? 0)), .text(numbers.minusSign),
                .text(settings.longPattern), .text(settings.shortPattern), .text(settings.nativeSystem),
                .text(settings.nativeNumbers?.digits.map { String($0) } ?? ""),
                .text(settings.nativeNumbers?.decimal ?? ""), .text(settings.nativeNumbers?.group ?? ""),
                .text(settings.nativeNumbers?.minusSign ?? ""), .text(settings.latnRegions.joined(separator: " ")),
                .text(RegionSeparators.text(settings.regionSeparators)),
                .text(RegionGrouping.text(settings.regionGrouping)),
                .text(PrefixWordsText.text(PrefixWordsText.words(of: language.compounds.filter { $0.key == .prefix }.map { ($0.form, $0.pattern) }))),
            ]
        }
    }

    /// One row per unit, every unit (a unit no language names has the
    /// empty text): its words in every language, compressed
    /// (`UnitWords`), and the size of the text.
    private static func unitWordRows(_ model: CompiledModel) -> [[Statement.Value]] {
        var rows: [(unit: Int, lang: String, form: String, text: String)] = []
        for language in model.languages {
            for unit in language.names {
                rows.append((unit.unit, language.code, NameForm.display.rawValue, unit.display))
                for (category, form) in unit.forms {
                    rows.append((unit.unit, language.code, NameForm.plural(category).rawValue, form))
                }
                if let symbol = unit.symbols.first {
                    rows.append((unit.unit, language.code, NameForm.symbol.rawValue, symbol))
                }
                for (form, pattern) in unit.patterns { rows.append((unit.unit, language.code, form, pattern)) }
                if let how = unit.composedFrom {
                    rows.append((unit.unit, language.code, NameForm.composed.rawValue, how))
                }
            }
            for form in language.caseForms {
                if let counted = form.countedAs { rows.append((form.unit, language.code, counted.rawValue, form.text)) }
            }
        }
        var byUnit: [Int: [String: [UnitWords.Form]]] = [:]
        for row in rows { byUnit[row.unit, default: [:]][row.lang, default: []].append(UnitWords.Form(form: row.form, text: row.text)) }
        // Each unit's part of a row (`UnitWords.part`), rows cut to fill the pages (`PageRows`).
        let units = model.units.map(\.id).sorted()
        let parts = units.map { unit in
            Array(UnitWords.part(unit: unit, (byUnit[unit] ?? [:]).map { UnitWords.Section(language: $0.key, forms: $0.value) }).utf8)
        }
        let blocks = PageRows.blocks(parts) { _, range, size, stream in
            PageRows.cellBytes(
                rowid: units[range.lowerBound],
                [.null, .integer(units[range.upperBound - 1]), .integer(size), .blob(bytes: stream), PageRows.checksum])
        }
        return blocks.map { block in
            [
                .integer(Int64(units[block.groups.lowerBound])), .integer(Int64(units[block.groups.upperBound - 1])),
                .integer(Int64(block.text.count)), .blob(block.stream),
            ]
        }
    }
}
