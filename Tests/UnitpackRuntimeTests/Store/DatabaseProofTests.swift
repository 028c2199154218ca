import Foundation
import Testing
import UnitpackStore
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// What makes `units.sqlite` prove itself (docs/database.md, "Row
/// checksums", "Key counts", "Sanity of values read"): each checked alone,
/// on a database edited the way damage would edit it.
@Suite struct DatabaseProofTests {
    /// The canonical encoding, byte by byte, against CRC-32 computed
    /// elsewhere (Python's `zlib.crc32` of
    /// `74 00 | 00 | 01 FF FF FF FF FF FF FF FE | 02 3F E0 00 00 00 00 00 00 | 03 00 00 00 02 C3 A9`).
    @Test func theEncodingIsTheDocumentedOne() {
        let values: [Statement.Value] = [.null, .integer(-2), .real(0.5), .text("é")]
        #expect(RowChecksum.of(table: "t", values) == 0x2591_CA9B)
        let bytes: [UInt8] = [
            0x74, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0x02, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0,
            0x03, 0, 0, 0, 2, 0xC3, 0xA9,
        ]
        #expect(CRC32.checksum(bytes) == 0x2591_CA9B)
        // Stored as a signed 32-bit integer, so SQLite keeps it in 4 bytes.
        #expect(RowChecksum.stored(0xFFFF_FFFF) == .integer(-1))
    }

    @Test func theTableNameAndEveryValueCount() {
        let row: [Statement.Value] = [.integer(1), .text("meter"), .real(1)]
        let checksum = RowChecksum.of(table: "units", row)
        #expect(RowChecksum.of(table: "names", row) != checksum)
        #expect(RowChecksum.of(table: "units", [.integer(1), .text("meter"), .real(2)]) != checksum)
        #expect(RowChecksum.of(table: "units", [.integer(1), .text("meter"), .integer(1)]) != checksum)
        #expect(RowChecksum.of(table: "units", [.integer(1), .text("meter"), .null]) != checksum)
        // Lengths are encoded: moving a byte from one text to the next changes it.
        #expect(RowChecksum.of(table: "t", [.text("ab"), .text("c")]) != RowChecksum.of(table: "t", [.text("a"), .text("bc")]))
    }

    // MARK: Edited databases

    /// `SourceFixture.validFilesWithLocales` with a second `knot` (a length):
    /// the name is ambiguous.
    static let files = SourceFixture.validFilesWithLocales.merging([
        "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\nknot\t\t14.4018\t0\thistoric\n",
        "units-src/ids.tsv": SourceFixture.validIDs + """
            8\tlength\tknot

            """,
        "locales/en/length.tsv": SourceFixture.localeFiles["locales/en/length.tsv"]! + "knot\tknots\tknot\tknots\t\t\n",
        "locales/ru/length.tsv": SourceFixture.localeFiles["locales/ru/length.tsv"]! + "knot\tузлы\tузел\tузла\tузлов\tузла\t\t\n",
    ]) { _, new in new }

