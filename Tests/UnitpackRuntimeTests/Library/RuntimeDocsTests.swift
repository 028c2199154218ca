import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// docs/database.md and docs/runtime-memory.md held to the code they
/// describe, as DiagnosticCodeDocsTests holds docs/diagnostics.md: a number
/// or a case changed in one and not the other fails here.
@Suite struct RuntimeDocsTests {
    static let root = TestPaths.repository

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every case of `UnitDatabaseError` (read from its source: a Swift enum
    /// with associated values cannot list its cases) is named in database.md.
    @Test func databaseMdNamesEveryErrorCase() throws {
        let source = try Self.text("Sources/UnitpackDatabase/UnitDatabaseError.swift")
        let cases = source.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("case "), line.hasPrefix("    case ") else { return nil }
            return String(trimmed.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
        #expect(cases.count >= 15, "\(cases)")
        let docs = try Self.text("docs/database.md")
        for name in cases {
            #expect(docs.contains("`\(name)`") || docs.contains("`\(name)("), "docs/database.md does not name UnitDatabaseError.\(name)")
        }
    }

    /// Every case of `DatabaseDamage`, read from its source as above, is
    /// named in database.md's table of them ("Damage as a typed reason").
    @Test func databaseMdNamesEveryDamageCase() throws {
        let source = try Self.text("Sources/UnitpackCore/Formats/DatabaseDamage.swift")
        let cases = source.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    case ") else { return nil }
            return String(line.dropFirst(9).prefix { $0.isLetter || $0.isNumber })
        }
        #expect(cases.count >= 15, "\(cases)")
        let docs = try Self.text("docs/database.md")
        let section = try #require(docs.range(of: "### Damage as a typed reason"))
        let table = docs[section.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("###") }.joined(separator: "\n")
        for name in cases {
            #expect(table.contains("`\(name)`") || table.contains("`\(name)("), "database.md's damage table does not name DatabaseDamage.\(name)")
        }
    }

    @Test func databaseMdStatesTheFormatVersion() throws {
        let docs = try Self.text("docs/database.md")
        #expect(docs.contains("`PRAGMA user_version` is the **format version**, `\(DatabaseFormat.version)` for this document"))
    }

    /// The page cache's overhead per page, the lookaside pool and the
    /// library's split of its budget, as runtime-memory.md states them.
    @Test func runtimeMemoryMdStatesTheCodesNumbers() throws {
        let docs = try Self.text("docs/runtime-memory.md")
        #expect(docs.contains("(page size + \(UnitDatabase.State.pageOverhead) bytes of SQLite's headers per cached page)"))
        #expect(docs.contains("lookaside pool (\(UnitDatabase.lookasideSlots) × \(UnitDatabase.lookasideSlotSize) bytes)"))
        #expect(docs.contains("splits seven eighths of what is left of\nthe budget: half to search shards, a quarter to SQLite's page cache, a\nquarter to decoded objects"))
    }

    /// The split itself, on the repository's data: the shares add up to seven
    /// eighths of what opening leaves, half, a quarter and a quarter.
    @Test func theLibrarySplitsItsBudgetAsDocumented() throws {
        let directory = try RepositoryBuild.directory()
        let budget = 1 << 20
        let library = try UnitLibrary(directory: directory, budget: budget)
        let statistics = library.statistics
        let available = budget - statistics.database.openBytes - statistics.search.indexBytes
        let shared = available - available / 8
        #expect(statistics.search.budget - statistics.search.indexBytes == shared / 2)
        #expect(statistics.database.pageCacheBudget == shared / 4)
        #expect(statistics.database.objectBudget == shared - shared / 2 - shared / 4)
    }
}
