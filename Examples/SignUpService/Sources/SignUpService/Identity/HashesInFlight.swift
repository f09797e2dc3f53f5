import Synchronization

/// The password hashes and checks running now, and the most that ever ran at once: what
/// ``PasswordHasher``'s bound holds down (each fills the memory of its parameters).
final class HashesInFlight: Sendable {
    private let running = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)

    /// The most that ran at once so far.
    var most: Int { peak.load(ordering: .relaxed) }

    /// Runs `body`, counted while it runs.
    func run<Value>(_ body: () throws -> Value) rethrows -> Value {
        let now = running.add(1, ordering: .relaxed).newValue
        peak.max(now, ordering: .relaxed)
        defer { running.subtract(1, ordering: .relaxed) }
        return try body()
    }
}
