import KiiIdentity

extension UserAccounts {
    /// Signs up the user of `registration` from the client's `address`: the sign-up counted
    /// against the address (``Throttle/takeSignUp(from:pseudo:)``) and its codes against their
    /// destinations (``chargeCodes(for:of:userID:)``) before anything else, then the password
    /// hashed (before the transaction, hashing is slow), then the row, its keys and its
    /// verification codes in one transaction; the codes are handed to the delivery after the
    /// commit. A sign-up that fails gives its codes' charge back (none was sent).
    ///
    /// - Throws: ``ServiceFailure`` `too_many_sign_ups`, `too_many_codes` (nothing done);
    ///   ``HashingBusy``; ``StoreError/taken(_:)`` with every kind another user holds (nothing
    ///   written).
    func signUp(_ registration: Registration, from address: String) async throws -> StoredUser {
        try await throttle.takeSignUp(from: address, pseudo: false)
        let codeKeys = try await chargeCodes(
            for: registration.awaitingVerification,
            of: registration.record,
            userID: nil
        )
        do {
            return try await signUpCharged(registration)
        } catch {
            await throttle.giveBack(codeKeys)
            throw error
        }
    }

    /// ``signUp(_:from:)`` once counted.
    private func signUpCharged(_ registration: Registration) async throws -> StoredUser {
        let hash = try await hasher.hash(registration.body.password.rawValue)
        let now = clock()
        let user = StoredUser(
            newUser: registration.record,
            passwordHash: hash,
            emailVerified: registration.emailAddressVerified,
            phoneVerified: registration.phoneNumberVerified,
            now: now
        )
        let codes = issueCodes(
            for: registration.awaitingVerification,
            of: registration.record,
            userID: user.userID,
            now: now,
            key: try await codeKey.current()
        )
        let keys = registration.uniquenessKeys.keys
        try await store.transaction { tables in
            try await tables.users.insert(user)
            try tables.reached(.afterUserRow)
            try await self.take(keys, for: user.userID, in: tables)
            try tables.reached(.afterKeys)
            try await tables.codes.replace(codes.map(\.issued), of: user.userID)
            try tables.reached(.beforeCommit)
        }
        deliver(codes, to: user.userID)
        return user
    }

    /// Signs up a pseudo user (no identifier, no password) with its first access token, which
    /// the SDKs keep as its only credential; counted first against the client's `address`
    /// (``Throttle/takeSignUp(from:pseudo:)``).
    ///
    /// - Throws: ``ServiceFailure`` `too_many_sign_ups` (nothing done).
    func signUpPseudoUser(
        _ registration: PseudoUserRegistration,
        from address: String
    ) async throws -> (user: StoredUser, token: AccessToken) {
        try await throttle.takeSignUp(from: address, pseudo: true)
        let now = clock()
        let user = StoredUser(
            newUser: registration.body,
            passwordHash: nil,
            emailVerified: nil,
            phoneVerified: nil,
            now: now
        )
        // No refresh token: Kii's are not for pseudo users.
        let grant = TokenGrant(
            userID: user.userID,
            issuedAt: now,
            expiresAt: now + AccessToken.pseudoUserLifetime,
            refreshExpiresAt: nil
        )
        try await store.transaction { tables in
            try await tables.users.insert(user)
            try tables.reached(.afterUserRow)
            try await tables.tokens.insert(grant.record)
            try tables.reached(.beforeCommit)
        }
        return (user, grant.token)
    }
}
