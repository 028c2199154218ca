import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// Edits of a unit's `unit_words` row made as its writer would make them:
/// the text's lines changed, then compressed again, with the size and the
/// checksum to match. What is left for a reader is the format's own checks
/// of the text (a lost form, an unknown one, a language out of order).
public enum UnitWordsEdit {
    /// The id of the unit whose English name (`units.name`) is `name`.
    public static func unit(_ connection: Connection, named name: String) throws -> Int {
        let query = try connection.prepare("SELECT id FROM units WHERE name = ?")
        try query.bind(.text(name), at: 1)
        guard try query.step() else { throw Failure("no unit named \(name)") }
        return query.int(at: 0)
    }

    /// The row of `unit`'s words: its first and last unit and its text's
    /// lines (every unit's part).
    static func row(_ connection: Connection, unit: Int) throws -> (first: Int, last: Int, lines: [String]) {
        let query = try connection.prepare("SELECT first, last, size, words FROM unit_words WHERE first <= ? ORDER BY first DESC LIMIT 1")
        try query.bind(.integer(Int64(unit)), at: 1)
        guard try query.step(), query.int(at: 1) >= unit else { throw Failure("no unit_words row of unit \(unit)") }
        let (first, last, size) = (query.int(at: 0), query.int(at: 1), query.int(at: 2))
        let stream = query.blob(at: 3)
        let text = try stream.withUnsafeBytes { bytes in
            switch UnitWords.inflate(bytes, size: size) {
            case .success(let text): return text
            case .failure(let problem): throw Failure("unit \(unit): \(problem)")
            }
        }
        return (first, last, String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// Where `unit`'s part is among a row's lines: its words' lines, after its unit line.
    static func part(_ lines: [String], unit: Int) throws -> Range<Int> {
        guard let line = lines.firstIndex(of: "#\(unit)") else { throw Failure("no part of unit \(unit)") }
        let end = lines[(line + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.count
        return (line + 1)..<end
    }

    /// The lines of `unit`'s words (its part of its row, without its unit line).
    public static func lines(_ connection: Connection, unit: Int) throws -> [String] {
        let row = try row(connection, unit: unit)
        return Array(row.lines[try part(row.lines, unit: unit)])
    }

    /// Writes `lines` as `unit`'s words, as they are (no order enforced),
    /// the other units of its row as they were: the row compressed again,
    /// with its size and checksum.
    public static func set(_ connection: Connection, unit: Int, lines: [String]) throws {
        var row = try row(connection, unit: unit)
        row.lines.replaceSubrange(try part(row.lines, unit: unit), with: lines)
        try setRow(connection, first: row.first, last: row.last, lines: row.lines)
    }

    /// Writes a row's text (every part, unit lines included) as it is.
    public static func setRow(_ connection: Connection, first: Int, last: Int, lines: [String]) throws {
        let text = Array(lines.joined(separator: "\n").utf8)
        let row: [Statement.Value] = [.integer(Int64(first)), .integer(Int64(last)), .integer(Int64(text.count)), .blob(UnitWords.compress(text))]
        let update = try connection.prepare("UPDATE unit_words SET last = ?, size = ?, words = ?, crc = ? WHERE first = ?")
        try update.run([row[1], row[2], row[3], RowChecksum.stored(RowChecksum.of(table: "unit_words", row)), row[0]])
    }

    /// `edit` applied to `unit`'s lines.
    public static func edit(_ connection: Connection, unit: Int, _ edit: (inout [String]) throws -> Void) throws {
        var lines = try lines(connection, unit: unit)
        try edit(&lines)
        try set(connection, unit: unit, lines: lines)
    }

    /// `unit`'s words with the line of `form` in `language` removed.
    public static func remove(_ connection: Connection, unit: Int, language: String, form: String) throws {
        try edit(connection, unit: unit) { lines in
            guard let index = line(lines, language: language, form: form) else { throw Failure("unit \(unit) has no \(form) in \(language)") }
            lines.remove(at: index)
        }
    }

    /// `unit`'s words with the form `form` in `language` renamed `newName`,
    /// the section's forms in byte order again, as the writer keeps them.
    public static func rename(_ connection: Connection, unit: Int, language: String, form: String, to newName: String) throws {
        try edit(connection, unit: unit) { lines in
            guard let index = line(lines, language: language, form: form), let start = lines.firstIndex(of: language) else {
                throw Failure("unit \(unit) has no \(form) in \(language)")
            }
            lines[index] = newName + lines[index].drop { $0 != "\t" }
            let end = lines[(start + 1)...].firstIndex { !$0.contains("\t") } ?? lines.count
            lines[(start + 1)..<end].sort { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        }
    }

    /// `unit`'s words without `language`'s section.
    public static func removeLanguage(_ connection: Connection, unit: Int, language: String) throws {
        try edit(connection, unit: unit) { lines in
            guard let start = lines.firstIndex(of: language) else { throw Failure("unit \(unit) has no words in \(language)") }
            let end = lines[(start + 1)...].firstIndex { !$0.contains("\t") } ?? lines.count
            lines.removeSubrange(start..<end)
        }
    }

    /// Where the line of `form` in `language`'s section is.
    static func line(_ lines: [String], language: String, form: String) -> Int? {
        guard let start = lines.firstIndex(of: language) else { return nil }
        for index in (start + 1)..<lines.count {
            if !lines[index].contains("\t") { return nil }
            if lines[index].hasPrefix(form + "\t") { return index }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
