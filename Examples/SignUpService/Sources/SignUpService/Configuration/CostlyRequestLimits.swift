/// The limits on requests that cost the service whether or not they are failures, from
/// `ADDRESS_SIGNUPS_PER_MINUTE`, `ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE`, `CODES_BURST` and
/// `CODES_PER_HOUR`: sign-ups (a password hash and a row each) and pseudo sign-ups (a row and a
/// 100-year token) per client address, and codes (a mail, or a paid SMS) per destination and
/// per user. Each is a smooth limit in `rate_limits` (``RateLimit``), shared by every instance.
public struct CostlyRequestLimits: Sendable, Hashable {
    /// Sign-ups with a password from one client address, at once and a minute (key
    /// `signup:address:<address>`): 10, so that a classroom or an office behind one address signs
    /// up its people in a minute or two, while one address makes at most 14,400 accounts a day
    /// and never more than one hash every 6 s.
    public var signUpsPerMinute = 10
    /// Pseudo sign-ups from one client address, at once and a minute (key
    /// `signup:pseudo:<address>`, apart from the sign-ups'): 30, more than sign-ups, since apps
    /// make a pseudo user on their first start and many phones share a carrier's address; a
    /// pseudo sign-up hashes nothing.
    public var pseudoSignUpsPerMinute = 30
    /// Codes sent at once to one destination (key `code:to:<email key or E.164 number>`) and to
    /// one user (key `code:user:<user ID>`): 3, a code and two retries.
    public var codeBurst = 3
    /// Codes a destination (and a user) is sent an hour, sustained, past the burst: 3, one every
    /// 20 minutes, so that one number costs at most 75 messages a day, whoever asks.
    public var codesPerHour = 3
    /// Whether the limits are counted at all: always in a service (no variable turns them off);
    /// the test harness turns them off for the suites that test other things, whose counts of
    /// `rate_limits` rows are the failure throttle's.
    package var isEnforced = true

    /// The defaults.
    public init() {}

    /// Reads the variables; unset ones keep their defaults.
    ///
    /// - Throws: ``ConfigurationError`` naming the first variable that is not usable.
    init(environment: [String: String]) throws(ConfigurationError) {
        if let count = try environment.integer("ADDRESS_SIGNUPS_PER_MINUTE", in: 1...1_000_000) {
            signUpsPerMinute = count
        }
        if let count = try environment.integer("ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE", in: 1...1_000_000) {
            pseudoSignUpsPerMinute = count
        }
        if let count = try environment.integer("CODES_BURST", in: 1...1_000_000) { codeBurst = count }
        if let count = try environment.integer("CODES_PER_HOUR", in: 1...1_000_000) { codesPerHour = count }
    }

    /// The limit of a destination's and a user's codes: ``codeBurst`` at once, then one every
    /// hour divided by ``codesPerHour`` (rounded up).
    var codeLimit: RateLimit {
        let hour: Int64 = 3_600_000_000
        let count = Int64(max(codesPerHour, 1))
        return RateLimit(burst: codeBurst, per: (hour + count - 1) / count)
    }
}
