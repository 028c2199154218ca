import UnitpackCore
import UnitpackSQLite
import UnitpackStore

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
    /// The language lists' cache keys (`languageKey`): a parse keys its
    /// cache lookups by its list a dozen times, and joining twelve codes
    /// each time was a quarter of a parse with all asked. With them, the
    /// first language's decimal separator (`decimalSeparator`).
    let languageKeyMemo = Locked(LanguageKeys())

    package final class State {
        package let connection: Connection
        /// Every lookup selects the whole row and its checksum, and the key
        /// it asked for with it, so that SQLite reads the table's row (not
        /// only an index) and a row found under the wrong key is noticed.
        var unitByID: Statement { get throws(SQLiteError) { try prepare(Self.unitByIDSQL) } }
        var languageByCode: Statement { get throws(SQLiteError) { try prepare(Self.languageByCodeSQL) } }
        var namesOfUnit: Statement { get throws(SQLiteError) { try prepare(Self.namesOfUnitSQL) } }
        /// The block of `name_blocks` that holds a key, by its `first`
        /// (the index `name_blocks_by_first`), and a block by number.
        var blockOfKey: Statement { get throws(SQLiteError) { try prepare(Self.blockOfKeySQL) } }
        var blockByNumber: Statement { get throws(SQLiteError) { try prepare(Self.blockByNumberSQL) } }
        static let unitByIDSQL = """
            SELECT \(DatabaseFormat.selectList(of: "units", as: "u")), \(DatabaseFormat.selectList(of: "categories", as: "c"))
            FROM units u LEFT JOIN categories c ON c.id = u.category WHERE u.id = ?
            """
        static let languageByCodeSQL = "SELECT \(DatabaseFormat.selectList(of: "languages")) FROM languages WHERE code = ?"
        static let namesOfUnitSQL = "SELECT \(DatabaseFormat.selectList(of: "unit_words")) FROM unit_words WHERE first <= ? ORDER BY first DESC LIMIT 1"
        static let blockOfKeySQL = "SELECT block FROM name_blocks WHERE first <= ? ORDER BY first DESC LIMIT 1"
        static let blockByNumberSQL = "SELECT \(DatabaseFormat.selectList(of: "name_blocks")) FROM name_blocks WHERE block = ?"
        /// Decoded units, languages and names, within one byte budget.
        var objects: BoundedCache<CachedKey, CachedObject>
        var pageCacheBudget = 0

        /// The statement of `sql`, reset: one prepared before, from the
        /// object cache, or a new one put there. Preparing parses the SQL and
        /// plans it (100,000 instructions for a join of two select lists), and
        /// a parse after `purge()` asks for twenty, several many times. In the
        /// cache a statement costs SQLite's bytes for it within the one budget,
        /// and `purge()` finalizes it. A cached statement still being read (a
        /// query run inside a loop over the same query's rows) is left to its
        /// reader, and a new one takes its place.
        func prepare(_ sql: String) throws(SQLiteError) -> Statement {
            if case .statement(let cached)? = objects.value(for: .statement(sql)), !cached.statement.isBusy {
                try cached.statement.reset()
                return cached.statement
            }
            let statement = try connection.prepare(sql)
            objects.insert(.statement(CachedStatement(statement)), for: .statement(sql), cost: statement.memoryUsed + sql.utf8.count)
            return statement
        }

        func setPageCache(_ bytes: Int) throws(SQLiteError) {
            pageCacheBudget = max(0, bytes)
            // A limit in pages: each cached page costs its size plus SQLite's
            // headers (PgHdr, the page cache's own, the b-tree's MemPage:
            // a few hundred bytes, more than `cache_size = -KiB` allows for).
            // The header's page size, which the open checked (`DatabaseHeader`):
            // no statement to prepare.
            let pageSize = DatabaseFormat.pageSize
            let pages = max(2, pageCacheBudget / (pageSize + Self.pageOverhead))
            try connection.execute("PRAGMA cache_size = \(pages)")
            connection.releaseMemory()
        }

        /// SQLite's bytes per cached page beyond the page itself, measured
        /// with `SQLITE_DBSTATUS_CACHE_USED` (with some margin).
        static let pageOverhead = 512

        /// `meta` as read at open: its row counts by table
        /// (`DatabaseFormat.rowCountKeys`), which a reader of a whole table
        /// checks that it found them all against.
        let meta: StoreMeta
        /// How many names `name_blocks` holds (`meta.name_count`).
        let nameCount: Int
        /// The codes of `languages` (`meta.languages`), in byte order.
        let languageCodes: [String]

        init(connection: Connection, objectBudget: Int, meta: StoreMeta)
            throws(SQLiteError)
        {
            self.connection = connection
            self.meta = meta
            self.nameCount = meta.nameCount
            self.languageCodes = meta.languages
            objects = BoundedCache(budget: objectBudget)
        }

        /// A reader's entry (`CachedKey.reader`): the phrase reader keeps
        /// its own values in the database's one budget.
        package func readerValue(kind: UInt8, _ key: ByteString) -> (any Sendable)? {
            guard case .reader(let value)? = objects.value(for: .reader(kind: kind, key)) else { return nil }
            return value
        }

        package func insertReaderValue(_ value: any Sendable, kind: UInt8, _ key: ByteString, cost: Int) {
            objects.insert(.reader(value), for: .reader(kind: kind, key), cost: cost)
        }

        /// Meta's count of `table`'s rows.
        func rowCount(_ table: String) -> Int {
            meta.rowCount(table)
        }
    }

    /// What SQLite holds for this connection right after the open: the
    /// parsed schema, the pager and its first pages (SQLite's per-connection
    /// counters; no statement is prepared yet) and the lookaside pool. Counted per
    /// connection, not as the change of `sqlite3_memory_used()` over the
    /// open: other threads' queries moved that by tens of KB, and the budget
    /// a library refused as too small (`UnitLibraryError.budgetTooSmall`)
    /// must open the next time. A few KB over the process counter's change.
    public let openBytes: Int

    /// The format and sources of the data (`meta`), read once at open.
    /// - Complexity: a stored value.
    public let dataVersion: DataVersion

    /// Opens a database file. What it keeps is bounded: SQLite's page cache by
    /// `pageCacheBytes` (`PRAGMA cache_size`), the decoded units, languages
    /// and names by `objectCacheBytes` (least recently used dropped first).
    /// - Throws: `.fileNotFound`, `.notAUnitDatabase`, `.unsupportedFormatVersion`, `.damaged`, `.corrupt`.
    public init(path: String, pageCacheBytes: Int = 256 << 10, objectCacheBytes: Int = 256 << 10)
        throws(UnitDatabaseError)
    {
        self.path = path
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
            let meta = try StoreMeta.read(connection, path: path) { UnitDatabaseError.damaged(path: path, damage: $0) }
            dataVersion = DataVersion(
                formatVersion: Int(DatabaseFormat.version), sourceHash: meta.sourceHash, generator: meta.generator)
            let state = try State(
                connection: connection, objectBudget: objectCacheBytes, meta: meta)
            try state.setPageCache(pageCacheBytes)
            self.state = Locked(state)
            openBytes =
                connection.bytes(.schema) + connection.bytes(.pageCache) + connection.bytes(.statements)
                + Self.lookasideBytes
        } catch {
            throw Self.typed(error, path: path)
        }
    }

    static let lookasideSlotSize = 128
    static let lookasideSlots = 32
    /// The pool's bytes: none where the SQLite linked has no lookaside
    /// (`Connection.hasLookaside`; Debian's is built without).
    static let lookasideBytes = Connection.hasLookaside ? lookasideSlotSize * lookasideSlots : 0

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
                lookasideBytes: Self.lookasideBytes,
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

    // MARK: Internals

    package func withState<T: Sendable>(_ body: (State) throws(UnitDatabaseError) -> T) throws(UnitDatabaseError) -> T {
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
            let row = try state.unitByID
            try row.reset()
            try row.bind(.integer(Int64(id.rawValue)), at: 1)
            guard try row.step() else { return nil }
            let rows = RowDecoder(statement: row, path: path)
            let unitColumns = Int32(DatabaseFormat.columns(of: "units").count + 1)
            let category = try rows.category(at: unitColumns)
            let (unit, categoryID) = try rows.unit(at: 0, categoryKey: category.key)
            guard unit.id == id, categoryID == category.id else { throw rows.damaged(.wrongKey(table: "units", asked: "\(id)", found: "\(unit.id)")) }
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
            throw .damaged(path: path, damage: .missingRow(table: "units", key: "\(id)", namedBy: nil))
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Any error of opening or reading, as the typed error a front end matches on.
    package static func typed(_ error: any Error, path: String) -> UnitDatabaseError {
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
