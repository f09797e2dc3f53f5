extension RateLimiter {
    /// Counts one attempt at `now` against each of `charges`, and keeps the charges only when
    /// every key admits it: when one refuses, the keys that admitted are given their attempt
    /// back (a second statement), so that a refused attempt, which does nothing, costs no key
    /// anything. For what is refused before it is done: a code that is not sent spends neither
    /// its destination's nor its user's budget. Between the two statements another attempt may
    /// see the charge and be refused: the limit errs on the side of refusing, never admits more.
    /// A key named twice is counted once, under its first limit.
    func takeAllOrNone(_ charges: [RateLimitCharge], now: Int64) async throws -> RateLimitDecision {
        let states = try await states(after: charges, now: now)
        let decision = RateLimitDecision(states, now: now)
        if !decision.admitted {
            let charged = states.filter(\.admitted).map(\.key)
            if !charged.isEmpty { try await giveBack(charged, now: now) }
        }
        return decision
    }
}
