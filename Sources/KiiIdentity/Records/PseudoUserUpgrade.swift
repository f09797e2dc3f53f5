/// A validated upgrade of a pseudo user to a normal user: identity data with at least one
/// identifier, and a password.
///
/// The registration table's footnotes do not apply: the pseudo user keeps its access token, so
/// it stays logged in while an email address or phone number waits for verification. The
/// result still says which identifiers wait.
///
/// A service upgrades the pseudo user it stores with ``init(of:identity:password:country:policy:)``
/// or, from a request body, ``init(of:json:policy:)-(_,[UInt8],_)``: the stored user's country
/// reads a local phone number, and ``updated`` is the user to store (its fields with the new
/// identifiers).
///
/// ```swift
/// let upgrade = try PseudoUserUpgrade(
///     of: storedPseudoUser,   // {"displayName": "Guest", "country": "JP"}
///     identity: IdentityData(phone: "09012345678"),
///     password: "correct horse"
/// )
/// upgrade.body.record.json   // ["phoneNumber": "+819012345678"]
/// upgrade.updated.json       // ["displayName": "Guest", "country": "JP", "phoneNumber": "+819012345678"]
/// ```
public struct PseudoUserUpgrade: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The request body: the identifiers and the password.
    public let body: RegistrationRequestBody

    /// The policy the upgrade was checked under.
    public let policy: RegistrationPolicy

    /// The user after the upgrade, without the password: the pseudo user's fields (when it was
    /// given) with the new identifiers.
    public let updated: UserRecord

    /// What the user can log in with once verified: every identifier given, in table order.
    public var loginKinds: [LoginKind] { RegistrationTable.Kinds(of: body.record).inTableOrder }

    /// The identifiers that wait for verification before they can be used to log in.
    public var awaitingVerification: [LoginKind] {
        RegistrationTable.awaitingVerification(for: RegistrationTable.Kinds(of: body.record), policy: policy)
    }

    /// The new `emailAddressVerified`: `false` when email verification is on, `true` when off,
    /// `nil` without an email address.
    public var emailAddressVerified: Bool? {
        RegistrationTable.verifiedFlag(.email, of: RegistrationTable.Kinds(of: body.record), policy: policy)
    }

    /// The new `phoneNumberVerified`: `false` when phone verification is on, `true` when off,
    /// `nil` without a phone number.
    public var phoneNumberVerified: Bool? {
        RegistrationTable.verifiedFlag(.phone, of: RegistrationTable.Kinds(of: body.record), policy: policy)
    }

    /// The keys to keep unique.
    public var uniquenessKeys: UniquenessKeys { body.record.uniquenessKeys }

    /// Validates an upgrade.
    ///
    /// - Parameters:
    ///   - identity: at least one of username, email and phone number.
    ///   - password: the new password.
    ///   - country: the user's country, which reads a local phone number (not sent in the body).
    ///   - policy: verification settings and phone rules.
    /// - Throws: ``ValidationError`` with every problem: the fields', `no_identifier` (field
    ///   `user`), `needs_country` for a local number without a country.
    public init(
        identity: IdentityData,
        password: String,
        country: String? = nil,
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        var checker = RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        let record = Self.check(
            identity: identity,
            password: password,
            country: country,
            policy: policy,
            into: &checker
        )
        try checker.finish()
        self.init(body: record!, policy: policy, fields: .none)
    }

    /// Validates an upgrade of the stored `pseudoUser`.
    ///
    /// - Parameters:
    ///   - pseudoUser: the stored user, a pseudo user (no identifier).
    ///   - identity: at least one of username, email and phone number.
    ///   - password: the new password.
    ///   - country: the country a local phone number is read in; by default the pseudo user's.
    ///   - policy: verification settings and phone rules.
    /// - Throws: ``ValidationError`` as ``init(identity:password:country:policy:)``, and
    ///   `not_a_pseudo_user` (field `user`) for a user that already has an identifier.
    public init(
        of pseudoUser: UserRecord,
        identity: IdentityData,
        password: String,
        country: String? = nil,
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        try self.init(
            of: pseudoUser,
            identity: identity,
            password: password,
            country: country,
            policy: policy,
            after: RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        )
    }

    /// Validates an upgrade body as JSON members: `loginName`, `emailAddress`, `phoneNumber`
    /// (a string, or a typed number `{"number", "country"}`) and `password`, nothing else. A
    /// local number is read in the pseudo user's country.
    ///
    /// - Throws: ``ValidationError`` as ``init(of:identity:password:country:policy:)``, plus
    ///   `not_a_string` for a member of another JSON type, `missing` without a password, and
    ///   `unknown_field` (field `json`) for any other member.
    public init(
        of pseudoUser: UserRecord,
        json object: [String: JSONValue],
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        let split = RecordJSON(object)
        var checker = RecordChecker(displayNamePolicy: policy.displayNamePolicy)
        checker.add(split.problems)
        for name in object.keys.sorted() where !Self.members.contains(name) {
            checker.add(.json, .notUpgradeMember(name: name))
        }
        let password = split.password ?? (split.hasProblem(for: .password) ? nil : "")
        try self.init(
            of: pseudoUser,
            identity: split.identity,
            password: password,
            country: nil,
            policy: policy,
            after: checker
        )
    }

    /// Validates an upgrade body given as JSON text, read by RFC 8259 exactly, as
    /// ``init(of:json:policy:)-(_,[String:JSONValue],_)`` does.
    ///
    /// - Throws: ``ValidationError``: one problem under ``ValidationError/Field/json`` for text
    ///   that is not a JSON object, or the problems of the members.
    public init(
        of pseudoUser: UserRecord,
        json text: String,
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        try self.init(of: pseudoUser, json: try JSONValue.object(parsing: text), policy: policy)
    }

    /// Validates an upgrade body given as UTF-8 bytes (a request's body as received), as
    /// ``init(of:json:policy:)-(_,String,_)`` does; bytes that are not UTF-8 are `invalid_utf8`.
    public init(
        of pseudoUser: UserRecord,
        json bytes: [UInt8],
        policy: RegistrationPolicy = RegistrationPolicy()
    ) throws(ValidationError) {
        try self.init(of: pseudoUser, json: try JSONValue.object(parsing: bytes), policy: policy)
    }

    /// The members an upgrade body may have: the identifiers and the password.
    static let members = Set(
        [PredefinedMember.loginName, .emailAddress, .phoneNumber, .password].map(\.rawValue)
    )

    /// Checks an upgrade of `pseudoUser` after the problems `checker` already holds, and throws
    /// them all or keeps the upgrade.
    private init(
        of pseudoUser: UserRecord,
        identity: IdentityData,
        password: String?,
        country: String?,
        policy: RegistrationPolicy,
        after checker: RecordChecker
    ) throws(ValidationError) {
        var checker = checker
        let record = Self.check(
            identity: identity,
            password: password,
            country: country ?? pseudoUser.country?.rawValue,
            policy: policy,
            into: &checker
        )
        if !pseudoUser.isPseudoUser {
            checker.add(.user, .notPseudoUser)
        }
        try checker.finish()
        self.init(
            body: record!,
            policy: policy,
            fields: UserRecord.Fields(
                displayName: pseudoUser.displayName,
                country: pseudoUser.country,
                locale: pseudoUser.locale,
                custom: pseudoUser.custom
            )
        )
    }

    /// The checks of every entry point: the body, or `nil` when a problem was found.
    private static func check(
        identity: IdentityData,
        password: String?,
        country: String?,
        policy: RegistrationPolicy,
        into checker: inout RecordChecker
    ) -> RegistrationRequestBody? {
        let checkedCountry = RecordChecker.Country(country)
        let username = checker.field(Username.self, identity.username)
        let email = checker.field(EmailAddress.self, identity.email)
        let phone = checker.phone(
            of: identity,
            country: checkedCountry.value,
            countryGiven: country != nil,
            policy: policy.phonePolicy
        )
        let checkedPassword = checker.password(password, policy: policy.passwordPolicy) {
            PasswordContext(username: identity.username, email: identity.email)
        }
        checker.add(checkedCountry)
        if identity.isEmpty, let problem = RegistrationTable.problem(for: [], policy: policy) {
            checker.add(problem)
        }
        guard checker.problems.isEmpty, let checkedPassword else { return nil }
        return RegistrationRequestBody(
            record: UserRecord(username: username, email: email, phone: phone, fields: .none),
            password: checkedPassword
        )
    }

    /// An upgrade of a body already checked; `fields` are the pseudo user's.
    private init(body: RegistrationRequestBody, policy: RegistrationPolicy, fields: UserRecord.Fields) {
        self.body = body
        self.policy = policy
        let record = body.record
        updated = UserRecord(username: record.username, email: record.email, phone: record.phone, fields: fields)
    }

    /// `PseudoUserUpgrade({"phoneNumber":"+819012345678"}, awaiting verification [phone], password <redacted>)`.
    public var description: String {
        "PseudoUserUpgrade(\(body.record), awaiting verification \(awaitingVerification), password <redacted>)"
    }

    private enum CodingKeys: String, CodingKey {
        case body, policy, updated, loginKinds, awaitingVerification, emailAddressVerified, phoneNumberVerified
        case uniquenessKeys
    }

    /// Decodes the body, the policy and the updated user (the body's record when absent), and
    /// checks they agree; the derived members are recomputed from them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let body = try container.decode(RegistrationRequestBody.self, forKey: .body)
        guard !body.record.isPseudoUser else {
            throw DecodingError.dataCorruptedError(
                forKey: .body,
                in: container,
                debugDescription: "an upgrade needs a username, an email address or a phone number"
            )
        }
        let updated = try container.decodeIfPresent(UserRecord.self, forKey: .updated) ?? body.record
        guard updated.uniquenessKeys == body.record.uniquenessKeys else {
            throw DecodingError.dataCorruptedError(
                forKey: .updated,
                in: container,
                debugDescription: "the updated user does not have the body's identifiers"
            )
        }
        self.body = body
        self.policy = try container.decode(RegistrationPolicy.self, forKey: .policy)
        self.updated = updated
    }

    /// Encodes the body (with its password), the policy, the updated user and the derived members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        try container.encode(policy, forKey: .policy)
        try container.encode(updated, forKey: .updated)
        try container.encode(loginKinds, forKey: .loginKinds)
        try container.encode(awaitingVerification, forKey: .awaitingVerification)
        try container.encodeIfPresent(emailAddressVerified, forKey: .emailAddressVerified)
        try container.encodeIfPresent(phoneNumberVerified, forKey: .phoneNumberVerified)
        try container.encode(uniquenessKeys, forKey: .uniquenessKeys)
    }
}
