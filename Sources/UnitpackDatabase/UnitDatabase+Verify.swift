import UnitpackCore
import UnitpackSQLite
import UnitpackStore

extension UnitDatabase {
    /// Reads the whole database and checks everything a lookup checks, for
    /// every row: SQLite's `PRAGMA integrity_check`, each row's checksum and
    /// the sanity of its values, each table's row count against `meta`, each
    /// key's stated row count (`names`, `unit_names`, a category's clusters,
    /// a language's phrase words), that every id a row names exists, and that
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

    private func verifyAll(_ state: State) throws -> Int {
        let check = try state.connection.prepare("PRAGMA integrity_check")
        while try check.step() {
            let line = check.text(at: 0) ?? ""
            guard line == "ok" else { throw UnitDatabaseError.corrupt(path: path, detail: line) }
        }
        var total = 0
        /// Runs `body` on every row of `table`, then checks the count.
        func scan(_ table: String, order: String, _ body: (RowDecoder<UnitDatabaseError>) throws -> Void) throws {
            let query = try state.connection.prepare(
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
        let expectedKeys = (["format_version", "generator", "source_hash"] + DatabaseFormat.rowCountKeys.map(\.key)
            + DatabaseFormat.lastKeyKeys.map(\.key)).sorted()
        guard metaKeys == expectedKeys else { throw damaged(.metaKeys(metaKeys)) }

        var categories: [Int: CategoryRow] = [:]
        try scan("categories", order: "id") { decoder in
            let category = try decoder.category(at: 0)
            categories[category.id] = category
        }
        var units: Set<Int> = []
        try scan("units", order: "id") { decoder in
            let (unit, category) = try decoder.unit(at: 0, categoryKey: "")
            guard categories[category] != nil else { throw damaged(.missingRow(table: "categories", key: "\(category)", namedBy: "units")) }
            units.insert(unit.id.rawValue)
        }
        /// Follows the `prev_key` chain of `names`, in key order: the first
        /// row of each group names the group before it, the others NULL;
        /// meta names the last group.
        struct Chain {
            let table: String
            var current: [Statement.Value]?
            mutating func follow(_ key: [Statement.Value], _ stated: Statement.Value) -> Bool {
                defer { current = key }
                guard current != key else { return stated == .null }
                return stated == (current.map { RowChecksum.previousKey(table: table, $0) } ?? .null)
            }
            var last: Statement.Value { current.map { RowChecksum.previousKey(table: table, $0) } ?? .null }
        }
        var nameChain = Chain(table: "names")
        var folded: [String: (stated: Int, found: Int)] = [:]
        var withoutAccentsKeys: [String: Bool] = [:]
        try scan("names", order: "folded, unit, kind, lang, text") { decoder in
            let row = try decoder.nameRow(at: 0)
            guard nameChain.follow([decoder.statement.value(at: 0)], decoder.statement.value(at: 6)) else {
                throw damaged(.keyChain(table: "names", key: decoder.statement.text(at: 0)))
            }
            guard units.contains(row.unit.rawValue) else {
                throw damaged(.missingRow(table: "units", key: "\(row.unit)", namedBy: "names"))
            }
            let key = decoder.statement.text(at: 0) ?? ""
            let stored = decoder.statement.text(at: 4) ?? ""
            guard NameText.isCanonical(stored: stored, folded: key) else {
                throw damaged(.nameStoresKey(unit: row.unit.rawValue))
            }
            // Kind 5 is filed under its text's key without accents, which
            // differs from the key, and only with rows of its kind.
            let textKey = TextFolding.fold(NameText.text(stored: stored, folded: key))
            let withoutAccents = row.kind == NameKind.withoutAccents.rawValue
            guard withoutAccents ? key == TextFolding.withoutAccents(textKey) && key != textKey : key == textKey,
                withoutAccentsKeys[key].map({ $0 == withoutAccents }) ?? true
            else {
                throw damaged(.nameUnderWrongKey(unit: row.unit.rawValue))
            }
            withoutAccentsKeys[key] = withoutAccents
            let group = folded[key] ?? (row.keyRows, 0)
            guard group.stated == row.keyRows else { throw damaged(.countsDisagree(table: "names", key: key)) }
            folded[key] = (group.stated, group.found + 1)
        }
        for (key, group) in folded where group.stated != group.found {
            throw damaged(.countMismatch(table: "names", key: key, found: group.found, stated: group.stated))
        }
        guard nameChain.last == state.lastKeys["names"] else { throw damaged(.keyChain(table: "names", key: nil)) }
        var languages: [String: LanguageRow] = [:]
        try scan("languages", order: "code") { decoder in
            let row = try decoder.language(at: 0)
            languages[row.language.code] = row
        }
        var words: [String: (stated: Int, found: Int)] = [:]
        var named: [String: Set<Int>] = [:]
        try scan("unit_names", order: "unit, lang, form") { decoder in
            let row = try decoder.unitName(at: 0)
            guard units.contains(row.unit) else { throw damaged(.missingRow(table: "units", key: "\(row.unit)", namedBy: "unit_names")) }
            guard languages[row.lang] != nil else { throw damaged(.missingRow(table: "languages", key: row.lang, namedBy: "unit_names")) }
            let key = "\(row.unit) \(row.lang)"
            let group = words[key] ?? (row.keyRows, 0)
            guard group.stated == row.keyRows else { throw damaged(.countsDisagree(table: "unit_names", key: key)) }
            words[key] = (group.stated, group.found + 1)
            named[row.lang, default: []].insert(row.unit)
        }
        for (key, group) in words where group.stated != group.found {
            throw damaged(.countMismatch(table: "unit_names", key: key, found: group.found, stated: group.stated))
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
        try scan("phrase_words", order: "lang, word, kind") { decoder in
            let word = try decoder.phraseWord(at: 0)
            phraseWords[word.lang, default: 0] += 1
        }
        for (code, row) in languages where phraseWords[code, default: 0] != row.phraseWordRows {
            throw damaged(.countMismatch(table: "phrase_words", key: code, found: phraseWords[code, default: 0], stated: row.phraseWordRows))
        }
        for code in phraseWords.keys where languages[code] == nil {
            throw damaged(.missingRow(table: "languages", key: code, namedBy: "phrase_words"))
        }
        var compounds: [String: Int] = [:]
        try scan("compounds", order: "lang, key, form") { decoder in
            let row = try decoder.compound(at: 0)
            guard languages[row.lang] != nil else { throw damaged(.missingRow(table: "languages", key: row.lang, namedBy: "compounds")) }
            if row.key == .gender || row.key == .grammaticalCase,
                let id = Int(row.form.prefix { $0 != "/" }), !units.contains(id)
            {
                throw damaged(.missingRow(table: "units", key: "\(id)", namedBy: "compounds"))
            }
            compounds[row.lang, default: 0] += 1
        }
        for (code, row) in languages where compounds[code, default: 0] != row.compoundRows {
            throw damaged(.countMismatch(table: "compounds", key: code, found: compounds[code, default: 0], stated: row.compoundRows))
        }
        try scan("relations", order: "kind, first, second") { decoder in
            let row = try decoder.relation(at: 0)
            let same = row.kind == RelationKind.same.rawValue
            if let missing = [row.first, row.second].first(where: { same ? categories[$0] == nil : !units.contains($0) }) {
                throw damaged(.missingRow(table: same ? "categories" : "units", key: "\(missing)", namedBy: "relations"))
            }
        }
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
