import KiiIdentity

extension UserAccounts {
    /// Kii's refresh (`grant_type` `refresh_token`): the session whose refresh token this is
    /// ends (its access token and its refresh token: each refresh token works once) and the next
    /// one is written, in one transaction that holds the user's row, as a login's does. The new
    /// access token lasts as long as the one it replaces did (at most `TOKEN_LIFETIME_SECONDS`),
    /// the new refresh token `REFRESH_TOKEN_LIFETIME_SECONDS`.
    ///
    /// A refresh token stops working when it is used, when it expires, when its user is deleted,
    /// when the user's password changes (but the caller's own session's), when a reset completes,
    /// and when logins past `MAX_TOKENS_PER_USER` end its session.
    ///
    /// `now` (Unix seconds) is the request's instant, the one its answer's `expires_in` is counted
    /// from (``TokenGrant/members(now:)``).
    ///
    /// A used refresh token that comes back (from an attacker who copied it, or from the client
    /// it was stolen from) ends its whole family: the session it was rotated into, and every
    /// later one (RFC 9700, section 4.14.2), until it would have expired.
    ///
    /// - Throws: ``ServiceFailure`` `WRONG_REFRESH_TOKEN` for a refresh token that does not work.
    func refresh(_ refreshToken: AccessToken, now: Int64) async throws -> TokenGrant {
        let hash = refreshToken.hash
        let configuration = configuration
        let grant: TokenGrant? = try await store.transaction { tables in
            // The user's row first, as a login and a password change take it: then the session.
            guard let userID = try await tables.tokens.userID(forRefreshHash: hash, now: now),
                try await tables.users.user(userID, locking: true) != nil,
                let spent = try await tables.tokens.takeRefresh(hash, now: now)
            else {
                // Replayed: its family ends, committed before the refusal.
                if let family = try await tables.tokens.spentFamily(ofRefresh: hash, now: now) {
                    try await tables.tokens.revokeFamily(family)
                }
                return nil
            }
            let lifetime = min(max(spent.expiresAt - spent.issuedAt, 1), configuration.tokenLifetime)
            let grant = TokenGrant(
                userID: userID,
                issuedAt: now,
                expiresAt: now + lifetime,
                refreshExpiresAt: now + configuration.refreshTokenLifetime,
                family: spent.family ?? spent.hash
            )
            try await tables.tokens.insert(grant.record)
            return grant
        }
        guard let grant else { throw ServiceFailure(.refreshToken, .invalidRefreshToken) }
        return grant
    }

    /// Ends the session of the caller's access token (the page's Log out): the token and the
    /// refresh token issued with it stop working at once. Other sessions of the user stay.
    func endSession(of caller: Caller) async throws {
        try await store.transaction { tables in try await tables.tokens.revoke(token: caller.tokenHash) }
    }
}
