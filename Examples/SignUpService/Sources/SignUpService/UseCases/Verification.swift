import KiiIdentity

extension UserAccounts {
    /// Marks the caller's address of `kind` verified when `code` is the user's current,
    /// unexpired code for the address the user has now; the code is used up. Attempts are
    /// throttled like logins, and each code takes ``VerificationCode/attemptBudget`` wrong tries
    /// in all, from any address: then it is void and a new one must be requested.
    ///
    /// - Throws: ``ServiceFailure`` `wrong_code`, `too_many_attempts`.
    func verify(_ kind: LoginKind, of userID: String, code: String, from address: String) async throws {
        let attempt = try await throttle.take(
            ["verify:\(userID):\(kind.rawValue)"],
            from: address,
            field: .verificationCode
        )
        let codeHash = VerificationCode(digits: code).hash(userID: userID, kind: kind, key: try await codeKey.current())
        let now = clock()
        // The user's row is locked first, so that the tries at one code take turns: a wrong one
        // is counted (and committed) before the next is judged.
        let verified = try await store.transaction { tables in
            guard var user = try await tables.users.user(userID, locking: true),
                let current = user.record.uniquenessKeys[kind],
                let stored = try await tables.codes.code(kind, of: userID),
                stored.value == current, stored.expiresAt > now, stored.failures < VerificationCode.attemptBudget
            else { return false }
            guard VerificationCode.sameHash(stored.codeHash, codeHash) else {
                try await tables.codes.countFailure(kind, of: userID)
                return false
            }
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
    /// with codes; and charged to its destination and the user
    /// (``chargeCodes(for:of:userID:)``) before it is stored. An address whose earlier code
    /// expired gave up its key: it takes it again.
    ///
    /// - Throws: ``ServiceFailure`` `nothing_to_verify`, `too_many_attempts`, `too_many_codes`;
    ///   ``StoreError/taken(_:)`` when another user holds the address now (nothing sent).
    func resendVerification(_ kind: LoginKind, of userID: String, from address: String) async throws {
        guard let user = try await user(.id(userID), caller: nil), user.verified(kind) == false else {
            throw ServiceFailure(.address, .nothingToVerify)
        }
        let attempt = try await throttle.takeCodeRequest(of: userID, from: address, field: kind.field)
        let codeKeys: [String]
        do {
            codeKeys = try await chargeCodes(for: [kind], of: user.record, userID: userID)
        } catch {
            // Nothing is sent: the request does not count from the client's address either.
            try? await throttle.notAFailure(attempt)
            throw error
        }
        let codes = issueCodes(
            for: [kind],
            of: user.record,
            userID: userID,
            now: clock(),
            key: try await codeKey.current()
        )
        do {
            try await store.transaction { tables in
                // Its key went when its last code expired (housekeeping): taken again, unless
                // someone else holds the address now.
                let held = try await tables.keys.keys(of: userID)
                if let key = user.record.uniquenessKeys.keys.first(where: { $0.kind == kind }), !held.contains(key) {
                    try await tables.keys.take([key], lookalike: false, for: userID)
                }
                try await tables.codes.replace(codes.map(\.issued), of: userID)
            }
        } catch {
            try? await throttle.notAFailure(attempt)
            await throttle.giveBack(codeKeys)
            throw error
        }
        deliver(codes, to: userID)
    }
}
