import KiiIdentity

extension UserAccounts {
    /// Marks the caller's address of `kind` verified when `code` is the user's current,
    /// unexpired code for the address the user has now; the code is used up. Attempts are
    /// throttled like logins.
    ///
    /// - Throws: ``ServiceFailure`` `wrong_code`, `too_many_attempts`.
    func verify(_ kind: LoginKind, of userID: String, code: String, from address: String) async throws {
        let attempt = try await throttle.take(
            ["verify:\(userID):\(kind.rawValue)"],
            from: address,
            field: .verificationCode
        )
        let codeHash = VerificationCode(digits: code).hash(userID: userID, kind: kind)
        let now = clock()
        let verified = try await store.transaction { tables in
            guard var user = try await tables.users.user(userID, locking: true),
                let current = user.record.uniquenessKeys[kind],
                let stored = try await tables.codes.code(kind, of: userID),
                stored.value == current, stored.expiresAt > now, VerificationCode.sameHash(stored.codeHash, codeHash)
            else { return false }
            if kind == .email { user.emailVerified = true } else { user.phoneVerified = true }
            user.modifiedAt = now
            try await tables.users.update(user)
            try await tables.codes.delete(kind, of: userID)
            return true
        }
        guard verified else { throw ServiceFailure(.verificationCode, .wrongCode) }
        try await throttle.succeeded(attempt)
    }

    /// A new code for the caller's address of `kind` waiting for verification (the earlier one
    /// stops working), counted like a failed login: an address a user wrote in cannot be flooded
    /// with codes.
    ///
    /// - Throws: ``ServiceFailure`` `nothing_to_verify`, `too_many_attempts`.
    func resendVerification(_ kind: LoginKind, of userID: String, from address: String) async throws {
        guard let user = try await user(.id(userID), caller: nil), user.verified(kind) == false else {
            throw ServiceFailure(.address, .nothingToVerify)
        }
        let attempt = try await throttle.takeCodeRequest(of: userID, from: address, field: kind.field)
        let codes = issueCodes(for: [kind], of: user.record, userID: userID, now: clock())
        do {
            try await store.transaction { tables in try await tables.codes.replace(codes.map(\.issued), of: userID) }
        } catch {
            try? await throttle.notAFailure(attempt)
            throw error
        }
        deliver(codes, to: userID)
    }
}
