import Foundation
import Testing
import UnitpackCore
import UnitpackSQLite
import UnitpackTestSupport

/// docs/database.md held to the database the build writes (the repository's
/// own, `RepositoryBuild`): every table has its section, whose column list
/// (the heading's, the ```sql statement's and the `| column |` table's, where
/// given) is the table's, in order, with the types it states; the `meta` keys
/// are the ones written; every index is named. A reader written from the page
/// (Readers/python) relies on exactly these.
@Suite struct DatabaseDocsTests {
    struct Column: Equatable, CustomStringConvertible {
        var name: String
        var type: String
        var description: String { "\(name) \(type)" }
    }

    static func docs() throws -> String {
        try String(contentsOfFile: RepositoryBuild.root + "/docs/database.md", encoding: .utf8)
    }

    static func rows(_ sql: String, columns: Int32, in path: String) throws -> [[String]] {
        let connection = try Connection(path: path, mode: .readOnlyImmutable)
        let query = try connection.prepare(sql)
        var rows: [[String]] = []
        while try query.step() {
            rows.append((0..<columns).map { query.text(at: $0) ?? "NULL" })
        }
        return rows
    }

    static func database() throws -> String {
        try GenerationFiles.database(in: try RepositoryBuild.directory())
    }

    /// The section of `table`: from its first `### \`table` heading to the next `### ` heading.
    static func section(of table: String, in docs: String) -> [Substring]? {
        let lines = docs.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("### `\(table)`") || $0.hasPrefix("### `\(table)(") }) else {
            return nil
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("### ") || $0.hasPrefix("## ") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// The rows of the first Markdown table of `section` whose header starts with `| first |`: its cells.
    static func table(_ first: String, in section: [Substring]) -> [[String]] {
        guard let header = section.firstIndex(where: { $0.hasPrefix("| \(first) |") }) else { return [] }
        return section[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `a, b TEXT NOT NULL, crc` in a heading's brackets: the names.
    static func names(inList list: Substring) -> [String] {
        list.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }) }
    }

    @Test func everyTableIsDocumentedColumnByColumn() throws {
        let docs = try Self.docs()
        let path = try Self.database()
        let tables = try Self.rows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", columns: 2, in: path)
        #expect(tables.count >= 11, "\(tables.map { $0[0] })")
        for table in tables {
            let (name, sql) = (table[0], table[1])
            guard let section = Self.section(of: name, in: docs) else {
                Issue.record("docs/database.md has no section `### \\`\(name)\\``")
                continue
            }
            let columns = try Self.rows(
                "SELECT name, type FROM pragma_table_info('\(name)') ORDER BY cid", columns: 2, in: path
            ).map { Column(name: $0[0], type: $0[1]) }
            let heading = section[0]
            // The heading's list, when it has one, is every column.
            if let open = heading.firstIndex(of: "("), heading[heading.index(after: open)...].first != "W",
                let close = heading[open...].firstIndex(of: ")")
            {
                #expect(Self.names(inList: heading[heading.index(after: open)..<close]) == columns.map(\.name), "\(heading)")
            }
            #expect(heading.contains("WITHOUT ROWID") == sql.contains("WITHOUT ROWID"), "\(heading): \(sql)")
            // The statement, when the section gives one, is the writer's.
            if let statement = section.first(where: { $0.hasPrefix("CREATE TABLE \(name) ") }) {
                func squeezed(_ text: String) -> String {
                    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
                        .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
                }
                #expect(String(statement) == squeezed(sql), "docs/database.md's statement of \(name)")
            }
            // The column table lists the columns but the last `crc` (`clusters` lists it too), in order.
            let documented = Self.table("column", in: section)
            if name == "meta" { continue }
            #expect(!documented.isEmpty, "the section of \(name) has no `| column |` table")
            let listed = documented.map { $0[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            #expect(listed.filter { $0 != "crc" } == columns.map(\.name).filter { $0 != "crc" }, "the columns of \(name)")
            // Where the table gives types, each starts with the declared one (`INTEGER PRIMARY KEY`, `REAL or NULL`).
            if documented.first?.count == 3 {
                for (row, column) in zip(documented, columns) where row[0] == "`\(column.name)`" {
                    #expect(row[1].hasPrefix(column.type), "\(name).\(column.name): documented \(row[1]), declared \(column.type)")
                }
            }
        }
    }

    @Test func theMetaKeysAreTheOnesWritten() throws {
        let docs = try Self.docs()
        let section = try #require(Self.section(of: "meta", in: docs))
        let documented = Self.table("key", in: section).map { $0[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        let written = try Self.rows("SELECT key FROM meta ORDER BY key", columns: 1, in: try Self.database()).map { $0[0] }
        #expect(documented.sorted() == written)
        let words = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"]
        let stated = words.firstIndex { section.joined(separator: "\n").contains("These \($0) keys and no others") }
        #expect(stated.map { $0 + 10 } == written.count, "database.md's \"These N keys and no others\"")
    }

    @Test func everyIndexIsNamed() throws {
        let docs = try Self.docs()
        let indexes = try Self.rows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", columns: 2, in: try Self.database())
        for index in indexes {
            // "CREATE INDEX units_by_category ON units (category, priority)" is documented as `units_by_category (category, priority)`.
            let columns = index[1].split(separator: "(", maxSplits: 1).last.map { "(" + $0 } ?? ""
            #expect(docs.contains("`\(index[0]) \(columns)`"), "docs/database.md does not name the index \(index[1])")
        }
    }
}
