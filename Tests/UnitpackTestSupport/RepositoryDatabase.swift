import UnitpackRuntime

extension RepositoryBuild {
    /// Why the repository's database is not there for a test: the sources did
    /// not build, or the build's database did not open. Thrown by
    /// `database()` to every test that asks, each of which fails with it
    /// while the rest of the run goes on (a `try!` stopped the whole process).
    public struct Failure: Error, CustomStringConvertible {
        public var stage: String
        public var underlying: any Error

        public var description: String {
            "the repository's database (\(RepositoryBuild.root)) is not there: \(stage) failed: \(underlying)"
        }
    }

    private static let opened: Result<UnitDatabase, Failure> = {
        let directory: String
        do { directory = try RepositoryBuild.directory() } catch { return .failure(Failure(stage: "the build", underlying: error)) }
        do { return .success(try UnitDatabase(directory: directory)) } catch {
            return .failure(Failure(stage: "opening \(directory)", underlying: error))
        }
    }()

    /// The database of the repository's build (`directory()`), opened once per
    /// test process and shared by every suite that reads it. Read-only by
    /// agreement, as the build: a test that changes data opens a copy of its
    /// own. Throws `Failure`, the same each time, when it cannot be had.
    public static func database() throws -> UnitDatabase { try opened.get() }
}