    /// A fresh build, edited by `edit` with SQLite (as damage that keeps
    /// the pages valid would), then opened.
    func edited(_ edit: (Connection) throws -> Void) throws -> (UnitDatabase, SourceFixture) {
        let fixture = try SourceFixture(Self.files)
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let path = (try GenerationFiles.database(in: fixture.path("dist")))
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            try edit(connection)
        }
        return (try UnitDatabase(path: path), fixture)
    }

    /// Sets column `column` of the row of `table` that `key` selects, and its
    /// checksum to match: the edit only the sanity checks can catch.
    static func set(_ connection: Connection, _ table: String, where key: String, _ column: String, to value: Statement.Value)
        throws
    {
        let columns = DatabaseFormat.columns(of: table)
        let read = try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE \(key)")
        try #require(try read.step(), "no row of \(table) where \(key)")
        var row = (0..<Int32(columns.count)).map { read.value(at: $0) }
        let index = try #require(columns.firstIndex(of: column))
        // SQLite stores a NaN as NULL.
        if case .real(let real) = value, real.isNaN { row[index] = .null } else { row[index] = value }
        let checksum = RowChecksum.stored(RowChecksum.of(table: table, row))
        let update = try connection.prepare("UPDATE \(table) SET \(column) = ?, crc = ? WHERE \(key)")
        try update.run([value, checksum])
    }

    /// Recomputes the checksum of every row of `table`, after an edit made
    /// with plain SQL: what is left for the reader is the sanity checks.
    static func reseal(_ connection: Connection, _ table: String) throws {
        let columns = DatabaseFormat.columns(of: table)
        let read = try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table)")
        var rows: [[Statement.Value]] = []
        while try read.step() { rows.append((0..<Int32(columns.count)).map { read.value(at: $0) }) }
        let update = try connection.prepare(
            "UPDATE \(table) SET crc = ? WHERE " + columns.map { "\($0) IS ?" }.joined(separator: " AND "))
        for row in rows {
            try update.run([RowChecksum.stored(RowChecksum.of(table: table, row))] + row)
        }
    }

    @Test func theUndamagedFixtureAnswers() throws {
        let (database, fixture) = try edited { _ in }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.ambiguousUnit("knot", candidates: ["speed/knot", "length/knot"])) {
            try database.unit(named: "knot")
        }
        #expect(try database.convert(1, from: "ft", to: "m").value == 0.3048)
        #expect(try database.verify() > 0)
    }

    /// A lost name of an ambiguous key must not leave it unambiguous: a
    /// key's names are all in one block, under its checksum.
    @Test func aMissingRowOfANameIsDamage() throws {
        let (database, fixture) = try edited { connection in
            try NameBlocksEdit.edit(connection, holding: "knot", reseal: false) { lines in lines.removeAll { $0.hasPrefix("knot\t8\t") } }
        }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .checksumMismatch(table: "name_blocks"))) {
            try database.unit(named: "knot")
        }
        let verified = #expect(throws: UnitDatabaseError.self) { try database.verify() }
        #expect(verified.map(Self.isDamaged) == true, "\(String(describing: verified))")
    }

    /// The block of a name gone (as a damaged index or page that sends
    /// SQLite's search astray would hide it): the block found in its place
    /// does not cover the key, or none is found, and the name is damage,
    /// not an unknown unit. A name that never was stays unknown: before the
    /// first key, between two, after the last.
    @Test func aWholeNameLostIsDamageNotAnUnknownUnit() throws {
        let (whole, wholeFixture) = try edited { _ in }
        defer { wholeFixture.remove() }
        for name in ["0", "kiloknot", "zzzz"] {
            #expect(throws: UnitDatabaseError.unknownUnit(name)) { try whole.unit(named: name) }
        }
        let (database, fixture) = try edited { connection in
            let block = try NameBlocksEdit.block(connection, holding: "knot")
            try connection.execute("DELETE FROM name_blocks WHERE block = \(block)")
        }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .hiddenKey(table: "name_blocks"))) {
            try database.unit(named: "knot")
        }
    }

    /// The last block lost: a key after the last one left is no unknown
    /// name, for the block before it says a block followed (`next`).
    @Test func theLastNameLostIsDamage() throws {
        var last = ""
        let (database, fixture) = try edited { connection in
            let count = try connection.prepare("SELECT max(block) FROM name_blocks")
            _ = try count.step()
            let block = count.int(at: 0)
            last = try #require(try NameBlocksEdit.lines(connection, block: block).last?.split(separator: "\t").first.map(String.init))
            try connection.execute("DELETE FROM name_blocks WHERE block = \(block)")
        }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .hiddenKey(table: "name_blocks"))) {
            try database.candidates(for: last + "z")
        }
    }

    /// The blocks of names chain: block 1 begins at the empty key, each
    /// ends where the next begins. A first block that begins later, sealed
    /// again, leaves the keys before it without a block: each lookup of
    /// one is damage, and `verify` finds the chain broken.
    @Test func theBlocksOfNamesChain() throws {
        let (database, fixture) = try edited { try Self.set($0, "name_blocks", where: "block = 1", "first", to: .text("b")) }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .hiddenKey(table: "name_blocks"))) {
            try database.unit(named: "a")
        }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .keyChain(table: "name_blocks", key: "0"))) {
            try database.verify()
        }
    }

    /// A name whose line the format forbids, in a block sealed again: a
    /// unit id of 0 is refused by the lookup that reads the block, located
    /// by the block's number.
    @Test func aBadLineOfANameIsTypedDamage() throws {
        var block = 0
        let (database, fixture) = try edited { connection in
            block = try NameBlocksEdit.block(connection, holding: "ft")
            try NameBlocksEdit.edit(connection, holding: "ft") { lines in
                let index = try #require(lines.firstIndex { $0.hasPrefix("ft\t") })
                var fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                fields[1] = "0"
                lines[index] = fields.joined(separator: "\t")
            }
        }
        defer { fixture.remove() }
        let error = #expect(throws: UnitDatabaseError.self) { try database.convert(1, from: "ft", to: "m") }
        guard case .damaged(_, .invalidValue(table: "name_blocks", column: "entries", let key, let value?))? = error else {
            Issue.record("not a bad line: \(String(describing: error))")
            return
        }
        #expect(key == "\(block)" && value.hasPrefix("line "), "\(value)")
    }

    /// A form lost from a unit's words, the row sealed again (size and
    /// checksum): every plural category of the language must have its
    /// form, or `2 метра` would fall back to `other` in silence.
    @Test func aMissingPluralFormIsDamage() throws {
        let (database, fixture) = try edited { try UnitWordsEdit.remove($0, unit: 1, language: "ru", form: "few") }
        defer { fixture.remove() }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .missingWords(unit: 1, language: "ru", form: "few"))) {
            try database.format(2, try database.unit(key: "length/meter"), language: "ru")
        }
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: .missingWords(unit: 1, language: "ru", form: "few"))) {
            try database.verify()
        }
    }

    /// A damaged cell pointer of a page can show one row where another
    /// was (ByteFlipTests found one showing a unit's Russian display name
    /// where its `one` form was, `1 фута` for `1 фут`, when words were a
    /// row each): here unit 2's row of `units` in place of metre's. Every
    /// row still matches its checksum; the lookup finds no row of metre, or
    /// another unit's, and `verify` reads unit 2's row twice.
    @Test func aRowShownInPlaceOfAnotherIsDamage() throws {
        let fixture = try SourceFixture(Self.files)
        defer { fixture.remove() }
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        try CellPointerDamage.showUnit2ForMetre(at: path)

        let database = try UnitDatabase(path: path)
        let error = #expect(throws: UnitDatabaseError.self) {
            try database.format(1, try database.unit(key: "length/meter"), language: "ru")
        }
        switch error {
        case .damaged(_, .missingRow(table: "units", key: "1", namedBy: nil))?,
            .damaged(_, .wrongKey(table: "units", asked: "1", found: "2"))?, .corrupt?:
            break
        default: Issue.record("not damage of metre's row: \(String(describing: error))")
        }
        #expect(throws: UnitDatabaseError.self) { try database.verify() }
    }

    @Test func aChangedValueWithItsOldChecksumIsDamage() throws {
        let (database, fixture) = try edited { try $0.execute("UPDATE units SET factor = 0.3049 WHERE id = 3") }
        defer { fixture.remove() }
        let damage = UnitDatabaseError.damaged(path: database.path, damage: .checksumMismatch(table: "units"))
        #expect(throws: damage) { try database.convert(1, from: "ft", to: "m") }
        #expect(throws: damage) { try database.verify() }
        #expect(damage.description.contains("(a row of 'units' does not match its checksum)"))
    }

    @Test(arguments: [1e308, 0, Double.nan, -0.3048, Double.leastNormalMagnitude / 2.5e5])
    func aFactorOutOfRangeIsDamageEvenWithItsChecksum(factor: Double) throws {
        let (database, fixture) = try edited { try Self.set($0, "units", where: "id = 3", "factor", to: .real(factor)) }
        defer { fixture.remove() }
        let damage = UnitDatabaseError.damaged(path: database.path, damage: .invalidValue(table: "units", column: "factor", key: "3", value: nil))
        #expect(throws: damage) { try database.convert(1, from: "ft", to: "m") }
        #expect(throws: damage) { try database.verify() }
    }

    @Test func anEmptyDecimalSeparatorIsDamageEvenWithItsChecksum() throws {
        let (database, fixture) = try edited {
            try Self.set($0, "languages", where: "code = 'ru'", "decimal_separator", to: .text(""))
        }
        defer { fixture.remove() }
        let damage = DatabaseDamage.emptyText(table: "languages", column: "decimal_separator", key: "ru")
        #expect(throws: UnitDatabaseError.damaged(path: database.path, damage: damage)) {
            try database.format(1.5, try database.unit(key: "length/meter"), language: "ru")
        }
        #expect(damage.description == "language 'ru' has an empty decimal_separator")
    }

    /// What a sealed edit asks of the database to meet its damage.
    enum Question: Sendable {
        /// Open the file (`meta` is read there).
        case open
        /// Convert 1 ft to m: the names of `ft` and `m`, units 3 and 1.
        case convert
        /// Format 1.5 m in Russian: the language `ru` and the words of unit 1.
        case russian
    }

    /// One value set out of its range with its checksum recomputed, the
    /// question that reads it, and the damage each reports (`verify` too,
    /// when the file opens: nil for the same damage).
    struct SealedEdit: Sendable, CustomTestStringConvertible {
        var table: String
        var key: String
        var column: String
        var value: Statement.Value
        var question: Question
        var damage: DatabaseDamage
        var atVerify: DatabaseDamage?
        var testDescription: String { "\(table).\(column) where \(key)" }
    }

    static let sealedEdits: [SealedEdit] = [
        SealedEdit(
            table: "units", key: "id = 3", column: "tier", value: .integer(7), question: .convert,
            damage: .invalidValue(table: "units", column: "tier", key: "3", value: "7")),
        SealedEdit(
            table: "units", key: "id = 3", column: "system", value: .text("xx"), question: .convert,
            damage: .unknownValue(table: "units", column: "system", key: "3", value: "xx")),
        SealedEdit(
            table: "units", key: "id = 3", column: "flags", value: .integer(64), question: .convert,
            damage: .unknownValue(table: "units", column: "flags", key: "3", value: "64")),
        SealedEdit(
            table: "units", key: "id = 3", column: "flags", value: .integer(Int64(UnitFlags.formula.rawValue)), question: .convert,
            damage: .unreadableFormula(unit: 3)),
        SealedEdit(
            table: "units", key: "id = 3", column: "name", value: .text(""), question: .convert,
            damage: .emptyText(table: "units", column: "name", key: "3")),
        SealedEdit(
            table: "units", key: "id = 3", column: "category", value: .integer(99), question: .convert,
            damage: .missingRow(table: "categories", key: nil, namedBy: "units"),
            atVerify: .missingRow(table: "categories", key: "99", namedBy: "units")),
        SealedEdit(
            table: "name_blocks", key: "block = 1", column: "size", value: .integer(1 << 21), question: .convert,
            damage: .invalidValue(table: "name_blocks", column: "size", key: "1", value: "2097152")),
        SealedEdit(
            table: "languages", key: "code = 'ru'", column: "primary_grouping", value: .integer(0), question: .russian,
            damage: .invalidValue(table: "languages", column: "primary_grouping", key: "ru", value: "0")),
        SealedEdit(
            table: "unit_words", key: "first = 1", column: "size", value: .integer(1 << 21), question: .russian,
            damage: .invalidValue(table: "unit_words", column: "size", key: "1", value: "2097152")),
        SealedEdit(
            table: "unit_words", key: "first = 1", column: "words", value: .blob([0x78, 0xDA, 0x03, 0x00]), question: .russian,
            damage: .invalidValue(table: "unit_words", column: "words", key: "1", value: "a stream that does not inflate to its size")),
        SealedEdit(
            table: "meta", key: "key = 'unit_count'", column: "value", value: .text("x"), question: .open,
            damage: .meta(key: "unit_count", value: "x")),
    ]

    /// Each kind of value damage is its own case, located by table, column
    /// and key, whichever reader meets it first.
    @Test(arguments: sealedEdits)
    func aValueOutOfRangeIsTypedDamage(edit: SealedEdit) throws {
        let fixture = try SourceFixture(Self.files)
        defer { fixture.remove() }
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            let count = try connection.prepare("SELECT count(*) FROM \(edit.table) WHERE \(edit.key)")
            _ = try count.step()
            try #require(count.int(at: 0) == 1, "one row of \(edit.table) where \(edit.key)")
            try Self.set(connection, edit.table, where: edit.key, edit.column, to: edit.value)
        }
        let expected = UnitDatabaseError.damaged(path: path, damage: edit.damage)
        guard edit.question != .open else {
            #expect(throws: expected) { _ = try UnitDatabase(path: path).verify() }
            return
        }
        let database = try UnitDatabase(path: path)
        #expect(throws: expected) {
            switch edit.question {
            case .open: break
            case .convert: _ = try database.convert(1, from: "ft", to: "m")
            case .russian: _ = try database.format(1.5, try database.unit(key: "length/meter"), language: "ru")
            }
        }
        #expect(throws: UnitDatabaseError.damaged(path: path, damage: edit.atVerify ?? edit.damage)) { try database.verify() }
        #expect(!edit.damage.description.isEmpty && expected.description.hasSuffix("; re-generate it with `unitpack build`"))
    }

    /// What only `verify` reads: `meta`'s keys, and a row that names a
    /// missing one.
    @Test func verifyFindsWhatNoLookupReads() throws {
        let (database, fixture) = try edited { connection in
            let row: [Statement.Value] = [.text("extra"), .text("1")]
            try connection.prepare("INSERT INTO meta VALUES (?, ?, ?)").run(row + [RowChecksum.stored(RowChecksum.of(table: "meta", row))])
        }
        defer { fixture.remove() }
        let error = #expect(throws: UnitDatabaseError.self) { try database.verify() }
        guard case .damaged(_, .metaKeys(let keys))? = error else {
            Issue.record("not meta's keys: \(String(describing: error))")
            return
        }
        #expect(keys.contains("extra") && keys == keys.sorted())
        #expect(try database.convert(1, from: "ft", to: "m").value == 0.3048, "a lookup reads only the keys it needs")
    }

    /// The words of each case, as the messages give them: a few, to hold
    /// `description` to what the error message said before it was typed.
    @Test func theDamageReadsAsBefore() {
        let texts: [(DatabaseDamage, String)] = [
            (.checksumMismatch(table: "units"), "a row of 'units' does not match its checksum"),
            (.rowReadTwice(table: "units"), "a row of 'units' is read twice: its page points at it in place of another"),
            (.countMismatch(table: "relations", key: nil, found: 2, stated: 3), "'relations' has 2 of its 3 rows"),
            (.countMismatch(table: "name_blocks", key: "name_count", found: 1, stated: 2), "'name_blocks' has 1 of its 2 names"),
            (.countMismatch(table: "phrase_words", key: "ru", found: 2, stated: 3), "'ru' has 2 of its 3 phrase words"),
            (.countMismatch(table: "clusters", key: "length", found: 0, stated: 4), "category length has 0 of its 4 clusters"),
            (.countsDisagree(table: "clusters", key: "length"), "the clusters of category length disagree on their count"),
            (.missingRow(table: "units", key: "3", namedBy: nil), "unit 3 is named but missing"),
            (.missingRow(table: "units", key: "999", namedBy: "relations"), "unit 999 is named by a row of 'relations' but missing"),
            (.invalidValue(table: "units", column: "factor", key: "3", value: nil), "unit 3 has an invalid factor"),
            (.invalidID(table: "units", column: "id", key: nil, value: 0), "a unit has an invalid id 0"),
            (.unknownValue(table: "unit_words", column: "form", key: "1 ru", value: "x\u{1}"), "a word of unit 1 in 'ru' has an unknown form 'x\\u{1}'"),
            (.invalidValue(table: "unit_words", column: "size", key: "1", value: "2097152"), "the row of words of unit 1 has an invalid size '2097152'"),
            (.hiddenKey(table: "name_blocks"), "a key of 'name_blocks' is missing: the block found for it does not hold it"),
            (.keyChain(table: "name_blocks", key: "3"), "the blocks of 'name_blocks' do not chain after block 3"),
            (.meta(key: "generator", value: nil), "meta has no generator"),
            (.missingWords(unit: 3, language: "ru", form: nil), "unit 3 has no words in 'ru', a complete language"),
            (.fileSize(bytes: 10, pages: 2, pageSize: 1024), "the file has 10 bytes, but its header says 2 pages of 1024 bytes: it was cut short or extended"),
        ]
        for (damage, text) in texts {
            #expect(damage.description == text)
        }
    }

    @Test func pluralRulesThatDoNotParseAreDamageEvenWithTheirChecksum() throws {
        let (database, fixture) = try edited {
            try Self.set($0, "languages", where: "code = 'en'", "plural_rules", to: .text("one: i = \nother:"))
        }
        defer { fixture.remove() }
        let error = #expect(throws: UnitDatabaseError.self) { try database.language("en") }
        guard case .damaged(_, .unreadablePluralRules(language: "en", let reason))? = error else {
            Issue.record("not unreadable plural rules: \(String(describing: error))")
            return
        }
        #expect(reason.line == 1)
        #expect(error?.description.contains("the plural rules of 'en' do not parse: line 1") == true, "\(String(describing: error))")
    }

    /// A file cut short or extended is refused at open, before any lookup.
    @Test(arguments: [-1024, -1, 1, 1024])
    func aFileOfAnotherSizeIsRefusedAtOpen(change: Int) throws {
        let fixture = try SourceFixture(Self.files)
        defer { fixture.remove() }
        _ = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        let path = (try GenerationFiles.database(in: fixture.path("dist")))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        if change < 0 { bytes.removeLast(-change) } else { bytes += [UInt8](repeating: 0, count: change) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: UnitDatabaseError.self) { try UnitDatabase(path: path) }
        #expect(error == .damaged(path: path, damage: .fileSize(bytes: bytes.count, pages: (bytes.count - change) / 1024, pageSize: 1024)))
        #expect(error?.description.contains("it was cut short or extended") == true, "\(String(describing: error))")
    }

    /// Damage the reader's checks find (`.damaged`), as opposed to SQLite's (`.corrupt`).
    static func isDamaged(_ error: UnitDatabaseError) -> Bool {
        if case .damaged = error { true } else { false }
    }
}
