import HTTPTypes
import KiiIdentity

/// Failed attempts counted per subject and client address (the `login_failures` table, in the
/// database so that every instance sees the same count): logins, current passwords, codes, and
/// the requests that send a user a code. The keys are a subject with the client's address
/// (`login:phone:+14155552671@203.0.113.7`, `reset:<user>@…`) and the address alone
/// (`address:203.0.113.7`).
struct Throttle: Sendable {
    let store: any DataStore
    let configuration: ServiceConfiguration
    /// Unix seconds now.
    let clock: @Sendable () -> Int64

    /// The throttle's window, in seconds.
    static let window: Int64 = 60

    /// Takes one attempt for `subjects` (an identifier's keys, a user's code, ...) from `address`
    /// before the attempt is judged, so that at most the allowed number of attempts reach bcrypt
    /// or a code's check however many arrive at once. Counted against each subject *from that
    /// address* (``ServiceConfiguration/loginFailuresPerMinute``: a stranger failing for a user
    /// from one address does not lock the user out elsewhere) and against the address alone
    /// (``ServiceConfiguration/addressFailuresPerMinute``: one password tried against many
    /// accounts). Settle it with ``succeeded(_:)`` or ``notAFailure(_:)``; a failure leaves it
    /// counted.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_attempts` (429, `Retry-After` until the fullest
    ///   window ends) when a count is over its limit; that attempt is given back.
    func take(_ subjects: [String], from address: String, field: ValidationError.Field) async throws -> ThrottledAttempt
    {
        let attempt = ThrottledAttempt(subjects: subjects.map { "\($0)@\(address)" }, address: "address:\(address)")
        let now = clock()
        let keys = attempt.keys
        let counts = try await store.session { tables in
            try await tables.failures.take(keys, now: now, window: Self.window)
        }
        var windowEnd: Int64?
        for (key, count) in zip(keys, counts) {
            let limit =
                key == attempt.address ? configuration.addressFailuresPerMinute : configuration.loginFailuresPerMinute
            if count.count > limit { windowEnd = max(windowEnd ?? count.windowEnd, count.windowEnd) }
        }
        guard let windowEnd else { return attempt }
        try await store.session { tables in try await tables.failures.giveBack(keys) }
        let retryAfter = max(1, windowEnd - now)
        throw ServiceFailure(
            field,
            .tooManyAttempts(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    /// Takes an attempt for a request that sends `userID` a code (a reset or a new verification
    /// code). It is never given back once the code is on its way: each message counts, so one
    /// address cannot make the service flood a mailbox or a phone with more than
    /// `LOGIN_FAILURES_PER_MINUTE` messages a minute for one user, nor send more than
    /// `ADDRESS_FAILURES_PER_MINUTE` a minute in all. A password reset for nobody is counted
    /// against the reference it names instead of a user ID, so that it is throttled alike.
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
    /// (``ServiceConfiguration/addressLookupsPerMinute``), whatever its answer: every lookup
    /// counts, found or not, so that nobody enumerates the users for free.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_lookups` (429, `Retry-After` until the fullest
    ///   window ends) past either budget; that lookup is given back.
    func takeLookup(by callerID: String, from address: String) async throws {
        let keys = ["lookup:user:\(callerID)", "lookup:address:\(address)"]
        let limits = [configuration.lookupsPerMinute, configuration.addressLookupsPerMinute]
        let now = clock()
        let counts = try await store.session { tables in
            try await tables.failures.take(keys, now: now, window: Self.window)
        }
        let over = zip(counts, limits).filter { $0.0.count > $0.1 }.map(\.0.windowEnd)
        guard let windowEnd = over.max() else { return }
        try await store.session { tables in try await tables.failures.giveBack(keys) }
        let retryAfter = max(1, windowEnd - now)
        throw ServiceFailure(
            .userID,
            .tooManyLookups(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    /// The attempt succeeded: the subjects' failures from that address are forgotten, and the
    /// attempt is given back to the address (its other failures stay).
    func succeeded(_ attempt: ThrottledAttempt) async throws {
        try await store.session { tables in
            try await tables.failures.clear(attempt.subjects)
            try await tables.failures.giveBack([attempt.address])
        }
    }

    /// The attempt was not a failure (the right password of a user who cannot log in yet, a
    /// database failure): given back to every key.
    func notAFailure(_ attempt: ThrottledAttempt) async throws {
        try await store.session { tables in try await tables.failures.giveBack(attempt.keys) }
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
