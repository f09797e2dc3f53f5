/// The smooth limits (``RateLimit``) of every instance, in the database's `rate_limits` table:
/// one statement per attempt for all of its keys, so that concurrent attempts on any instance
/// cannot pass a check made before the others were charged, and a failover (the table is
/// logged and replicated) keeps every budget.
///
/// Time is the caller's: Unix microseconds from an injected clock, bound into the statement.
/// Instances whose clocks differ by `d` let a key through at most `d / emissionInterval` (rounded
/// up) attempts early, once: a key's arrival time only ever grows by one interval a charge.
struct RateLimiter: Sendable {
    /// The tables.
    let store: any DataStore

    /// Counts one attempt at `now` against each of `charges` in one statement. A key that
    /// conforms is charged even when another refuses: no key ever admits more than its limit,
    /// and a client refused at one key spends its budget at the others while it keeps trying.
    /// A key named twice is counted once, under its first limit.
    func take(_ charges: [RateLimitCharge], now: Int64) async throws -> RateLimitDecision {
        RateLimitDecision(try await states(after: charges, now: now), now: now)
    }

    /// Each key of `charges` (a key named twice counted once, under its first limit) after one
    /// attempt at `now`, in one statement; none for no charge.
    func states(after charges: [RateLimitCharge], now: Int64) async throws -> [RateLimitState] {
        var seen: Set<String> = []
        let unique = charges.filter { seen.insert($0.key).inserted }
        guard !unique.isEmpty else { return [] }
        return try await store.session { tables in try await tables.limits.take(unique, now: now) }
    }

    /// Gives back one attempt (one emission interval) of each of `keys`, as if it had not been
    /// made; a key back at its full budget at `now` goes.
    func giveBack(_ keys: [String], now: Int64) async throws {
        try await store.session { tables in try await tables.limits.giveBack(keys, now: now) }
    }

    /// Forgets `keys`: each has its full budget again.
    func clear(_ keys: [String]) async throws {
        try await store.session { tables in try await tables.limits.clear(keys) }
    }

    /// Forgets `forgotten` and gives one attempt back to each of `givenBack` at `now`, on one
    /// connection (a success: the subject's budget full again, the address's attempt returned).
    func settle(forgetting forgotten: [String], givingBack givenBack: [String], now: Int64) async throws {
        try await store.session { tables in
            try await tables.limits.clear(forgotten)
            try await tables.limits.giveBack(givenBack, now: now)
        }
    }
}
