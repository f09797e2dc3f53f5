public import KiiIdentity

/// A user as the `users` table holds it.
public struct StoredUser: Sendable, Hashable {
    /// The server-assigned ID.
    public var userID: String
    /// The user's record (no password).
    public var record: UserRecord
    /// The bcrypt hash of the password; `nil` for a pseudo user.
    public var passwordHash: String?
    /// `emailAddressVerified`: `nil` without an email address.
    public var emailVerified: Bool?
    /// `phoneNumberVerified`: `nil` without a phone number.
    public var phoneVerified: Bool?

    /// Creates a stored user.
    public init(
        userID: String,
        record: UserRecord,
        passwordHash: String?,
        emailVerified: Bool?,
        phoneVerified: Bool?
    ) {
        self.userID = userID
        self.record = record
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.phoneVerified = phoneVerified
    }

    /// Whether the user has no identifier and no password yet.
    public var isPseudoUser: Bool { record.isPseudoUser }

    /// Whether `kind` can be used to log in now: the user has it and, where `policy` asks for
    /// it, it is verified.
    public func canLogIn(with kind: LoginKind, policy: RegistrationPolicy) -> Bool {
        guard RegistrationTable.loginKinds(for: record.identifierKinds).contains(kind) else { return false }
        switch kind {
        case .username: return true
        case .email: return !policy.emailVerification || emailVerified == true
        case .phone: return !policy.phoneVerification || phoneVerified == true
        }
    }

    /// The verification flag of `kind` (`nil` for a username).
    public func verified(_ kind: LoginKind) -> Bool? {
        switch kind {
        case .username: nil
        case .email: emailVerified
        case .phone: phoneVerified
        }
    }
}
