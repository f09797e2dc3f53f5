/// A validated pseudo-user sign-up: a user with user fields only, no identifier and no password.
///
/// Kii creates a pseudo user from its fields alone and hands back an access token; it becomes a
/// normal user with a ``PseudoUserUpgrade``.
///
/// ```swift
/// let pseudo = try PseudoUserRegistration(fields: UserFields(displayName: "Guest", country: "JP"))
/// pseudo.body.json   // ["displayName": "Guest", "country": "JP"]
/// ```
public struct PseudoUserRegistration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The request body: the user fields, with Kii's names.
    public let body: UserRecord

    /// Validates a pseudo-user sign-up.
    ///
    /// `identity` and `password` exist so a handler can pass on whatever it received: any
    /// identifier or password given is an error (the password's value is never inspected).
    ///
    /// - Throws: ``ValidationError`` with `not_allowed_for_pseudo_user` for each identifier and
    ///   for a password, and every problem of the fields.
    public init(
        fields: UserFields = UserFields(),
        identity: IdentityData = IdentityData(),
        password: String? = nil
    ) throws(ValidationError) {
        var checker = RecordChecker()
        for kind in identity.givenKinds {
            checker.add(kind.field, .notAllowedForPseudoUser)
        }
        if password != nil { checker.add(.password, .notAllowedForPseudoUser) }
        let country = RecordChecker.country(fields.country)
        let checked = checker.userFields(fields, country: country.value, countryProblems: country.problems)
        try checker.finish()
        body = UserRecord(username: nil, email: nil, phone: nil, fields: checked)
    }

    /// Validates a pseudo-user sign-up body as JSON members (see ``Registration/init(json:policy:)``).
    ///
    /// - Throws: ``ValidationError``; a predefined identifier member or `password` is
    ///   `not_allowed_for_pseudo_user`, whatever its value.
    public init(json object: [String: JSONValue]) throws(ValidationError) {
        var split = RecordJSON(object)
        for (name, field) in [("loginName", LoginKind.username), ("emailAddress", .email), ("phoneNumber", .phone)]
        where object[name] != nil {
            split.problems.removeAll { $0.field == field.field }
            switch field {
            case .username: split.identity.username = split.identity.username ?? ""
            case .email: split.identity.email = split.identity.email ?? ""
            case .phone: split.identity.phone = split.identity.phone ?? ""
            }
        }
        if object["password"] != nil {
            split.problems.removeAll { $0.field == .password }
            split.password = split.password ?? ""
        }
        var checker = RecordChecker()
        checker.add(split.problems)
        let registration = checker.check { () throws(ValidationError) in
            try PseudoUserRegistration(fields: split.fields, identity: split.identity, password: split.password)
        }
        try checker.finish()
        self = registration!
    }

    /// `PseudoUserRegistration({"displayName":"Guest"})`.
    public var description: String { "PseudoUserRegistration(\(body))" }

    private enum CodingKeys: String, CodingKey {
        case body
    }

    /// Decodes `{"body": {...}}` and checks the body has no identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let body = try container.decode(UserRecord.self, forKey: .body)
        guard body.isPseudoUser else {
            throw DecodingError.dataCorruptedError(
                forKey: .body,
                in: container,
                debugDescription: "a pseudo user has no username, email address or phone number"
            )
        }
        self.body = body
    }
}

/// A validated upgrade of a pseudo user to a normal user: identity data with at least one
/// identifier, and a password.
///
/// The registration table's footnotes do not apply: the pseudo user keeps its access token, so
/// it stays logged in while an email address or phone number waits for verification. The
/// result still says which identifiers wait.
///
/// ```swift
/// let upgrade = try PseudoUserUpgrade(
///     identity: IdentityData(phone: "09012345678"),
///     password: "correct horse",
///     country: "JP"
/// )
/// upgrade.body.record.json   // ["phoneNumber": "+819012345678"]
/// ```
public struct PseudoUserUpgrade: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The request body: the identifiers and the password.
    public let body: RegistrationRequestBody

    /// The policy the upgrade was checked under.
    public let policy: RegistrationPolicy

    /// What the user can log in with once verified: every identifier given, in table order.
    public var loginKinds: [LoginKind] { RegistrationTable.loginKinds(for: body.record.identifierKinds) }

    /// The identifiers that wait for verification before they can be used to log in.
    public var awaitingVerification: [LoginKind] {
        RegistrationTable.awaitingVerification(for: body.record.identifierKinds, policy: policy)
    }

    /// The new `emailAddressVerified`: `false` when email verification is on, `true` when off,
    /// `nil` without an email address.
    public var emailAddressVerified: Bool? {
        RegistrationTable.verifiedFlag(.email, of: body.record.identifierKinds, policy: policy)
    }

    /// The new `phoneNumberVerified`: `false` when phone verification is on, `true` when off,
    /// `nil` without a phone number.
    public var phoneNumberVerified: Bool? {
        RegistrationTable.verifiedFlag(.phone, of: body.record.identifierKinds, policy: policy)
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
        var checker = RecordChecker()
        let checkedCountry = RecordChecker.country(country)
        let username = checker.field(Username.self, identity.username)
        let email = checker.field(EmailAddress.self, identity.email)
        let phone = checker.phone(
            of: identity,
            country: checkedCountry.value,
            countryGiven: country != nil,
            policy: policy.phonePolicy
        )
        let checkedPassword = checker.field(Password.self, password)
        checker.add(checkedCountry.problems)
        if identity.isEmpty, let problem = RegistrationTable.problem(for: [], policy: policy) {
            checker.add([problem])
        }
        try checker.finish()
        body = RegistrationRequestBody(
            record: UserRecord(username: username, email: email, phone: phone, fields: .none),
            password: checkedPassword!
        )
        self.policy = policy
    }

    /// `PseudoUserUpgrade({"phoneNumber":"+819012345678"}, awaiting verification [phone], password <redacted>)`.
    public var description: String {
        "PseudoUserUpgrade(\(body.record), awaiting verification \(awaitingVerification), password <redacted>)"
    }

    private enum CodingKeys: String, CodingKey {
        case body, policy, loginKinds, awaitingVerification, emailAddressVerified, phoneNumberVerified
        case uniquenessKeys
    }

    /// Decodes the body and the policy; the derived members are recomputed from them.
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
        self.body = body
        policy = try container.decode(RegistrationPolicy.self, forKey: .policy)
    }

    /// Encodes the body (with its password), the policy and the derived members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        try container.encode(policy, forKey: .policy)
        try container.encode(loginKinds, forKey: .loginKinds)
        try container.encode(awaitingVerification, forKey: .awaitingVerification)
        try container.encodeIfPresent(emailAddressVerified, forKey: .emailAddressVerified)
        try container.encodeIfPresent(phoneNumberVerified, forKey: .phoneNumberVerified)
        try container.encode(uniquenessKeys, forKey: .uniquenessKeys)
    }
}
