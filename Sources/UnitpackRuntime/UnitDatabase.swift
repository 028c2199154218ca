import UnitpackCore
import UnitpackSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only view of `units.sqlite`: look units up, convert values.
///
/// Opening checks the file and its format version and prepares the few
/// statements it uses; rows are read on demand. Safe to share between threads:
/// one connection behind a lock (`Locked`) (lookups take microseconds, so contention is
/// cheaper than a connection per thread).
public final class UnitDatabase: Sendable {
    /// The database's file.
    public let path: String
    private let state: Locked<State>
    /// The language list asked last and its key (codes joined by commas):
    /// a parse keys its cache lookups by the list a dozen times, and joining
    /// twelve codes each time was a quarter of a parse with all asked.
    private let languageKeyMemo = Locked<(codes: [String], key: String)>(([], ""))

    final class State {
        let connection: Connection
        let unitByID: Statement
        let unitsByFoldedName: Statement
        let languageByCode: Statement
        let namesOfUnit: Statement
        /// Prepared on first use (phrases only): opening stays as cheap.
        var nameStartStatement: Statement?
        /// Decoded units, languages and names, within one byte budget.
        var objects: BoundedCache<CachedKey, CachedObject>
        var pageCacheBudget = 0

        var nameStartQuery: Statement {
            get throws(SQLiteError) {
                if let statement = nameStartStatement { return statement }
                let statement = try connection.prepare("SELECT 1 FROM names WHERE folded >= ? AND folded < ? LIMIT 1")
                nameStartStatement = statement
                return statement
            }
        }

        func setPageCache(_ bytes: Int) throws(SQLiteError) {
            pageCacheBudget = max(0, bytes)
            // A limit in pages: each cached page costs its size plus SQLite's
            // headers (PgHdr, the page cache's own, the b-tree's MemPage:
            // a few hundred bytes, more than `cache_size = -KiB` allows for).
            let pageSize = Int(try connection.scalarInt("PRAGMA page_size") ?? 4096)
            let pages = max(2, pageCacheBudget / (pageSize + Self.pageOverhead))
            try connection.execute("PRAGMA cache_size = \(pages)")
            connection.releaseMemory()
        }

        /// SQLite's bytes per cached page beyond the page itself, measured
        /// with `SQLITE_DBSTATUS_CACHE_USED` (with some margin).
        static let pageOverhead = 512

        /// The row counts of `meta`, by table (`DatabaseFormat.rowCountKeys`):
        /// a reader that reads a whole table checks that it found them all.
        let rowCounts: [String: Int]
        /// `prev_key` of the last key group of `names` (`meta`'s
        /// `name_last_key`), NULL for an empty table.
        let lastKeys: [String: Statement.Value]
        /// `confirmAbsent`'s queries, by table, prepared on first use.
        var absence: [String: (before: Statement, after: Statement)] = [:]

        init(connection: Connection, objectBudget: Int, meta: (rowCounts: [String: Int], lastKeys: [String: Statement.Value]))
            throws(SQLiteError)
        {
            self.connection = connection
            self.rowCounts = meta.rowCounts
            self.lastKeys = meta.lastKeys
            objects = BoundedCache(budget: objectBudget)
            // Every lookup selects the whole row and its checksum, and the key
            // it asked for with it, so that SQLite reads the table's row (not
            // only an index) and a row found under the wrong key is noticed.
            unitByID = try connection.prepare(
                """
                SELECT \(DatabaseFormat.selectList(of: "units", as: "u")), \(DatabaseFormat.selectList(of: "categories", as: "c"))
                FROM units u LEFT JOIN categories c ON c.id = u.category WHERE u.id = ?
                """)
            unitsByFoldedName = try connection.prepare(
                "SELECT \(DatabaseFormat.selectList(of: "names")) FROM names WHERE folded = ? ORDER BY unit, kind")
            languageByCode = try connection.prepare(
                "SELECT \(DatabaseFormat.selectList(of: "languages")) FROM languages WHERE code = ?")
            namesOfUnit = try connection.prepare(
                "SELECT \(DatabaseFormat.selectList(of: "unit_names")) FROM unit_names WHERE unit = ? AND lang = ?")
        }

