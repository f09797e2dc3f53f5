import KiiIdentity

extension UserAccounts {
    /// Sends the user `reference` names a reset code by `channel` (`.email`, or `.phone` for
    /// SMS), which must be a verified address of the user. Every request that sends a code is
    /// counted like a failed login (a mailbox or phone cannot be flooded from one address).
    ///
    /// - Throws: ``ServiceFailure``: `user_not_found`, `no_password`, `missing`,
    ///   `address_not_verified`, `too_many_attempts`.
    func requestPasswordReset(of reference: UserReference, by channel: LoginKind, from address: String) async throws {
        let user = try await resetTarget(reference)
        guard let destination = user.record.address(channel) else {
            throw ServiceFailure(ValidationError(channel.field, .missing))
        }
        guard user.verified(channel) == true else { throw ServiceFailure(channel.field, .unverifiedAddress) }
        let attempt = try await throttle.takeCodeRequest(of: user.userID, from: address, field: channel.field)
        let code = VerificationCode()
        let hash = code.resetHash(userID: user.userID)
        let expiresAt = clock() + configuration.verificationCodeLifetime
        do {
            try await store.transaction { tables in
                try await tables.resetCodes.replace(hash: hash, expiresAt: expiresAt, of: user.userID)
            }
        } catch {
            try? await throttle.notAFailure(attempt)
            throw error
        }
        delivery.deliver(
            CodeMessage(
                userID: user.userID,
                purpose: .passwordReset,
                channel: channel,
                address: destination,
                code: code
            )
        )
    }

    /// Sets the password of the user `reference` names when `pinCode` is the user's unexpired
    /// reset code: every token of the user is revoked and the code used up. Wrong codes are
    /// throttled like logins.
    ///
    /// - Throws: ``ServiceFailure``: `user_not_found`, `no_password`, `wrong_code`,
    ///   `too_many_attempts`.
    func completePasswordReset(
        of reference: UserReference,
        pinCode: String,
        newPassword: Password,
        from address: String
    ) async throws {
        let user = try await resetTarget(reference)
        let userID = user.userID
        let attempt = try await throttle.take(["reset:\(userID)"], from: address, field: .pinCode)
        let codeHash = VerificationCode(digits: pinCode).resetHash(userID: userID)
        let hash = try await hasher.hash(newPassword.rawValue)
        let now = clock()
        do {
            try await setPassword(of: userID, to: hash, keepingToken: nil) { _, tables in
                guard let stored = try await tables.resetCodes.code(of: userID), stored.expiresAt > now,
                    VerificationCode.sameHash(stored.hash, codeHash)
                else { throw ServiceFailure(.pinCode, .wrongCode) }
            }
        } catch let failure as ServiceFailure where failure.error.contains(ServiceProblem.wrongCode.code) {
            throw failure
        } catch {
            // Not a wrong code (the database failed, say): not the caller's failure.
            try? await throttle.notAFailure(attempt)
            throw error
        }
        try await throttle.succeeded(attempt)
    }

    /// The user a reset names (`me` names nobody: a reset is anonymous), who must have a
    /// password to reset.
    private func resetTarget(_ reference: UserReference) async throws -> StoredUser {
        guard reference != .me, let user = try await user(reference, caller: nil) else {
            throw ServiceFailure(.userID, .userNotFound)
        }
        guard user.passwordHash != nil else { throw ServiceFailure(.userID, .noPassword) }
        return user
    }
}
