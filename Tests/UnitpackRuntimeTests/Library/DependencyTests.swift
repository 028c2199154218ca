import Foundation
import Testing

/// Front ends link the runtime: it must not pull Foundation (ICU, +20 MB RSS)
/// or the compiler in. Checked on every Swift file, subfolders included, of
/// every module the `UnitpackRuntime` product links as Package.swift declares
/// it (`swift package dump-package`), so a module added to the runtime, or a
/// file moved into a folder, is checked without this file changing.
@Suite struct DependencyTests {
    /// One target of Package.swift as `dump-package` gives it.
    struct Target {
        var name: String
        var type: String
        /// Relative to the package's root.
        var path: String
        var exclude: [String]
        /// nil: every file under `path`.
        var sources: [String]?
        var dependencies: [(name: String, isProduct: Bool)]
    }

    /// The package's targets, and what the runtime product links.
    struct Graph {
        var targets: [String: Target]
        /// The product's targets and every target they link, directly or not.
        var runtime: Set<String>
        /// Package products anything in `runtime` links (none may).
        var runtimeProducts: [String]
        /// Products any target of the package links (swift-argument-parser's).
        var allProducts: Set<String>
    }

    static let root = TestPaths.repository

    /// Read once per test process; the error, the same each time, when
    /// `dump-package` fails.
    private static let loaded = Result { try loadGraph() }
    static func graph() throws -> Graph { try loaded.get() }