        /// Meta's count of `table`'s rows.
        func rowCount(_ table: String) -> Int {
            rowCounts[table] ?? -1
        }
    }

    /// What SQLite allocated to open the file: the connection, its lookaside
    /// pool, the parsed schema and the prepared statements (the change in
    /// `sqlite3_memory_used()` over the open; other threads opening SQLite
    /// databases at that moment would blur it).
    public let openBytes: Int

    /// The format and sources of the data (`meta`), read once at open.
    /// - Complexity: a stored value.
    public let dataVersion: DataVersion

    /// Opens a database file. What it keeps is bounded: SQLite's page cache by
    /// `pageCacheBytes` (`PRAGMA cache_size`), the decoded units, languages
    /// and names by `objectCacheBytes` (least recently used dropped first).
    /// - Throws: `.fileNotFound`, `.notAUnitDatabase`, `.unsupportedFormatVersion`, `.corrupt`.
    public init(path: String, pageCacheBytes: Int = 256 << 10, objectCacheBytes: Int = 256 << 10)
        throws(UnitDatabaseError)
    {
        self.path = path
        let before = Connection.processMemoryUsed
        guard access(path, R_OK) == 0 else { throw .fileNotFound(path: path) }
        // SQLite reports a directory only as a vague I/O error on first read.
        guard Self.isRegularFile(path) else { throw .notAFile(path: path) }
        do {
            // The header first: the application id and format version, and
            // the page size and count, which must account for the file's size
            // exactly (a file cut short or extended is refused here).
            try DatabaseHeader.check(path: path)
            let connection = try Connection(path: path, mode: .readOnlyImmutable)
            // A small lookaside pool: the default (1,200-byte slots) costs more
            // than a watch extension's whole search budget, for little speed here.
            try connection.setLookaside(slotSize: Self.lookasideSlotSize, slots: Self.lookasideSlots)
            let meta = try Self.readMeta(connection, path: path)
            dataVersion = meta.version
            let state = try State(
                connection: connection, objectBudget: objectCacheBytes, meta: (meta.rowCounts, meta.lastKeys))
            try state.setPageCache(pageCacheBytes)
            self.state = Locked(state)
            openBytes = max(0, Connection.processMemoryUsed - before)
        } catch {
            throw Self.typed(error, path: path)
        }
    }

    /// Reads and checks every row of `meta`: the format version again, the
    /// source hash and generator, and the row count of each table.
    private static func readMeta(_ connection: Connection, path: String) throws
        -> (rowCounts: [String: Int], lastKeys: [String: Statement.Value], version: DataVersion)
    {
        let query = try connection.prepare("SELECT \(DatabaseFormat.selectList(of: "meta")) FROM meta")
        let rows = RowDecoder(statement: query, path: path)
        var values: [String: String] = [:]
        while try query.step() {
            let (key, value) = try rows.meta(at: 0)
            values[key] = value
        }
        guard values["format_version"] == String(DatabaseFormat.version) else {
            throw UnitDatabaseError.corrupt(path: path, detail: "meta's format_version is not \(DatabaseFormat.version)")
        }
        var counts: [String: Int] = [:]
        for (table, key) in DatabaseFormat.rowCountKeys {
            guard let count = values[key].flatMap({ Int($0) }), DatabaseSanity.isValidCount(count) else {
                throw UnitDatabaseError.corrupt(path: path, detail: "meta has no valid \(key)")
            }
            counts[table] = count
        }
        var lastKeys: [String: Statement.Value] = [:]
        for (table, key) in DatabaseFormat.lastKeyKeys {
            guard let text = values[key] else { throw UnitDatabaseError.corrupt(path: path, detail: "meta has no \(key)") }
            if text.isEmpty {
                lastKeys[table] = .null
            } else {
                guard let value = UInt16(text) else { throw UnitDatabaseError.corrupt(path: path, detail: "meta has no valid \(key)") }
                lastKeys[table] = .integer(Int64(value))
            }
        }
        guard let hash = values["source_hash"], hash.utf8.count == 64,
            hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { throw UnitDatabaseError.corrupt(path: path, detail: "meta has no valid source_hash") }
        guard let generator = values["generator"] else { throw UnitDatabaseError.corrupt(path: path, detail: "meta has no generator") }
        let version = DataVersion(formatVersion: Int(DatabaseFormat.version), sourceHash: hash, generator: generator)
        return (counts, lastKeys, version)
    }

