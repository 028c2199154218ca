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

    private static let sharedDirectory = NSTemporaryDirectory() + "unitpack-e2e-repository-" + UUID().uuidString

    /// The repository's sources built by the CLI once per test process, on
    /// first use, and removed at exit. Each suite that queried the data
    /// built it again for every test (Swift Testing makes a suite instance
    /// per test): about 5 s each, most of the end-to-end tests' time.
    /// Unlike `RepositoryBuild` (the compiler called in-process), this is
    /// `unitpack build`'s own output, which these suites test.
    ///
    /// Read-only by agreement: a test that damages or replaces a file uses
    /// `BuiltRepositoryDatabase.ownCopy()`. (File modes would not enforce it:
    /// the tests may run as root.)
    private static let shared: Result<String, CLIError> = {
        // Registered before the build, so that a failed build's leftovers go too.
        atexit { try? FileManager.default.removeItem(atPath: RepositoryData.sharedDirectory) }
        let dist = sharedDirectory + "/dist"
        do {
            try build(into: dist)
            return .success(dist)
        } catch let error as CLIError {
            return .failure(error)
        } catch {
            return .failure(CLIError(description: "building the repository's units-src failed: \(error)"))
        }
    }()

    /// The `--data` directory of the shared build; its error, the same for
    /// every test, when the sources do not build.
    static func sharedDist() throws -> String { try shared.get() }
}

/// The repository's data as `unitpack build` writes it, with a scratch
/// directory of the test's own (removed with it).
final class BuiltRepositoryDatabase: Sendable {
    let temporary: OwnedTemporaryDirectory
    /// The `--data` directory: holds the manifest and the files it names.
    /// Shared by every test of the process unless made by `ownCopy()`: read it, never change it.
    let dist: String

    /// The process's shared build (built on first use) and a fresh scratch directory.
    init() throws {
        temporary = try OwnedTemporaryDirectory()
        dist = try RepositoryData.sharedDist()
    }

    private init(temporary: OwnedTemporaryDirectory, dist: String) {
        self.temporary = temporary
        self.dist = dist
    }

    /// A copy of the shared build in the test's scratch directory, for a test
    /// that damages, removes or replaces the files of a generation.
    static func ownCopy() throws -> BuiltRepositoryDatabase {
        let temporary = try OwnedTemporaryDirectory()
        let dist = temporary.path("dist")
        try Files.copyTree(try RepositoryData.sharedDist(), to: dist)
        return BuiltRepositoryDatabase(temporary: temporary, dist: dist)
    }

    /// `unitpack convert --data DIST ARGUMENTS`.
    func convert(_ arguments: [String], input: String? = nil) throws -> CLIResult {
        try CLI.run(["convert", "--data", dist] + arguments, input: input)
    }

    /// `unitpack search --data DIST ARGUMENTS`.
    func search(_ arguments: [String]) throws -> CLIResult {
        try CLI.run(["search", "--data", dist] + arguments)
    }
}
