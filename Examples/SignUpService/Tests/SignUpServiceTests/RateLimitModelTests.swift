import Foundation
import SQLKit
import Testing

@testable import SignUpService

/// The smooth limit (issue 51, 1) against its definition: a plain GCRA in the test
/// (``ReferenceGCRA``) and the real limiter (``RateLimiter``: one statement per attempt in
/// `rate_limits`) given the same random arrivals must decide every one alike, `Retry-After`
/// included; no window edge doubles the budget; concurrent attempts through two connections
/// admit exactly the burst.
@Suite struct RateLimitModelTests {
    typealias Limit = ReferenceGCRA.Limit

    /// Subjects (with an address, as the throttle keys them) and their limits: the service's
    /// defaults, small ones, one that does not divide a minute, one whose burst is not its rate.
    static let subjects: [(key: String, limit: Limit)] = [
        ("login:username:ann@203.0.113.7", Limit(burst: 5, perMinute: 5)),
        ("login:email:ann@example.com@203.0.113.7", Limit(burst: 5, perMinute: 5)),
        ("code:u-1@203.0.113.7", Limit(burst: 3, perMinute: 3)),
        ("lookup:user:u-2", Limit(burst: 7, perMinute: 7)),
        ("reset:u-3@198.51.100.4", Limit(burst: 1, perMinute: 1)),
        ("odd:burst", Limit(burst: 4, perMinute: 11)),
    ]
    static let addresses: [(key: String, limit: Limit)] = [
        ("address:203.0.113.7", Limit(burst: 20, perMinute: 20)),
        ("address:198.51.100.4", Limit(burst: 6, perMinute: 6)),
    ]
    /// 2027-01-15 in Unix microseconds.
    static let start: Int64 = 1_800_000_000_000_000

    /// The limiter's limit for a model's: from the per-minute setting when burst and rate agree
    /// (as the configuration gives them), from the burst and interval otherwise.
    static func rateLimit(_ limit: Limit) -> RateLimit {
        limit.burst == limit.perMinute
            ? RateLimit(perMinute: Int(limit.perMinute)) : RateLimit(burst: Int(limit.burst), per: limit.interval)
    }

    static func charges(_ keys: [(key: String, limit: Limit)]) -> [RateLimitCharge] {
        keys.map { RateLimitCharge(key: $0.key, limit: rateLimit($0.limit)) }
    }

    /// What a run found: decisions that differ from the model's (the first few), and counts.
    struct Outcome {
        var mismatches: [String] = []
        var admitted = 0
        var refused = 0
        /// The model after the last arrival, and the time then.
        var model = ReferenceGCRA()
        var end: Int64 = 0
    }

    /// `count` random arrivals (several keys each, bursts at one instant, gaps from a
    /// microsecond to two minutes, attempts given back and keys forgotten) through `limiter`
    /// and the model, from `seed`.
    static func run(_ limiter: RateLimiter, seed: UInt64, count: Int) async throws -> Outcome {
        var random = SeededGenerator(seed: seed)
        var model = ReferenceGCRA()
        var outcome = Outcome()
        var now = start
        var last: [String] = []
        for index in 0..<count {
            switch random.next() % 10 {
            case 0, 1, 2: break
            case 3, 4: now += Int64(random.next() % 2_000)
            case 5, 6: now += Int64(random.next() % 3_000_000)
            case 7, 8: now += Int64(random.next() % 15_000_000)
            default: now += 30_000_000 + Int64(random.next() % 100_000_000)
            }
            switch random.next() % 100 {
            case 0..<6:
                try await limiter.giveBack(last, now: now)
                model.giveBack(last, now: now)
            case 6..<10:
                let key = Self.subjects[Int(random.next() % UInt64(Self.subjects.count))].key
                try await limiter.clear([key])
                model.clear([key])
            default:
                var keys = [Self.subjects[Int(random.next() % UInt64(Self.subjects.count))]]
                if random.next() % 3 == 0 {
                    let other = Self.subjects[Int(random.next() % UInt64(Self.subjects.count))]
                    if other.key != keys[0].key { keys.append(other) }
                }
                if random.next() % 5 != 0 {
                    keys.append(Self.addresses[Int(random.next() % UInt64(Self.addresses.count))])
                }
                let decision = try await limiter.take(charges(keys), now: now)
                let expected = model.take(keys, now: now)
                if decision.retryAfter != expected, outcome.mismatches.count < 5 {
                    outcome.mismatches.append(
                        "arrival \(index) at +\(now - start) µs on \(keys.map(\.key)): "
                            + "limiter \(decision.retryAfter.map(String.init) ?? "admitted"), "
                            + "model \(expected.map(String.init) ?? "admitted")"
                    )
                }
                if expected == nil { outcome.admitted += 1 } else { outcome.refused += 1 }
                last = keys.map(\.key)
            }
        }
        outcome.model = model
        outcome.end = now
        return outcome
    }

    static let seed: UInt64 = 0x51_6C69_6D69_74