    static let lookasideSlotSize = 128
    static let lookasideSlots = 32

    // MARK: Memory

    /// What the database holds now, part by part.
    public var statistics: DatabaseStatistics {
        state.withLock { state in
            let connection = state.connection
            return DatabaseStatistics(
                openBytes: openBytes, pageCacheBudget: state.pageCacheBudget,
                pageCacheBytes: connection.bytes(.pageCache),
                schemaBytes: connection.bytes(.schema),
                statementBytes: connection.bytes(.statements),
                lookasideBytes: Self.lookasideSlotSize * Self.lookasideSlots,
                objectBudget: state.objects.budget, objectBytes: state.objects.bytesHeld,
                objectsHeld: state.objects.count, hits: state.objects.hits, misses: state.objects.misses,
                evictions: state.objects.evictions)
        }
    }

    /// New budgets for SQLite's page cache and the decoded objects; what is
    /// over them is dropped now.
    public func setBudgets(pageCacheBytes: Int, objectCacheBytes: Int) throws(UnitDatabaseError) {
        try withState { state throws(UnitDatabaseError) in
            state.objects.setBudget(objectCacheBytes)
            try sqlite { () throws(SQLiteError) in try state.setPageCache(pageCacheBytes) }
        }
    }

    /// Drops the decoded objects and SQLite's cached pages (for a memory warning).
    public func purge() {
        state.withLock { state in
            state.objects.removeAll()
            state.connection.releaseMemory()
        }
    }

    // MARK: Lookup

    /// The unit with this id.
    /// - Complexity: one indexed query the first time, a dictionary hit after.
    public func unit(_ id: UnitID) throws(UnitDatabaseError) -> MeasureUnit {
        try withState { state throws(UnitDatabaseError) in try load(id, state) }
    }

    /// Every unit whose name or symbol is `text`, best match first: an exact
    /// symbol (case-sensitive, so `M` is Mach and `m` metre) before an exact
    /// name, before a match that ignores case; then by priority.
    public func candidates(for text: String) throws(UnitDatabaseError) -> [MeasureUnit] {
        try candidates(for: text, preferring: nil)
    }

    /// `candidates(for:)`, where a match in one of `languages` (or in every
    /// language: the symbols of `units-src/`) beats a match only in another
    /// language: in a Russian phrase `год` is the year, not the Ukrainian
    /// symbol of the hour.
    func candidates(for text: String, preferring languages: [String]?) throws(UnitDatabaseError) -> [MeasureUnit] {
        try candidates(for: text, folded: TextFolding.fold(text), preferring: languages).units
    }

    /// `candidates(for:preferring:)` with the folding done by the caller (a
    /// phrase folds each word once, not each span it tries), and the language
    /// of the best match: the first of `languages` that has it, nil when a
    /// symbol of every language (`units-src/`) matches as well; and whether
    /// the best match is only one that ignores case (`ks` for `kS`), which a
    /// prefixed reading written exactly beats (`k` + `s`, the kilosecond).
    func candidates(
        for text: String, folded: @autoclosure () -> String, preferring languages: [String]?, keyPrefix: String? = nil
    ) throws(UnitDatabaseError) -> (units: [MeasureUnit], language: String?, ignoringCase: Bool) {
        try candidates(
            key: ByteString((keyPrefix ?? candidatesKeyPrefix(languages)) + text), text: text, folded: folded(),
            preferring: languages)
    }

