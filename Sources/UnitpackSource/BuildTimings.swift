import Foundation

/// `unitpack build --timings`: when each piece of the build started and
/// ended, and on which thread. The build's pieces run side by side on the
/// cores (`Parallel`), so its wall time is the longest chain of pieces on
/// one core, not their sum; a profile counts instructions, not chains. A
/// change that makes the build faster should shorten the chain that ends
/// last; this shows which one that is (docs/benchmarks.md, "The build on
/// two cores").
///
/// Off unless `start()` was called: a mark then only looks at a lock.
public enum BuildTimings {
    /// A piece of work: milliseconds since `start()`, and the thread, 1 for
    /// the first that recorded a piece, 2 for the next, and so on.
    public struct Span: Sendable, Equatable {
        public var name: String
        public var start: Double
        public var end: Double
        public var thread: Int
    }

    /// Starts recording (again): the spans so far are dropped.
    public static func start() {
        recorder.withLock { $0 = State(origin: ContinuousClock.now) }
    }

    /// Stops recording; the spans recorded, in the order they ended.
    @discardableResult
    public static func stop() -> [Span] {
        recorder.withLock { state in
            defer { state = nil }
            return state?.spans ?? []
        }
    }

    /// `body()`, recorded as `name` when recording.
    public static func measure<T>(_ name: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard recorder.withLock({ $0 != nil }) else { return try body() }
        let start = ContinuousClock.now
        let value = try body()
        let end = ContinuousClock.now
        let thread = pthread_self()
        let label = name()
        recorder.withLock { state in
            guard var recording = state else { return }
            let number: Int
            if let known = recording.threads.firstIndex(of: thread) {
                number = known + 1
            } else {
                recording.threads.append(thread)
                number = recording.threads.count
            }
            recording.spans.append(
                Span(name: label, start: milliseconds(start - recording.origin), end: milliseconds(end - recording.origin),
                     thread: number))
            state = recording
        }
        return value
    }

    /// The spans as a table: one line a span, in the order they started,
    /// its start and end (ms since the build began), length, and thread.
    public static func table(_ spans: [Span]) -> String {
        let sorted = spans.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        let width = sorted.map(\.name.count).max() ?? 0
        var lines = ["\("piece".padding(toLength: width, withPad: " ", startingAt: 0))   start     end  length  thread"]
        for span in sorted {
            lines.append(
                span.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + " " + fixed(span.start) + " " + fixed(span.end) + " " + fixed(span.end - span.start)
                    + "  " + String(repeating: " ", count: max(0, 6 - String(span.thread).count)) + String(span.thread))
        }
        return lines.joined(separator: "\n")
    }

    private struct State {
        var origin: ContinuousClock.Instant
        var spans: [Span] = []
        var threads: [pthread_t] = []
    }

    private static let recorder = Mutex<State?>(nil)

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// `12.3` right-aligned in 7 characters.
    private static func fixed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let text = "\(tenths / 10).\(abs(tenths % 10))"
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }
}

/// A lock around a value (the stdlib's `Synchronization.Mutex` needs
/// macOS 15 on Apple platforms; the build tool runs on older ones).
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
