import Dispatch
import Testing

@_spi(ToolInternals) @testable import KiiIdentityExport

/// ``PThreadLocked`` orders its users: run under ThreadSanitizer (`.ci/run`, `make sanitize`),
/// an access it does not order is reported as a race and fails the run.
@Suite struct PThreadLockedTests {
    @Test("8 threads, 20,000 updates each: none lost")
    func updatesAreNotLost() {
        let counts = PThreadLocked([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<20_000 {
                counts.withLock { $0[step % 16, default: 0] += thread + 1 }
            }
        }
        let totals = counts.withLock { $0 }
        // Each of the 16 keys gets 20,000 / 16 updates from every thread, worth 1 + 2 + ... + 8.
        #expect(totals.count == 16)
        #expect(totals.values.allSatisfy { $0 == 1_250 * 36 })
    }

    @Test("what the body throws comes out, and the lock is free again")
    func throwingBodyReleasesTheLock() {
        struct Refused: Error {}
        let value = PThreadLocked(1)
        #expect(throws: Refused.self) { try value.withLock { _ in throw Refused() } }
        value.withLock { $0 += 1 }
        #expect(value.withLock { $0 } == 2)
    }
}
