import KiiIdentity

extension UserAccounts {
    /// Kii's update of `userID` by `body` from the client's `address`: predefined members set,
    /// custom fields replaced; on a pseudo user, identifiers with a password are its upgrade,
    /// counted as a sign-up from `address` (``Throttle/takeSignUp(from:pseudo:)``: pseudo sign-ups
    /// and upgrades do not make users with a password faster than sign-ups). Hashing is slow: an
    /// upgrade's password is hashed before the transaction, and the upgrade checked again on the
    /// user as locked, which another request may have changed.
    ///
    /// - Returns: the user as stored.
    func update(_ userID: String, by body: KiiUserBody, from address: String) async throws -> StoredUser {
        var hash: String?
        if body.hasUpgradeMembers, let password = body.members[PredefinedMember.password.rawValue]?.stringValue,
            try await user(.id(userID), caller: nil)?.isPseudoUser == true
        {
            try await throttle.takeSignUp(from: address, pseudo: false)
            // As the policy stores it (the library's judgement below gives the same form).
            hash = try await hasher.hash(policy.passwordPolicy.normalized(password))
        }
        let newHash = hash
        let policy = policy
        let judge = passwordJudge
        return try await change(userID) { current in
            guard current.isPseudoUser, current.passwordHash == nil, body.hasUpgradeMembers else {
                return .update(try body.update(of: current.record, policy: policy))
            }
            let upgrade = try body.upgrade(of: current.record, policy: policy)
            let password = body.members[PredefinedMember.password.rawValue]?.stringValue
            if let problem = judge.appWordProblem(in: password) { throw ServiceFailure(ValidationError([problem])) }
            // Hashed above whenever the body has a password and the user was a pseudo user; a
            // user never becomes a pseudo user again.
            guard let newHash else { throw ServiceFailure(.service, .internalError) }
            return .upgrade(upgrade, passwordHash: newHash)
        }
    }

    /// The change of one identifier of `userID` (`emailAddress` or `phoneNumber`, a local phone
    /// number in the user's country), with its verification when the policy asks for it.
    func changeAddress(of userID: String, _ member: PredefinedMember, to value: JSONValue) async throws {
        let policy = policy
        _ = try await change(userID) { current in
            .update(try UserUpdate(of: current.record, json: [member.rawValue: value], policy: policy))
        }
    }

    /// What an update decides from the user as locked.
    enum Decision: Sendable {
        /// Fields and identifiers changed by Kii's update.
        case update(UserUpdate)
        /// A pseudo user's upgrade, with its password's hash.
        case upgrade(PseudoUserUpgrade, passwordHash: String)
    }

    /// Changes a user in one transaction: reads its row (locked against other writers until the
    /// commit), lets `decide` judge the change on it, then writes the row, releases the changed
    /// kinds' keys and codes, takes the new keys and stores new codes, which go to the delivery
    /// after the commit. The codes the change will send are charged first
    /// (``chargeChangeCodes(decidedBy:of:)``): a refused send refuses the change before anything of
    /// it is written, so no user is left with a new address and no code for it.
    ///
    /// - Throws: ``StoreError/userNotFound``; ``StoreError/taken(_:)``; what `decide` throws;
    ///   ``ServiceFailure`` `too_many_codes` (nothing changed).
    private func change(
        _ userID: String,
        _ decide: @escaping @Sendable (StoredUser) throws -> Decision
    ) async throws -> StoredUser {
        let codeKeys = try await chargeChangeCodes(decidedBy: decide, of: userID)
        do {
            return try await changeCharged(userID, decide)
        } catch {
            await throttle.giveBack(codeKeys)
            throw error
        }
    }

    /// Charges the codes `decide` would send on the user as it is now (read without a lock):
    /// none when it finds no user or refuses the change, which the transaction then answers.
    /// Another change between this read and the transaction's can make the codes sent differ
    /// from those charged (the charge is the client's intent; a race sends no more than one).
    private func chargeChangeCodes(
        decidedBy decide: @Sendable (StoredUser) throws -> Decision,
        of userID: String
    ) async throws -> [String] {
        guard let current = try await user(.id(userID), caller: nil), let decision = try? decide(current) else {
            return []
        }
        switch decision {
        case .update(let update):
            return try await chargeCodes(for: update.awaitingVerification, of: update.updated, userID: userID)
        case .upgrade(let upgrade, _):
            return try await chargeCodes(for: upgrade.awaitingVerification, of: upgrade.updated, userID: userID)
        }
    }

    /// ``change(_:_:)`` once its codes are charged.
    private func changeCharged(
        _ userID: String,
        _ decide: @escaping @Sendable (StoredUser) throws -> Decision
    ) async throws -> StoredUser {
        let now = clock()
        let key = try await codeKey.current()
        let (updated, codes) = try await store.transaction { tables in
            guard let current = try await tables.users.user(userID, locking: true) else {
                throw StoreError.userNotFound
            }
            var updated = current
            updated.modifiedAt = now
            let released: [LoginKind]
            let keys: [UniquenessKey]
            let codes: [CodeToSend]
            let decision = try decide(current)
            switch decision {
            case .update(let update):
                updated.record = update.updated
                func flag(_ kind: LoginKind) -> Bool? {
                    guard update.updated.uniquenessKeys[kind] != nil else { return nil }
                    return update.changedKinds.contains(kind)
                        ? !update.policy.requiresVerification(of: kind) : current.verified(kind)
                }
                updated.emailVerified = flag(.email)
                updated.phoneVerified = flag(.phone)
                released = update.changedKinds
                keys = update.uniquenessKeys.keys
                codes = self.issueCodes(
                    for: update.awaitingVerification,
                    of: update.updated,
                    userID: userID,
                    now: now,
                    key: key
                )
            case .upgrade(let upgrade, let passwordHash):
                updated.record = upgrade.updated
                updated.passwordHash = passwordHash
                updated.emailVerified = upgrade.emailAddressVerified
                updated.phoneVerified = upgrade.phoneNumberVerified
                released = []
                keys = upgrade.uniquenessKeys.keys
                codes = self.issueCodes(
                    for: upgrade.awaitingVerification,
                    of: upgrade.updated,
                    userID: userID,
                    now: now,
                    key: key
                )
            }
            try await tables.users.update(updated)
            try tables.reached(.afterUserRow)
            if case .upgrade = decision {
                // The pseudo user's 100-year token now logs in a user with a password: it ends
                // as a login's would (the SDKs keep using it meanwhile).
                try await tables.tokens.cap(of: userID, expiringBy: now + self.configuration.tokenLifetime)
            }
            for kind in released {
                try await tables.keys.release(kind, of: userID)
                try await tables.codes.delete(kind, of: userID)
            }
            try await self.take(keys, for: userID, in: tables)
            try tables.reached(.afterKeys)
            try await tables.codes.replace(codes.map(\.issued), of: userID)
            try tables.reached(.beforeCommit)
            return (updated, codes)
        }
        deliver(codes, to: userID)
        return updated
    }
}