    /// The package as Package.swift declares it (`swift package dump-package`,
    /// in a scratch directory of its own so that it never waits on the
    /// build's lock).
    static func loadGraph() throws -> Graph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("unitpack-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GraphError("swift package dump-package exited with \(process.terminationStatus)")
        }
        guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targetList = manifest["targets"] as? [[String: Any]], let productList = manifest["products"] as? [[String: Any]]
        else { throw GraphError("dump-package: no targets or products") }
        var targets: [String: Target] = [:]
        for target in targetList {
            guard let name = target["name"] as? String, let type = target["type"] as? String else { continue }
            let dependencies: [(name: String, isProduct: Bool)] = (target["dependencies"] as? [[String: Any]] ?? [])
                .compactMap { dependency in
                    for (kind, value) in dependency {
                        if let parts = value as? [Any], let first = parts.first as? String { return (first, kind == "product") }
                    }
                    return nil
                }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name
            targets[name] = Target(
                name: name, type: type, path: path, exclude: target["exclude"] as? [String] ?? [],
                sources: target["sources"] as? [String], dependencies: dependencies)
        }
        guard let product = productList.first(where: { $0["name"] as? String == "UnitpackRuntime" }),
            let productTargets = product["targets"] as? [String], !productTargets.isEmpty
        else { throw GraphError("dump-package: no product UnitpackRuntime") }
        var runtime = Set(productTargets)
        var products: [String] = []
        var queue = productTargets
        while let next = queue.popLast() {
            for dependency in targets[next]?.dependencies ?? [] {
                // `byName` may name a product; a product is no target of this package.
                if dependency.isProduct || targets[dependency.name] == nil {
                    products.append(dependency.name)
                } else if runtime.insert(dependency.name).inserted {
                    queue.append(dependency.name)
                }
            }
        }
        let allProducts = Set(targets.values.flatMap { $0.dependencies.filter(\.isProduct).map(\.name) })
        return Graph(targets: targets, runtime: runtime, runtimeProducts: products, allProducts: allProducts)
    }

    struct GraphError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Every Swift file of a target, subfolders included, less what
    /// Package.swift excludes: (path relative to the target, its URL).
    static func swiftFiles(of target: Target) throws -> [(path: String, url: URL)] {
        let directory = root.appendingPathComponent(target.path)
        let all = try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        func within(_ file: String, _ entries: [String]) -> Bool {
            entries.contains { file == $0 || file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        return all.sorted()
            .filter { file in !within(file, target.exclude) && (target.sources.map { within(file, $0) } ?? true) }
            .map { ($0, directory.appendingPathComponent($0)) }
    }

    /// The Swift files of every module the runtime links (a system library
    /// has none): (module, path relative to the module, URL).
    static func runtimeSwiftFiles() throws -> [(module: String, path: String, url: URL)] {
        let graph = try Self.graph()
        return try graph.runtime.sorted().compactMap { graph.targets[$0] }.filter { $0.type != "system" }.flatMap { target in
            try swiftFiles(of: target).map { (target.name, $0.path, $0.url) }
        }
    }

    /// The module an import declaration names (`import Foundation`,
    /// `@preconcurrency import Foundation`, `public import struct
    /// Foundation.Date`), or nil when the line is no import.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        // Attributes (`@_exported`, `@preconcurrency`, `@_spi(X)`) and access levels.
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open"]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        return String(path.prefix { $0 != "." && $0 != ";" })
    }

    static let foundation: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    ]

    /// No Foundation, and no module of the package the runtime does not link
    /// (the compiler's stages, the digest, the review tools, the tests'
    /// support) nor any other package's: in any file of any folder.
    @Test func noModuleTheRuntimeLinksImportsFoundationOrTheCompiler() throws {
        let graph = try Self.graph()
        let outside = Set(graph.targets.keys).subtracting(graph.runtime).union(graph.allProducts)
        let forbidden = Self.foundation.union(outside)
        #expect(outside.isSuperset(of: ["UnitpackCompiler", "UnitpackSource", "UnitpackCheck", "UnitpackDigest"]))
        let files = try Self.runtimeSwiftFiles()
        for module in graph.runtime where graph.targets[module]?.type != "system" {
            #expect(files.contains { $0.module == module }, "\(module): no Swift file found")
        }
        for file in files {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let module = Self.importedModule(line), forbidden.contains(module) {
                    Issue.record("\(file.module)/\(file.path): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    /// The reading of import lines the check above relies on.
    @Test func importDeclarationsAreRead() {
        #expect(Self.importedModule("import Foundation") == "Foundation")
        #expect(Self.importedModule("  @_exported import Foundation") == "Foundation")
        #expect(Self.importedModule("@preconcurrency import Foundation") == "Foundation")
        #expect(Self.importedModule("public import struct Foundation.Date") == "Foundation")
        #expect(Self.importedModule("@_spi(Private) internal import UnitpackCompiler") == "UnitpackCompiler")
        #expect(Self.importedModule("import Foundation.NSString") == "Foundation")
        #expect(Self.importedModule("/// import Foundation") == nil)
        #expect(Self.importedModule("let imported = 1") == nil)
    }

    /// The runtime reaches SQLite through UnitpackSQLite only: no other
    /// module it links imports the C API or declares it a dependency.
    @Test func theRuntimeUsesSQLiteThroughItsWrapper() throws {
        let graph = try Self.graph()
        for module in graph.runtime.subtracting(["UnitpackSQLite"]) {
            #expect(graph.targets[module]?.dependencies.contains { $0.name == "CSQLite" } != true, "\(module) depends on CSQLite")
        }
        for file in try Self.runtimeSwiftFiles() where file.module != "UnitpackSQLite" {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            #expect(!text.split(separator: "\n").contains { Self.importedModule($0) == "CSQLite" }, "\(file.module)/\(file.path)")
        }
    }

    /// The module graph: everything the runtime links, directly or not, is a
    /// library of this package under Sources/ (no executable, no test
    /// support), the only C libraries are SQLite and zlib, and no other
    /// package is linked, so a dependency added in the manifest is caught as
    /// well as an import.
    @Test func theRuntimesModuleGraphIsLibrariesSQLiteAndZlib() throws {
        let graph = try Self.graph()
        #expect(graph.runtime.isSuperset(of: ["UnitpackRuntime", "UnitpackCore", "UnitpackSQLite", "CSQLite", "CZlib"]))
        for module in graph.runtime.sorted() {
            let target = try #require(graph.targets[module])
            #expect(target.type == "regular" || target.type == "system", "\(module) is a \(target.type) target")
            #expect(target.path.hasPrefix("Sources/"), "\(module) is at \(target.path)")
            if target.type == "system" { #expect(module == "CSQLite" || module == "CZlib", "\(module): another C library") }
        }
        #expect(graph.runtimeProducts.isEmpty, "the runtime links packages: \(graph.runtimeProducts)")
    }
}
