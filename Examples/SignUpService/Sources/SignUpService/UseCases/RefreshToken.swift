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
    /// - Throws: ``ServiceFailure`` `WRONG_REFRESH_TOKEN` for a refresh token that does not work.
    func refresh(_ refreshToken: AccessToken, now: Int64) async throws -> TokenGrant {
        let hash = refreshToken.hash
        let configuration = configuration
        return try await store.transaction { tables in
            // The user's row first, as a login and a password change take it: then the session.
            guard let userID = try await tables.tokens.userID(forRefreshHash: hash, now: now),
                try await tables.users.user(userID, locking: true) != nil,
                let spent = try await tables.tokens.takeRefresh(hash, now: now)
            else { throw ServiceFailure(.refreshToken, .invalidRefreshToken) }
            let lifetime = min(max(spent.expiresAt - spent.issuedAt, 1), configuration.tokenLifetime)
            let grant = TokenGrant(
                userID: userID,
                issuedAt: now,
                expiresAt: now + lifetime,
                refreshExpiresAt: now + configuration.refreshTokenLifetime
            )
            try await tables.tokens.insert(grant.record)
            return grant
        }
    }
}
