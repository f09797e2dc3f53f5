#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a POSIX mutex: the lock that ThreadSanitizer sees.
///
/// The standard library's `Mutex` hands a contended lock over in the kernel (a priority-
/// inheriting futex on Linux), where ThreadSanitizer cannot see the hand-over, so it reports the
/// accesses that the lock orders as races. `pthread_mutex_lock` is intercepted by the sanitizer,
/// so the order it makes is seen. The value and the mutex live in one allocation that the
/// instance owns.
@_spi(ToolInternals)
public final class PThreadLocked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Puts `value` behind a new mutex.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Every access to the value is under the lock, so the box may be shared when its value may be.
extension PThreadLocked: @unchecked Sendable where Value: Sendable {}
