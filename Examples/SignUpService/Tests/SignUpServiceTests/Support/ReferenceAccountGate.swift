/// The account gate as its definition reads (issue 51), for the gate's model test: per account
/// the consecutive failures counted and how often a stranger has closed the gate since the
/// streak began; an attempt is admitted from a remembered address always, from a stranger while
/// the failures are below `failuresBeforeDelay`, then below `failureLimit` only once the gate
/// is open, and such a stranger closes it for 2^closings seconds (at most an hour). A refused
/// attempt's `Retry-After` is an hour past the limit, otherwise found by trying: the least whole
/// seconds after which the same attempt would be admitted.
struct ReferenceAccountGate {
    /// One account's streak.
    struct Account {
        /// Failures counted since the streak began.
        var failures = 0
        /// Strangers admitted at or past `failuresBeforeDelay` since then.
        var closings = 0
        /// When the gate opens (µs); 0: open.
        var openAt: Int64 = 0
    }

    /// `ACCOUNT_FAILURES_BEFORE_DELAY`.
    let failuresBeforeDelay: Int
    /// `ACCOUNT_FAILURE_LIMIT`.
    let failureLimit: Int
    /// Each account's streak; an account without one has none.
    private(set) var accounts: [String: Account] = [:]

    /// A model with these settings and no streak.
    init(failuresBeforeDelay: Int, failureLimit: Int) {
        self.failuresBeforeDelay = failuresBeforeDelay
        self.failureLimit = failureLimit
    }

    /// An hour, in microseconds.
    static let hour: Int64 = 3_600_000_000

    /// Whether an attempt at `now` would be admitted.
    func admits(_ account: String, stranger: Bool, now: Int64) -> Bool {
        let state = accounts[account] ?? Account()
        if !stranger || state.failures < failuresBeforeDelay { return true }
        return state.failures < failureLimit && now >= state.openAt
    }

    /// One attempt at `now` (µs): `nil` when admitted (and counted), else the `Retry-After`.
    mutating func attempt(_ account: String, stranger: Bool, now: Int64) -> Int64? {
        guard admits(account, stranger: stranger, now: now) else {
            let state = accounts[account] ?? Account()
            if state.failures >= failureLimit { return Self.hour / 1_000_000 }
            var seconds: Int64 = 1
            while !admits(account, stranger: stranger, now: now + seconds * 1_000_000) { seconds += 1 }
            return seconds
        }
        var state = accounts[account] ?? Account()
        if stranger && state.failures >= failuresBeforeDelay {
            let delay = state.closings >= 12 ? Self.hour : min(Self.hour, 1_000_000 << Int64(state.closings))
            state.openAt = now + delay
            state.closings += 1
        }
        state.failures += 1
        accounts[account] = state
        return nil
    }

    /// The attempt was not a failure: one failure less.
    mutating func giveBack(_ account: String) {
        guard var state = accounts[account] else { return }
        state.failures = max(0, state.failures - 1)
        accounts[account] = state
    }

    /// A success or a reset: the streak ends.
    mutating func end(_ account: String) { accounts[account] = nil }
}
