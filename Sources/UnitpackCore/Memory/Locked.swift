#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a lock of the platform's own: `os_unfair_lock` on Apple
/// platforms (iOS 10, watchOS 3, macOS 10.12, tvOS 10), a `pthread_mutex_t`
/// elsewhere. It replaces `Synchronization.Mutex`, which Apple platforms have
/// only from iOS 18 / watchOS 11 / macOS 15, so that an app with an older
/// deployment target can link the runtime (docs/platforms.md).
///
/// The lock lives in memory of its own, allocated once and never moved:
/// neither kind of lock may be copied or moved once in use, which a stored
/// property of a class or struct cannot promise. Not reentrant: `body` must
/// not take the same lock again (both kinds would deadlock or trap).
///
/// Unlike `Mutex`, the compiler does not check that what `body` returns is
/// safe to send out of the lock: the runtime's callers return values
/// (`Sendable` structs, arrays of them) or objects they hold only under it.
package final class Locked<Value>: @unchecked Sendable {
    #if canImport(Darwin)
        private typealias Primitive = os_unfair_lock_s
    #else
        private typealias Primitive = pthread_mutex_t
    #endif

    private let primitive: UnsafeMutablePointer<Primitive>
    // Every access is under the lock, which already excludes overlapping
    // ones: the dynamic exclusivity check would only cost time.
    @exclusivity(unchecked) private var value: Value

    package init(_ value: Value) {
        self.value = value
        primitive = .allocate(capacity: 1)
        #if canImport(Darwin)
            primitive.initialize(to: os_unfair_lock_s())
        #else
            primitive.initialize(to: pthread_mutex_t())
            // Default attributes: a normal mutex, which glibc and musl
            // initialise without allocating: a failure would be a bug.
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Runs `body` with the value, holding the lock; releases it however
    /// `body` ends (a return or a throw).
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    private func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
        #else
            let status = pthread_mutex_lock(primitive)
            // Only EINVAL (not initialised) or EDEADLK (error-checking mutexes)
            // are possible: both would be a bug here, never a state to go on from.
            precondition(status == 0, "pthread_mutex_lock failed: \(status)")
        #endif
    }

    private func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(primitive)
        #else
            let status = pthread_mutex_unlock(primitive)
            precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
        #endif
    }
}
