import UnitpackCore
import UnitpackRuntime
import UnitpackSQLite
import UnitpackStore

/// The runtime's promises on a damaged `units.sqlite`: opening, `verify()`,
/// lookups, a conversion, names and a phrase each throw a
/// `UnitDatabaseError` or work (typed throws make anything else a crash),
/// never trap; what they answer is sane (factors finite and in the
/// compiler's range, separators and names not empty, values finite), since
/// the runtime checks every value it reads; and a database that `verify()`
/// passes is not found damaged by a lookup (verify reads every row: a
/// lookup that finds damage it missed means `unitpack verify` says ok to a
/// database that gives errors, or other answers).
///
/// Each input is checked as it is (the header, page count and row checksums
/// refuse most changes), then again with every row's checksum re-stamped to
/// what its values give (docs/database.md, "Row checksums"): a fuzzer cannot
/// forge a CRC-32, and without this it would never reach the sanity checks
/// and the answers behind them.
enum DatabaseProperties {
    static func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        let path = context.write(input, to: "units.sqlite")
        if let broken = exercise(path) { return "as given: \(broken)" }
        guard restampRowChecksums(path) else { return nil }
        if let broken = exercise(path) { return "with its row checksums re-stamped: \(broken)" }
        return nil
    }

    /// Errors that say the file is damaged, as opposed to a question the
    /// database has no answer to (an unknown unit or language).
    static func isDamage(_ error: UnitDatabaseError) -> Bool {
        switch error {
        case .corrupt, .damaged, .notAUnitDatabase, .unsupportedFormatVersion, .storage, .fileNotFound, .notAFile, .generation: true
        default: false
        }
    }

    /// Opens the database at `path` and asks it everything: the broken
    /// promise, or nil. The database is closed on return (the file may then
    /// be rewritten).
    static func exercise(_ path: String) -> String? {
        let database: UnitDatabase
        do {
            database = try UnitDatabase(path: path)
        } catch {
            return nil
        }
        let verified = (try? database.verify()) != nil
        var broken: String?
        /// Runs one question; its answer, or nil when it threw.
        func ask<T>(_ what: String, _ question: () throws(UnitDatabaseError) -> T) -> T? {
            do {
                return try question()
            } catch {
                if verified, isDamage(error), broken == nil { broken = "verify passed, yet \(what) fails: \(error)" }
                return nil
            }
        }
        func insane(_ what: String) {
            if broken == nil { broken = what }
        }

        var units: [MeasureUnit] = []
        for id in 0...10 {
            guard let unit = ask("unit \(id)", { () throws(UnitDatabaseError) in try database.unit(UnitID(rawValue: id)) })
            else { continue }
            units.append(unit)
            if let problem = saneUnit(unit) { insane("unit \(id) reads as \(problem)") }
        }
        for text in ["m", "km", "ft", "M", "kn", "метр", "km/h", "pace", "zz"] {
            for unit in ask("candidates for \(text)", { () throws(UnitDatabaseError) in try database.candidates(for: text) }) ?? [] {
                if let problem = saneUnit(unit) { insane("a candidate for \(text) reads as \(problem)") }
            }
        }
        _ = ask("unit length/meter", { () throws(UnitDatabaseError) in try database.unit(key: "length/meter") })
        if let converted = ask("1 km in ft", { () throws(UnitDatabaseError) in try database.convert(1, from: "km", to: "ft") }),
            !converted.value.isFinite || converted.value <= 0
        {
            insane("1 km is \(converted.value) ft")
        }
        for (from, to) in zip(units, units.dropFirst()) where from.category == to.category {
            if let value = ask("2.5 \(from.key) in \(to.key)", { () throws(UnitDatabaseError) in try database.convert(2.5, from: from, to: to) }),
                !value.isFinite
            {
                insane("2.5 \(from.key) is \(value) \(to.key)")
            }
        }
        for code in ["en", "ru"] {
            if let language = ask("language \(code)", { () throws(UnitDatabaseError) in try database.language(code) }),
                language.numbers.decimal.isEmpty || language.numbers.group.isEmpty
            {
                insane("language \(code) has an empty separator")
            }
            for unit in units.prefix(4) {
                if let names = ask("the \(code) names of \(unit.key)", { () throws(UnitDatabaseError) in try database.names(of: unit, in: code) }),
                    names.display.isEmpty
                {
                    insane("\(unit.key) has an empty name in \(code)")
                }
                if let formatted = ask("1.5 \(unit.key) in \(code)", { () throws(UnitDatabaseError) in try database.format(1.5, unit, language: code) }),
                    formatted.number.isEmpty
                {
                    insane("1.5 \(unit.key) formats as nothing in \(code)")
                }
            }
        }
        for (text, languages) in [("5 km in ft", ["en"]), ("пять километров в футах", ["ru"]), ("6 ft 2 in", ["en", "ru"])] {
            let result = ask("parsing \(text)", { () throws(UnitDatabaseError) in
                try database.parse(text, languages: languages, numbers: [.hexadecimal, .roman])
            })
            for reading in result?.readings ?? [] where !reading.value.isFinite {
                insane("\(text) reads as \(reading.value)")
            }
        }
        _ = ask("the usages", { () throws(UnitDatabaseError) in try database.usages() })
        return broken
    }

    /// What is wrong with a unit as read, or nil: the runtime checks every
    /// value it reads, so none of this may reach a caller.
    static func saneUnit(_ unit: MeasureUnit) -> String? {
        switch unit.conversion {
        case .linear(let factor), .reciprocal(let factor):
            guard DatabaseSanity.isValidFactor(factor) else { return "a factor of \(factor)" }
        case .formulas:
            break
        }
        guard !unit.name.isEmpty, !unit.category.isEmpty else { return "a unit without a name or category" }
        guard unit.priority.isFinite else { return "a priority of \(unit.priority)" }
        guard DatabaseSanity.isValidTier(unit.tier) else { return "a tier of \(unit.tier)" }
        return nil
    }

    /// Sets the `crc` of every row whose checksum does not match to what its
    /// values give, in place, through SQLite (which keeps the header's page
    /// count and change counter right). Whether the file changed; a file
    /// SQLite cannot read or write is left as it is.
    static func restampRowChecksums(_ path: String) -> Bool {
        var changed = false
        do {
            let connection = try Connection(path: path, mode: .readWriteCreate)
            try connection.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            for (table, columns) in DatabaseFormat.tables {
                let count = Int32(columns.count)
                let select = try connection.prepare("SELECT \(DatabaseFormat.selectList(of: table)) FROM \(table)")
                var wrong: [(values: [Statement.Value], checksum: UInt32)] = []
                while try select.step(), wrong.count < 256 {
                    let checksum = select.checksum(table: table, columns: 0..<count)
                    if select.storedChecksum(at: count) != checksum {
                        wrong.append(((0..<count).map { select.value(at: $0) }, checksum))
                    }
                }
                guard !wrong.isEmpty else { continue }
                // By every column (`IS`: NULL equals NULL), as tables without
                // rowids have only their key.
                let update = try connection.prepare(
                    "UPDATE \(table) SET crc = ? WHERE " + columns.map { "\($0) IS ?" }.joined(separator: " AND "))
                for row in wrong {
                    try update.run([RowChecksum.stored(row.checksum)] + row.values)
                    changed = true
                }
            }
        } catch {
            return changed
        }
        return changed
    }
}
