import Foundation
import UnitpackCompiler

/// The repository's units and languages, built once per test process into a
/// temporary directory: what an app ships in its bundle. This file is the
/// only one of the target that imports more than the runtime.
enum BuiltData {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build directory (a generation: manifest, database, pack).
    static let directory: String = {
        let path = NSTemporaryDirectory() + "unitpack-api-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            _ = try BuildPipeline.build(source: repository.path, output: path)
        } catch {
            fatalError("cannot build the repository's data for the API tests: \(error)")
        }
        return path
    }()
}
