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
    /// - Throws: `.corrupt` at the first damage found.
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
                throw decoder.damaged("'\(table)' has \(rows) of its \(state.rowCount(table)) rows")
            }
            total += rows
        }
        func damaged(_ detail: String) -> UnitDatabaseError { .corrupt(path: path, detail: detail) }

        var metaKeys: [String] = []
        try scan("meta", order: "key") { metaKeys.append(try $0.meta(at: 0).key) }
        let expectedKeys = (["format_version", "generator", "source_hash"] + DatabaseFormat.rowCountKeys.map(\.key)
            + DatabaseFormat.lastKeyKeys.map(\.key)).sorted()
        guard metaKeys == expectedKeys else { throw damaged("meta has the keys \(metaKeys.joined(separator: ", "))") }

        var categories: [Int: CategoryRow] = [:]
        try scan("categories", order: "id") { decoder in
            let category = try decoder.category(at: 0)
            categories[category.id] = category
        }
        var units: Set<Int> = []
        try scan("units", order: "id") { decoder in
            let (unit, category) = try decoder.unit(at: 0, categoryKey: "")
            guard categories[category] != nil else { throw damaged("unit \(unit.id) names a missing category") }
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
        try scan("names", order: "folded, unit, kind, lang, text") { decoder in
            let row = try decoder.nameRow(at: 0)
            guard nameChain.follow([decoder.statement.value(at: 0)], decoder.statement.value(at: 6)) else {
                throw damaged("a name's prev_key does not name the key before it")
            }
            guard units.contains(row.unit.rawValue) else { throw damaged("a name names unit \(row.unit), which is missing") }
            let key = decoder.statement.text(at: 0) ?? ""
            let stored = decoder.statement.text(at: 4) ?? ""
            guard NameText.isCanonical(stored: stored, folded: key) else {
                throw damaged("a name of unit \(row.unit) stores its key as its text")
            }
            guard key == TextFolding.fold(NameText.text(stored: stored, folded: key)) else {
                throw damaged("a name of unit \(row.unit) is filed under the wrong key")
            }
            let group = folded[key] ?? (row.keyRows, 0)
            guard group.stated == row.keyRows else { throw damaged("the names of '\(key)' disagree on their count") }
            folded[key] = (group.stated, group.found + 1)
        }
        for (key, group) in folded where group.stated != group.found {
            throw damaged("'\(key)' has \(group.found) of its \(group.stated) names")
        }
        guard nameChain.last == state.lastKeys["names"] else { throw damaged("meta's name_last_key is not the last name's") }
        var languages: [String: LanguageRow] = [:]
        try scan("languages", order: "code") { decoder in
            let row = try decoder.language(at: 0)
            languages[row.language.code] = row
        }
        var words: [String: (stated: Int, found: Int)] = [:]
        var named: [String: Set<Int>] = [:]
        try scan("unit_names", order: "unit, lang, form") { decoder in
            let row = try decoder.unitName(at: 0)
            guard units.contains(row.unit), languages[row.lang] != nil else {
                throw damaged("a word of unit \(row.unit) in '\(row.lang)' names a missing unit or language")
            }
            let key = "\(row.unit)\t\(row.lang)"
            let group = words[key] ?? (row.keyRows, 0)
            guard group.stated == row.keyRows else { throw damaged("the words of unit \(row.unit) in '\(row.lang)' disagree on their count") }
            words[key] = (group.stated, group.found + 1)
            named[row.lang, default: []].insert(row.unit)
        }
        for (key, group) in words where group.stated != group.found {
            throw damaged("unit and language \(key.replacingTabs()) have \(group.found) of their \(group.stated) words")
        }
        for (code, row) in languages where row.language.isComplete && named[code, default: []].count != units.count {
            throw damaged("'\(code)' is complete but names \(named[code, default: []].count) of the \(units.count) units")
        }
        var clusters: [Int: Int] = [:]
        var lists: [String: [Int]] = [:]
        try scan("clusters", order: "category, usage, region, completed, rank") { decoder in
            let row = try decoder.cluster(at: 0)
            guard categories[row.category] != nil, ([row.unit] + row.parts).allSatisfy({ units.contains($0.rawValue) }) else {
                throw damaged("a cluster names a missing category or unit")
            }
            clusters[row.category, default: 0] += 1
            lists["\(row.category)\t\(row.usage)\t\(row.region)\t\(row.completed)", default: []].append(row.rank)
        }
        for (id, category) in categories where clusters[id, default: 0] != category.clusterRows {
            throw damaged("category \(category.key) has \(clusters[id, default: 0]) of its \(category.clusterRows) clusters")
        }
        for (_, ranks) in lists where ranks != Array(0..<ranks.count) {
            throw damaged("a preference list has a gap in its ranks")
        }
        // A completed list completes a list as written (docs/database.md, `clusters.completed`).
        for key in lists.keys where key.hasSuffix("\ttrue") && lists[String(key.dropLast(4)) + "false"] == nil {
            throw damaged("a completed preference list has no list as written")
        }
        var phraseWords: [String: Int] = [:]
        try scan("phrase_words", order: "lang, word, kind") { decoder in
            let word = try decoder.phraseWord(at: 0)
            phraseWords[word.lang, default: 0] += 1
        }
        for (code, row) in languages where phraseWords[code, default: 0] != row.phraseWordRows {
            throw damaged("'\(code)' has \(phraseWords[code, default: 0]) of its \(row.phraseWordRows) phrase words")
        }
        for code in phraseWords.keys where languages[code] == nil {
            throw damaged("phrase words of '\(code)', a missing language")
        }
        var compounds: [String: Int] = [:]
        try scan("compounds", order: "lang, key, form") { decoder in
            let row = try decoder.compound(at: 0)
            guard languages[row.lang] != nil else { throw damaged("a compound pattern of '\(row.lang)', a missing language") }
            if row.key == .gender || row.key == .grammaticalCase,
                let id = Int(row.form.prefix { $0 != "/" }), !units.contains(id)
            {
                throw damaged("a \(row.key.rawValue) row of '\(row.lang)' names a missing unit \(id)")
            }
            compounds[row.lang, default: 0] += 1
        }
        for (code, row) in languages where compounds[code, default: 0] != row.compoundRows {
            throw damaged("'\(code)' has \(compounds[code, default: 0]) of its \(row.compoundRows) compound patterns")
        }
        try scan("relations", order: "kind, first, second") { decoder in
            let row = try decoder.relation(at: 0)
            let ids = [row.first, row.second]
            let exists = row.kind == RelationKind.same.rawValue
                ? ids.allSatisfy { categories[$0] != nil } : ids.allSatisfy { units.contains($0) }
            guard exists else { throw damaged("a '\(row.kind)' relation names a missing unit or category") }
        }
        return total
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        split(separator: "\t").joined(separator: " ")
    }
}
