import Foundation
import Testing
import UnitpackCore

/// What the README and docs/ say of the formats and platforms, held to the
/// code: the format versions each page names, the first line of `unitpack
/// dump` that docs/review.md shows, the manifest docs/manifest.md shows, and
/// the deployment targets of `Package.swift` where the README,
/// docs/platforms.md and the example app give them.
@Suite struct DocFormatTests {
    static func page(_ path: String) throws -> String {
        try Files.text(RepositoryData.root + "/" + path)
    }

    /// `text` with runs of spaces and line breaks as one space, for a sentence wrapped anywhere.
    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func theFormatVersionsAreTheCodes() throws {
        let database = DatabaseFormat.version
        let pack = SearchPackFormat.version
        let readme = Self.squeezed(try Self.page("README.md"))
        #expect(readme.contains("reads and writes database format \(database) (`DatabaseFormat.version`"),
                "README, Versions and data formats: database format \(database)")
        #expect(readme.contains("and pack format \(pack) (`SearchPackFormat.version`"),
                "README, Versions and data formats: pack format \(pack)")
        #expect(try Self.page("docs/database.md").hasPrefix("# Database format (`units.sqlite`, format \(database))\n"))
        #expect(try Self.page("docs/pack-format.md").hasPrefix("# `search.pack` (format \(pack))\n"))
        let manifest = try Self.page("docs/manifest.md")
        #expect(manifest.contains("| `database-format` `\(database)` |") && manifest.contains("\ndatabase-format\t\(database)\n"))
        #expect(manifest.contains("| `pack-format` `\(pack)` |") && manifest.contains("\npack-format\t\(pack)\n"))
    }

    /// docs/review.md's example dump begins with the line the repository's dump begins with.
    @Test func reviewMdShowsTheDumpsFirstLine() throws {
        let dump = try CLI.run(["dump", "--data", try RepositoryData.sharedDist()])
        try #require(dump.status == 0, "\(dump)")
        let first = try #require(dump.stdout.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix("unitpack dump, database format \(DatabaseFormat.version): "))
        let review = try Self.page("docs/review.md")
        #expect(review.contains("```\n\(first)\n"), "docs/review.md should show `\(first)`")
    }

    /// docs/manifest.md shows the manifest the build of the fixture `valid`
    /// writes: every line as written, but the database's file name and
    /// SHA-256, which depend on the SQLite library's version.
    @Test func manifestMdShowsTheFixturesManifest() throws {
        let page = try Self.page("docs/manifest.md")
        let intro = try #require(page.range(of: "The build of the fixture `Tests/EndToEndTests/Fixtures/valid` writes:\n\n```\n"))
        let example = try #require(page[intro.upperBound...].components(separatedBy: "```").first)
        let directory = try TemporaryDirectory(prefix: "unitpack-manifest-doc")
        defer { directory.remove() }
        let build = try CLI.run(["build", "--source", Paths.fixture("valid"), "--output", directory.path("dist")])
        try #require(build.status == 0, "\(build)")
        let written = try Files.text(directory.path("dist/manifest.tsv"))
        func comparable(_ manifest: String) -> [String] {
            manifest.split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 5, fields[0] == "artifact", fields[1] == "units.sqlite" else { return String(line) }
                return "artifact\tunits.sqlite\t(name)\t\(fields[3])\t(sha256)"
            }
        }
        #expect(comparable(example) == comparable(written), "docs/manifest.md's example; the build wrote:\n\(written)")
    }

    /// `platforms: [.iOS(.v12), .macOS(.v10_13), ...]` of a package manifest, as (name, version) pairs.
    static func platforms(ofManifest path: String) throws -> [String: String] {
        let text = try Self.page(path)
        let line = try #require(text.split(separator: "\n").first { $0.contains("platforms: [") }, "\(path) declares no platforms")
        let regex = try NSRegularExpression(pattern: #"\.(\w+)\(\.v(\d+(?:_\d+)?)\)"#)
        let ns = String(line) as NSString
        var platforms: [String: String] = [:]
        for match in regex.matches(in: String(line), range: NSRange(location: 0, length: ns.length)) {
            platforms[ns.substring(with: match.range(at: 1))] = ns.substring(with: match.range(at: 2))
                .replacingOccurrences(of: "_", with: ".")
        }
        return platforms
    }

    @Test func theDeploymentTargetsAreThePackages() throws {
        let declared = try Self.platforms(ofManifest: "Package.swift")
        #expect(declared.keys.sorted() == ["iOS", "macOS", "tvOS", "visionOS", "watchOS"], "\(declared)")
        #expect(try Self.platforms(ofManifest: "Examples/ConverterApp/Package.swift") == declared)
        // README: "iOS 12, watchOS 4, macOS 10.13, tvOS 12, visionOS 1 and later".
        let readme = Self.squeezed(try Self.page("README.md"))
        for (name, version) in declared {
            #expect(readme.contains("\(name) \(version),") || readme.contains("\(name) \(version) and later"),
                    "the README does not give \(name) \(version)")
        }
        // docs/platforms.md's table: "| iOS, iPadOS | 12.0 |", "| macOS | 10.13 |".
        let table = try Self.page("docs/platforms.md")
        for (name, version) in declared {
            let shown = version.contains(".") ? version : version + ".0"
            #expect(table.contains("| \(name) | \(shown) |") || table.contains("| \(name), iPadOS | \(shown) |"),
                    "docs/platforms.md does not give \(name) \(shown)")
        }
    }
}
