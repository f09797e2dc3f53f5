import NIOConcurrencyHelpers

/// Time summed over calls when the benchmark asks for it (``ServiceConfiguration/benchmarkRoutes``):
/// the time spent inside KiiIdentity's calls, and the time of whole requests, whose ratio is the
/// share of a request spent in the library. Off, measuring costs one branch.
public struct LibraryTime: Sendable {
    private let totals: NIOLockedValueBox<Totals>?

    /// The sums.
    public struct Totals: Sendable {
        /// Calls measured.
        public var calls = 0
        /// Their time, in nanoseconds.
        public var nanoseconds: Int64 = 0
    }

    /// Measuring on or off.
    public init(enabled: Bool) {
        totals = enabled ? NIOLockedValueBox(Totals()) : nil
    }

    /// Runs `body`, adding its time to the totals when measuring.
    public func measure<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard totals != nil else { return try body() }
        let start = ContinuousClock.now
        defer { add(ContinuousClock.now - start) }
        return try body()
    }

    /// Adds one call of `elapsed` to the totals when measuring.
    public func add(_ elapsed: Duration) {
        guard let totals else { return }
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        totals.withLockedValue {
            $0.calls += 1
            $0.nanoseconds += nanoseconds
        }
    }

    /// The sums so far, and resets them when `reset`.
    public func read(reset: Bool = false) -> Totals {
        guard let totals else { return Totals() }
        return totals.withLockedValue { current in
            defer { if reset { current = Totals() } }
            return current
        }
    }
}