    @Test func theLimitsIntervalsAreTheDefinitions() {
        for limit in (Self.subjects + Self.addresses).map(\.limit) + [
            Limit(burst: 60, perMinute: 60), Limit(burst: 1, perMinute: 1_000_000),
        ] {
            let rateLimit = Self.rateLimit(limit)
            #expect(rateLimit.emissionInterval == limit.interval, "\(limit)")
            #expect(rateLimit.tolerance == limit.tolerance, "\(limit)")
        }
        #expect(RateLimit(perMinute: 5).emissionInterval == 12_000_000)
        #expect(RateLimit(perMinute: 5).tolerance == 48_000_000)
        #expect(RateLimit(perMinute: 7).emissionInterval == 8_571_429)
    }

    @Test func theLimiterInMemoryDecidesAsTheModel() async throws {
        let outcome = try await Self.run(RateLimiter(store: MemoryDataStore()), seed: Self.seed, count: 4_000)
        #expect(outcome.mismatches == [])
        #expect(outcome.admitted > 500)
        #expect(outcome.refused > 500)
    }

    @Test(arguments: Backend.enabled)
    func theLimiterDecidesAsTheModel(backend: Backend) async throws {
        try await withService(backend) { service in
            let limiter = RateLimiter(store: SQLDataStore(pool: service.server.pool))
            let outcome = try await Self.run(limiter, seed: Self.seed, count: 4_000)
            #expect(outcome.mismatches == [])
            #expect(outcome.admitted > 500)
            #expect(outcome.refused > 500)
            // The table holds the model's arrival times (a row at or before now is a full budget).
            let rows = try await service.server.pool.withConnection { database in
                try await database.raw("SELECT limit_key, tat FROM rate_limits").all().map {
                    (try $0.decode(column: "limit_key", as: String.self), try $0.decode(column: "tat", as: Int64.self))
                }
            }
            let stored = Dictionary(uniqueKeysWithValues: rows.filter { $0.1 > outcome.end })
            #expect(stored == outcome.model.arrivals.filter { $0.value > outcome.end })
            #expect(!stored.isEmpty)
        }
    }

    /// Five at the last microsecond of a minute, five at the first of the next: five admitted,
    /// and the sixth exactly when its interval has passed, not a microsecond before.
    @Test(arguments: Backend.enabled)
    func noWindowEdgeDoublesTheBudget(backend: Backend) async throws {
        try await withService(backend) { service in
            let limiter = RateLimiter(store: SQLDataStore(pool: service.server.pool))
            let key = [RateLimitCharge(key: "login:username:ann@203.0.113.7", limit: RateLimit(perMinute: 5))]
            let edge = Self.start + RateLimit.minute
            #expect(edge % RateLimit.minute == 0)
            var decisions: [Int64?] = []
            for _ in 0..<5 { decisions.append(try await limiter.take(key, now: edge - 1).retryAfter) }
            for _ in 0..<5 { decisions.append(try await limiter.take(key, now: edge).retryAfter) }
            #expect(decisions == [nil, nil, nil, nil, nil, 12, 12, 12, 12, 12])
            // Arrival time: edge - 1 + 60 s; the next conforms 48 s (the tolerance) before it.
            #expect(try await limiter.take(key, now: edge - 1 + 12_000_000 - 1).retryAfter == 1)
            #expect(try await limiter.take(key, now: edge - 1 + 12_000_000).admitted)
            #expect(try await limiter.take(key, now: edge - 1 + 12_000_000).retryAfter == 12)
        }
    }

    /// 40 attempts at one instant, half through each of two connections (two services on one
    /// database), on two keys named in either order (burst 10 and 5): exactly 5 admitted, no
    /// deadlock, and each key charged exactly its burst.
    @Test(arguments: Backend.enabled)
    func concurrentAttemptsThroughTwoConnectionsAdmitExactlyTheBurst(backend: Backend) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        }
        let shared: [Setting] = backend == .sqlite ? [.database(.sqliteFile(path: file))] : []
        try await withService(backend, settings: shared) { first in
            try await withService(backend, .database(first.server.configuration.database)) { second in
                let limiters = [first, second].map { RateLimiter(store: SQLDataStore(pool: $0.server.pool)) }
                let wide = RateLimitCharge(key: "address:203.0.113.7", limit: RateLimit(perMinute: 10))
                let narrow = RateLimitCharge(key: "login:username:ann@203.0.113.7", limit: RateLimit(perMinute: 5))
                let now = Self.start
                let decisions = try await withThrowingTaskGroup(of: RateLimitDecision.self) { group in
                    for index in 0..<40 {
                        let limiter = limiters[index % 2]
                        let charges = index % 4 < 2 ? [wide, narrow] : [narrow, wide]
                        group.addTask { try await limiter.take(charges, now: now) }
                    }
                    var decisions: [RateLimitDecision] = []
                    for try await decision in group { decisions.append(decision) }
                    return decisions
                }
                #expect(decisions.filter(\.admitted).count == 5)
                #expect(decisions.filter { $0.retryAfter == 12 }.count == 35)
                let rows = try await first.server.pool.withConnection { database in
                    try await database.raw("SELECT limit_key, tat FROM rate_limits ORDER BY limit_key").all().map {
                        try $0.decode(column: "tat", as: Int64.self)
                    }
                }
                #expect(rows == [now + 60_000_000, now + 60_000_000])
            }
        }
    }
}
