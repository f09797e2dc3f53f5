public import KiiIdentity

/// A new state of a stored user, as an upgrade or an update decides it inside the store's
/// transaction, after reading the user's row.
public struct UserChange: Sendable {
    /// The record to store.
    public var record: UserRecord
    /// A new password hash, or `nil` to keep the stored one.
    public var passwordHash: String?
    /// The new `emailAddressVerified`.
    public var emailVerified: Bool?
    /// The new `phoneNumberVerified`.
    public var phoneVerified: Bool?
    /// The kinds whose key changes: the user's old key of each is released.
    public var releasedKinds: [LoginKind]
    /// The keys to take, in table order.
    public var newKeys: [UniquenessKey]
    /// Verification codes to issue (replacing any earlier code of the same kind).
    public var codes: [IssuedCode]
    /// With a new password hash: the token to keep (the caller's); the user's others are revoked.
    public var keepingTokenHash: String?

    /// Creates a change.
    public init(
        record: UserRecord,
        passwordHash: String? = nil,
        emailVerified: Bool?,
        phoneVerified: Bool?,
        releasedKinds: [LoginKind] = [],
        newKeys: [UniquenessKey] = [],
        codes: [IssuedCode] = [],
        keepingTokenHash: String? = nil
    ) {
        self.record = record
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.phoneVerified = phoneVerified
        self.releasedKinds = releasedKinds
        self.newKeys = newKeys
        self.codes = codes
        self.keepingTokenHash = keepingTokenHash
    }
}

extension UserChange {
    /// The stored change of an update of `current`: changed identifiers release their old keys,
    /// take new ones and, with their verification on, wait for a new code (returned with the
    /// change, to send after the commit).
    static func applying(
        _ update: UserUpdate,
        to current: StoredUser,
        now: Int64,
        codeLifetime: Int64
    ) -> (UserChange, [CodeToSend]) {
        let changed = update.changedKinds
        let codes = ServiceContext.issueCodes(
            for: update.awaitingVerification,
            of: update.updated,
            userID: current.userID,
            now: now,
            lifetime: codeLifetime
        )
        func flag(_ kind: LoginKind) -> Bool? {
            guard update.updated.uniquenessKeys[kind] != nil else { return nil }
            return changed.contains(kind) ? !update.policy.requiresVerification(of: kind) : current.verified(kind)
        }
        let change = UserChange(
            record: update.updated,
            emailVerified: flag(.email),
            phoneVerified: flag(.phone),
            releasedKinds: changed,
            newKeys: update.uniquenessKeys.keys,
            codes: codes.map(\.issued)
        )
        return (change, codes)
    }
}
