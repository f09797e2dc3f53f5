import KiiIdentity

extension UserAccounts {
    /// Changes the caller's password: the new one is judged under the service's policy with the
    /// user's own words (a refusal counts no attempt); the current one must be right (typed as a
    /// login takes it; failures are throttled like logins); the user's other tokens are revoked,
    /// the caller's stays.
    ///
    /// - Throws: ``ServiceFailure`` with the new password's problems, `wrong_password`,
    ///   `too_many_attempts`.
    func changePassword(of caller: Caller, from old: String, to newPassword: String, address: String) async throws {
        let userID = caller.userID
        let current = try await user(.id(userID), caller: nil)
        let new = try passwordJudge.newPassword(newPassword, of: current?.record)
        let attempt = try await throttle.take(["password:\(userID)"], from: address, field: .oldPassword)
        guard try await hasher.verify(policy.passwordPolicy.normalized(old), against: current?.passwordHash) else {
            throw ServiceFailure(.oldPassword, .wrongPassword)
        }
        let checkedHash = current?.passwordHash
        let hash: String
        do {
            hash = try await hasher.hash(new.rawValue)
        } catch {
            // The hasher was busy (``HashingBusy``): not the caller's failure.
            try? await throttle.notAFailure(attempt)
            throw error
        }
        try await setPassword(of: userID, to: hash, keepingToken: caller.tokenHash) { locked, _ in
            // Changed by another request since it was checked: that password was the one to give.
            guard locked.passwordHash == checkedHash else { throw ServiceFailure(.oldPassword, .wrongPassword) }
            return true
        }
        try await throttle.succeeded(attempt)
    }

    /// Sets a new password hash when `allowed` accepts the user as locked, and revokes the
    /// user's tokens but `keepingToken` (a change keeps the caller's own; a reset keeps none),
    /// in one transaction; a reset code is used up. When `allowed` returns `false`, the password
    /// stays and what `allowed` wrote is committed (a wrong code's count).
    ///
    /// - Returns: whether the password was set.
    /// - Throws: ``StoreError/userNotFound``; what `allowed` throws (nothing is written).
    @discardableResult
    func setPassword(
        of userID: String,
        to hash: String,
        keepingToken: String?,
        allowed: @escaping @Sendable (StoredUser, Tables) async throws -> Bool
    ) async throws -> Bool {
        let now = clock()
        return try await store.transaction { tables in
            guard var user = try await tables.users.user(userID, locking: true) else { throw StoreError.userNotFound }
            guard try await allowed(user, tables) else { return false }
            user.passwordHash = hash
            user.modifiedAt = now
            try await tables.users.update(user)
            try tables.reached(.afterUserRow)
            try await tables.tokens.revoke(of: userID, except: keepingToken)
            try await tables.resetCodes.delete(of: userID)
            try tables.reached(.beforeCommit)
            return true
        }
    }
}
