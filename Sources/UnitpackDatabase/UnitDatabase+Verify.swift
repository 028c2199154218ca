import UnitpackCore
import UnitpackSQLite
import UnitpackStore

extension UnitDatabase {
    /// Reads the whole database and checks everything a lookup checks, for
    /// every row: SQLite's `PRAGMA integrity_check`, each row's checksum and
    /// the sanity of its values, each table's row count against `meta`, each
    /// key's stated row count (a category's clusters,
    /// a language's phrase words), that every id a row names exists, that
    /// each unit's words read as the format says, and that
    /// a complete language has words for every unit. What `unitpack verify`
    /// runs; a lookup checks only the rows it reads.
    /// - Returns: the number of rows checked.
    /// - Throws: `.damaged` at the first damage found, `.corrupt` for what
    ///   SQLite's integrity check reports.
    public func verify() throws(UnitDatabaseError) -> Int {
        try withState { state throws(UnitDatabaseError) in
            do {
                return try verifyAll(state)
            } catch {
                throw Self.typed(error, path: path)
            }
        }
    }

    /// Reads an index as a lookup does (`sql` names it with `INDEXED BY`)
    /// and compares its entries, each made by `entry`, with the table's:
    /// SQLite's integrity check passed an index record that a lookup
    /// through it then found malformed (an input of the `database` fuzz
    /// target, kept in its corpus), and `verify` must not say ok to a
    /// database a lookup refuses.
    private func checkIndex(
        _ index: String, _ sql: String, against table: [String], _ state: State, entry: (Statement) -> String
    ) throws {
        let query = try state.prepare(sql)
        var entries: [String] = []
        while try query.step() { entries.append(entry(query)) }
        guard entries.sorted() == table.sorted() else {
            throw UnitDatabaseError.corrupt(path: path, detail: "the index \(index) does not hold its table's rows")
        }
    }

    /// An index entry's columns as one comparable text.
    private static func indexEntry(_ id: Int, _ columns: String...) -> String {
        ([String(id)] + columns).joined(separator: "\t")
    }

