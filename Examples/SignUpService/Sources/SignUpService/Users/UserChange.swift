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

    /// Creates a change.
    public init(
        record: UserRecord,
        passwordHash: String? = nil,
        emailVerified: Bool?,
        phoneVerified: Bool?,
        releasedKinds: [LoginKind] = [],
        newKeys: [UniquenessKey] = [],
        codes: [IssuedCode] = []
    ) {
        self.record = record
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.phoneVerified = phoneVerified
        self.releasedKinds = releasedKinds
        self.newKeys = newKeys
        self.codes = codes
    }
}

/// A verification code as the store keeps it: its hash, never the code.
public struct IssuedCode: Sendable, Hashable {
    /// The identifier it verifies (email or phone).
    public var kind: LoginKind
    /// The identifier's key when the code was issued (a later change makes the code stale).
    public var value: String
    /// The code's hash (see ``VerificationCode``).
    public var codeHash: String
    /// Unix seconds after which the code is refused.
    public var expiresAt: Int64

    /// Creates a stored code.
    public init(kind: LoginKind, value: String, codeHash: String, expiresAt: Int64) {
        self.kind = kind
        self.value = value
        self.codeHash = codeHash
        self.expiresAt = expiresAt
    }
}
