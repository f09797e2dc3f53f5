import KiiIdentity

extension UserAccounts {
    /// A login with a password: the holder of the first of `lookup`'s keys found, then the
    /// attempt counted against the throttle (keyed by that user, or by the identifier when
    /// nobody holds it) and the account's gate (``AccountGate``) before bcrypt runs (at most the
    /// allowed attempts reach it, however many arrive), the password checked (an unknown
    /// identifier checks a decoy of a stored hash's cost), then a new token stored, the user's
    /// oldest past `MAX_TOKENS_PER_USER` ended, in one transaction that holds the user's row
    /// (concurrent logins cannot leave more). A matched hash of another scheme or cost than new
    /// hashes' is replaced by a new one in that transaction, unless the password changed
    /// meanwhile. A success ends the account's streak and remembers the client's address.
    ///
    /// - Parameters:
    ///   - expiresAt: when the access token stops working (Unix seconds).
    ///   - refreshExpiresAt: when a refresh token issued with it stops working; `nil` issues none.
    /// - Returns: the user's ID and the tokens.
    /// - Throws: ``ServiceFailure`` `invalid_credentials` for a wrong password, an unknown
    ///   identifier and a user without a password alike; `not_verified`; `too_many_attempts`.
    func logIn(
        _ lookup: LoginLookup,
        password: String,
        expiresAt: Int64,
        refreshExpiresAt: Int64? = nil,
        from address: String
    ) async throws -> TokenGrant {
        let keys = lookup.keys
        let found = try await store.session { tables in try await tables.users.user(holdingFirstOf: keys) }
        // Every spelling of one user (username, email, phone) shares one budget; an identifier
        // nobody holds has its own. The same statements either way.
        let subjects =
            found.map { ["login:user:\($0.user.userID)"] } ?? keys.map { "login:\($0.kind.rawValue):\($0.value)" }
        let attempt = try await loginLimits.take(subjects, account: found?.user.userID ?? subjects[0], from: address)
        // As the policy stores passwords (NFKC under `nist`): `Ｐａｓｓ…` matches `Pass…`; a
        // printable ASCII password, as every one stored under Kii's rule, is unchanged.
        let password = policy.passwordPolicy.normalized(password)
        let identifier = keys.map(\.description).joined(separator: " ")
        let matches: Bool
        do {
            matches = try await hasher.verify(password, against: found?.user.passwordHash, identifier: identifier)
        } catch {
            // The hasher was busy (``HashingBusy``) or failed: no password was judged.
            try? await loginLimits.notAFailure(attempt)
            throw error
        }
        guard matches, let found else { throw ServiceFailure(.password, .invalidCredentials) }
        guard found.user.canLogIn(with: found.key.kind, policy: policy) else {
            try await loginLimits.notAFailure(attempt)
            throw ServiceFailure(found.key.kind.field, .notVerified)
        }
        try await loginLimits.succeeded(attempt)
        let matched = found.user.passwordHash
        let rehashed = await rehash(password, matched)
        let grant = TokenGrant(
            userID: found.user.userID,
            issuedAt: clock(),
            expiresAt: expiresAt,
            refreshExpiresAt: refreshExpiresAt
        )
        let record = grant.record
        let limit = configuration.maxTokensPerUser
        try await store.transaction { tables in
            let current = try await tables.users.user(record.userID, locking: true)
            if let rehashed, var current, current.passwordHash == matched {
                current.passwordHash = rehashed
                try await tables.users.update(current)
            }
            try await tables.tokens.insert(record)
            try await tables.tokens.trim(of: record.userID, keeping: record.hash, atMost: limit)
        }
        return grant
    }

    /// A new hash of `password` when `hash`, which it matched, has other parameters than new
    /// hashes; `nil` when it has the same, or when no hash could be made (the old one stays).
    private func rehash(_ password: String, _ hash: String?) async -> String? {
        guard let hash, hasher.needsRehash(hash) else { return nil }
        return try? await hasher.hash(password)
    }

    /// The caller a request's token names: the user and the token's hash.
    ///
    /// - Throws: ``ServiceFailure`` `WRONG_TOKEN` for a token that is unknown, revoked or expired.
    func caller(of token: AccessToken) async throws -> Caller {
        let hash = token.hash
        let now = clock()
        guard
            let userID = try await store.session({ tables in
                try await tables.tokens.userID(forTokenHash: hash, now: now)
            })
        else { throw BearerToken.invalid }
        return Caller(userID: userID, tokenHash: hash)
    }
}
