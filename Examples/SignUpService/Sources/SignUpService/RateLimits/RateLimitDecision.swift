/// What the limiter answers an attempt counted against several keys: admitted when every key
/// admitted it; otherwise refused, with the whole seconds until every key takes an attempt
/// again.
struct RateLimitDecision: Sendable, Hashable {
    /// `nil` when admitted; the seconds to wait (at least 1, rounded up) when refused.
    var retryAfter: Int64?

    /// Whether the attempt was admitted.
    var admitted: Bool { retryAfter == nil }

    /// The decision on `states` (each key after the attempt) at `now` (Unix microseconds): the
    /// wait is the longest of the keys', a charged key's included (its charge stands), so that
    /// a retry after it conforms at every key.
    init(_ states: [RateLimitState], now: Int64) {
        guard states.contains(where: { !$0.admitted }) else {
            retryAfter = nil
            return
        }
        let wait = states.map { $0.wait(at: now) }.max() ?? 1
        retryAfter = max(1, (wait + 999_999) / 1_000_000)
    }

    /// An admitted attempt.
    static let admitted = RateLimitDecision(retryAfter: nil)

    private init(retryAfter: Int64?) { self.retryAfter = retryAfter }
}
