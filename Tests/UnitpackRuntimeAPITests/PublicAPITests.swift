import Foundation
import Testing

/// The runtime's public API read from its symbol graph
/// (`swift-symbolgraph-extract`, in the toolchain, run on the modules this
/// test was built with): what the compiler sees, so a declaration spread over
/// several lines, an extension or a conformance is read as it is meant.
@Suite struct PublicAPITests {
    /// One symbol of a symbol graph, as far as these checks read it.
    struct Symbol {
        var path: [String]
        var kind: String
        var file: String?
        var line: Int?
        var hasDocComment: Bool
        /// The types the declaration names, by precise identifier (USR).
        var references: [String]
        /// The symbol's own precise identifier.
        var usr: String = ""
        /// The protocols the symbol conforms to, by precise identifier (`s:SH`: Hashable).
        var conformances: Set<String> = []

        var name: String { path.joined(separator: ".") }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directory of the modules the tests were built with (`Modules`
    /// beside the test bundle, `.build/debug/Modules` for `swift test`).
    static func modulesDirectory() throws -> String {
        var candidates: [URL] = []
        for start in [Bundle.main.executableURL, Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            guard var directory = start?.deletingLastPathComponent() else { continue }
            for _ in 0..<3 {
                candidates.append(directory.appendingPathComponent("Modules"))
                directory.deleteLastPathComponent()
            }
        }
        candidates.append(repository.appendingPathComponent(".build/debug/Modules"))
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("UnitpackRuntime.swiftmodule").path) {
            return candidate.path
        }
        throw Failure("no Modules directory with UnitpackRuntime.swiftmodule near \(CommandLine.arguments[0])")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("\(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
        }
        return data
    }

    /// The public symbols of `module`, with their locations and doc comments.
    static func symbols(of module: String, includeUnderlying: Bool = false) throws -> [Symbol] {
        let info = try JSONSerialization.jsonObject(with: try run(["swift", "-print-target-info"])) as? [String: Any]
        guard let target = info?["target"] as? [String: Any], let triple = target["triple"] as? String else {
            throw Failure("swift -print-target-info gave no target triple")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("unitpack-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = [
            "swift-symbolgraph-extract", "-module-name", module, "-target", triple, "-I", try modulesDirectory(),
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        for library in ["CSQLite", "CZlib"] {
            arguments += ["-Xcc", "-fmodule-map-file=" + repository.appendingPathComponent("Sources/\(library)/module.modulemap").path]
        }
        _ = try run(arguments)
        var files = [output.appendingPathComponent("\(module).symbols.json")]
        if includeUnderlying {
            // A module's extensions of others (`Foundation@FoundationEssentials`) hold what it re-exports.
            files = try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)
        }
        var symbols: [[String: Any]] = []
        var conformances: [String: Set<String>] = [:]
        for file in files {
            guard let graph = try JSONSerialization.jsonObject(with: try Data(contentsOf: file)) as? [String: Any],
                let found = graph["symbols"] as? [[String: Any]]
            else { throw Failure("\(file.lastPathComponent) has no symbols") }
            symbols += found
            for relation in graph["relationships"] as? [[String: Any]] ?? [] where relation["kind"] as? String == "conformsTo" {
                if let source = relation["source"] as? String, let target = relation["target"] as? String {
                    conformances[source, default: []].insert(target)
                }
            }
        }
        return symbols.map { symbol in
            let usr = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            let location = symbol["location"] as? [String: Any]
            let position = location?["position"] as? [String: Any]
            let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
            return Symbol(
                path: symbol["pathComponents"] as? [String] ?? [],
                kind: (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "",
                file: (location?["uri"] as? String).map { $0.hasPrefix("file://") ? String($0.dropFirst(7)) : $0 },
                line: (position?["line"] as? Int).map { $0 + 1 },
                hasDocComment: symbol["docComment"] != nil,
                references: fragments.compactMap { $0["kind"] as? String == "typeIdentifier" ? $0["preciseIdentifier"] as? String : nil },
                usr: usr, conformances: conformances[usr] ?? [])
        }
    }

    /// The first name of a Swift USR of `module` (`s:12UnitpackCore10ConversionO`
    /// -> `Conversion`; a nested type gives its outermost type).
    static func topLevelName(_ usr: String, module: String) -> String? {
        let prefix = "s:\(module.utf8.count)\(module)"
        guard usr.hasPrefix(prefix) else { return nil }
        let rest = usr.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isNumber }
        guard let length = Int(digits) else { return nil }
        return String(rest.dropFirst(digits.count).prefix(length))
    }

    /// The modules whose public API `import UnitpackRuntime` gives
    /// (docs/runtime.md): the umbrella and the rooms its Exports.swift
    /// re-exports whole, so a room added there is checked here too.
    static let runtimeModules: [String] = {
        let file = repository.appendingPathComponent("Sources/UnitpackRuntime/Exports.swift")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let rooms = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("@_exported import Unitpack") else { return nil }
            let module = line.dropFirst("@_exported import ".count)
            return module.contains(".") || module.contains(" ") ? nil : String(module)
        }
        return ["UnitpackRuntime"] + rooms
    }()

    /// The public symbols of every module of the runtime.
    static func runtimeSymbols() throws -> [Symbol] {
        try runtimeModules.flatMap { try symbols(of: $0) }
    }

