import HTTPTypes
import KiiIdentity

extension Throttle {
    /// Counts one sign-up (`pseudo`: a pseudo user's) from `address` before anything of it is
    /// done, hashing included, whatever its outcome: against `signup:address:<address>` at
    /// ``CostlyRequestLimits/signUpsPerMinute``, or a pseudo sign-up against
    /// `signup:pseudo:<address>` at ``CostlyRequestLimits/pseudoSignUpsPerMinute``. A sign-up is
    /// work and a row whether or not it succeeds (a taken name tells something too), so no
    /// outcome gives it back.
    ///
    /// - Throws: ``ServiceFailure`` `too_many_sign_ups` (429, `Retry-After`: the whole seconds
    ///   until the key takes a sign-up again) past the limit.
    func takeSignUp(from address: String, pseudo: Bool) async throws {
        let limits = configuration.costlyRequests
        guard limits.isEnforced else { return }
        let charge =
            pseudo
            ? RateLimitCharge(
                key: "signup:pseudo:\(address)",
                limit: RateLimit(perMinute: limits.pseudoSignUpsPerMinute)
            )
            : RateLimitCharge(key: "signup:address:\(address)", limit: RateLimit(perMinute: limits.signUpsPerMinute))
        guard let retryAfter = try await limiter.take([charge], now: clock()).retryAfter else { return }
        throw ServiceFailure(
            .clientAddress,
            .tooManySignUps(retryAfter: retryAfter),
            headers: [.retryAfter: String(retryAfter)]
        )
    }
}
