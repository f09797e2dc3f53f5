/// A key as the limiter's statement left it: its theoretical arrival time after the attempt,
/// and whether the attempt conformed (and so was charged to it).
struct RateLimitState: Sendable, Hashable {
    /// The key.
    var key: String
    /// Its theoretical arrival time after the attempt, in Unix microseconds.
    var arrival: Int64
    /// Its limit's tolerance (``RateLimit/tolerance``), in microseconds.
    var tolerance: Int64
    /// Whether the attempt conformed to the key's limit and was charged to it.
    var admitted: Bool

    /// Microseconds from `now` until the key takes another attempt (0 or less: it would now).
    func wait(at now: Int64) -> Int64 { arrival - tolerance - now }
}
