import Dispatch
import NIOConcurrencyHelpers
import Testing

@testable import SignUpService

/// `DATABASE_TIMEOUT_SECONDS` bounds a request even when the database operation ignores the
/// cancellation the timeout sends it (a PostgresNIO operation on a connection lost in an
/// immediate restart did, and requests hung for minutes: found by `ChaosTests`).
@Suite struct DatabaseTimeoutTests {
    /// A body that ends 30 s after it starts, whatever happens to its task.
    static func deaf(_ ended: NIOLockedValueBox<Bool>) async -> Int {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
                ended.withLockedValue { $0 = true }
                continuation.resume(returning: 1)
            }
        }
    }

    @Test func aBodyDeafToCancellationIsAnsweredAtTheTimeout() async throws {
        let ended = NIOLockedValueBox(false)
        let start = ContinuousClock.now
        await #expect(throws: DatabaseUnavailable.self) {
            try await DatabaseUnavailable.within(.milliseconds(200)) { await Self.deaf(ended) }
        }
        // Long before the body ends (a loaded machine may delay the timer, not by 30 s).
        #expect(!ended.withLockedValue { $0 }, "answered only when the body ended")
        print("a body deaf to cancellation: answered after \(ContinuousClock.now - start) (timeout 0.2 s)")
    }

    @Test func aQuickBodyGivesItsResultAndItsError() async throws {
        #expect(try await DatabaseUnavailable.within(.seconds(5)) { 42 } == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await DatabaseUnavailable.within(.seconds(5)) { () async throws -> Int in throw Refused() }
        }
        #expect(try await DatabaseUnavailable.within(nil) { 7 } == 7)
    }

    @Test func aCancelledCallerIsAnsweredAtOnce() async throws {
        let ended = NIOLockedValueBox(false)
        let caller = Task { try await DatabaseUnavailable.within(.seconds(60)) { await Self.deaf(ended) } }
        try await Task.sleep(for: .milliseconds(100))
        let start = ContinuousClock.now
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(!ended.withLockedValue { $0 }, "answered only when the body ended")
        print("a cancelled caller: answered after \(ContinuousClock.now - start)")
    }
}
