import Foundation
import UnitpackCompiler

/// The repository's own sources, built once per test process for every suite
/// that reads them (a build takes seconds, and seven suites asked for one),
/// and removed when the process exits. Read-only by agreement: a test that
/// damages or changes data builds a copy of its own.
public enum RepositoryBuild {
    /// The repository's root (this file is Tests/UnitpackTestSupport/RepositoryBuild.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    private static let path = NSTemporaryDirectory() + "unitpack-repository-build-" + UUID().uuidString

    private static let built: Result<String, any Error> = Result {
        // Registered before the build, so that a failed build's leftovers go too.
        atexit { try? FileManager.default.removeItem(atPath: RepositoryBuild.path) }
        _ = try BuildPipeline.build(source: root, output: path)
        return path
    }

    /// The build output directory (a `manifest.tsv` and the files it names);
    /// the build's error, the same each time, when the sources do not build.
    public static func directory() throws -> String { try built.get() }
}
