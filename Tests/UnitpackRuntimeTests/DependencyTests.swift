import Foundation
import Testing

/// Front ends link the runtime: it must not pull Foundation (ICU, +20 MB RSS)
/// or the compiler in. Checked on the sources of every module it links.
@Suite struct DependencyTests {
    static let runtimeModules = ["UnitpackRuntime", "UnitpackCore", "UnitpackSQLite"]
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
}
