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

    /// Runs `unitpack ARGUMENTS` in `directory` with `input` on its standard
    /// input (none by default) and waits for it. Output goes through files,
    /// so a large output cannot block the child.
    ///
    /// With `timeout`, a run still going after that long is stopped
    /// (SIGKILL): its result has `exitedNormally` false. For tests of what
    /// must not hang.
    ///
    /// `environment`: variables added to this process's for the child (the
    /// build's test hook `UNITPACK_TEST_KILL_AT`).
    static func run(
        _ arguments: [String], in directory: String? = nil, input: String? = nil, timeout: Duration? = nil,
        executable: String? = nil, environment: [String: String] = [:]
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
            let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath)
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
        try process.run()
        if let timeout {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            while process.isRunning && clock.now < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try out.close()
        try err.close()

        return CLIResult(
            stdout: try String(contentsOfFile: outPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errPath, encoding: .utf8),
            status: process.terminationStatus,
            exitedNormally: process.terminationReason == .exit)
    }
}
