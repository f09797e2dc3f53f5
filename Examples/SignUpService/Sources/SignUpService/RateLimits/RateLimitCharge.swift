/// One key an attempt is counted against, with its limit.
struct RateLimitCharge: Sendable, Hashable {
    /// The key: `login:username:ann@203.0.113.7`, `address:203.0.113.7`, `lookup:user:<id>`.
    var key: String
    /// The key's burst and rate.
    var limit: RateLimit
}
