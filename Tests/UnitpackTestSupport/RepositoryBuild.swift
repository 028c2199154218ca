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
        let outcome = try BuildPipeline.build(source: root, output: path)
        // Sources with errors build nothing, and throw nothing: say which.
        guard outcome.summary != nil else {
            throw SourceErrors(diagnostics: outcome.diagnostics.filter { $0.severity == .error }.map(\.rendered))
        }
        return path
    }

    /// The repository's sources have errors, so nothing was built.
    public struct SourceErrors: Error, CustomStringConvertible {
        public var diagnostics: [String]

        public var description: String {
            "the repository's sources (\(RepositoryBuild.root)) have \(diagnostics.count) error(s):\n"
                + diagnostics.joined(separator: "\n")
        }
    }

    /// The build output directory (a `manifest.tsv` and the files it names);
    /// the build's error, the same each time, when the sources do not build.
    public static func directory() throws -> String { try built.get() }
}