    /// `candidates(for:folded:preferring:keyPrefix:)` by its cache key (the
    /// key prefix, then `text`), built by the caller in one buffer; the text
    /// and its folding are only asked for when the cache does not hold it.
    func candidates(
        key cacheKey: ByteString, text: @autoclosure () -> String, folded: @autoclosure () -> String,
        preferring languages: [String]?
    ) throws(UnitDatabaseError) -> (units: [MeasureUnit], language: String?, ignoringCase: Bool) {
        // Kept in the object cache: typing re-reads the same words, a phrase
        // is parsed again at each key, and front ends convert the same units.
        let key = CachedKey.candidates(cacheKey)
        return try withState { state throws(UnitDatabaseError) in
            if case .candidates(let ids, let language, let ignoringCase)? = state.objects.value(for: key) {
                var units: [MeasureUnit] = []
                for id in ids { units.append(try loadReferenced(id, state)) }
                return (units, language, ignoringCase)
            }
            // A name matches a handful of units at most: arrays beat dictionaries.
            let text = text()
            let folded = folded()
            var scored: [(id: UnitID, score: Int)] = []
            var matched: [(language: Int, score: Int)] = []
            let path = path
            do {
                let query = state.unitsByFoldedName
                try query.reset()
                try query.bind(.text(folded), at: 1)
                let rows = RowDecoder(statement: query, path: path)
                var found = 0
                var keyRows: Int?
                while try query.step() {
                    let row = try rows.nameRow(at: 0)
                    guard query.textEquals(at: 0, folded) else { throw rows.damaged("a name was found under another key") }
                    // Each row says how many rows its key has: fewer found is
                    // damage, not a narrower answer (an ambiguous name must
                    // not become unambiguous in silence).
                    guard keyRows == nil || keyRows == row.keyRows else { throw rows.damaged("the names of '\(folded)' disagree on their count") }
                    keyRows = row.keyRows
                    found += 1
                    let id = row.unit
                    let exact = query.textEquals(at: 4, text)
                    let isSymbol = row.kind == NameKind.symbol.rawValue
                    var score = exact ? (isSymbol ? 3 : 2) : 1
                    if let languages {
                        let everyLanguage = query.isNull(at: 3) || query.textEquals(at: 3, "")
                        let asked = everyLanguage ? -1 : languages.firstIndex(where: { query.textEquals(at: 3, $0) })
                        if let asked {
                            score += 10
                            matched.append((asked, score))
                        }
                    }
                    if let index = scored.firstIndex(where: { $0.id == id }) {
                        scored[index].score = max(scored[index].score, score)
                    } else {
                        scored.append((id, score))
                    }
                }
                if let keyRows, keyRows != found {
                    throw rows.damaged("'\(folded)' has \(found) of its \(keyRows) names")
                }
                if found == 0 { try confirmAbsent("names", key: [.text(folded)], state) }
            } catch {
                throw Self.typed(error, path: path)
            }
            guard let best = scored.map(\.score).max() else {
                state.objects.insert(.candidates([], nil, false), for: key, cost: ApproximateSize.ofCandidates(key, count: 0))
                return ([], nil, false)
            }
            // Drop weaker matches when a stronger one exists: `M` (exact symbol)
            // must not be ambiguous with `m` (case-folded).
            var units: [MeasureUnit] = []
            for (id, score) in scored where score == best { units.append(try loadReferenced(id, state)) }
            units.sort { ($0.priority, -$0.id.rawValue) > ($1.priority, -$1.id.rawValue) }
            // A symbol of every language (-1) says nothing of the phrase's language.
            let language = matched.filter { $0.score == best }.map(\.language).min().flatMap { $0 < 0 ? nil : languages?[$0] }
            // Scores: 1 ignoring case, 2 a name as written, 3 a symbol; +10 in an asked language.
            let ignoringCase = best % 10 == 1
            state.objects.insert(
                .candidates(units.map(\.id), language, ignoringCase), for: key,
                cost: ApproximateSize.ofCandidates(key, count: units.count))
            return (units, language, ignoringCase)
        }
    }

    /// Whether some name or symbol, in any language, is `folded` (folded
    /// words joined by single spaces) or starts with it and a space: a phrase
    /// tries no longer span whose first words start no name. Names hold no
    /// control characters, so the names from `folded` up to `folded` and `!`
    /// (the scalar after the space) are exactly those.
    func nameStarts(with folded: String) throws(UnitDatabaseError) -> Bool {
        try nameExists(from: folded, before: folded + "!", cacheKey: ByteString(folded))
    }

