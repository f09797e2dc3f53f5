import HTTPTypes
import KiiIdentity

extension Throttle {
    /// Charges a request that is about to send codes, before anything of it is done: one code
    /// against each of `destinations` (`code:to:<destination>`, a normalised email address or an
    /// E.164 number) and one against the user (`code:user:<userID>`; none for a user not yet
    /// signed up), all at ``CostlyRequestLimits/codeLimit``, whoever asks and from wherever. A
    /// destination keeps its budget across users, so signing up and deleting again and again
    /// with one number sends it no more than a user's changes would. All or none: a refused
    /// request charges nothing (nothing is sent). Give a charge back with
    /// ``giveBack(_:)`` when the request then fails before sending.
    ///
    /// - Returns: the keys charged.
    /// - Throws: ``ServiceFailure`` `too_many_codes` under `field` (429, `Retry-After`: the
    ///   whole seconds until every key takes a code again).
    func takeCodeSends(
        to destinations: [String],
        of userID: String?,
        field: ValidationError.Field
    ) async throws
        -> [String]
    {
        guard configuration.costlyRequests.isEnforced else { return [] }
        let limit = configuration.costlyRequests.codeLimit
        let keys = destinations.map { "code:to:\($0)" } + (userID.map { ["code:user:\($0)"] } ?? [])
        guard !keys.isEmpty else { return [] }
        let decision = try await limiter.takeAllOrNone(
            keys.map { RateLimitCharge(key: $0, limit: limit) },
            now: clock()
        )
        guard let retryAfter = decision.retryAfter else { return keys }
        throw ServiceFailure(field, .tooManyCodes(retryAfter: retryAfter), headers: [.retryAfter: String(retryAfter)])
    }

    /// Gives back a charge of ``takeCodeSends(to:of:field:)`` whose codes were not sent (the
    /// request failed before): best effort, a failure here keeps the charge.
    func giveBack(_ codeKeys: [String]) async {
        guard !codeKeys.isEmpty else { return }
        try? await limiter.giveBack(codeKeys, now: clock())
    }
}
