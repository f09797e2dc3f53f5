import Foundation

/// Runs blocking work (a socket's reads and connects) on a thread of its own, not on Swift's
/// cooperative pool: a server in the test's own process answers on that pool, and so does the
/// test client of every other suite running meanwhile; two blocking reads on two cores would
/// hold all of them up.
func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
