import Foundation

/// The build's independent pieces of work on every core: a language's
/// files, a check rule, a language's composed names, the database's rows
/// and the search pack. Each piece reads what it is given and returns a
/// value, and the values come back in the order of the pieces, so the
/// output is the same bytes whatever ran first. On one core (or with
/// `UNITPACK_BUILD_THREADS=1`) it is a plain `map`.
///
/// A `Parallel` inside a piece of another runs on that piece's core
/// alone: libdispatch divides `concurrentPerform`'s width among nested
/// applies, and two cores shared by two pieces leave one thread each.
/// Work that should share the cores is one `Parallel` of all its pieces
/// (docs/benchmarks.md, "The build on two cores").
public enum Parallel {
    /// `items.map(transform)`, the items shared among the cores.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1, isEnabled else { return items.map(transform) }
        let results = Results<R>(count: items.count)
        items.withUnsafeBufferPointer { items in
            let items = UncheckedSendable(items)
            DispatchQueue.concurrentPerform(iterations: items.value.count) { index in
                results.store(transform(items.value[index]), at: index)
            }
        }
        return results.values
    }

    /// `(first(), second())`, the two run side by side.
    public static func both<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        let values = map([0, 1]) { index -> Either<A, B> in index == 0 ? .first(first()) : .second(second()) }
        guard case .first(let a) = values[0], case .second(let b) = values[1] else { fatalError("Parallel.both: results out of order") }
        return (a, b)
    }

    private enum Either<A: Sendable, B: Sendable>: Sendable {
        case first(A)
        case second(B)
    }

    /// Off where the environment asks for one thread (to profile or compare).
    private static let isEnabled: Bool = {
        ProcessInfo.processInfo.environment["UNITPACK_BUILD_THREADS"] != "1"
    }()

    /// One slot per item, each written by one thread only, read after all have finished.
    private final class Results<R>: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<R?>
        private let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
        }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }

        func store(_ value: R, at index: Int) { slots[index] = value }

        var values: [R] { (0..<count).map { slots[$0]! } }
    }

    private struct UncheckedSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