    /// The core types the runtime's modules re-export (their `Exports.swift`).
    static func reexported() throws -> Set<String> {
        var names: Set<String> = []
        for module in runtimeModules {
            let file = repository.appendingPathComponent("Sources/\(module)/Exports.swift")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                guard line.hasPrefix("@_exported import "), let dot = line.range(of: "UnitpackCore.") else { continue }
                names.insert(String(line[dot.upperBound...]))
            }
        }
        return names
    }

    /// Members of re-exported core types that belong to the build, not to
    /// an app: they name the checker's diagnostics, which stay unexported.
    static let buildOnlyMembers: Set<String> = ["PluralRules.parse(_:path:firstLine:checkingReachability:)"]

    /// Every type a public declaration of the runtime names is the
    /// runtime's, the standard library's or re-exported; so is every type a
    /// re-exported type's members name. None is SQLite's wrapper's.
    @Test func everyTypeTheAPINamesComesWithTheImport() throws {
        let exported = try Self.reexported()
        #expect(exported.count >= 10, "\(exported)")
        #expect(Self.runtimeModules.count >= 4, "the rooms re-exported: \(Self.runtimeModules)")
        var missing: [String] = []
        for symbol in try Self.runtimeSymbols() {
            for usr in symbol.references {
                for hidden in ["UnitpackSQLite", "UnitpackStore"] {
                    if let name = Self.topLevelName(usr, module: hidden) {
                        missing.append("\(symbol.name) names \(hidden).\(name)")
                    }
                }
                if let name = Self.topLevelName(usr, module: "UnitpackCore"), !exported.contains(name) {
                    missing.append("\(symbol.name) names UnitpackCore.\(name), which Exports.swift does not re-export")
                }
            }
        }
        for symbol in try Self.symbols(of: "UnitpackCore")
        where exported.contains(symbol.path.first ?? "") && !Self.buildOnlyMembers.contains(symbol.name) {
            for usr in symbol.references {
                if let name = Self.topLevelName(usr, module: "UnitpackCore"), !exported.contains(name) {
                    missing.append("\(symbol.name) (re-exported) names UnitpackCore.\(name), which Exports.swift does not re-export")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    /// AppSurfaceTests, which imports only the runtime, names every public
    /// type of it and every type it re-exports: a type added to the API
    /// without being tried from an app's side fails here.
    @Test func theAppSurfaceNamesEveryPublicType() throws {
        let surface = try String(
            contentsOf: Self.repository.appendingPathComponent("Tests/UnitpackRuntimeAPITests/AppSurfaceTests.swift"), encoding: .utf8)
        let imports = surface.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable") }
        #expect(imports == ["import Testing", "import UnitpackRuntime"])
        let types = try Self.runtimeSymbols().filter {
            ["swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias"].contains($0.kind)
        }
        #expect(types.count >= 30)
        let names = Set(types.map(\.name)).union(try Self.reexported())
        for name in names.sorted() {
            let last = name.split(separator: ".").last.map(String.init) ?? name
            #expect(surface.contains(name) || (name.contains(".") && surface.contains("." + last)), "AppSurfaceTests never names \(name)")
        }
    }

    static let typeKinds: Set<String> = ["swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias"]

    /// No top-level type an app gets from `import UnitpackRuntime` (the
    /// runtime's own or a re-exported one) has the name of a
    /// top-level type of Foundation, read from Foundation's own symbol graph
    /// (with FoundationEssentials and FoundationInternationalization, which
    /// it re-exports): an app that imports both never writes
    /// `UnitpackRuntime.` before a name.
    @Test func noTypeSharesANameWithFoundation() throws {
        var foundation: Set<String> = []
        for module in ["Foundation", "FoundationEssentials", "FoundationInternationalization"] {
            let symbols = try Self.symbols(of: module, includeUnderlying: true)
            foundation.formUnion(symbols.filter { Self.typeKinds.contains($0.kind) && $0.path.count == 1 }.map { $0.path[0] })
        }
        #expect(foundation.isSuperset(of: ["Unit", "Dimension", "Measurement", "UnitConverter", "Date"]), "Foundation's types were not read")
        let ours = Set(try Self.runtimeSymbols().filter { Self.typeKinds.contains($0.kind) && $0.path.count == 1 }.map { $0.path[0] })
            .union(try Self.reexported())
        #expect(ours.intersection(foundation).isEmpty, "shared with Foundation: \(ours.intersection(foundation).sorted())")
    }

    /// Structs and enums of the API (results, readings, errors, options)
    /// are Hashable, so an app can compare them, keep them in a set or use
    /// them as SwiftUI identities; the exceptions are not values.
    static let notHashable: Set<String> = [
        // A table of words with lookup structures built once, compared by nothing an app needs.
        "NumberWords",
        // A reader over a database (a reference to an open file), as the database is no value.
        "PhraseReader",
    ]

    @Test func valueTypesAreHashable() throws {
        let values = try Self.runtimeSymbols().filter { ["swift.struct", "swift.enum"].contains($0.kind) }
        #expect(values.count >= 30)
        for value in values where !Self.notHashable.contains(value.name) {
            #expect(value.conformances.contains("s:SH"), "\(value.name) is not Hashable")
        }
    }
}
