import KiiIdentity

extension UserAccounts {
    /// Sends the user `reference` names a reset code by `channel` (`.email`, or `.phone` for
    /// SMS) when it is a verified address of the user. The answer is the same whether or not
    /// the user, its password or that address exists (nothing is sent when one is missing): a
    /// reset tells nobody who has an account or which channels it has. Every request is counted
    /// like a failed login, for the user it names (or the reference as given, when it names
    /// nobody) from the client's address, so that a mailbox or phone cannot be flooded from one
    /// address and the 429s tell nothing either. Each request is charged too to the destination
    /// (``Throttle/takeCodeSends(to:of:field:)``: the user's address of `channel`) and the user,
    /// or, when nothing would be sent, to the reference as given in both places, so that a
    /// stranger's requests and a user's are refused alike.
    ///
    /// - Throws: ``ServiceFailure``: `too_many_attempts`, `too_many_codes`.
    func requestPasswordReset(of reference: UserReference, by channel: LoginKind, from address: String) async throws {
        let user = try await resetTarget(reference)
        let attempt = try await throttle.takeCodeRequest(
            of: user?.userID ?? Self.throttleSubject(reference),
            from: address,
            field: channel.field
        )
        let subject = user?.userID ?? Self.throttleSubject(reference)
        let codeKeys: [String]
        do {
            codeKeys = try await throttle.takeCodeSends(
                to: [user?.record.uniquenessKeys[channel] ?? Self.throttleSubject(reference)],
                of: subject,
                field: channel.field
            )
        } catch {
            try? await throttle.notAFailure(attempt)
            throw error
        }
        guard let user, let destination = user.record.address(channel), user.verified(channel) == true else {
            return
        }
        let code = VerificationCode()
        let hash = code.resetHash(userID: user.userID, key: try await codeKey.current())
        let expiresAt = clock() + configuration.verificationCodeLifetime
        do {
            try await store.transaction { tables in
                try await tables.resetCodes.replace(hash: hash, expiresAt: expiresAt, of: user.userID)
            }
        } catch {
            try? await throttle.notAFailure(attempt)
            await throttle.giveBack(codeKeys)
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
    /// throttled like logins, and each code takes ``VerificationCode/attemptBudget`` wrong tries
    /// in all, from any address: then it is void and a new one must be requested. A reference
    /// that names nobody (or a user without a password) is a wrong code too.
    ///
    /// The new password is judged under the service's policy before anything else with the app's
    /// words, then, once the code is right, with the user's own (a refusal then leaves the code
    /// unused and counts no failure): whether a password holds a user's words is told only to
    /// the holder of the user's code.
    ///
    /// - Throws: ``ServiceFailure``: the new password's problems, `wrong_code`,
    ///   `too_many_attempts`.
    func completePasswordReset(
        of reference: UserReference,
        pinCode: String,
        newPassword raw: String,
        from address: String
    ) async throws {
        let judge = passwordJudge
        let newPassword = try judge.newPassword(raw, of: nil)
        let user = try await resetTarget(reference)
        let attempt = try await throttle.take(
            ["reset:\(user?.userID ?? Self.throttleSubject(reference))"],
            from: address,
            field: .pinCode
        )
        // Hashed for nobody too: the answer takes as long.
        let hash: String
        do {
            hash = try await hasher.hash(newPassword.rawValue)
        } catch {
            // The hasher was busy (``HashingBusy``): not a wrong code.
            try? await throttle.notAFailure(attempt)
            throw error
        }
        guard let userID = user?.userID else { throw ServiceFailure(.pinCode, .wrongCode) }
        let codeHash = VerificationCode(digits: pinCode).resetHash(userID: userID, key: try await codeKey.current())
        let now = clock()
        let set: Bool
        do {
            // The user's row is locked first: the tries at one code take turns, and a wrong one
            // is counted (and committed) before the next is judged.
            set = try await setPassword(of: userID, to: hash, keepingToken: nil) { locked, tables in
                guard let stored = try await tables.resetCodes.code(of: userID), stored.expiresAt > now,
                    stored.failures < VerificationCode.attemptBudget
                else { return false }
                guard VerificationCode.sameHash(stored.hash, codeHash) else {
                    try await tables.resetCodes.countFailure(of: userID)
                    return false
                }
                _ = try judge.newPassword(raw, of: locked.record)
                return true
            }
        } catch {
            // Not a wrong code (the database failed, say): not the caller's failure.
            try? await throttle.notAFailure(attempt)
            throw error
        }
        guard set else { throw ServiceFailure(.pinCode, .wrongCode) }
        try await throttle.succeeded(attempt)
        try await accountGate.reset(userID)
    }

    /// The user a reset names, when it has a password to reset; `nil` otherwise (`me` names
    /// nobody: a reset is anonymous).
    private func resetTarget(_ reference: UserReference) async throws -> StoredUser? {
        guard reference != .me, let user = try await user(reference, caller: nil), user.passwordHash != nil else {
            return nil
        }
        return user
    }

    /// What the throttle counts a reset against when its reference names nobody: the reference
    /// itself (`email=ann@example.com`), so that asking for a stranger and for a user are
    /// counted alike.
    static func throttleSubject(_ reference: UserReference) -> String {
        switch reference {
        case .me: "me"
        case .id(let id): id
        case .holder(let key): key.description
        case .nobody: "nobody"
        }
    }
}
