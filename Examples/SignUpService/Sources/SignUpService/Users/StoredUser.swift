import Foundation
public import KiiIdentity

/// A user as the `users` table holds it.
public struct StoredUser: Sendable, Hashable {
    /// The server-assigned ID (a UUID in lowercase, as Kii's user IDs look).
    public var userID: String
    /// Kii's `internalUserID`: a number, unique, at most 2^53 - 1 (exact in a JavaScript client).
    public var internalID: Int64
    /// The user's record (no password).
    public var record: UserRecord
    /// The password's hash, whose text names its scheme (`$argon2id$…`, `$2b$…`); `nil` for a pseudo user.
    public var passwordHash: String?
    /// `emailAddressVerified`: `nil` without an email address.
    public var emailVerified: Bool?
    /// `phoneNumberVerified`: `nil` without a phone number.
    public var phoneVerified: Bool?
    /// When the user was created, in Unix seconds.
    public var createdAt: Int64
    /// When the user was last changed, in Unix seconds.
    public var modifiedAt: Int64

    /// Creates a stored user.
    public init(
        userID: String,
        internalID: Int64,
        record: UserRecord,
        passwordHash: String?,
        emailVerified: Bool?,
        phoneVerified: Bool?,
        createdAt: Int64,
        modifiedAt: Int64
    ) {
        self.userID = userID
        self.internalID = internalID
        self.record = record
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.phoneVerified = phoneVerified
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }

    /// A new user's row, created `now`, with new IDs.
    public init(
        newUser record: UserRecord,
        passwordHash: String?,
        emailVerified: Bool?,
        phoneVerified: Bool?,
        now: Int64
    ) {
        self.init(
            userID: Self.newUserID(),
            internalID: Self.newInternalID(),
            record: record,
            passwordHash: passwordHash,
            emailVerified: emailVerified,
            phoneVerified: phoneVerified,
            createdAt: now,
            modifiedAt: now
        )
    }

    /// A new user ID: a random UUID in lowercase.
    static func newUserID() -> String { UUID().uuidString.lowercased() }

    /// A new internal ID: random, 1 to 2^53 - 1 (a collision is one in 9 × 10^15 a pair, and the
    /// column is unique: such an insert fails rather than sharing a number).
    static func newInternalID() -> Int64 {
        var generator = SystemRandomNumberGenerator()
        return Int64.random(in: 1...(1 << 53 - 1), using: &generator)
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

    /// A record as the `record` column holds it: compact JSON, members sorted.
    static func text(of record: UserRecord) -> String { JSONValue.object(record.json).description }

    /// The record of a `record` column, which ``text(of:)`` wrote.
    ///
    /// It was valid when written, so it is read back by its shape, not judged again
    /// (`UserRecord(storedJSON:)`: no rule and no phone engine runs; the engine finds a phone
    /// number's region and type only if they are asked for). A record from anywhere else, a
    /// request's body above all, goes through the rules (`UserRecord(json:)`).
    ///
    /// - Throws: ``CorruptRecord`` for a column that is not a record as the library writes it.
    static func record(fromStoredText text: String) throws -> UserRecord {
        do {
            return try UserRecord(storedJSON: text)
        } catch {
            throw CorruptRecord(reason: error.description)
        }
    }
}

/// A `record` column that is not a record as the library writes it (edited by hand, or written
/// by something else): a 500, logged without the record.
struct CorruptRecord: Error, CustomStringConvertible {
    var reason: String
    var description: String { "stored record is not a user record as the library writes it: \(reason)" }
}
