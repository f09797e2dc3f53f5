/// When an account's gate admits a login (``AccountGate``): every attempt while the account's
/// streak of consecutive failures is below ``failuresBeforeDelay``; from there, an attempt from
/// a stranger (an address that has not logged in to the account lately) only while the gate is
/// open, each such admission closing it for a delay that doubles (``firstDelay``, twice that, …,
/// at most ``longestDelay``); at ``failureLimit`` no stranger at all. An attempt from a
/// remembered address is always admitted. Every admitted attempt adds one to the streak.
struct AccountGateRules: Sendable, Hashable {
    /// Consecutive failures before strangers wait (`ACCOUNT_FAILURES_BEFORE_DELAY`).
    var failuresBeforeDelay: Int
    /// Consecutive failures after which strangers are refused (`ACCOUNT_FAILURE_LIMIT`).
    var failureLimit: Int
    /// The first closing of the gate, in microseconds (1 s).
    var firstDelay: Int64 = 1_000_000
    /// The longest closing, in microseconds (1 hour); also the `Retry-After` past the limit.
    var longestDelay: Int64 = 3_600_000_000

    /// The rules of `configuration`.
    init(_ configuration: ServiceConfiguration) {
        failuresBeforeDelay = configuration.accountFailuresBeforeDelay
        failureLimit = configuration.accountFailureLimit
    }

    /// Rules with these counts and the default delays.
    init(failuresBeforeDelay: Int, failureLimit: Int) {
        self.failuresBeforeDelay = failuresBeforeDelay
        self.failureLimit = failureLimit
    }

    /// The state of an account nobody has failed for.
    var quiet: AccountGateState { AccountGateState(streak: 0, openAt: 0, nextDelay: firstDelay, admitted: true) }

    /// The state after one attempt at `now` (Unix microseconds) on `state` (`nil`: ``quiet``),
    /// from a stranger or not: the definition the store's statement follows.
    func admit(_ state: AccountGateState?, stranger: Bool, now: Int64) -> AccountGateState {
        var next = state ?? quiet
        next.admitted =
            !stranger || next.streak < failuresBeforeDelay || (next.streak < failureLimit && next.openAt <= now)
        guard next.admitted else { return next }
        if stranger && next.streak >= failuresBeforeDelay {
            next.openAt = now + next.nextDelay
            next.nextDelay = min(next.nextDelay * 2, longestDelay)
        }
        next.streak += 1
        return next
    }

    /// `nil` when `state` (after an attempt at `now`) admitted it; otherwise the whole seconds
    /// (at least 1, rounded up) until the gate opens, or the longest delay's past the limit (only
    /// a success or a reset opens it then).
    func retryAfter(_ state: AccountGateState, now: Int64) -> Int64? {
        guard !state.admitted else { return nil }
        let wait = state.streak >= failureLimit ? longestDelay : state.openAt - now
        return max(1, (wait + 999_999) / 1_000_000)
    }
}