    private func verifyAll(_ state: State) throws -> Int {
        let check = try state.prepare("PRAGMA integrity_check")
        while try check.step() {
            let line = check.text(at: 0) ?? ""
            guard line == "ok" else { throw UnitDatabaseError.corrupt(path: path, detail: line) }
        }
        var total = 0
        /// Runs `body` on every row of `table`, then checks the count.
        func scan(_ table: String, order: String, _ body: (RowDecoder<UnitDatabaseError>) throws -> Void) throws {
            let query = try state.prepare(
                "SELECT \(DatabaseFormat.selectList(of: table)) FROM \(table) ORDER BY \(order)")
            let decoder = RowDecoder(statement: query, path: path)
            var rows = 0
            while try query.step() {
                try body(decoder)
                rows += 1
            }
            if table != "meta", rows != state.rowCount(table) {
                throw decoder.damaged(.countMismatch(table: table, key: nil, found: rows, stated: state.rowCount(table)))
            }
            total += rows
        }
        func damaged(_ damage: DatabaseDamage) -> UnitDatabaseError { .damaged(path: path, damage: damage) }

        var metaKeys: [String] = []
        try scan("meta", order: "key") { metaKeys.append(try $0.meta(at: 0).key) }
        let expectedKeys = (["format_version", "generator", "source_hash", DatabaseFormat.nameCountKey, DatabaseFormat.languagesKey]
            + DatabaseFormat.rowCountKeys.map(\.key)).sorted()
        guard metaKeys == expectedKeys else { throw damaged(.metaKeys(metaKeys)) }

        var categories: [Int: CategoryRow] = [:]
        try scan("categories", order: "id") { decoder in
            let category = try decoder.category(at: 0)
            categories[category.id] = category
        }
        var units: Set<Int> = []
        var unitCategories: [Int: Int] = [:]
        var unitEntries: [String] = []
        try scan("units", order: "id") { decoder in
            let (unit, category) = try decoder.unit(at: 0, categoryKey: "")
            guard categories[category] != nil else { throw damaged(.missingRow(table: "categories", key: "\(category)", namedBy: "units")) }
            units.insert(unit.id.rawValue)
            unitCategories[unit.id.rawValue] = category
            unitEntries.append(Self.indexEntry(unit.id.rawValue, "\(category)", "\(unit.priority.bitPattern)"))
        }
        try checkIndex(
            "units_by_category", "SELECT id, category, priority FROM units INDEXED BY units_by_category ORDER BY category, priority",
            against: unitEntries, state) { Self.indexEntry($0.int(at: 0), "\($0.int(at: 1))", "\($0.double(at: 2).bitPattern)") }
        // The blocks of names chain: block 1 begins at the empty key, each
        // ends where the next begins, the last ends nowhere; meta counts
        // their names.
        var lastBlock: NameBlock?
        var blockEntries: [String] = []
        var names = 0
        var withoutAccentsKeys: [String: Bool] = [:]
        try scan("name_blocks", order: "block") { decoder in
            let block = try decoder.nameBlock(at: 0)
            guard block.follows(lastBlock) else { throw damaged(.keyChain(table: "name_blocks", key: "\(lastBlock?.number ?? 0)")) }
            lastBlock = block
            blockEntries.append(Self.indexEntry(block.number, "=" + block.first))
            for index in 0..<block.keyCount {
                let key = block.key(at: index)
                for entry in block.entries(at: index) {
                    names += 1
                    guard units.contains(entry.unit) else {
                        throw damaged(.missingRow(table: "units", key: "\(entry.unit)", namedBy: "name_blocks"))
                    }
                    // Kind 5 is filed under its text's key without accents, which
                    // differs from the key, and only with names of its kind.
                    let textKey = TextFolding.fold(NameText.text(stored: entry.stored, folded: key))
                    let withoutAccents = entry.kind == NameKind.withoutAccents.rawValue
                    guard withoutAccents ? key == TextFolding.withoutAccents(textKey) && key != textKey : key == textKey,
                        withoutAccentsKeys[key].map({ $0 == withoutAccents }) ?? true
                    else {
                        throw damaged(.nameUnderWrongKey(unit: entry.unit))
                    }
                    withoutAccentsKeys[key] = withoutAccents
                }
            }
        }
        guard lastBlock?.next == nil else { throw damaged(.keyChain(table: "name_blocks", key: lastBlock.map { "\($0.number)" })) }
        try checkIndex(
            "name_blocks_by_first", "SELECT block, first FROM name_blocks INDEXED BY name_blocks_by_first ORDER BY first",
            against: blockEntries, state) { Self.indexEntry($0.int(at: 0), $0.text(at: 1).map { "=" + $0 } ?? "NULL") }
        guard names == state.nameCount else {
            throw damaged(.countMismatch(table: "name_blocks", key: DatabaseFormat.nameCountKey, found: names, stated: state.nameCount))
        }
        var languages: [String: LanguageRow] = [:]
        var prefixWords: [String: String] = [:]
        try scan("languages", order: "code") { decoder in
            let row = try decoder.language(at: 0)
            languages[row.language.code] = row
            prefixWords[row.language.code] = try decoder.checkedPrefixWords(at: 0).text
        }
        // The languages an open names by meta's list are the table's.
        let codes = languages.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard codes == state.languageCodes else {
            throw damaged(.meta(key: DatabaseFormat.languagesKey, value: state.languageCodes.joined(separator: " ")))
        }
        var named: [String: Set<Int>] = [:]
        // Rows of consecutive units (meta counts the rows): every unit has
        // its part in the one row whose first and last hold it, and each
        // part names a unit.
        var covered: Set<Int> = []
        var previousLast = 0
        try scan("unit_words", order: "first") { decoder in
            let row = try decoder.unitWords(at: 0)
            guard row.first > previousLast else {
                throw damaged(.invalidValue(table: "unit_words", column: "first", key: "\(row.first)", value: "\(row.first)"))
            }
            previousLast = row.last
            let parts: [(unit: Int, words: ArraySlice<UInt8>)]
            switch UnitWords.parts(row.text, first: row.first, last: row.last) {
            case .success(let read): parts = read
            case .failure(let problem): throw decoder.damagedWords(problem, unit: row.first)
            }
            for part in parts {
                guard units.contains(part.unit) else { throw damaged(.missingRow(table: "units", key: "\(part.unit)", namedBy: "unit_words")) }
                covered.insert(part.unit)
                let text = Array(part.words)
                let sections: [UnitWords.Section]
                switch UnitWords.sections(text) {
                case .success(let read): sections = read
                case .failure(let problem): throw decoder.damagedWords(problem, unit: part.unit)
                }
                for section in sections {
                    guard languages[section.language] != nil else {
                        throw damaged(.missingRow(table: "languages", key: section.language, namedBy: "unit_words"))
                    }
                    let forms = try decoder.unitForms(text, unit: part.unit, language: section.language) ?? []
                    // The display name and a form for each plural category of
                    // the language (`other` among them), as a lookup requires.
                    let categories = languages[section.language]?.language.plurals.categories ?? [.other]
                    for form in [NameForm.display] + categories.map(NameForm.plural) where !forms.contains(where: { $0.form == form }) {
                        throw damaged(.missingWords(unit: part.unit, language: section.language, form: form.rawValue))
                    }
                    named[section.language, default: []].insert(part.unit)
                }
            }
        }
        // Rows do not overlap (each begins after the last one's last unit):
        // a unit with no part is in no row, or left out of its row.
        if let unit = units.subtracting(covered).min() {
            throw damaged(.missingRow(table: "unit_words", key: "\(unit)", namedBy: "units"))
        }
        for (code, row) in languages where row.language.isComplete {
            if let unit = units.subtracting(named[code, default: []]).min() {
                throw damaged(.missingWords(unit: unit, language: code, form: nil))
            }
        }
        var clusters: [Int: Int] = [:]
        var lists: [PreferenceList: [Int]] = [:]
        try scan("clusters", order: "category, usage, region, completed, rank") { decoder in
            let row = try decoder.cluster(at: 0)
            guard categories[row.category] != nil else {
                throw damaged(.missingRow(table: "categories", key: "\(row.category)", namedBy: "clusters"))
            }
            if let unit = ([row.unit] + row.parts).first(where: { !units.contains($0.rawValue) }) {
                throw damaged(.missingRow(table: "units", key: "\(unit)", namedBy: "clusters"))
            }
            clusters[row.category, default: 0] += 1
            lists[PreferenceList(category: row.category, usage: row.usage, region: row.region, completed: row.completed), default: []]
                .append(row.rank)
        }
        for (id, category) in categories where clusters[id, default: 0] != category.clusterRows {
            throw damaged(.countMismatch(table: "clusters", key: category.key, found: clusters[id, default: 0], stated: category.clusterRows))
        }
        func categoryKey(_ list: PreferenceList) -> String { categories[list.category]?.key ?? "\(list.category)" }
        for (list, ranks) in lists where ranks != Array(0..<ranks.count) {
            throw damaged(.rankGap(category: categoryKey(list), usage: list.usage, region: list.region))
        }
        // A completed list completes a list as written (docs/database.md, `clusters.completed`).
        for list in lists.keys where list.completed {
            var written = list
            written.completed = false
            guard lists[written] != nil else {
                throw damaged(.completedListAlone(category: categoryKey(list), usage: list.usage, region: list.region))
            }
        }
        var phraseWords: [String: Int] = [:]
        try scan("phrase_words", order: "lang") { decoder in
            let row = try decoder.phraseWords(at: 0)
            phraseWords[row.lang, default: 0] += row.lines.count
        }
        for (code, row) in languages where phraseWords[code, default: 0] != row.phraseWordLines {
            throw damaged(.countMismatch(table: "phrase_words", key: code, found: phraseWords[code, default: 0], stated: row.phraseWordLines))
        }
        for code in phraseWords.keys where languages[code] == nil {
            throw damaged(.missingRow(table: "languages", key: code, namedBy: "phrase_words"))
        }
        var compounds: [String: Int] = [:]
        var prefixPatterns: [String: [(prefix: String, pattern: String)]] = [:]
        try scan("compounds", order: "lang, key, form") { decoder in
            let row = try decoder.compound(at: 0)
            guard languages[row.lang] != nil else { throw damaged(.missingRow(table: "languages", key: row.lang, namedBy: "compounds")) }
            if row.key == .gender || row.key == .grammaticalCase,
                let id = Int(row.form.prefix { $0 != "/" }), !units.contains(id)
            {
                throw damaged(.missingRow(table: "units", key: "\(id)", namedBy: "compounds"))
            }
            compounds[row.lang, default: 0] += 1
            if row.key == .prefix { prefixPatterns[row.lang, default: []].append((row.form, row.pattern)) }
        }
        for (code, row) in languages where compounds[code, default: 0] != row.compoundRows {
            throw damaged(.countMismatch(table: "compounds", key: code, found: compounds[code, default: 0], stated: row.compoundRows))
        }
        // A language's prefix words are those of its prefix patterns (the
        // build derives them; a parse reads them in their place).
        for (code, text) in prefixWords where PrefixWordsText.text(PrefixWordsText.words(of: prefixPatterns[code] ?? [])) != text {
            throw damaged(.invalidValue(table: "languages", column: "prefix_words", key: code, value: text))
        }
        try scan("relations", order: "kind, first, second") { decoder in
            let row = try decoder.relation(at: 0)
            let same = row.kind == RelationKind.same.rawValue
            if let missing = [row.first, row.second].first(where: { same ? categories[$0] == nil : !units.contains($0) }) {
                throw damaged(.missingRow(table: same ? "categories" : "units", key: "\(missing)", namedBy: "relations"))
            }
            // The categories a row states for its units are theirs (a reader
            // takes them from the row, not from the units' rows).
            if !same, (unitCategories[row.first], unitCategories[row.second]) != (row.categories.first, row.categories.second) {
                throw damaged(
                    .invalidValue(
                        table: "relations", column: "first_category", key: row.kind,
                        value: "\(row.categories.first) \(row.categories.second)"))
            }
        }
        // Read by a slice's lookups of words it left out: every row checked
        // and counted, as there (a count lost was found by fuzzing when
        // verify did not read the table).
        try scan("left_out_names", order: "folded, unit_key") { _ = try $0.leftOutName(at: 0) }
        return total
    }
}

/// One preference list of `clusters`, as `verify` gathers its ranks.
private struct PreferenceList: Hashable {
    var category: Int
    var usage: String
    var region: String
    var completed: Bool
}