    /// Whether a name or symbol lies in `[lower, upper)` of the names'
    /// index, kept in the object cache under `cacheKey` (`nameStarts(with:)`,
    /// `namePrefixExists`).
    func nameExists(from lower: String, before upper: String, cacheKey key: ByteString) throws(UnitDatabaseError) -> Bool {
        try withState { state throws(UnitDatabaseError) in
            if case .nameStart(let starts)? = state.objects.value(for: .nameStart(key)) { return starts }
            let starts: Bool
            do {
                let query = try state.nameStartQuery
                try query.reset()
                try query.bind(.text(lower), at: 1)
                try query.bind(.text(upper), at: 2)
                defer { try? query.reset() }
                starts = try query.step()
                // Nothing there: a damaged page must not hide a name and so
                // skip a reading (the keys around the range must be neighbours).
                if !starts { try confirmAbsent("names", key: [.text(lower)], state) }
            } catch {
                throw Self.typed(error, path: path)
            }
            state.objects.insert(.nameStart(starts), for: .nameStart(key), cost: ApproximateSize.ofNameStart(key))
            return starts
        }
    }

    /// The start of a `candidates` cache key: the preferred languages (`*`
    /// for none) and a tab. A parse joins it once for all its lookups.
    func candidatesKeyPrefix(_ languages: [String]?) -> String {
        (languages.map(languageKey) ?? "*") + "\t"
    }

    /// The codes joined by commas: the object cache's key for what a list
    /// of languages reads (phrase words, prefix words, a phrase's language).
    func languageKey(_ languages: [String]) -> String {
        languageKeyMemo.withLock { memo in
            // Equal arrays of a parse share their storage: compared at once.
            if memo.codes == languages { return memo.key }
            memo = (languages, languages.joined(separator: ","))
            return memo.key
        }
    }

    /// The unit whose key (`category/name`, as in `units-src/`) is `key`.
    /// - Throws: `.unknownUnit` when no unit has it.
    public func unit(key: String) throws(UnitDatabaseError) -> MeasureUnit {
        guard let (category, name) = UnitKey.split(key) else { throw .unknownUnit(key) }
        return try withState { state throws(UnitDatabaseError) in
            let id = try sqlite { () throws(SQLiteError) -> Int? in
                let query = try state.connection.prepare(
                    "SELECT u.id FROM units u JOIN categories c ON c.id = u.category WHERE c.key = ? AND u.name = ?")
                try query.bind(.text(category), at: 1)
                try query.bind(.text(name), at: 2)
                return try query.step() ? query.int(at: 0) : nil
            }
            guard let id else { throw UnitDatabaseError.unknownUnit(key) }
            let unit = try loadReferenced(UnitID(rawValue: id), state)
            guard unit.category == category, unit.name == name else {
                throw UnitDatabaseError.corrupt(path: path, detail: "unit \(id) was found for '\(key)' but is \(unit.key)")
            }
            return unit
        }
    }

    /// The one unit named `text`.
    /// - Throws: `.unknownUnit`, or `.ambiguousUnit` listing the candidates.
    public func unit(named text: String) throws(UnitDatabaseError) -> MeasureUnit {
        let found = try candidates(for: text)
        guard let first = found.first else { throw .unknownUnit(text) }
        guard found.count == 1 else { throw .ambiguousUnit(text, candidates: found.map(\.key)) }
        return first
    }

    /// The one unit named `text` in `category` (a key of
    /// `units-src/categories.tsv`: `length`, `mass`): what an app that
    /// knows the quantity asks, where `unit(named:)` may find several
    /// (`cm`: a length, or the typographic centimetre).
    /// - Throws: `.unknownCategory` (with the categories the database has)
    ///   for a category it does not have; `.unknownUnit` when no unit of the
    ///   category has the name; `.ambiguousUnit` when several do.
    /// - Complexity: one indexed query for the names, one for the category
    ///   when the name is not found in it.
    public func unit(named text: String, in category: String) throws(UnitDatabaseError) -> MeasureUnit {
        let found = try candidates(for: text).filter { $0.category == category }
        if found.count == 1 { return found[0] }
        if found.count > 1 { throw .ambiguousUnit(text, candidates: found.map(\.key)) }
        let categories = try categoryKeys()
        guard categories.contains(category) else { throw .unknownCategory(category, available: categories) }
        throw .unknownUnit(text)
    }

