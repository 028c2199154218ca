import Foundation

/// The repository's own sources (`units-src/` at the package root).
enum RepositoryData {
    static var root: String { Paths.packageRoot.path }

    /// Builds the repository's sources into `output` with the real CLI.
    static func build(into output: String) throws {
        let result = try CLI.run(["build", "--source", root, "--output", output])
        guard result.status == 0 else {
            throw CLIError(description: "building the repository's units-src failed:\n\(result)")
        }
    }
}

/// A fresh build of the repository's data in a scratch directory, for suites
/// that query it: a suite stores one, so each test gets its own.
final class BuiltRepositoryDatabase: Sendable {
    let temporary: OwnedTemporaryDirectory
    /// The `--data` directory: holds `units.sqlite`.
    let dist: String

    init() throws {
        temporary = try OwnedTemporaryDirectory()
        dist = temporary.path("dist")
        try RepositoryData.build(into: dist)
    }

    /// `unitpack convert --data DIST ARGUMENTS`.
    func convert(_ arguments: [String], input: String? = nil) throws -> CLIResult {
        try CLI.run(["convert", "--data", dist] + arguments, input: input)
    }
}
