import Foundation

/// What one run of the `unitpack` executable produced.
struct CLIResult: Sendable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    /// The exit status, or the signal number when `exitedNormally` is false.
    var status: Int32
    /// False when the process was killed by a signal (a crash, a trap).
    var exitedNormally: Bool

    var description: String {
        "status \(status)\(exitedNormally ? "" : " (signal)")\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
}

/// Runs the built `unitpack` executable as a user would.
enum CLI {
    /// The executable under test: `$UNITPACK_BIN` if set, else the `unitpack`
    /// next to the running test executable (SwiftPM builds every product into
    /// one directory, and this test target depends on `unitpack`).
    static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["UNITPACK_BIN"], !override.isEmpty {
            return override
        }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("unitpack").path
        }
        // No /proc (macOS): the resource bundle sits in the same build directory.
        return Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("unitpack").path
    }()

    /// How long a run may take when its test gives no `timeout`: far longer
    /// than any command takes on a loaded machine (a build of the repository
    /// takes seconds). A run still going then is a hang: it is stopped and
    /// its test fails saying so, where CI used to wait until its own limit.
    /// `UNITPACK_E2E_TIMEOUT` (seconds) overrides it.
    static let defaultTimeout: Duration = {
        if let text = ProcessInfo.processInfo.environment["UNITPACK_E2E_TIMEOUT"], let seconds = Int(text), seconds > 0 {
            return .seconds(seconds)
        }
        return .seconds(600)
    }()

    /// Runs `unitpack ARGUMENTS` in `directory` with `input` on its standard
    /// input (none by default) and waits for it. Output goes through files,
    /// so a large output cannot block the child on a full pipe.
    ///
    /// With `timeout`, a run still going after that long is stopped
    /// (SIGKILL): its result has `exitedNormally` false. For tests of what
    /// must not hang. Without, a run still going after `hangLimit`
    /// (`defaultTimeout`) is stopped and throws a `CLIError` naming the
    /// command and what it wrote.
    ///
    /// `environment`: variables added to this process's for the child (the
    /// build's test hook `UNITPACK_TEST_KILL_AT`).
    ///
    /// `standardOutput`, `standardError`: a file the child writes that
    /// stream to instead (`/dev/full`, for the tests of failed writes); the
    /// result's text of it is then empty.
    static func run(
        _ arguments: [String], in directory: String? = nil, input: String? = nil, timeout: Duration? = nil,
        executable: String? = nil, environment: [String: String] = [:], hangLimit: Duration = defaultTimeout,
        standardOutput: String? = nil, standardError: String? = nil
    ) throws -> CLIResult {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CLIError(
                description: "no unitpack executable at \(binary); run `swift build` or set UNITPACK_BIN")
        }
        let scratch = try TemporaryDirectory(prefix: "cli-output")
        defer { scratch.remove() }
        let outPath = scratch.path("stdout")
        let errPath = scratch.path("stderr")
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
            FileManager.default.createFile(atPath: errPath, contents: nil),
            let out = FileHandle(forWritingAtPath: standardOutput ?? outPath),
            let err = FileHandle(forWritingAtPath: standardError ?? errPath)
        else {
            throw CLIError(description: "cannot create output files in \(scratch.path)")
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let input {
            let inPath = scratch.path("stdin")
            try Data(input.utf8).write(to: URL(fileURLWithPath: inPath))
            process.standardInput = FileHandle(forReadingAtPath: inPath)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = out
        process.standardError = err
        // The termination handler, not waitUntilExit(): that one spins the
        // calling thread's run loop and has no limit.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let limit = timeout ?? hangLimit
        let stopped = exited.wait(timeout: .now() + .milliseconds(Int(limit / .milliseconds(1)))) == .timedOut
        if stopped {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        try out.close()
        try err.close()

        // A run stopped midway may have written part of a character; a
        // finished one writes UTF-8, and anything else fails its test.
        func text(_ path: String) throws -> String {
            stopped ? String(decoding: try Files.bytes(path), as: UTF8.self) : try String(contentsOfFile: path, encoding: .utf8)
        }
        let result = CLIResult(
            stdout: try text(outPath),
            stderr: try text(errPath),
            status: process.terminationStatus,
            exitedNormally: process.terminationReason == .exit)
        if stopped && timeout == nil {
            let command = ([process.executableURL?.path ?? binary] + arguments).map { $0.count > 200 ? String($0.prefix(200)) + "..." : $0 }
            throw CLIError(
                description: "\(command.joined(separator: " ")) did not finish in \(limit) and was stopped (SIGKILL); "
                    + "a hang, or a machine too loaded for UNITPACK_E2E_TIMEOUT:\n\(result)")
        }
        return result
    }
}