    /// The keys of the database's categories (`length`, `mass`, ...), sorted.
    /// - Complexity: one query over the categories table (some 60 rows).
    public func categoryKeys() throws(UnitDatabaseError) -> [String] {
        try withState { state throws(UnitDatabaseError) in
            try sqlite { () throws(SQLiteError) -> [String] in
                let query = try state.connection.prepare("SELECT key FROM categories ORDER BY key")
                var keys: [String] = []
                while try query.step() { keys.append(query.text(at: 0) ?? "") }
                return keys
            }
        }
    }

    // MARK: Conversion

    /// Converts between two units of one category, through the base unit, or
    /// of two categories that measure one quantity (`same` in relations.tsv:
    /// 60 rpm is 1 Hz), through the first base unit, the factor and the second.
    /// - Throws: `.absoluteAndDifference` for a point on a scale and a
    ///   difference (°C to Δ°F), `.incompatibleUnits` for other categories,
    ///   `.conversionFailed` when a formula fails.
    public func convert(_ value: Double, from: MeasureUnit, to: MeasureUnit) throws(UnitDatabaseError) -> Double {
        // One category, the common case, needs no relations.
        let factor = from.category == to.category ? nil : try crossCategoryFactor(from: from, to: to)
        do {
            let base = try from.conversion.toBase(value)
            return try to.conversion.fromBase(factor.map { base * $0 } ?? base)
        } catch {
            throw .conversionFailed(error)
        }
    }

    /// Converts between two units given by name or symbol. When a name is
    /// ambiguous (`min`: minute or arcminute), the pair that shares a category
    /// wins; when no pair does, a name's other reading (relations.tsv, `also`)
    /// may make one: `oz` is the US fluid ounce in `12 oz` to `ml`.
    /// - Returns: the value in the target unit, and the two units the names
    ///   were read as.
    public func convert(_ value: Double, from: String, to: String) throws(UnitDatabaseError) -> ConvertedValue {
        let sources = try candidatesOrExpression(from)
        let targets = try candidatesOrExpression(to)
        var pairs = sources.flatMap { s in targets.filter { $0.category == s.category }.map { (s, $0) } }
        // Two expressions of one dimension with several categories (N·m and
        // lbf·ft: energy and torque) convert alike in each: one answer.
        if pairs.count > 1, pairs.allSatisfy({ $0.0.isExpression || $0.1.isExpression }),
            Set(pairs.map { [$0.0.name, $0.1.name] }).count == 1
        {
            pairs = [pairs[0]]
        }
        guard let pair = pairs.first else {
            if let read = try alsoPair(sources, targets) {
                return ConvertedValue(value: try convert(value, from: read.from, to: read.to), from: read.from, to: read.to)
            }
            // An expression names one dimension: no reading of the other side
            // fits it, whichever is meant (`kg*m` in `J`: energy or year).
            let expression = sources.allSatisfy(\.isExpression) || targets.allSatisfy(\.isExpression)
            if sources.count > 1 && !expression { throw .ambiguousUnit(from, candidates: sources.map(\.key)) }
            if targets.count > 1 && !expression { throw .ambiguousUnit(to, candidates: targets.map(\.key)) }
            return ConvertedValue(value: try convert(value, from: sources[0], to: targets[0]), from: sources[0], to: targets[0])
        }
        if pairs.count > 1 {
            let sourceIDs = Set(pairs.map(\.0.id))
            if sourceIDs.count > 1 { throw .ambiguousUnit(from, candidates: pairs.map(\.0.key)) }
            throw .ambiguousUnit(to, candidates: pairs.map(\.1.key))
        }
        return ConvertedValue(value: try convert(value, from: pair.0, to: pair.1), from: pair.0, to: pair.1)
    }

    /// The units a name names, else the units of it read as an expression.
    /// - Throws: `.unknownUnit` when it is neither; the expression's own
    ///   error when it looks like one (an operator, a power, several words).
    public func candidatesOrExpression(_ text: String, preferring languages: [String]? = nil) throws(UnitDatabaseError) -> [MeasureUnit] {
        let found = try candidates(for: text, folded: TextFolding.fold(text), preferring: languages)
        if !found.units.isEmpty && !found.ignoringCase { return found.units }
        if !found.units.isEmpty {
            // Matched only ignoring case: a prefixed unit written exactly comes first (`ks`).
            do {
                return try expressionUnits(text, languages: languages) ?? found.units
            } catch .badExpression {
                return found.units
            }
        }
        do {
            guard let units = try expressionUnits(text, languages: languages) else {
                return [try compoundUnit(text, languages: languages).parts[0].unit]
            }
            return units
        } catch .badExpression(_, let error) {
            // Plain words with no operator are a name not found, not an expression.
            if case .unknownUnit = error.reason, try !looksLikeExpression(text, languages: languages) { throw .unknownUnit(text) }
            if error.reason == .empty { throw .unknownUnit(text) }
            throw .badExpression(text, error)
        }
    }

