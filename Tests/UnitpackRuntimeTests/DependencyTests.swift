import Foundation
import Testing

/// Front ends link the runtime: it must not pull Foundation (ICU, +20 MB RSS)
/// or the compiler in. Checked on the sources of every module it links.
@Suite struct DependencyTests {
    static let runtimeModules = [
        "UnitpackRuntime", "UnitpackDatabase", "UnitpackSearch", "UnitpackPhrases", "UnitpackStore", "UnitpackCore", "UnitpackSQLite",
    ]
    static let forbidden = ["import Foundation", "import UnitpackCompiler", "import UnitpackSource", "import UnitpackCheck"]

    @Test(arguments: runtimeModules)
    func moduleImportsNeitherFoundationNorTheCompiler(module: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                for bad in Self.forbidden where trimmed == bad || trimmed.hasPrefix(bad + " ") || trimmed.hasPrefix("@_exported " + bad) {
                    Issue.record("\(module)/\(file): \(trimmed)")
                }
            }
        }
    }

    /// The runtime reaches SQLite through UnitpackSQLite only: its own
    /// sources do not import the C API.
    @Test func theRuntimeUsesSQLiteThroughItsWrapper() throws {
        for module in Self.runtimeModules where module != "UnitpackSQLite" {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
            for file in try FileManager.default.subpathsOfDirectory(atPath: root.path) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.split(separator: "\n").contains { $0.hasPrefix("import CSQLite") }, "\(module)/\(file)")
            }
        }
    }

    /// The module graph as Package.swift declares it (`swift package
    /// dump-package`, in a scratch directory of its own so that it never
    /// waits on the build's lock): everything the runtime links, directly or
    /// not, is one of these, so a dependency added in the manifest is caught
    /// as well as an import.
    @Test func theRuntimesModuleGraphIsTheCoreSQLiteAndZlib() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
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
        #expect(process.terminationStatus == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var dependencies: [String: [(name: String, isProduct: Bool)]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            dependencies[name] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                for (kind, value) in dependency {
                    if let parts = value as? [Any], let first = parts.first as? String { return (first, kind == "product") }
                }
                return nil
            }
        }
        var linked = Set<String>()
        var products: [String] = []
        var queue = ["UnitpackRuntime"]
        while let next = queue.popLast() {
            for dependency in dependencies[next] ?? [] {
                if dependency.isProduct { products.append(dependency.name) }
                if linked.insert(dependency.name).inserted { queue.append(dependency.name) }
            }
        }
        #expect(
            linked == [
                "UnitpackDatabase", "UnitpackSearch", "UnitpackPhrases", "UnitpackStore", "UnitpackCore", "UnitpackSQLite", "CSQLite",
                "CZlib",
            ], "\(linked.sorted())")
        #expect(products.isEmpty, "the runtime links packages: \(products)")
    }
}
