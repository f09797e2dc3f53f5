import KiiIdentity
import NIOConcurrencyHelpers

/// Where the time of requests goes, summed while the benchmark runs (``ServiceConfiguration/benchmarkRoutes``):
/// KiiIdentity's calls, bcrypt, the database's transactions (waiting for the connection included)
/// and whole requests. Off, measuring costs one branch.
public struct BenchmarkTimings: Sendable {
    /// Time inside KiiIdentity's calls (reading and validating a body, the error's JSON, the user's JSON).
    public let library: TimeTotal
    /// Time hashing passwords, on the hashing threads (not waiting for one).
    public let bcrypt: TimeTotal
    /// Time in the store's write of a sign-up, waiting for a connection included.
    public let database: TimeTotal
    /// Time of whole requests, from the middleware's start to its answer.
    public let request: TimeTotal

    /// Measuring on or off.
    public init(enabled: Bool) {
        library = TimeTotal(enabled: enabled)
        bcrypt = TimeTotal(enabled: enabled)
        database = TimeTotal(enabled: enabled)
        request = TimeTotal(enabled: enabled)
    }

    /// `{"library":{"calls","nanoseconds"},"bcrypt":…,"database":…,"request":…}`, and resets
    /// the sums when `reset`.
    func json(reset: Bool) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for (name, total) in [("library", library), ("bcrypt", bcrypt), ("database", database), ("request", request)] {
            let sums = total.read(reset: reset)
            members[name] = ["calls": .integer(sums.calls), "nanoseconds": .integer(Int(sums.nanoseconds))]
        }
        return .object(members)
    }
}

/// One sum of durations and of the calls they took.
public struct TimeTotal: Sendable {
    private let totals: NIOLockedValueBox<Sums>?

    /// The sums.
    public struct Sums: Sendable {
        /// Calls measured.
        public var calls = 0
        /// Their time, in nanoseconds.
        public var nanoseconds: Int64 = 0
    }

    /// Measuring on or off.
    public init(enabled: Bool) {
        totals = enabled ? NIOLockedValueBox(Sums()) : nil
    }

    /// Runs `body`, adding its time when measuring.
    public func measure<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard totals != nil else { return try body() }
        let start = ContinuousClock.now
        defer { add(ContinuousClock.now - start) }
        return try body()
    }

    /// Runs `body`, adding its time when measuring.
    public func measureAsync<Result>(_ body: () async throws -> Result) async throws -> Result {
        guard totals != nil else { return try await body() }
        let start = ContinuousClock.now
        defer { add(ContinuousClock.now - start) }
        return try await body()
    }

    /// Adds one call of `elapsed` when measuring.
    public func add(_ elapsed: Duration) {
        guard let totals else { return }
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        totals.withLockedValue {
            $0.calls += 1
            $0.nanoseconds += nanoseconds
        }
    }

    /// The sums so far; resets them when `reset`.
    public func read(reset: Bool = false) -> Sums {
        guard let totals else { return Sums() }
        return totals.withLockedValue { current in
            defer { if reset { current = Sums() } }
            return current
        }
    }
}