    /// Whether `text` holds an operator, a power or an operator word of `languages`.
    func looksLikeExpression(_ text: String, languages: [String]?) throws(UnitDatabaseError) -> Bool {
        if text.unicodeScalars.contains(where: UnitExpressionGrammar.isOperator) { return true }
        let words = try expressionWords(languages)
        guard !words.isEmpty else { return false }
        return text.split(whereSeparator: { $0 == " " || $0 == "-" }).contains { word in
            let folded = TextFolding.fold(String(word))
            return words.per.contains(folded) || words.times.contains(folded) || words.powerBefore[folded] != nil
                || words.powerAfter[folded] != nil
        }
    }

    // MARK: Internals

    func withState<T: Sendable>(_ body: (State) throws(UnitDatabaseError) -> T) throws(UnitDatabaseError) -> T {
        try state.withLock { (state: inout State) throws(UnitDatabaseError) -> T in try body(state) }
    }

    /// Runs SQLite calls, turning their errors into the runtime's.
    func sqlite<T>(_ body: () throws(SQLiteError) -> T) throws(UnitDatabaseError) -> T {
        do {
            return try body()
        } catch {
            throw Self.classify(error, path: path)
        }
    }

    func load(_ id: UnitID, _ state: State) throws(UnitDatabaseError) -> MeasureUnit {
        if case .unit(let unit)? = state.objects.value(for: .unit(id)) { return unit }
        guard let unit = try readUnit(id, state) else { throw .unknownUnit("#\(id.rawValue)") }
        state.objects.insert(.unit(unit), for: .unit(id), cost: ApproximateSize.of(unit))
        return unit
    }

    /// The unit's row and its category's, checked, not cached; nil when no
    /// unit has the id.
    func readUnit(_ id: UnitID, _ state: State) throws(UnitDatabaseError) -> MeasureUnit? {
        do {
            let row = state.unitByID
            try row.reset()
            try row.bind(.integer(Int64(id.rawValue)), at: 1)
            guard try row.step() else { return nil }
            let rows = RowDecoder(statement: row, path: path)
            let unitColumns = Int32(DatabaseFormat.columns(of: "units").count + 1)
            let category = try rows.category(at: unitColumns)
            let (unit, categoryID) = try rows.unit(at: 0, categoryKey: category.key)
            guard unit.id == id, categoryID == category.id else { throw rows.damaged("unit \(id) was found under another key") }
            try row.reset()
            return unit
        } catch {
            throw Self.typed(error, path: path)
        }
    }

    /// `load` of an id that a row of the database names (a name, a
    /// cluster, a relation): a missing unit is damage, not an unknown unit.
    func loadReferenced(_ id: UnitID, _ state: State) throws(UnitDatabaseError) -> MeasureUnit {
        do {
            return try load(id, state)
        } catch .unknownUnit {
            throw .corrupt(path: path, detail: "unit \(id) is named but missing")
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Any error of opening or reading, as the typed error a front end matches on.
    static func typed(_ error: any Error, path: String) -> UnitDatabaseError {
        switch error {
        case let error as UnitDatabaseError: return error
        case let error as SQLiteError: return classify(error, path: path)
        default: return .corrupt(path: path, detail: "\(error)")
        }
    }

    /// Maps SQLite's result codes to the errors a front end acts on.
    static func classify(_ error: SQLiteError, path: String) -> UnitDatabaseError {
        switch error.kind {
        case .notADatabase: return .notAUnitDatabase(path: path)
        case .damaged: return .corrupt(path: path, detail: error.message)
        case .cannotOpen: return .fileNotFound(path: path)
        case .other: return .storage(code: error.code, message: error.message, sql: error.sql)
        }
    }
}
