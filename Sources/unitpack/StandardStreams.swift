import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every byte the command line writes to standard output goes through here
/// (issue 37, finding 8). `print` drops a failed write in silence: on a
/// full disk or `/dev/full` every command exited 0 with its output cut
/// (a dump kept 1 MB of its 1.97 MB). Here a write that fails is an error:
/// its message goes to standard error and the command exits 1, and output
/// stops where the failure was (`convert --batch` stops reading its input).
///
/// Output is kept in a buffer of its own and written with write(2), whose
/// errno is the reason given; what is still buffered at the end is written
/// by `ExitCheck`, which checks it too. (C's `stdout` cannot be named under
/// Swift 6's concurrency checks; ArgumentParser's help, written with
/// `print`, is flushed and checked at exit.)
enum StandardOutput {
    /// Writes `text` as it is (once the buffer is full).
    /// - Throws: `ExitCode.failure`, once the failure is reported.
    static func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Writes `text` and a line feed.
    static func line(_ text: String) throws {
        try write(text + "\n")
    }

    /// Hands what is buffered to the system now: at exit, and for output a
    /// person waits for (`build --watch` between builds).
    static func flush() throws {
        if let code = drain() { try fail(code) }
    }

    /// Writes the buffer out; the errno of a write that failed, else nil.
    static func drain() -> Int32? {
        defer { buffer.removeAll(keepingCapacity: true) }
        return writeAll(buffer, to: STDOUT_FILENO)
    }

    nonisolated(unsafe) private static var buffer: [UInt8] = []
    static let bufferLimit = 64 << 10

    /// Set once a failure was reported: it is reported once.
    nonisolated(unsafe) static var failed = false

    static func fail(_ code: Int32) throws -> Never {
        reportFailure(code)
        throw ExitCode.failure
    }

    static func reportFailure(_ code: Int32) {
        guard !failed else { return }
        failed = true
        printError("error: cannot write to standard output: \(systemMessage(code)); what was written is incomplete")
    }
}

/// Standard error, unbuffered. There is nowhere to report a failure to
/// write it; it is remembered, and the command exits 1 for it
/// (`ExitCheck`). Foundation's `FileHandle.standardError.write`, used
/// before, stopped the process with SIGILL on `2>/dev/full`.
enum StandardError {
    static func line(_ text: String) {
        if writeAll(Array((text + "\n").utf8), to: STDERR_FILENO) != nil { failed = true }
    }

    nonisolated(unsafe) static var failed = false
}

/// One line on standard error: every message of the command line.
func printError(_ text: String) {
    StandardError.line(text)
}

/// Writes every byte to `descriptor`, again after a short write or a
/// signal; the errno of a write that failed, else nil.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        #if canImport(Glibc)
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        #else
            let count = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        #endif
        if count < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += count
    }
    return nil
}

/// The check at exit, whichever way the process ends (a command's `run`
/// returning, an `ExitCode` thrown, ArgumentParser's help or usage error,
/// which it writes with C's streams and ends with `exit`): what is still
/// buffered is written, C's streams flushed and standard output closed,
/// each result checked, as GNU's `close_stdout` does. A failure there, or
/// any earlier one on either stream, makes the status 1.
enum ExitCheck {
    static func install() {
        atexit { ExitCheck.run() }
    }

    static func run() {
        if let code = StandardOutput.drain() { StandardOutput.reportFailure(code) }
        // `print`'s buffer (ArgumentParser's help) and every other C stream.
        if fflush(nil) != 0 { StandardOutput.reportFailure(errno) }
        // Some file systems report a failed write only when it is closed.
        if close(STDOUT_FILENO) != 0 && errno != EBADF { StandardOutput.reportFailure(errno) }
        // `exit` must not be called again from its own handler; `_exit`
        // ends the process with the status, the output settled.
        if StandardOutput.failed || StandardError.failed { _exit(EXIT_FAILURE) }
    }
}

/// `No space left on device` as a clause: `no space left on device (errno 28)`.
func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    return message.prefix(1).lowercased() + message.dropFirst() + " (errno \(code))"
}
