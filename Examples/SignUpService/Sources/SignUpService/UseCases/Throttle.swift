import HTTPTypes
import KiiIdentity

/// Failed attempts limited per subject and client address, smoothly (``RateLimit``: the
/// per-minute setting is the burst and the sustained rate a minute), in the database so that
/// every instance sees the same budgets (``RateLimiter``): logins, current passwords, codes, and
/// the requests that send a user a code. The keys are a subject with the client's address
/// (`login:user:<user>@203.0.113.7`, `login:phone:+14155552671@…` for a number nobody holds,
/// `reset:<user>@…`) and the address alone
/// (`address:203.0.113.7`).
struct Throttle: Sendable {
    let store: any DataStore
    let configuration: ServiceConfiguration
    /// Unix microseconds now.
    let clock: @Sendable () -> Int64

    var limiter: RateLimiter { RateLimiter(store: store) }

    /// Takes one attempt for `subjects` (an identifier's keys, a user's code, ...) from `address`
    /// before the attempt is judged, so that at most the allowed number of attempts reach bcrypt
    /// or a code's check however many arrive at once. Counted against each subject *from that
    /// address* (``ServiceConfiguration/loginFailuresPerMinute``: a stranger failing for a user
    /// from one address does not lock the user out elsewhere) and against the address alone
    /// (``ServiceConfiguration/addressFailuresPerMinute``: one password tried against many
    /// accounts), in one statement. Settle it with ``succeeded(_:)`` or ``notAFailure(_:)``; a
    /// failure leaves it counted.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_attempts` (429, `Retry-After`: the whole seconds
    ///   until every key takes an attempt again) when a key refuses; the keys that admitted it
    ///   keep the charge.
    func take(_ subjects: [String], from address: String, field: ValidationError.Field) async throws -> ThrottledAttempt
    {
        let attempt = ThrottledAttempt(subjects: subjects.map { "\($0)@\(address)" }, address: "address:\(address)")
        let subjectLimit = RateLimit(perMinute: configuration.loginFailuresPerMinute)
        let charges =
            attempt.subjects.map { RateLimitCharge(key: $0, limit: subjectLimit) } + [
                RateLimitCharge(
                    key: attempt.address,
                    limit: RateLimit(perMinute: configuration.addressFailuresPerMinute)
                )
            ]
        let decision = try await limiter.take(charges, now: clock())
        guard let retryAfter = decision.retryAfter else { return attempt }
        throw ServiceFailure(
            field,
            .tooManyAttempts(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    /// Takes an attempt for a request that sends `userID` a code (a reset or a new verification
    /// code). It is never given back once the code is on its way: each message counts, so one
    /// address cannot make the service flood a mailbox or a phone with more than
    /// `LOGIN_FAILURES_PER_MINUTE` messages at once (and a minute, sustained) for one user, nor
    /// send more than `ADDRESS_FAILURES_PER_MINUTE` in all. A password reset for nobody is
    /// counted against the reference it names instead of a user ID, so that it is throttled
    /// alike.
    func takeCodeRequest(
        of userID: String,
        from address: String,
        field: ValidationError.Field
    ) async throws
        -> ThrottledAttempt
    {
        try await take(["code:\(userID)"], from: address, field: field)
    }

    /// Counts one lookup of a user by identifier (`EMAIL:`, `PHONE:`, `LOGIN_NAME:` in a path)
    /// against the caller (``ServiceConfiguration/lookupsPerMinute``) and the client's address
    /// (``ServiceConfiguration/addressLookupsPerMinute``), whatever its answer, in one statement:
    /// every lookup counts, found or not, so that nobody enumerates the users for free.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_lookups` (429, `Retry-After` until both budgets
    ///   take a lookup again) past either budget.
    func takeLookup(by callerID: String, from address: String) async throws {
        let charges = [
            RateLimitCharge(
                key: "lookup:user:\(callerID)",
                limit: RateLimit(perMinute: configuration.lookupsPerMinute)
            ),
            RateLimitCharge(
                key: "lookup:address:\(address)",
                limit: RateLimit(perMinute: configuration.addressLookupsPerMinute)
            ),
        ]
        guard let retryAfter = try await limiter.take(charges, now: clock()).retryAfter else { return }
        throw ServiceFailure(
            .userID,
            .tooManyLookups(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    /// The attempt succeeded: the subjects' budgets from that address are full again, and the
    /// attempt is given back to the address (its other failures stay).
    func succeeded(_ attempt: ThrottledAttempt) async throws {
        try await limiter.settle(forgetting: attempt.subjects, givingBack: [attempt.address], now: clock())
    }

    /// The attempt was not a failure (the right password of a user who cannot log in yet, a
    /// database failure): given back to every key.
    func notAFailure(_ attempt: ThrottledAttempt) async throws {
        try await limiter.giveBack(attempt.keys, now: clock())
    }
}

/// One attempt taken against the throttle (``Throttle/take(_:from:field:)``): the keys it was
/// counted against.
struct ThrottledAttempt: Sendable {
    /// Each subject with the client's address: `login:email:ann@example.com@203.0.113.7`.
    var subjects: [String]
    /// The address alone: `address:203.0.113.7`.
    var address: String
    /// Every key, the address last.
    var keys: [String] { subjects + [address] }
}
