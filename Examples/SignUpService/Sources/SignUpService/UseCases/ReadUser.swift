import KiiIdentity

extension UserAccounts {
    /// The user `reference` names (`me` is `caller`), or `nil`.
    func user(_ reference: UserReference, caller: String?) async throws -> StoredUser? {
        let userID: String?
        switch reference {
        case .me: userID = caller
        case .id(let id): userID = id
        case .holder(let key):
            return try await store.session { tables in try await tables.users.user(holdingFirstOf: [key])?.user }
        case .nobody: return nil
        }
        guard let userID else { return nil }
        return try await store.session { tables in try await tables.users.user(userID, locking: false) }
    }

    /// Checks a lookup of a user by the identifier of `kind` (see
    /// ``UserReference/lookupKind(of:)``) by `caller` from `address`: a pseudo user may not look
    /// up by email address or phone number (it has no identifier of its own and costs nothing to
    /// make), and every lookup counts in the caller's and the address's budgets.
    ///
    /// - Throws: ``ServiceFailure`` `lookup_not_allowed` (403), `too_many_lookups` (429).
    func checkLookup(by kind: LoginKind, caller: Caller, from address: String) async throws {
        if kind != .username, try await user(.id(caller.userID), caller: nil)?.isPseudoUser != false {
            throw ServiceFailure(.userID, .lookupNotAllowed)
        }
        try await throttle.takeLookup(by: caller.userID, from: address)
    }

    /// Whether `reference` names the caller itself (`me`, the caller's ID, or an address the
    /// caller holds): only users themselves change their data.
    ///
    /// - Throws: ``ServiceFailure`` `not_owner` (403) for another user, `user_not_found` (404)
    ///   for an address nobody holds.
    func checkOwner(_ reference: UserReference, caller: Caller) async throws {
        switch reference {
        case .me: return
        case .id(let userID) where userID == caller.userID: return
        case .id: throw ServiceFailure(.userID, .notOwner)
        case .holder:
            guard let holder = try await user(reference, caller: nil) else {
                throw ServiceFailure(.userID, .userNotFound)
            }
            guard holder.userID == caller.userID else { throw ServiceFailure(.userID, .notOwner) }
        case .nobody: throw ServiceFailure(.userID, .userNotFound)
        }
    }
}
