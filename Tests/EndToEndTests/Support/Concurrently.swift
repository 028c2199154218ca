import Foundation

/// A test's independent runs spread over threads. An end-to-end test that
/// runs the CLI hundreds of times (a damaged database at every cut, every
/// line of a table) spent its time waiting on one child after another while
/// the other cores idled; `map` keeps several going at once.
///
/// The body runs outside the test's task, so it records no issue
/// (`#expect`, `Issue.record`): it returns what it saw, and the test checks
/// the results, in order, as it checked each run before.
enum Concurrently {
    /// How many runs at once: `UNITPACK_TEST_JOBS`, else the processor count
    /// (at least 2: the children, not these threads, use the processors).
    static let width: Int = {
        if let text = ProcessInfo.processInfo.environment["UNITPACK_TEST_JOBS"], let jobs = Int(text), jobs > 0 {
            return jobs
        }
        return max(2, ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// `items.map(body)`, up to `width` calls at once; the results in the
    /// items' order. When calls throw, the first item's error (in order) is
    /// rethrown once every call has returned.
    static func map<Item, Result>(_ items: [Item], width: Int = width, _ body: (Item) throws -> Result) throws -> [Result] {
        try withoutActuallyEscaping(body) { body in
            let work = Work(items: items, body: body)
            let threads = min(width, items.count)
            let done = DispatchGroup()
            for _ in 0..<max(0, threads - 1) {
                done.enter()
                let thread = Thread {
                    work.run()
                    done.leave()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
            if threads > 0 { work.run() }
            done.wait()
            // The threads may outlive this call by a moment: they must not
            // hold the body when it returns (withoutActuallyEscaping).
            work.release()
            return try work.results()
        }
    }

    /// The items, the next one to take, and what each call gave.
    private final class Work<Item, Output>: @unchecked Sendable {
        let items: [Item]
        var body: ((Item) throws -> Output)?
        let lock = NSLock()
        var next = 0
        var outcomes: [Swift.Result<Output, any Error>?]

        init(items: [Item], body: @escaping (Item) throws -> Output) {
            self.items = items
            self.body = body
            outcomes = Array(repeating: nil, count: items.count)
        }

        func run() {
            while true {
                lock.lock()
                let index = next
                next += 1
                let body = self.body
                lock.unlock()
                guard index < items.count, let body else { return }
                let outcome = Swift.Result { try body(items[index]) }
                lock.lock()
                outcomes[index] = outcome
                lock.unlock()
            }
        }

        func release() {
            lock.lock()
            body = nil
            lock.unlock()
        }

        func results() throws -> [Output] {
            try outcomes.map { try $0!.get() }
        }
    }
}
